/// Checks an association file against what Apple accepts and what its rules can do.
///
/// Findings carry a stable code (``AssociationFinding/Code``), a severity, a sentence and a
/// JSON path. The checks: size, JSON syntax, CMS signing, service shapes, `apps`, App IDs,
/// `appID`/`appIDs` and `paths`/`components` conflicts, unknown and misspelled keys, wrong value
/// types, non-string query values, substitution variables, patterns that can never match, and
/// rules that can never decide because an earlier rule matches first.
///
/// The cost of validating stays proportional to the file: bytes over Apple's 128 KB are refused
/// before parsing (``AssociationFinding/Code/fileTooLarge``), each code reports at most
/// ``maximumFindingsPerCode`` findings and then one summary line ("… and 4,211 more AASA006
/// findings"), and the rule-by-rule comparison is charged against ``analysisBudget`` for
/// every pair of rules it looks at.
///
/// The checks live in extensions by concern: `+Structure` (services, `applinks`, variables),
/// `+Details` (details and App IDs), `+Patterns` (components and patterns) and `+Suggestions`
/// (did-you-mean hints).
///
/// ```swift
/// let findings = AssociationFileValidator().validate(bytes: served)
/// for finding in findings where finding.severity == .error { print(finding) }
/// ```
public struct AssociationFileValidator: Sendable {
    /// Steps the rule-reachability analysis may take for one file, each pair of rules compared
    /// costing at least one, each step of a comparison one more per state it reads, and each
    /// variable reference expanded for a comparison one per state it builds; past it the
    /// analysis stops with ``AssociationFinding/Code/analysisIncomplete``.
    public var analysisBudget: Int

    /// The most findings of one code reported one by one; the rest are counted in one summary
    /// finding of the same code, so a report never has more than this plus one per code.
    public var maximumFindingsPerCode: Int

    /// Creates a validator.
    public init(analysisBudget: Int = 100_000, maximumFindingsPerCode: Int = 100) {
        self.analysisBudget = analysisBudget
        self.maximumFindingsPerCode = max(maximumFindingsPerCode, 1)
    }

    /// Validates bytes as served: size (refused over 128 KB before parsing), JSON syntax and
    /// signing first, then the file. At most 128 KB plus one byte of the sequence is read.
    public func validate(bytes: some Sequence<UInt8>) -> [AssociationFinding] {
        do {
            return validate(try AssociationFileDocument(bytes: bytes))
        } catch {
            let finding: AssociationFinding
            switch error {
            case .empty:
                finding = AssociationFinding(.emptyFile, at: "$", "the file is empty")
            case .tooLarge(let count):
                finding = AssociationFileValidator.sizeFinding(byteCount: count)
            case .invalidJSON(let syntax):
                finding = AssociationFinding(.invalidJSON, at: "$", "the file is not valid JSON: \(syntax)")
            case .notAnObject(let found):
                finding = AssociationFinding(
                    .notAnObject, at: "$", "the file must be a JSON object, but it is \(found)")
            case .unreadableSignedFile(let cms):
                finding = AssociationFinding(
                    .unreadableSignedFile, at: "$",
                    "the file looks CMS-signed, but its JSON cannot be extracted: \(cms)")
            }
            return [finding]
        }
    }

    /// Validates a read document: signing and duplicate keys, then the file.
    public func validate(_ document: AssociationFileDocument) -> [AssociationFinding] {
        var run = makeRun()
        if document.isSigned {
            run.report(
                .signedFile, "$",
                "the file is CMS-signed (application/pkcs7-mime), which only iOS 8 required; since iOS 9 "
                    + "serve the JSON unsigned as application/json")
        }
        let duplicates = document.duplicateKeys
        for position in duplicates.indices where run.keeps(.duplicateKey) {
            run.append(
                AssociationFinding(
                    .duplicateKey, at: duplicates[position],
                    "this key appears more than once; only the last value counts"))
        }
        run.checkTopLevel(document.file)
        return run.finished()
    }

    /// Validates the typed file.
    public func validate(_ file: AssociationFile) -> [AssociationFinding] {
        var run = makeRun()
        run.checkTopLevel(file)
        return run.finished()
    }

    /// How many pairs of rules the last comparison of `file` looked at, and whether the
    /// budget ran out: what bounds the cost of the reachability analysis.
    func reachabilityCost(of file: AssociationFile) -> (pairs: Int, exhausted: Bool) {
        var run = makeRun()
        run.checkTopLevel(file)
        return (run.budget.pairsCompared, run.budget.isExhausted)
    }

    private func makeRun() -> ValidationRun {
        ValidationRun(budget: PatternLanguage.Budget(analysisBudget), findingsPerCode: maximumFindingsPerCode)
    }

    /// The finding for bytes over Apple's limit of 128 KB: `byteCount` is their size, or `nil`
    /// when reading stopped past the limit.
    ///
    /// ```swift
    /// AssociationFileValidator.sizeFinding(byteCount: nil).message
    /// // "the file is more than 131072 bytes; Apple ignores association files larger than 128 KB …"
    /// ```
    public static func sizeFinding(byteCount count: Int?) -> AssociationFinding {
        let size =
            count.map { "\($0) bytes" } ?? "more than \(AssociationFileDocument.maximumByteCount) bytes"
        return AssociationFinding(
            .fileTooLarge, at: "$",
            "the file is \(size); Apple ignores association files larger than 128 KB "
                + "(\(AssociationFileDocument.maximumByteCount) bytes), so it was not read further")
    }
}

/// The state of one validation: findings so far, how many of each code were left out, and the
/// analysis budget.
struct ValidationRun {
    private(set) var findings: [AssociationFinding] = []
    let budget: PatternLanguage.Budget
    let findingsPerCode: Int
    private var counts: [AssociationFinding.Code: Int] = [:]

    init(budget: PatternLanguage.Budget, findingsPerCode: Int) {
        self.budget = budget
        self.findingsPerCode = findingsPerCode
    }

    /// Adds a finding, unless its code already has `findingsPerCode`: then it is only counted.
    mutating func report(_ code: AssociationFinding.Code, _ path: String, _ message: String) {
        if keeps(code) { findings.append(AssociationFinding(code, at: path, message)) }
    }

    /// Counts one finding of `code`; whether it is within the limit and so should be spelled
    /// and added (callers with costly paths ask before spelling them).
    mutating func keeps(_ code: AssociationFinding.Code) -> Bool {
        let count = counts[code, default: 0] + 1
        counts[code] = count
        return count <= findingsPerCode
    }

    /// Adds a finding that ``keeps(_:)`` allowed.
    mutating func append(_ finding: AssociationFinding) { findings.append(finding) }

    /// Adds findings made elsewhere, under the same per-code limit.
    mutating func report(_ more: [AssociationFinding]) {
        for finding in more { report(finding.code, finding.path, finding.message) }
    }

    /// The findings, then one summary per code that went over the limit.
    func finished() -> [AssociationFinding] {
        var result = findings
        for code in AssociationFinding.Code.allCases {
            let extra = counts[code, default: 0] - findingsPerCode
            guard extra > 0 else { continue }
            result.append(
                AssociationFinding(
                    code, at: "$",
                    "… and \(ValidationRun.grouped(extra)) more \(code.rawValue) finding\(extra == 1 ? "" : "s")"
                ))
        }
        return result
    }

    /// A count with thousands separated by commas: 4211 → "4,211".
    static func grouped(_ number: Int) -> String {
        var digits = Array(String(number))
        var index = digits.count - 3
        while index > 0 {
            digits.insert(",", at: index)
            index -= 3
        }
        return String(digits)
    }
}
