import AssociatedDomains
import Foundation

/// Association matching: a full-size file, and hostile patterns beside
/// `NSRegularExpression` (target 4 of issue 7).
enum AssociationSuite {
    static func run(bench: Bench, quick: Bool, into results: inout ResultTable) throws {
        try largeFile(bench: bench, into: &results)
        try worstCase(bench: bench, into: &results)
        try linearity(bench: bench, quick: quick, into: &results)
        try regularExpressions(bench: bench, quick: quick, into: &results)
    }

    static func largeFile(bench: Bench, into results: inout ResultTable) throws {
        let start = Clock.now()
        let (compiled, bytes, components) = try AssociationWorkloads.largeFile()
        results.note(
            "Reading and compiling the \(Format.bytes(Double(bytes))) association file (\(components) components) took "
                + "\(Format.number(Double(Clock.now() - start) / 1e6)) ms.")
        let urls = AssociationWorkloads.largeFileURLs(count: 500, components: components)
        let decisions = Set(
            urls.map { compiled.match($0, appID: AssociationWorkloads.appID, domain: "example.com").decision }
        )
        guard decisions == Set(AssociationMatch.Decision.allCases) else {
            throw DisagreementError(
                description: "the large file's URLs should meet every decision, got \(decisions)")
        }
        results.add(
            "association: \(Format.bytes(Double(bytes))) file, \(components) components, one URL",
            bench.compare(AssociationWorkloads.largeFileMatches(compiled, urls: urls), nil))
    }

    /// The costliest files at the 128 KB cap against a URL at the gate's 4,096-byte limit:
    /// one match must take at most 50 ms.
    static func worstCase(bench: Bench, into results: inout ResultTable) throws {
        for kind in AssociationWorkloads.WorstCase.allCases {
            let (compiled, rules, bytes) = try AssociationWorkloads.worstCaseFile(kind)
            guard
                compiled.match(
                    AssociationWorkloads.worstCaseURL, appID: AssociationWorkloads.appID,
                    domain: AssociationWorkloads.domain
                ).decision == .noMatch
            else {
                throw DisagreementError(description: "the worst-case file \(kind) should match nothing")
            }
            let measured = bench.measure(AssociationWorkloads.worstCaseMatch(compiled, kind))
            results.add(
                "association worst case: \(Format.bytes(Double(bytes))) of \(Format.count(rules)) \(kind.rawValue), "
                    + "4,096-byte URL",
                Comparison(sdk: measured, peer: nil, speedUp: nil))
            let milliseconds = measured.nanosecondsPerOperation.median / 1e6
            results.target(
                "association: worst case at the cap ≤ 50 ms per match, \(kind.rawValue)",
                measured: "\(Format.number(milliseconds)) ms", met: milliseconds <= 50)
        }
    }

    /// Every pattern on paths of growing length: the cost per byte must stay flat.
    static func linearity(bench: Bench, quick: Bool, into results: inout ResultTable) throws {
        let lengths = quick ? [1_024, 4_096] : [1_024, 4_096, 16_384]
        let cases =
            [
                AssociationWorkloads.plain, AssociationWorkloads.adversarial,
                AssociationWorkloads.adversarialOpenEnded,
            ]
            + AssociationWorkloads.others
        var compiled: [String: CompiledAssociationFile] = [:]
        for pattern in cases {
            let file = try AssociationWorkloads.compiledPattern(pattern.pattern)
            compiled[pattern.name] = file
            var perByte: [Double] = []
            for length in lengths {
                let measured = bench.measure(
                    AssociationWorkloads.sdkPatternMatch(file, pattern.pattern, length: length))
                perByte.append(measured.nanosecondsPerOperation.median / Double(length))
                results.add(
                    "association: `\(pattern.pattern)` on a path of \(Format.count(length)) `a`",
                    Comparison(sdk: measured, peer: nil, speedUp: nil))
            }
            if let first = perByte.first, let last = perByte.last {
                let growth = last / first
                results.target(
                    "association: linear in the URL length, `\(pattern.pattern)`",
                    measured: "cost per byte ×\(Format.number(growth)) from \(Format.count(lengths[0])) to "
                        + "\(Format.count(lengths[lengths.count - 1])) bytes",
                    met: growth <= 1.5)
            }
        }
        guard let plain = compiled[AssociationWorkloads.plain.name] else { return }
        let length = 4_096
        for hostile in [AssociationWorkloads.adversarial, AssociationWorkloads.adversarialOpenEnded] {
            guard let file = compiled[hostile.name] else { continue }
            let pair = bench.compare(
                AssociationWorkloads.sdkPatternMatch(file, hostile.pattern, length: length),
                AssociationWorkloads.sdkPatternMatch(
                    plain, AssociationWorkloads.plain.pattern, length: length))
            if let ratio = pair.speedUp {
                let slowdown = 1 / ratio.median
                results.target(
                    "association: `\(hostile.pattern)` ≤ 20× `\(AssociationWorkloads.plain.pattern)`, 4,096 bytes",
                    measured: Format.ratio(slowdown), met: slowdown <= 20)
            }
        }
    }

