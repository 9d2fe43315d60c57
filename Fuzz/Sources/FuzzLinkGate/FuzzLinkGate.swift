import DeepLinks

/// The policies the harness parses each input under: the default, and a permissive one that
/// lets IP literals, encoded separators, empty segments and a custom scheme through, so that
/// the deeper parts of the parser are reached too.
let gates = [
    LinkGate(),
    LinkGate(
        policy: LinkPolicy(
            allowedSchemes: ["https", "http", "myapp"], allowsIPLiterals: true, allowsEncodedSeparators: true,
            allowsEmptySegments: true)),
]

/// Invariants: the gate never crashes; an accepted link's canonical form is accepted again,
/// canonicalises to itself, and keeps scheme, host and decoded path and query; sanitising
/// never adds an item.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    for gate in gates {
        guard let link = try? gate.parse(text) else { continue }
        let canonical = link.canonical
        guard let again = try? gate.parse(canonical) else {
            fatalError("canonical form refused: \(canonical.debugDescription) from \(text.debugDescription)")
        }
        check(again.canonical == canonical, "canonical form not idempotent", text)
        check(again.scheme == link.scheme && again.host == link.host, "scheme or host changed", text)
        check(again.pathSegments.map(\.decoded) == link.pathSegments.map(\.decoded), "decoded path changed", text)
        check(again.queryItems.map(\.value) == link.queryItems.map(\.value), "decoded query changed", text)
        let clean = gate.sanitize(link)
        check(clean.link.queryItems.count + clean.removed.count == link.queryItems.count, "sanitising lost items", text)
        check(link.host.map { !$0.isEmpty } ?? true, "empty host accepted", text)
    }
    return 0
}

func check(_ condition: Bool, _ message: String, _ input: String) {
    if !condition { fatalError("\(message): \(input.debugDescription)") }
}
