import Foundation
import Testing

@testable import DeepLinks

/// The trie has one search walk (``RouteTrie/walk(node:depth:carried:_:_:_:_:)``) behind the
/// lookup, the lookup in declaration order and the explanation. These tests pin its
/// answers against a scan of every route, on the generated tables of the round-trip
/// properties: the walk must neither miss a route whose path the link fits (backtracking)
/// nor take one that refuses it.
@Suite("Properties: the trie's search walk answers as a scan of every route")
struct TrieSearchPropertyTests {
    /// The routes that accept the link, in declaration order: some reading's path fits it
    /// (each parameter valid) and its scope, query and fragment accept it.
    static func accepting(_ router: Router, _ input: MatchInput) -> [Int] {
        router.compiled.indices.filter { r in
            router.compiled[r].allReadings.contains { $0.pathAccepts(input) }
                && router.compiled[r].accepts(input)
        }
    }

    @Test(
        "the lookup takes a route that accepts the link, and misses only when none does; in declaration order, the first",
        arguments: PropertySeeds.all)
    func matchAgreesWithScan(seed: UInt64) throws {
        var compared = 0
        var hits = 0
        RouteRoundTripPropertyTests.forEachParsedLink(
            seed: seed, precedence: { $0.pick([.specificity, .declarationOrder]) }
        ) { router, candidate, link in
            let input = MatchInput(link: link, options: router.table.options)
            let scan = Self.accepting(router, input)
            // The walk's answer before the guard of sensitive routes applies.
            let walked = router.unguardedMatchIndex(input)
            if router.table.options.precedence == .declarationOrder {
                #expect(walked == scan.first, "seed \(seed): \(candidate)")
            } else if let walked {
                #expect(scan.contains(walked), "seed \(seed): \(candidate)")
                // No route of a higher priority accepts the link.
                let priority = router.compiled[walked].route.priority
                #expect(
                    !scan.contains { router.compiled[$0].route.priority > priority },
                    "seed \(seed): \(candidate)")
            } else {
                #expect(scan.isEmpty, "seed \(seed): \(candidate)")
            }
            compared += 1
            if walked != nil { hits += 1 }
        }
        // Not vacuous: both hits and misses are compared.
        #expect(compared > 200 && hits > 50 && hits < compared, "seed \(seed): \(hits) of \(compared)")
    }

    @Test(
        "the explanation lists every route that accepts the link as matched, and no other",
        arguments: PropertySeeds.all)
    func explanationAgreesWithScan(seed: UInt64) throws {
        var matchedSeen = 0
        RouteRoundTripPropertyTests.forEachParsedLink(seed: seed, precedence: { _ in .declarationOrder }) {
            router, candidate, link in
            let input = MatchInput(link: link, options: router.table.options)
            let scan = Set(Self.accepting(router, input).map { router.compiled[$0].name })
            var matched: Set<String> = []
            for level in router.levels {
                var attempts: [(Int, RouteAttempt)] = []
                _ = level.explain(input, routes: router.compiled, mode: .all, into: &attempts)
                for (_, attempt) in attempts where attempt.result == .matched {
                    matched.insert(attempt.route)
                }
            }
            #expect(matched == scan, "seed \(seed): \(candidate)")
            matchedSeen += matched.count
        }
        #expect(matchedSeen > 50, "seed \(seed)")
    }
}
