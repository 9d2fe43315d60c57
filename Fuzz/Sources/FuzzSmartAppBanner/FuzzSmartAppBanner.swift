import DeepLinks
import Foundation
import FuzzSupport

/// The gate the banner's `app-argument` goes through: web links and the custom schemes a news
/// app would hand itself.
let gate = LinkGate(policy: LinkPolicy(allowedSchemes: ["https", "http", "newsapp", "myapp"]))

/// The work one input may cost, documented in README ("Cost bounds") and measured with
/// `FUZZ_WORK_REPORT=1` over the seed corpus (see `WorkBudget`).
let budget = WorkBudget(
    fixedAllocations: 200, allocationsPerByte: 0.2, fixedAllocatedBytes: 131072, allocatedBytesPerByte: 100,
    fixedMilliseconds: 25, microsecondsPerByte: 10)

/// Invariants:
/// - accepted content renders (``SmartAppBanner/content``) to content that parses back to an
///   equal banner, and rendering that banner gives the same content again;
/// - the meta tag is exactly the fixed template around the escaped content: the escaped text
///   holds no `<`, `>`, `"` or `'`, every `&` starts a reference, and unescaping gives the
///   content back;
/// - the `app-argument` is a link the gate accepts, with no comma;
/// - the JSON form decodes to an equal banner;
/// - refused content gets an error whose sentence is not empty, and content over the limit is
///   refused with the limit's error.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = FuzzInput(data, size)
    let text = input.text
    measured(budget, inputBytes: size, input: text) { _ = try? SmartAppBanner(parsing: text, gate: gate) }
    let banner: SmartAppBanner
    do {
        banner = try SmartAppBanner(parsing: text, gate: gate)
    } catch {
        require(!error.description.isEmpty, "refusal without a sentence", input: text)
        if text.utf8.count > SmartAppBanner.maximumContentLength {
            require(
                error == .tooLong(bytes: text.utf8.count), "over-long content refused with \(error)",
                input: text)
        }
        return 0
    }
    require(text.utf8.count <= SmartAppBanner.maximumContentLength, "over-long content accepted", input: text)

    let content = banner.content
    let again: SmartAppBanner
    do {
        again = try SmartAppBanner(parsing: content, gate: gate)
    } catch {
        violated("rendered content \(content.debugDescription) refused: \(error)", input: text)
    }
    require(again == banner, "rendered content parses to another banner", input: text)
    require(again.content == content, "rendering is not stable", input: text)

    // Compared on UTF-8 bytes, as an HTML parser reads code points.
    let prefix = #"<meta name="apple-itunes-app" content=""#
    let tag = banner.metaTag
    require(
        tag.utf8.starts(with: prefix.utf8) && tag.utf8.reversed().starts(with: #"">"#.utf8.reversed()),
        "meta tag outside its template", input: text)
    let escaped = String(decoding: tag.utf8.dropFirst(prefix.utf8.count).dropLast(2), as: UTF8.self)
    require(
        !escaped.utf8.contains(where: { "<>\"'".utf8.contains($0) }),
        "markup character left unescaped in the meta tag",
        input: text)
    require(HTMLReading.unescaped(escaped) == content, "the escaped content does not read back", input: text)
    require(HTMLReading.tags(tag)?.count == 1, "the meta tag is not a single tag", input: text)

    if let argument = banner.appArgument {
        require(!argument.original.contains(","), "an app-argument with a comma was accepted", input: text)
        require(
            (try? gate.parse(argument.original)) == argument, "the app-argument does not re-parse",
            input: text)
    }

    do {
        let json = try JSONEncoder().encode(banner)
        let decoded = try JSONDecoder().decode(SmartAppBanner.self, from: json)
        require(decoded == banner, "the JSON form decodes to another banner", input: text)
    } catch {
        violated("the JSON form does not round-trip: \(error)", input: text)
    }
    return 0
}
