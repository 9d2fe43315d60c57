import DeepLinks
import Foundation
import FuzzSupport

/// The policies each input is parsed under: the default, a permissive one that lets IP
/// literals, encoded separators, empty segments and a custom scheme through, so that the
/// deeper parts of the parser are reached too, and one that lists its hosts (exact hosts of
/// several lengths, one with `_`, and a wildcard), so that the parser's exact-host paths run.
let gates = [
    LinkGate(),
    LinkGate(
        policy: LinkPolicy(
            allowedSchemes: ["https", "http", "myapp"], allowsIPLiterals: true, allowsEncodedSeparators: true,
            allowsEmptySegments: true)),
    LinkGate(
        policy: LinkPolicy(
            allowedSchemes: ["https", "myapp"],
            allowedHosts: [
                HostPattern("example.com"), HostPattern("shop.example.com"),
                HostPattern("music.example.com"), HostPattern("a-rather-long-host-name.example.com"),
                HostPattern("my_app.example"), HostPattern("*.example.net"),
            ])),
]

/// A small table with one route of each kind the receiver treats differently: navigate,
/// destructive, sensitive, catch-all, custom scheme, query and fragment parameters.
let table = RouteTable {
    Route("home", "/")
    Route("album", "/albums/:album(slug)", query: ["index(int 0...9999)?", "sort(enum date|name)=date"])
    Route("deleteAlbum", "/albums/:album(slug)/delete", safety: .destructive)
    Route("account", "/account/:section", safety: .sensitive)
    Route("files", "/files/*rest")
    Route("docs", "/docs/:page(string 1...64 [a-z0-9_])", fragment: "section(slug)?")
    RouteGroup(scope: RouteScope(schemes: ["myapp"])) {
        Route("settings", "/settings/:section(enum profile|privacy)")
    }
}

/// One receiver per gate, with the custom scheme registered (so the first one's gate admits
/// `myapp` links too). The table is a constant known to be sound.
let receivers: [LinkReceiver] = gates.map { gate in
    do {
        return try LinkReceiver(
            table: table, policy: gate.policy, schemes: SchemeRegistry([CustomScheme("myapp")]))
    } catch {
        fatalError("the harness's own route table is refused: \(error)")
    }
}

/// The work one input may cost, documented in README ("Cost bounds") and measured with
/// `FUZZ_WORK_REPORT=1` over the seed corpus (see `WorkBudget`).
let budget = WorkBudget(
    fixedAllocations: 800, allocationsPerByte: 8, fixedAllocatedBytes: 131072, allocatedBytesPerByte: 1500,
    fixedMilliseconds: 25, microsecondsPerByte: 10)

/// Invariants:
/// - an accepted link's canonical form is accepted again, canonicalises to itself, keeps
///   scheme, host, effective port and decoded path, query and fragment, and is no longer than
///   the original plus the `/` of an empty web path;
/// - the canonical text is exactly the one written from the link's public raw parts by this
///   file's own rules (``referenceCanonical(_:)``), whether the link answered with its own text
///   or wrote it again;
/// - Foundation's `URL` built from an accepted link sees the same scheme, host and port;
/// - every `xn--` label of an accepted host decodes to NFC text with no leading combining mark
///   and only code points IDNA leaves as they are (``checkIDNALabels(_:input:)``);
/// - a refusal names an offset inside the input;
/// - sanitising removes exactly the policy's items, keeps the rest in order, and is idempotent;
/// - a refused link is a `reject(.malformed)` outcome with the gate's own error, and nothing
///   else: it never opens a route, a confirmation or the browser;
/// - an accepted link's JSON form decodes to an equal link, and the same form with another
///   host is refused;
/// - an accepted link's outcome keeps the promises of ``checkOutcome(_:text:receiver:input:)``.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = FuzzInput(data, size)
    let text = input.text
    // Parsing and deciding, under each policy: what an app does with a link.
    measured(budget, inputBytes: size, input: text) {
        for receiver in receivers {
            _ = try? receiver.gate.parse(text)
            _ = receiver.receive(url: text)
        }
    }
    for receiver in receivers {
        let gate = receiver.gate
        let parsed: Link
        do {
            parsed = try gate.parse(text)
        } catch {
            if let position = error.position {
                require(
                    position >= 0 && position <= text.utf8.count, "refusal offset outside the input",
                    input: text)
            }
            require(!error.description.isEmpty, "refusal without a sentence", input: text)
            require(
                receiver.receive(url: text).outcome == .reject(.malformed(error)),
                "a refused link got an outcome other than reject(.malformed)", input: text)
            continue
        }
        checkCanonical(parsed, gate: gate, input: text)
        checkFoundationAgrees(parsed, input: text)
        checkIDNALabels(parsed, input: text)
        checkSanitizing(parsed, gate: gate, input: text)
        checkOutcome(parsed, text: text, receiver: receiver, input: text)
        checkDecoding(parsed, input: text)
    }
    return 0
}

