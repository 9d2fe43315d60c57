import DeepLinks
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
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = FuzzInput(data, size)
    let (head, links) = input.headAndRest
    let text = input.text
    guard let table = try? JSONDecoder().decode(RouteTable.self, from: Data(head.utf8)) else {
        require(
            (try? RouteTable(json: Data(head.utf8))) == nil,
            "RouteTable(json:) reads a table that Codable decoding refuses", input: text)
        return 0
    }
    require(
        (try? RouteTable(json: Data(head.utf8))) == table, "RouteTable(json:) reads another table",
        input: text)

    let problems = table.problems()
    require(problems.allSatisfy { !$0.description.isEmpty }, "a problem without a sentence", input: text)
    do {
        let encoded = try JSONEncoder().encode(table)
        let decoded = try JSONDecoder().decode(RouteTable.self, from: encoded)
        require(decoded == table, "the table's JSON decodes to another table", input: text)
        require(decoded.problems() == problems, "the decoded table has other problems", input: text)
    } catch {
        violated("the table's own JSON does not round-trip: \(error)", input: text)
    }
    for route in table.routes {
        require(
            PathPattern(parsing: route.path.text) == route.path, "a path pattern does not re-parse",
            input: text)
    }

    let router: Router
    do {
        router = try Router(table)
        require(
            !problems.contains(where: \.isError), "a router was built from a table with errors", input: text)
    } catch {
        require(
            error.problems == problems, "the router refused with other problems than the table's", input: text
        )
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
            tableError.problems.allSatisfy({ if case .neverMatches = $0 { true } else { false } })
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
                problems.compactMap { problem -> String? in
                    guard case .navigationTakesGuardedLinks(match.route, let guarded, _) = problem else {
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
