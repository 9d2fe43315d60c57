import DeepLinks
import Foundation
import LinkPreviews
import Testing

@Suite(
    "Attack payloads as preview text")
struct PayloadCorpusTests {
    static let files = [
        "payloads/CRLF_Injection-Files-crlfinjection.txt",
        "payloads/Open_Redirect-Intruder-Open-Redirect-payloads.txt",
        "payloads/Fuzzing-SSRF_hacktricks.txt",
        "payloads/Directory_Traversal-Intruder-traversals-8-deep-exotic-encoding.txt",
    ]

    /// Reads back an attribute or text value the way an HTML parser resolves the five
    /// references the escaper writes; any other `&` would be a bug.
    static func unescape(_ text: String) -> String? {
        var out = ""
        var rest = Substring(text)
        while let amp = rest.firstIndex(of: "&") {
            out += rest[..<amp]
            rest = rest[amp...]
            guard
                let reference = ["&amp;", "&lt;", "&gt;", "&quot;", "&#39;"].first(where: {
                    rest.hasPrefix($0)
                })
            else {
                return nil
            }
            out += ["&amp;": "&", "&lt;": "<", "&gt;": ">", "&quot;": "\"", "&#39;": "'"][reference] ?? ""
            rest = rest.dropFirst(reference.count)
        }
        return out + rest
    }

    @Test(
        "“Every value is cleaned and escaped”: every payload as title and description reads back exactly, and adds no markup",
        arguments: files)
    func spec7PayloadsReadBackExactly(file: String) throws {
        let payloads = try SharedCorpus.lines(file)
        #expect(payloads.count > 10)
        for payload in payloads {
            let metadata = try PreviewMetadata(
                canonicalURL: "https://photos.example.com/",
                preview: LinkPreview(title: "t " + payload, description: payload),
                site: PhotoAlbumFixture.site)
            for tag in metadata.tags {
                let escaped = HTMLEscaping.attribute(tag.content)
                #expect(!escaped.contains(where: { "<>\"'".contains($0) }), "\(payload)")
                #expect(Self.unescape(escaped) == tag.content, "\(payload)")
            }
            let title = HTMLEscaping.text(metadata.preview.title)
            #expect(!title.contains("<"), "\(payload)")
            #expect(Self.unescape(title) == metadata.preview.title, "\(payload)")
            let cleanedTitle = PreviewText.clean("t " + payload, field: .title, limit: 200).text
            #expect(metadata.preview.title == cleanedTitle)
        }
    }
}