func checkCanonical(_ link: Link, gate: LinkGate, input: String) {
    let canonical = link.canonical
    require(
        canonical == referenceCanonical(link), "canonical text differs from the one its parts make",
        input: input)
    guard let again = try? gate.parse(canonical) else {
        violated("canonical form \(canonical.debugDescription) refused", input: input)
    }
    require(again.canonical == canonical, "canonical form not idempotent", input: input)
    require(again.scheme == link.scheme && again.host == link.host, "scheme or host changed", input: input)
    require(again.effectivePort == link.effectivePort, "effective port changed", input: input)
    // The one change canonicalising makes to the path: an empty web path is written `/`.
    let path = link.pathSegments.isEmpty && link.isWeb ? [""] : link.pathSegments.map(\.decoded)
    require(again.pathSegments.map(\.decoded) == path, "decoded path changed", input: input)
    require(
        again.queryItems.map(\.name) == link.queryItems.map(\.name), "decoded query names changed",
        input: input)
    require(
        again.queryItems.map(\.value) == link.queryItems.map(\.value), "decoded query values changed",
        input: input)
    require(again.fragment == link.fragment, "decoded fragment changed", input: input)
    require(
        canonical.utf8.count <= link.original.utf8.count + 1, "canonical form longer than the original",
        input: input)
    require(link.host.map { !$0.isEmpty } ?? !link.isWeb, "web link without a host accepted", input: input)
}