    /// The same patterns as anchored regular expressions. A backtracking engine can take
    /// exponential time on the hostile pattern, so its input doubles only while the next run
    /// is predicted to stay within a budget.
    static func regularExpressions(bench: Bench, quick: Bool, into results: inout ResultTable) throws {
        let budget = quick ? 20_000_000.0 : 100_000_000.0
        let longest = 4_096
        // Side by side only where one call is cheap enough to repeat for every round.
        let rowLimit = quick ? 5_000_000.0 : 30_000_000.0
        for pattern in [
            AssociationWorkloads.plain, AssociationWorkloads.adversarial,
            AssociationWorkloads.adversarialOpenEnded,
        ] {
            let compiled = try AssociationWorkloads.compiledPattern(pattern.pattern)
            let expression = try AssociationWorkloads.regularExpression(pattern.pattern)
            // One timed call per length, doubling while the prediction stays in budget; a
            // backtracking engine may grow by far more than ×2 per doubling, so assume ×8
            // until two lengths have been seen.
            var timings: [(length: Int, nanoseconds: Double)] = []
            var length = 8
            while length <= longest {
                let start = Clock.now()
                blackHole(AssociationWorkloads.regexMatch(expression, length: length).pass())
                let once = Double(Clock.now() - start)
                timings.append((length, once))
                let growth = timings.count >= 2 ? once / timings[timings.count - 2].nanoseconds : 8
                if once * max(growth, 8) > budget { break }
                length *= 2
            }
            guard let last = timings.last else { continue }
            let shown = Set(
                [64, 256, 1_024, longest]
                    + timings.filter { $0.nanoseconds < rowLimit }.suffix(1).map(\.length)
            )
            .filter { candidate in timings.contains { $0.length == candidate && $0.nanoseconds < rowLimit } }
            for length in shown.sorted() {
                results.add(
                    "association: `\(pattern.pattern)` on \(Format.count(length)) `a`, beside a regular expression",
                    bench.compare(
                        AssociationWorkloads.sdkPatternMatch(compiled, pattern.pattern, length: length),
                        AssociationWorkloads.regexMatch(expression, length: length)))
            }
            if last.length < longest, timings.count >= 2 {
                let growth = last.nanoseconds / timings[timings.count - 2].nanoseconds
                let predicted = last.nanoseconds * pow(growth, log2(Double(longest) / Double(last.length)))
                let steps = timings.map {
                    "\(Format.count($0.length)) B: \(Format.number($0.nanoseconds / 1e3)) µs"
                }
                results.note(
                    "`NSRegularExpression` blows up on `\(pattern.pattern)`: one call took "
                        + steps.joined(separator: ", ")
                        + " (×\(Format.number(growth)) for the last doubling), so it was "
                        + "not run on longer paths; at \(Format.count(longest)) bytes it would take about "
                        + "\(String(format: "%.1e", predicted / 1e9)) s. DeepLinks matches the same pattern on "
                        + "\(Format.count(longest)) bytes in the time shown above.")
            }
        }
    }
}
