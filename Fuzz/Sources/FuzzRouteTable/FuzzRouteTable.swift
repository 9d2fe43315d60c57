import DeepLinks
import DeepLinksJSON
import Foundation
import FuzzSupport

/// The input's first line is a route table in JSON; every further line is a link to route.
///
/// Invariants:
/// - a table that decodes encodes to JSON that decodes to an equal table, and its problems are
///   the same both times;
/// - `RouteTable(json:)` reads the same table as `Codable` decoding, and refuses what it refuses;
/// - `Router(table)` succeeds exactly when the table has no error (warnings allowed), and
///   otherwise throws those problems; every problem has a sentence;
/// - a navigate route that the table check pairs with a sensitive or destructive route never
///   routes a link that the guarded route was tried for and refused;
/// - every path pattern re-parses from its text to the same pattern;
/// - with a router built, every link line keeps the promises of
///   ``checkOutcome(_:text:receiver:input:)``: refused text is rejected as malformed, a
///   sensitive or destructive route is never run without confirmation, a routed link is
///   written back to the same route and parameters.
///
/// Reading, checking and compiling the table stay within ``budget`` for the table line's
/// bytes (README, "Routing": the cost of checking a table): a table whose check compares every
/// route with every other, or lists every conflicting pair, stops the harness.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = FuzzInput(data, size)
    let (head, links) = input.headAndRest
    let text = input.text
    let built = measured(budget, inputBytes: head.utf8.count, input: text) { () -> Built in
        let json = Data(head.utf8)
        let read: Result<RouteTable, RouteTableJSONError>
        do throws(RouteTableJSONError) { read = .success(try RouteTable(json: json)) } catch {
            read = .failure(error)
        }
        guard let table = try? JSONDecoder().decode(RouteTable.self, from: json) else {
            return Built(table: nil, read: read, findings: [], router: nil)
        }
        let findings = table.findings()
        let router: Result<Router, RouteTableError>
        do throws(RouteTableError) { router = .success(try Router(table)) } catch { router = .failure(error) }
        return Built(table: table, read: read, findings: findings, router: router)
    }
    guard let table = built.table else {
        require(
            (try? built.read.get()) == nil, "RouteTable(json:) reads a table that Codable decoding refuses",
            input: text)
        return 0
    }
    switch built.read {
    case .success(let read): require(read == table, "RouteTable(json:) reads another table", input: text)
    case .failure(let error):
        // The two refusals `JSONDecoder` does not make: a key repeated in one object, whose
        // last value it would keep, and a trailing comma (RFC 8259 has none). Without its
        // trailing commas the text reads as the same table.
        if !error.description.contains("appears twice in the object") {
            let withoutCommas = withoutTrailingCommas(head)
            require(
                withoutCommas != head && (try? RouteTable(json: Data(withoutCommas.utf8))) == table,
                "RouteTable(json:) refuses a table Codable decoding reads: \(error)", input: text)
        }
    }

    let findings = built.findings
    require(findings.allSatisfy { !$0.description.isEmpty }, "a problem without a sentence", input: text)
    do {
        let encoded = try JSONEncoder().encode(table)
        let decoded = try JSONDecoder().decode(RouteTable.self, from: encoded)
        require(decoded == table, "the table's JSON decodes to another table", input: text)
        require(decoded.findings() == findings, "the decoded table has other problems", input: text)
    } catch {
        violated("the table's own JSON does not round-trip: \(error)", input: text)
    }
    for route in table.routes {
        require(
            PathPattern(parsing: route.path.text) == route.path, "a path pattern does not re-parse",
            input: text)
    }

    let router: Router
    switch built.router {
    case .success(let made)?:
        router = made
        require(
            !findings.contains(where: \.isError), "a router was built from a table with errors", input: text)
    case .failure(let error)?:
        require(
            error.findings == findings, "the router refused with other problems than the table's", input: text
        )
        return 0
    case nil:
        return 0
    }

    // The gate allows every scheme the table names, so that custom-scheme routes are reached.
    let schemes = Set(table.routes.flatMap(\.scope.schemes)).union(["https", "http"])
    let receiver: LinkReceiver
    do {
        receiver = try LinkReceiver(table: table, policy: LinkPolicy(allowedSchemes: schemes))
    } catch {
        // The receiver checks the table against its gate's policy too; the only extra problems
        // it may find are routes that policy would never let through.
        guard case .routeTable(let tableError) = error,
            tableError.findings.allSatisfy({ if case .neverMatches = $0 { true } else { false } })
        else {
            violated("a table the router accepts was refused by the receiver: \(error)", input: text)
        }
        return 0
    }
    _ = router
    let gate = receiver.gate
    for line in links.prefix(16) {
        guard let link = try? gate.parse(line) else {
            require(
                receiver.receive(url: line).outcome.match == nil, "a refused link reached a route",
                input: text)
            continue
        }
        checkOutcome(link, text: line, receiver: receiver, input: text)
        if case .route(let match) = receiver.receive(url: line).outcome {
            let guarded = Set(
                findings.compactMap { finding -> String? in
                    guard case .navigationTakesGuardedLinks(match.route, let guarded, _) = finding else {
                        return nil
                    }
                    return guarded
                })
            let refusedBy = router.explain(gate.sanitize(link).link).attempts.filter {
                // A catch-all listed for zero segments is not shaped like the link.
                if case .parameterFailed(let failure) = $0.result {
                    guarded.contains($0.route) && !(failure.location == .path && failure.reason == .missing)
                } else {
                    false
                }
            }
            require(refusedBy.isEmpty, "a navigate route took a link its guarded route refused", input: text)
        }
    }
    return 0
}