/// The canonical text written from a link's public parts, slowly and independently of the
/// package's shortcuts: lower-case scheme and host (as the link keeps them), the scheme's default
/// port dropped, an empty web path written `/`, and in the path, query and fragment each escape
/// of an unreserved character decoded and every other escape's hex in upper case.
func referenceCanonical(_ link: Link) -> String {
    func normalized(_ text: String) -> String {
        let bytes = Array(text.utf8)
        var out: [UInt8] = []
        var i = 0
        func hex(_ b: UInt8) -> UInt8? {
            switch b {
            case 0x30...0x39: b - 0x30
            case 0x41...0x46: b - 0x41 + 10
            case 0x61...0x66: b - 0x61 + 10
            default: nil
            }
        }
        while i < bytes.count {
            if bytes[i] == UInt8(ascii: "%"), i + 2 < bytes.count, let high = hex(bytes[i + 1]),
                let low = hex(bytes[i + 2])
            {
                let byte = high << 4 | low
                let unreserved =
                    (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                    || (byte >= 0x30 && byte <= 0x39)
                    || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_")
                    || byte == UInt8(ascii: "~")
                if unreserved {
                    out.append(byte)
                } else {
                    out += Array(String(format: "%%%02X", Int(byte)).utf8)
                }
                i += 3
            } else {
                out.append(bytes[i])
                i += 1
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
    var out = link.scheme
    if let host = link.host {
        out += "://" + host
        let defaultPort = link.scheme == "https" ? 443 : link.scheme == "http" ? 80 : nil
        if let port = link.port, port != defaultPort { out += ":\(port)" }
    } else {
        let afterScheme = link.original.utf8.dropFirst(link.scheme.utf8.count + 1)
        out += afterScheme.starts(with: "//".utf8) ? "://" : ":"
    }
    out += link.rawPath.isEmpty && link.isWeb ? "/" : normalized(link.rawPath)
    if let query = link.rawQuery { out += "?" + normalized(query) }
    if let fragment = link.rawFragment { out += "#" + normalized(fragment) }
    return out
}

/// Foundation is what an app will eventually hand the link to (`Link.url`): it must read the
/// same scheme, host and port as the gate did.
func checkFoundationAgrees(_ link: Link, input: String) {
    guard link.isWeb else { return }
    guard let url = link.url else { violated("Foundation cannot read an accepted web link", input: input) }
    require(url.scheme?.lowercased() == link.scheme, "Foundation reads another scheme", input: input)
    var host = link.host ?? ""
    if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
    let foundationHost = (url.host(percentEncoded: true) ?? "").lowercased()
    require(
        foundationHost == host || "[\(foundationHost)]" == link.host,
        "Foundation reads the host \(foundationHost.debugDescription)", input: input)
    require(url.port == link.port, "Foundation reads another port", input: input)
}

func checkSanitizing(_ link: Link, gate: LinkGate, input: String) {
    let clean = gate.sanitize(link)
    let patterns = gate.policy.removedQueryItems
    func removable(_ item: QueryItem) -> Bool { patterns.contains { $0.matches(item.name) } }
    require(clean.removed.allSatisfy(removable), "sanitising removed an item the policy keeps", input: input)
    require(
        !clean.link.queryItems.contains(where: removable), "sanitising kept an item the policy removes",
        input: input)
    require(
        clean.link.queryItems == link.queryItems.filter { !removable($0) },
        "sanitising reordered or changed items",
        input: input)
    require(
        gate.sanitize(clean.link) == SanitizedLink(link: clean.link, removed: []),
        "sanitising not idempotent", input: input)
    guard let reparsed = try? gate.parse(clean.link.original) else {
        violated("the sanitised link \(clean.link.original.debugDescription) is refused", input: input)
    }
    require(
        reparsed.queryItems == clean.link.queryItems, "the sanitised text reads other items", input: input)
    require(
        reparsed.canonical == clean.canonical, "the sanitised text has another canonical form", input: input)
}

/// A link's JSON form decodes back to the same link; with its host changed it is refused,
/// because decoding parses the text again and compares every part.
func checkDecoding(_ link: Link, input: String) {
    guard let data = try? JSONEncoder().encode(link),
        var object = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
    else {
        violated("an accepted link cannot be encoded", input: input)
    }
    require(
        (try? JSONDecoder().decode(Link.self, from: data)) == link, "a link's JSON form decodes differently",
        input: input)
    object["host"] = (link.host ?? "") + "x.evil"
    if let tampered = try? JSONSerialization.data(withJSONObject: object) {
        require(
            (try? JSONDecoder().decode(Link.self, from: tampered)) == nil,
            "a link whose host disagrees with its text was decoded", input: input)
    }
}

/// Every `xn--` label of an accepted host decodes (by this file's own Punycode decoder, written
/// apart from the gate's) to text that a browser accepts: not empty and not all ASCII, in
/// normalization form C, not starting with a combining mark, and made only of code points
/// that IDNA leaves as they are (no mapped, ignored, deviation, unassigned, private-use,
/// control or surrogate code points; ASCII only `a-z`, `0-9`, `-`).
func checkIDNALabels(_ link: Link, input: String) {
    guard let host = link.host, !host.hasPrefix("[") else { return }
    for label in host.split(separator: ".") where label.hasPrefix("xn--") {
        guard let scalars = decodePunycode(Array(label.utf8.dropFirst(4))) else {
            violated("accepted label \(label) is not valid Punycode", input: input)
        }
        require(
            scalars.contains { !$0.isASCII }, "accepted label \(label) decodes to ASCII only", input: input)
        var text = String.UnicodeScalarView()
        text.append(contentsOf: scalars)
        require(
            Array(String(text).precomposedStringWithCanonicalMapping.unicodeScalars) == scalars,
            "accepted label \(label) does not decode to NFC", input: input)
        switch scalars.first?.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark:
            violated("accepted label \(label) decodes to a leading combining mark", input: input)
        default: break
        }
        for scalar in scalars {
            if scalar.isASCII {
                let ok = ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) || scalar == "-"
                require(
                    ok, "accepted label \(label) decodes to ASCII \(scalar.escaped(asASCII: true))",
                    input: input)
                continue
            }
            let properties = scalar.properties
            require(
                !properties.changesWhenNFKCCaseFolded,
                "accepted label \(label) decodes to \(scalar.escaped(asASCII: true)), which IDNA maps or ignores",
                input: input)
            switch properties.generalCategory {
            case .unassigned, .privateUse, .surrogate, .control, .format, .spaceSeparator, .lineSeparator,
                .paragraphSeparator:
                violated(
                    "accepted label \(label) decodes to \(scalar.escaped(asASCII: true)), which IDNA disallows",
                    input: input)
            default: break
            }
        }
    }
}

/// RFC 3492 decoding of the part of a label after `xn--`; `nil` when it is not valid.
func decodePunycode(_ input: [UInt8]) -> [Unicode.Scalar]? {
    let delimiter = input.lastIndex(of: UInt8(ascii: "-"))
    var output: [UInt32] = delimiter.map { input[..<$0].map(UInt32.init) } ?? []
    guard output.allSatisfy({ $0 < 0x80 }) else { return nil }
    var position = delimiter.map { $0 + 1 } ?? 0
    var n: UInt32 = 0x80
    var i: UInt32 = 0
    var bias: UInt32 = 72
    while position < input.count {
        let oldI = i
        var w: UInt32 = 1
        var k: UInt32 = 36
        while true {
            guard position < input.count else { return nil }
            let byte = input[position] | 0x20
            position += 1
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"): digit = UInt32(byte - UInt8(ascii: "a"))
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0")) + 26
            default: return nil
            }
            let (product, o1) = digit.multipliedReportingOverflow(by: w)
            let (sum, o2) = i.addingReportingOverflow(product)
            guard !o1, !o2 else { return nil }
            i = sum
            let t = k <= bias ? 1 : (k >= bias + 26 ? 26 : k - bias)
            if digit < t { break }
            let (next, o3) = w.multipliedReportingOverflow(by: 36 - t)
            guard !o3 else { return nil }
            w = next
            k += 36
        }
        let length = UInt32(output.count + 1)
        var delta = oldI == 0 ? (i - oldI) / 700 : (i - oldI) / 2
        delta += delta / length
        var kk: UInt32 = 0
        while delta > 455 {
            delta /= 35
            kk += 36
        }
        bias = kk + 36 * delta / (delta + 38)
        let (sum, o4) = n.addingReportingOverflow(i / length)
        guard !o4, sum <= 0x10FFFF else { return nil }
        n = sum
        i %= length
        output.insert(n, at: Int(i))
        i += 1
    }
    let scalars = output.compactMap(Unicode.Scalar.init)
    return scalars.count == output.count ? scalars : nil
}
