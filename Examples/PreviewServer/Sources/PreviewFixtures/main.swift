// Renders preview pages for text given as UTF-16 code units, so that a checker written in
// another language can hand in any input at all, unpaired surrogates included, and read the
// pages back with a standards-compliant HTML parser.
//
//     PreviewFixtures CASES.json OUTPUT-FOLDER
//     PreviewFixtures --association-file OUTPUT-FILE
//     PreviewFixtures --asset-links-file OUTPUT-FILE
//
// CASES.json is an array of objects:
//     {"name": "hostile-quotes", "canonical": "https://photos.example.com/albums/x",
//      "title": [84, 111, …], "description": [...] or null, "imageAlt": [...] or null,
//      "image": true}
// The links offered to the app are those the site's preview service offers for the canonical
// link. For each case the tool writes NAME.html (the landing page), NAME.head.html (the head
// fragment) and NAME.json (the metadata), or NAME.error.txt with the error's sentence when
// the preview is refused. With --association-file it writes the bytes the server serves at
// /.well-known/apple-app-site-association, so that a checker can compare them byte for byte;
// with --asset-links-file, the bytes it serves at /.well-known/assetlinks.json.
// It exits 0 when everything was written, 1 on a usage, configuration or I/O error.
import Foundation
import LinkPreviews
import PhotoAlbumSite

struct FixtureCase: Decodable {
    let name: String
    let canonical: String
    let title: [UInt16]
    let description: [UInt16]?
    let imageAlt: [UInt16]?
    let image: Bool
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data((message + "\n").utf8))
    exit(1)
}

let arguments = CommandLine.arguments
let usage =
    "usage: PreviewFixtures CASES.json OUTPUT-FOLDER | PreviewFixtures --association-file OUTPUT-FILE"
    + " | PreviewFixtures --asset-links-file OUTPUT-FILE"
guard arguments.count == 3 else { fail(usage) }
if arguments[1] == "--association-file" {
    do {
        let endpoint = try AssociationFileEndpoint(file: try PhotoAlbumSite.associationFile())
        try Data(endpoint.body).write(to: URL(fileURLWithPath: arguments[2]))
        print("wrote \(endpoint.body.count) bytes")
        exit(0)
    } catch {
        fail("cannot write the association file: \(error)")
    }
}
if arguments[1] == "--asset-links-file" {
    do {
        let endpoint = try PhotoAlbumSite.assetLinks()
        try Data(endpoint.body).write(to: URL(fileURLWithPath: arguments[2]))
        print("wrote \(endpoint.body.count) bytes")
        exit(0)
    } catch {
        fail("cannot write assetlinks.json: \(error)")
    }
}
let output = URL(fileURLWithPath: arguments[2], isDirectory: true)
let cases: [FixtureCase]
do {
    cases = try JSONDecoder().decode(
        [FixtureCase].self, from: Data(contentsOf: URL(fileURLWithPath: arguments[1])))
    try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
} catch {
    fail("cannot read the cases: \(error)")
}

func write(_ text: String, _ name: String) {
    do {
        try Data(text.utf8).write(to: output.appendingPathComponent(name))
    } catch {
        fail("cannot write \(name): \(error)")
    }
}

let site: PreviewSite
let service: LinkPreviewService
do {
    site = try PhotoAlbumSite.site()
    service = try PhotoAlbumSite.service()
} catch {
    fail("the site's configuration is invalid: \(error)")
}
var replaced = 0
for fixture in cases {
    guard fixture.name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }) else {
        fail("case names are ASCII letters, digits and hyphens: \(fixture.name)")
    }
    let title = PreviewText.decoding(utf16: fixture.title)
    let description = fixture.description.map { PreviewText.decoding(utf16: $0) }
    let alt = fixture.imageAlt.map { PreviewText.decoding(utf16: $0) }
    replaced += title.replacedCount + (description?.replacedCount ?? 0) + (alt?.replacedCount ?? 0)
    let image =
        fixture.image
        ? PreviewImage(
            url: "https://photos.example.com/covers/\(fixture.name).jpg", width: 1200, height: 630,
            alt: alt?.text)
        : nil
    let preview = LinkPreview(title: title.text, description: description?.text, image: image)
    do {
        // The links offered to the app are the ones the site's service offers for the link.
        let appLinks = try await service.preview(for: fixture.canonical).appLinks
        let metadata = try PreviewMetadata(
            canonicalURL: fixture.canonical, preview: preview, site: site, appLinks: appLinks)
        write(LandingPage(metadata).html, fixture.name + ".html")
        write(HeadFragment(metadata).html, fixture.name + ".head.html")
        write(String(decoding: try metadata.jsonData(), as: UTF8.self), fixture.name + ".json")
    } catch let error as LinkPreviewError {
        write(error.description, fixture.name + ".error.txt")
    } catch {
        fail("cannot encode \(fixture.name): \(error)")
    }
}
print("wrote \(cases.count) case(s); \(replaced) invalid UTF-16 sequence(s) replaced with U+FFFD")