/// What reading, checking and compiling one table line gave.
struct Built {
    let table: RouteTable?
    /// What ``RouteTable/init(json:)`` read, or why it refused.
    let read: Result<RouteTable, RouteTableJSONError>
    let findings: [RouteTableFinding]
    let router: Result<Router, RouteTableError>?
}

/// The work reading, checking and compiling a table line may cost, calibrated with
/// `FUZZ_WORK_REPORT=1` over the seed corpus (`Seeds/`, `Seeds/generate.py`, the hostile shapes
/// included; 2026-11-26): at most 3.2 allocations, 1,163 bytes allocated and 3.0 µs of CPU time
/// per byte of the table line (7,891 bytes of catch-alls behind 0–29 parameters: 25,247
/// allocations, 9.2 MB, 23 ms), and the first input's one-time start-up (6 ms). The per-byte
/// parts are about 4× those figures; the fixed parts cover the smallest tables and start-up.
let budget = WorkBudget(
    fixedAllocations: 2_000, allocationsPerByte: 13, fixedAllocatedBytes: 524_288,
    allocatedBytesPerByte: 4_700, fixedMilliseconds: 50, microsecondsPerByte: 12)

/// The JSON text with every comma that closes an object or array removed (`[1,]` → `[1]`),
/// strings left as they are.
func withoutTrailingCommas(_ json: String) -> String {
    let bytes = Array(json.utf8)
    var kept: [UInt8] = []
    kept.reserveCapacity(bytes.count)
    var inString = false
    var escaped = false
    var index = 0
    while index < bytes.count {
        let byte = bytes[index]
        index += 1
        if inString {
            if escaped {
                escaped = false
            } else if byte == UInt8(ascii: "\\") {
                escaped = true
            } else if byte == UInt8(ascii: "\"") {
                inString = false
            }
            kept.append(byte)
            continue
        }
        if byte == UInt8(ascii: "\"") { inString = true }
        if byte == UInt8(ascii: ",") {
            var next = index
            while next < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[next]) { next += 1 }
            if next < bytes.count, bytes[next] == UInt8(ascii: "}") || bytes[next] == UInt8(ascii: "]") {
                continue
            }
        }
        kept.append(byte)
    }
    return String(decoding: kept, as: UTF8.self)
}
