import DeepLinks
import Foundation
import FuzzSupport
import LinkPreviews

/// The work one input may cost, documented in README ("Cost bounds") and measured with
/// `FUZZ_WORK_REPORT=1` over the seed corpus (see `WorkBudget`).
let budget = WorkBudget(
    fixedAllocations: 1500, allocationsPerByte: 20, fixedAllocatedBytes: 262144, allocatedBytesPerByte: 4000,
    fixedMilliseconds: 25, microsecondsPerByte: 60)

/// The input's lines are the untrusted parts of a preview, in this order: canonical link,
/// title, description, image URL, image alt text, image size (`WIDTHxHEIGHT`), site name, app
/// name, Open Graph type, locale. A missing or empty line leaves an optional part out.
///
/// Invariants:
/// - building the metadata refuses or succeeds, never traps;
/// - the canonical link is accepted by the gate and is canonical;
/// - the head fragment and the landing page have exactly the tags and attributes that the
///   same preview with harmless text gets: no input, however hostile, adds, removes or
///   reshapes an element or an attribute;
/// - every `&` in the output starts one of the references the renderer writes, and every meta
///   tag's content reads back to the tag's value;
/// - the Smart App Banner tag parses as a banner whose app-argument is the offered link (the
///   canonical link);
/// - the JSON form decodes to equal metadata.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = FuzzInput(data, size)
    let text = input.text
    let lines = input.lines
    func part(_ index: Int) -> String? {
        guard lines.indices.contains(index), !lines[index].isEmpty else { return nil }
        return lines[index]
    }
    let dimensions = part(5)?.split(separator: "x").map { Int($0) }
    let image = part(3).map {
        PreviewImage(url: $0, width: dimensions?.first ?? nil, height: dimensions?.last ?? nil, alt: part(4))
    }
    let preview = LinkPreview(
        title: part(1) ?? "", description: part(2), image: image,
        type: PreviewType(rawValue: part(8) ?? "website"),
        siteName: nil, locale: part(9))
    let site = makeSite(name: part(6) ?? "", appName: part(7) ?? "", customScheme: input.bytes.count % 2 == 0)
    // The page offers the app its canonical link, and a scheme link when the app has a scheme.
    let appLinks = OfferedAppLinks(
        webLink: part(0) ?? "", customSchemeLink: site.app.customScheme == nil ? nil : "photoalbum://albums/x"
    )

    // Cleaning the text, checking the link and rendering the head and the landing page.
    measured(budget, inputBytes: size, input: text) {
        if let metadata = try? PreviewMetadata(
            canonicalURL: part(0) ?? "", preview: preview, site: site, appLinks: appLinks)
        {
            _ = HeadFragment(metadata).html
            _ = LandingPage(metadata).html
        }
    }
    let metadata: PreviewMetadata
    do {
        metadata = try PreviewMetadata(
            canonicalURL: part(0) ?? "", preview: preview, site: site, appLinks: appLinks)
    } catch {
        require(!error.description.isEmpty, "refusal without a sentence", input: text)
        return 0
    }

    guard let canonical = try? LinkGate().parse(metadata.canonicalURL) else {
        violated("the canonical link is refused by the gate", input: text)
    }
    require(canonical.canonical == metadata.canonicalURL, "the canonical link is not canonical", input: text)

    // The same preview with harmless text in every field the input controls.
    let cleaned = metadata.preview
    let harmlessPreview = LinkPreview(
        title: "t", description: cleaned.description.map { _ in "d" },
        image: cleaned.image.map {
            PreviewImage(url: $0.url, width: $0.width, height: $0.height, alt: $0.alt.map { _ in "a" })
        },
        type: cleaned.type, siteName: nil, locale: cleaned.locale)
    let harmlessSite = makeSite(name: "s", appName: "a", customScheme: site.app.customScheme != nil)
    let harmless: PreviewMetadata
    do {
        harmless = try PreviewMetadata(
            canonicalURL: metadata.canonicalURL, preview: harmlessPreview, site: harmlessSite,
            appLinks: appLinks)
    } catch {
        violated("the harmless twin is refused: \(error)", input: text)
    }

    for (name, render) in [
        ("head", { (m: PreviewMetadata) in HeadFragment(m).html }), ("page", { LandingPage($0).html }),
    ] {
        let html = render(metadata)
        guard let tags = HTMLReading.tags(html) else {
            violated("the \(name) holds markup the renderer did not write:\n\(html)", input: text)
        }
        require(
            tags == HTMLReading.tags(render(harmless)),
            "the \(name) has other tags or attributes than its harmless twin:\n\(html)", input: text)
        require(
            HTMLReading.unescaped(HTMLReading.withoutStyle(html)) != nil, "the \(name) has a bare '&'",
            input: text)
    }

    let lines2 = HeadFragment(metadata).lines
    require(
        lines2.count == metadata.tags.count + 1, "the head has another number of lines than tags", input: text
    )
    for (line, tag) in zip(lines2.dropFirst(), metadata.tags) {
        guard let value = HTMLReading.attributeValue("content", in: line) else {
            violated("a meta tag without its content attribute: \(line)", input: text)
        }
        require(
            HTMLReading.unescaped(value) == tag.content, "a meta tag's content does not read back",
            input: text)
    }

    let bannerGate = LinkGate(policy: LinkPolicy(removedQueryItems: []))
    do {
        let banner = try SmartAppBanner(parsing: metadata.smartAppBannerContent, gate: bannerGate)
        // A comma would end the banner item early, so the content writes it `%2C`.
        require(
            banner.appArgument?.canonical == metadata.canonicalURL.replacingOccurrences(of: ",", with: "%2C"),
            "the banner's app-argument is not the canonical link", input: text)
    } catch {
        violated("the banner content is refused: \(error)", input: text)
    }

    do {
        // The JSON form carries exactly the tags the HTML renders, in order.
        let object = try JSONSerialization.jsonObject(with: try metadata.jsonData()) as? [String: Any]
        let tags = (object?["tags"] as? [[String: Any]])?.compactMap { $0["content"] as? String }
        require(tags == metadata.tags.map(\.content), "the JSON form carries other tags", input: text)
    } catch {
        violated("the JSON form cannot be written: \(error)", input: text)
    }
    return 0
}

func makeSite(name: String, appName: String, customScheme: Bool) -> PreviewSite {
    PreviewSite(
        name: name, homeURL: "https://photos.example.com/",
        fallback: LinkPreview(title: "Photo Album"), twitterHandle: "@photoalbum", locale: "en_US",
        app: AppListing(
            name: appName, appStoreID: "1234567890", googlePlayPackage: "com.example.photos",
            customScheme: customScheme ? (try? CustomScheme("photoalbum")) : nil))
}
