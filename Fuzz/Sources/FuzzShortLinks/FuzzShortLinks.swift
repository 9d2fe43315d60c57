import DeepLinks
import Foundation
import FuzzSupport
import LinkPreviews
import ShortLinkServer
import ShortLinks

/// The work one input may cost, documented in README ("Cost bounds") and measured with
/// `FUZZ_WORK_REPORT=1` over the seed corpus (see `WorkBudget`). The QR code of an input near
/// its limit is the largest part: a 177 × 177 symbol scored under eight masks.
let budget = WorkBudget(
    fixedAllocations: 4000, allocationsPerByte: 20, fixedAllocatedBytes: 524_288, allocatedBytesPerByte: 4000,
    fixedMilliseconds: 25, microsecondsPerByte: 40)

let route = try! ShortLinkRoute(prefix: "/s", hosts: ["shop.example.com"])
let receiver = try! LinkReceiver(
    table: RouteTable(
        canonicalHost: "shop.example.com",
        routes: [
            Route(
                "product", "/p/:id(int 1...)",
                scope: RouteScope(schemes: ["https"], hosts: ["shop.example.com"])),
            route.route,
        ]))

/// A transport that never answers: the intake's checks are fuzzed, not the network.
struct NoTransport: ShortLinkTransport {
    struct Offline: Error {}
    func get(_ url: String) async throws -> ShortLinkAnswer { throw Offline() }
}
let intake = DeferredLinkIntake(
    expander: ShortLinkExpander(receiver: receiver, route: route, transport: NoTransport()),
    hosts: ["shop.example.com"],
    ledger: InMemoryDeferredLinkLedger())

/// Whether a text is a code's syntax, written out independently of `ShortCode`.
func isCodeSyntax(_ text: String) -> Bool {
    let bytes = Array(text.utf8)
    guard (3...40).contains(bytes.count), bytes.first != 45, bytes.last != 45 else { return false }
    for (index, byte) in bytes.enumerated() {
        let letterOrDigit = (97...122).contains(byte) || (48...57).contains(byte)
        if byte == 45 {
            if bytes[index - 1] == 45 { return false }
        } else if !letterOrDigit {
            return false
        }
    }
    return true
}

/// Invariants, for the input read by every short-link reader of outside text:
/// - `ShortCode` accepts exactly the code syntax, keeps the text as given, and round-trips
///   through JSON; a refusal has a sentence;
/// - an expansion, a request or a preview override read from the input as JSON writes JSON
///   that reads back equal; a request with a key the type does not know is refused;
/// - `PlatformClass` depends on the first 512 bytes of a `User-Agent` only;
/// - the deferred-link intake takes from pasted text only a whole short link of the site, whose
///   code is the link's last segment, and from a referrer only a valid `deeplinks_code`;
/// - a QR code of the text has 17 + 4 × version modules a side and its SVG is one `<svg>`
///   element of ASCII; a text over the limit is refused with the limit.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = FuzzInput(data, size)
    let text = input.text
    measured(budget, inputBytes: size, input: text) {
        _ = try? ShortCode(text)
        _ = try? ShortLinkExpansion(json: input.bytes)
        _ = try? JSONDecoder().decode(ShortLinkRequest.self, from: Data(input.bytes))
        _ = (try? JSONDecoder().decode(PreviewOverride.self, from: Data(input.bytes)))?.validationError()
        _ = PlatformClass(userAgent: text)
        _ = intake.shortLink(in: .pastedText(text))
        _ = intake.shortLink(in: .installReferrer(text))
        _ = try? QRCode(text, correction: .low).svg(moduleSize: 1, quietZone: 0)
    }

    // Codes.
    do {
        let code = try ShortCode(text)
        require(isCodeSyntax(text), "a text outside the code syntax was accepted", input: text)
        require(code.text == text, "a code was changed", input: text)
        let json = try JSONEncoder().encode([code])
        let decoded = try JSONDecoder().decode([ShortCode].self, from: json)
        require(decoded == [code], "a code's JSON", input: text)
    } catch let error as ShortCodeError {
        require(!isCodeSyntax(text), "a code was refused: \(error)", input: text)
        require(!error.description.isEmpty, "a refusal without a sentence", input: text)
    } catch {
        violated("a code's JSON failed: \(error)", input: text)
    }

    // JSON documents.
    if let expansion = try? ShortLinkExpansion(json: input.bytes) {
        guard let again = try? ShortLinkExpansion(json: expansion.jsonData()) else {
            violated("an expansion's JSON does not read back", input: text)
        }
        require(again == expansion, "an expansion's JSON reads back different", input: text)
    }
    if let request = try? JSONDecoder().decode(ShortLinkRequest.self, from: Data(input.bytes)) {
        guard let json = try? JSONEncoder().encode(request),
            let again = try? JSONDecoder().decode(ShortLinkRequest.self, from: json)
        else { violated("a request's JSON does not read back", input: text) }
        require(again == request, "a request's JSON reads back different", input: text)
        if let object = try? JSONSerialization.jsonObject(with: Data(input.bytes)) as? [String: Any] {
            let known: Set = [
                "link", "code", "fallbacks", "minimumAppVersion", "expiresAt", "requestKey", "preview",
            ]
            require(
                Set(object.keys).isSubset(of: known), "a request with an unknown key was read", input: text)
        }
    }

    if let preview = try? JSONDecoder().decode(PreviewOverride.self, from: Data(input.bytes)) {
        guard let json = try? JSONEncoder().encode(preview),
            let again = try? JSONDecoder().decode(PreviewOverride.self, from: json)
        else { violated("a preview override's JSON does not read back", input: text) }
        require(again == preview, "a preview override's JSON reads back different", input: text)
    }

    // Client classes.
    let head = String(decoding: input.bytes.prefix(512), as: UTF8.self)
    if input.bytes.count > 512, head.utf8.count == 512 {
        require(
            PlatformClass(userAgent: text) == PlatformClass(userAgent: head), "a class read past 512 bytes",
            input: text)
    }

    // Deferred links.
    if let taken = intake.shortLink(in: .pastedText(text)) {
        let trimmed = text.trimmingCharacters(in: CharacterSet(charactersIn: " \t\r\n"))
        require(
            taken.decision == receiver.receive(url: trimmed), "a pasted link decided other than the text",
            input: text)
        require(
            taken.decision.match?.route == route.name, "a pasted link taken that is no short link",
            input: text)
        require(
            taken.decision.match?.link.host == "shop.example.com", "another site's link taken", input: text)
    }
    if let taken = intake.shortLink(in: .installReferrer(text)) {
        require(
            text.split(separator: "&").contains { $0 == "deeplinks_code=" + taken.code.text },
            "a referrer's code is not its deeplinks_code", input: text)
    }

    // QR codes.
    do {
        let code = try QRCode(text, correction: .low)
        require(code.size == 17 + 4 * code.version, "a QR code of the wrong size", input: text)
        let svg = code.svg(moduleSize: 1, quietZone: 0)
        require(
            svg.hasPrefix("<svg") && svg.utf8.allSatisfy { $0 < 0x80 }, "an SVG not of ASCII", input: text)
    } catch {
        require(
            error == .tooLong(bytes: text.utf8.count, limit: QRCode.maximumBytes(correction: .low)),
            "a QR code refused with \(error)", input: text)
    }
    return 0
}
