import AssociatedDomains
import Foundation

/// Association matching: a full-size file, and hostile patterns beside
/// `NSRegularExpression`.
enum AssociationSuite {
    static func run(bench: Bench, quick: Bool, countsInstructions: Bool, into results: inout ResultTable)
        throws
    {
        try largeFile(bench: bench, into: &results)
        try worstCase(bench: bench, into: &results)
        try linearity(bench: bench, quick: quick, into: &results)
        try sideBySide(bench: bench, quick: quick, countsInstructions: countsInstructions, into: &results)
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
    /// one match must take at most 50 ms, except where references enter a variable at
    /// distinct positions, whose figure is reported against the documented bound.
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
            // References entering one variable at distinct positions each cost a pass of the
            // variable's values (README, "Cost bounds"): measured and reported, not held to
            // the 50 ms of every other shape.
            guard kind != .wildcardVariable else {
                results.note(
                    "Substitution variables, worst case: \(Format.count(rules)) references entering one "
                        + "variable at distinct positions take \(Format.number(milliseconds)) ms a match.")
                continue
            }
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

    /// Each pattern kind as an anchored regular expression on the same path, matching and not,
    /// at lengths up to the gate's limit: the SDK is given the URL text (it splits it, checks
    /// the host and matches the path), the expression only the path, already split.
    ///
    /// A backtracking engine can take exponential time on a hostile pattern, so before each
    /// row one call is timed on paths of doubling length, and the expression is run side by
    /// side only where one call stays within a budget; the rows beyond say how long one call
    /// would take, extrapolated from the last doubling.
    static func sideBySide(
        bench: Bench, quick: Bool, countsInstructions: Bool, into results: inout ResultTable
    ) throws {
        let budget = quick ? 20_000_000.0 : 100_000_000.0
        let rowLimit = quick ? 5_000_000.0 : 30_000_000.0
        let lengths = AssociationWorkloads.sideBySideLengths
        var slower: [String] = []
        for (index, testCase) in AssociationWorkloads.sideBySideCases.enumerated() {
            let compiled = try AssociationWorkloads.compiledPattern(testCase.pattern)
            let expression = try AssociationWorkloads.regularExpression(testCase.pattern)
            for matching in [true, false] {
                // One timed call per length, doubling while the prediction stays in budget;
                // assume ×8 per doubling until two lengths have been seen.
                var timings: [(length: Int, nanoseconds: Double)] = []
                var length = 32
                // The first call of a process pays for setting the engine up; not timed.
                blackHole(AssociationWorkloads.regexPathMatch(expression, path: "").pass())
                while true {
                    let path = testCase.path(length, matching)
                    let start = Clock.now()
                    let found = AssociationWorkloads.regexPathMatch(expression, path: path).pass()
                    let once = Double(Clock.now() - start)
                    guard (found == 1) == matching else {
                        throw DisagreementError(
                            description:
                                "the expression for `\(testCase.pattern)` disagrees on \(length) bytes")
                    }
                    timings.append((length, once))
                    let growth = timings.count >= 2 ? once / timings[timings.count - 2].nanoseconds : 8
                    if length >= lengths[lengths.count - 1] || once * max(growth, 8) > budget { break }
                    length = min(length * 2, lengths[lengths.count - 1])
                }
                for length in lengths {
                    let path = testCase.path(length, matching)
                    let sdk = AssociationWorkloads.sdkPathMatch(compiled, path: path)
                    guard (sdk.pass() == 1) == matching else {
                        throw DisagreementError(
                            description:
                                "`\(testCase.pattern)` should \(matching ? "" : "not ")match its path")
                    }
                    let name =
                        "association vs regex: \(testCase.kind) `\(testCase.pattern)`, \(Format.count(length)) B, "
                        + (matching ? "matching" : "not matching")
                    let caseName = AssociationWorkloads.sideBySideCaseName(
                        index, length: length, matching: matching)
                    let passes = max(4, 16_384 / length)
                    if let timing = timings.first(where: { $0.length >= length }),
                        timing.nanoseconds < rowLimit
                    {
                        let comparison = bench.compare(
                            sdk, AssociationWorkloads.regexPathMatch(expression, path: path))
                        let instructions =
                            countsInstructions ? InstructionCounter.pair(case: caseName, passes: passes) : nil
                        results.add(name, comparison, instructions: instructions)
                        let wallSlower = (comparison.speedUp?.median ?? 1) < 1
                        let countSlower = (instructions?.ratio ?? 1) < 1
                        if wallSlower || countSlower {
                            slower.append(
                                "\(name) (\(wallSlower ? "time" : "")\(wallSlower && countSlower ? ", " : "")"
                                    + "\(countSlower ? "instructions" : ""))")
                        }
                    } else {
                        let measured = bench.measure(sdk)
                        let instructions =
                            countsInstructions
                            ? InstructionPair(
                                sdk: InstructionCounter.perOperation(
                                    case: caseName, side: "sdk", passes: passes),
                                peer: nil) : nil
                        var predicted = "more than the budget"
                        if let last = timings.last, timings.count >= 2 {
                            let growth = max(last.nanoseconds / timings[timings.count - 2].nanoseconds, 1)
                            let seconds =
                                last.nanoseconds * pow(growth, log2(Double(length) / Double(last.length)))
                                / 1e9
                            predicted = "about \(String(format: "%.1e", seconds)) s"
                        }
                        results.add(
                            name + " (regular expression not run: one call would take \(predicted))",
                            Comparison(sdk: measured, peer: nil, speedUp: nil), instructions: instructions)
                    }
                }
                if let last = timings.last, last.length < lengths[lengths.count - 1] {
                    let steps = timings.map {
                        "\(Format.count($0.length)) B: \(Format.number($0.nanoseconds / 1e3)) µs"
                    }
                    results.note(
                        "`NSRegularExpression` blows up on `\(testCase.pattern)` "
                            + (matching ? "matching" : "not matching")
                            + " (\(testCase.paths)): one call took "
                            + steps.joined(separator: ", ")
                            + ", so it was not run on longer paths (capped at a predicted "
                            + "\(Format.number(budget / 1e6)) ms per call).")
                }
            }
        }
        results.note(
            slower.isEmpty
                ? "DeepLinks was at least as fast as `NSRegularExpression` in every side-by-side association row."
                : "DeepLinks was slower than `NSRegularExpression` in: " + slower.joined(separator: "; ")
                    + ".")
    }
}
