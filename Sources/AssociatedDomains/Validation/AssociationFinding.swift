import DeepLinks

/// One thing validation found in an association file: a stable code, a severity, a sentence
/// and the JSON path it is about.
///
/// ```swift
/// let finding = AssociationFileValidator().validate(file).first
/// finding?.code            // .appIDIgnored ("AASA111")
/// finding?.severity        // .warning
/// finding?.path            // "$.applinks.details[0].appID"
/// finding?.description     // "AASA111 warning at $.applinks.details[0].appID: …"
/// ```
public struct AssociationFinding: Sendable, Hashable, Encodable, CustomStringConvertible {
    /// How much a finding matters: the one severity scale of every diagnostic of the package
    /// (note < warning < error; an error means Apple refuses the file or a rule cannot work as
    /// written).
    public typealias Severity = Diagnostic.Severity

    /// The stable codes. Raw values (`AASA111`) never change meaning; new codes are added.
    public enum Code: String, Sendable, Hashable, Codable, CaseIterable {
        /// The file is larger than 128 KB, which Apple refuses.
        case fileTooLarge = "AASA001"
        /// The file is not valid JSON.
        case invalidJSON = "AASA002"
        /// The JSON is not an object.
        case notAnObject = "AASA003"
        /// The file is CMS-signed, which only iOS 8 needed.
        case signedFile = "AASA004"
        /// The file looks CMS-signed but its content cannot be extracted.
        case unreadableSignedFile = "AASA005"
        /// A key appears twice in one object; only the last value counts.
        case duplicateKey = "AASA006"
        /// The file is empty.
        case emptyFile = "AASA007"
        /// The file declares none of the four services.
        case noService = "AASA100"
        /// A top-level key that is not a service.
        case unknownTopLevelKey = "AASA101"
        /// A service whose value is not an object.
        case serviceNotAnObject = "AASA102"
        /// A `webcredentials`, `appclips` or `activitycontinuation` service without a valid `apps`.
        case appListMalformed = "AASA103"
        /// An unknown key inside a service.
        case unknownServiceKey = "AASA104"
        /// A detail with neither `appID` nor `appIDs`: it applies to no app.
        case detailWithoutAppID = "AASA110"
        /// `appID` is ignored because `appIDs` is present.
        case appIDIgnored = "AASA111"
        /// `appID` is not a string, or `appIDs` is not an array of strings.
        case appIDsMalformed = "AASA112"
        /// `details` is missing its usual shape, or an entry is not an object.
        case detailsMalformed = "AASA113"
        /// An unknown key inside a detail.
        case unknownDetailKey = "AASA114"
        /// `appIDs` is an empty array: the detail applies to no app.
        case emptyAppIDs = "AASA115"
        /// `paths` is ignored because `components` is present.
        case pathsIgnored = "AASA120"
        /// A detail without rules (no `components`, no `paths`, or an empty list): it matches nothing.
        case noRules = "AASA121"
        /// The legacy `applinks.apps` is present and not an empty array.
        case legacyAppsNotEmpty = "AASA122"
        /// `components` or `paths` has the wrong shape, or a component is not an object.
        case rulesMalformed = "AASA123"
        /// The detail uses legacy `paths` rather than `components`.
        case legacyPaths = "AASA124"
        /// An App ID not of the form `<prefix>.<bundle id>`.
        case malformedAppID = "AASA130"
        /// An App ID prefix that is not a 10-character Team ID.
        case unusualTeamID = "AASA131"
        /// The same App ID twice in one list.
        case duplicateAppID = "AASA132"
        /// `substitutionVariables` is not an object of string arrays.
        case variablesMalformed = "AASA140"
        /// A variable value uses another variable, which is not expanded.
        case variableValueUsesVariable = "AASA141"
        /// A pattern uses a variable that is not defined: that part matches nothing.
        case undefinedVariable = "AASA142"
        /// A custom variable replaces a built-in one.
        case variableShadowsBuiltIn = "AASA143"
        /// A variable with no values: patterns using it match nothing.
        case emptyVariable = "AASA144"
        /// A query dictionary with a non-string value: Apple ignores the whole dictionary.
        case nonStringQueryValue = "AASA150"
        /// `$(` without a closing `)`: the text is matched literally.
        case unterminatedVariable = "AASA151"
        /// A component key with a value of the wrong type: Apple ignores it.
        case wrongTypeComponentKey = "AASA152"
        /// An unknown component key (often a misspelling such as `casesensitive`): Apple ignores it.
        case unknownComponentKey = "AASA153"
        /// A path pattern that looks like it carries a query or fragment.
        case queryInPathPattern = "AASA154"
        /// A pattern that can never match any URL.
        case patternNeverMatches = "AASA160"
        /// A component without `/`, `?` or `#`: it matches every URL.
        case componentMatchesEverything = "AASA180"
        /// A rule that can never decide: an earlier rule matches every URL it matches.
        case unreachableRule = "AASA190"
        /// An exclusion that never takes effect: an earlier rule sends all its URLs to the app.
        case exclusionAfterBroaderRule = "AASA191"
        /// An exclusion that an earlier rule partly pre-empts.
        case exclusionPartlyShadowed = "AASA192"
        /// `applinks` has no details: no URL opens any app.
        case noDetails = "AASA193"
        /// Rule analysis stopped early because the file is very large.
        case analysisIncomplete = "AASA199"

        /// The severity a finding with this code has.
        public var severity: Severity {
            switch self {
            case .fileTooLarge, .invalidJSON, .notAnObject, .unreadableSignedFile, .emptyFile, .noService,
                .serviceNotAnObject, .appListMalformed, .detailWithoutAppID, .appIDsMalformed,
                .detailsMalformed,
                .legacyAppsNotEmpty, .rulesMalformed, .malformedAppID, .variablesMalformed,
                .variableValueUsesVariable, .undefinedVariable, .wrongTypeComponentKey, .patternNeverMatches,
                .exclusionAfterBroaderRule:
                .error
            case .legacyPaths, .analysisIncomplete:
                .note
            default:
                .warning
            }
        }
    }

    /// The code.
    public let code: Code
    /// The severity (the code's).
    public let severity: Severity
    /// What was found, as a sentence.
    public let message: String
    /// The JSON path it is about (`$` for the whole file).
    public let path: String

    /// Creates a finding.
    public init(_ code: Code, at path: String, _ message: String) {
        self.code = code
        self.severity = code.severity
        self.path = path
        self.message = message
    }

    /// "AASA111 warning at $.applinks.details[0].appID: …".
    public var description: String { "\(code.rawValue) \(severity.rawValue) at \(path): \(message)" }
}

extension AssociationFinding {
    /// Encodes each stored property under its name, leaving out one that is `nil`: the JSON
    /// the synthesized conformance wrote, without a key type of its own.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: AnyCodingKey.self)
        try c.encode(code, forKey: "code")
        try c.encode(severity, forKey: "severity")
        try c.encode(message, forKey: "message")
        try c.encode(path, forKey: "path")
    }
}
