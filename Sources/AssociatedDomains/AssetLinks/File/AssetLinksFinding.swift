import DeepLinks

/// One thing reading or validation found in an `assetlinks.json` file: a stable code, a
/// severity, a sentence and the JSON path it is about.
///
/// ```swift
/// let finding = AssetLinksValidator().validate(bytes: served).first
/// finding?.code          // .fingerprintMalformed ("ASSETLINKS115")
/// finding?.path          // "$[0].target.sha256_cert_fingerprints[0]"
/// finding?.description   // "ASSETLINKS115 error at $[0].target…: character 4 is a lower-case hex digit; …"
/// ```
public struct AssetLinksFinding: Sendable, Hashable, Encodable, CustomStringConvertible {
    /// How much a finding matters (note < warning < error; an error means the file is refused:
    /// Android cannot verify the app, or a rule cannot work as written).
    public typealias Severity = Diagnostic.Severity

    /// The stable codes. Raw values (`ASSETLINKS115`) never change meaning; new codes are added.
    public enum Code: String, Sendable, Hashable, Codable, CaseIterable {
        /// The file is larger than ``AssetLinksFile/maximumByteCount``.
        case fileTooLarge = "ASSETLINKS001"
        /// The file is not valid JSON.
        case invalidJSON = "ASSETLINKS002"
        /// The JSON is not an array of statements.
        case notAnArray = "ASSETLINKS003"
        /// A key appears twice in one object: readers disagree on which value counts.
        case duplicateKey = "ASSETLINKS004"
        /// The file is empty.
        case emptyFile = "ASSETLINKS005"
        /// A statement that is not a JSON object.
        case statementNotAnObject = "ASSETLINKS100"
        /// A statement key the format does not define.
        case unknownStatementKey = "ASSETLINKS101"
        /// `relation` is missing, not a non-empty array of strings, or holds a string that is not
        /// `kind/detail`.
        case relationMalformed = "ASSETLINKS102"
        /// A relation App Links does not use (kept as written).
        case otherRelation = "ASSETLINKS103"
        /// No statement grants `delegate_permission/common.handle_all_urls` to an Android app:
        /// no app opens the domain's links.
        case noAppLinksStatement = "ASSETLINKS104"
        /// An `include` statement: the list it names is not fetched or checked.
        case includeStatement = "ASSETLINKS105"
        /// An `include` statement that is not one `https` URL string.
        case includeMalformed = "ASSETLINKS106"
        /// `target` is missing, not an object, or has no string `namespace`.
        case targetMalformed = "ASSETLINKS110"
        /// A namespace other than `android_app` and `web`.
        case unknownNamespace = "ASSETLINKS111"
        /// A target key its namespace does not define.
        case unknownTargetKey = "ASSETLINKS112"
        /// `package_name` is missing or not a package name.
        case packageNameMalformed = "ASSETLINKS113"
        /// `sha256_cert_fingerprints` is missing, not an array of strings, or empty.
        case fingerprintsMalformed = "ASSETLINKS114"
        /// A fingerprint not in the exact format (32 upper-case hex bytes joined by colons).
        case fingerprintMalformed = "ASSETLINKS115"
        /// The same fingerprint twice in one target.
        case duplicateFingerprint = "ASSETLINKS116"
        /// A `web` target whose `site` is not an origin (`https://example.com`, no path).
        case siteMalformed = "ASSETLINKS117"
        /// The same app in several App Links statements.
        case duplicatePackage = "ASSETLINKS118"
        /// `relation_extensions` is not an object of objects.
        case extensionsMalformed = "ASSETLINKS120"
        /// An extension for a relation the statement does not grant: it is ignored.
        case extensionWithoutRelation = "ASSETLINKS121"
        /// A key the `handle_all_urls` extension does not define.
        case unknownExtensionKey = "ASSETLINKS122"
        /// `dynamic_app_link_components` is not an array of objects.
        case componentsMalformed = "ASSETLINKS123"
        /// A rule key the format does not define (`/`, `?`, `#`, `exclude`, `comments`).
        case unknownComponentKey = "ASSETLINKS124"
        /// A rule value of the wrong type.
        case componentValueMalformed = "ASSETLINKS125"
        /// Dynamic rules on a statement that does not grant App Links to an Android app: ignored.
        case dynamicRulesIgnored = "ASSETLINKS126"
        /// A path pattern that no path can match (paths start with `/`).
        case patternNeverMatches = "ASSETLINKS130"
        /// A rule that never decides: an earlier rule matches every URL it matches.
        case unreachableComponent = "ASSETLINKS131"
        /// Dynamic rules of which none opens the app: on Android 15 and later it opens no link.
        case noComponentOpensApp = "ASSETLINKS132"

        /// The severity a finding with this code has.
        public var severity: Severity {
            switch self {
            case .otherRelation, .includeStatement: .note
            case .noAppLinksStatement, .duplicateFingerprint, .duplicatePackage, .extensionWithoutRelation,
                .dynamicRulesIgnored, .patternNeverMatches, .unreachableComponent, .noComponentOpensApp:
                .warning
            default: .error
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

    /// "ASSETLINKS115 error at $[0].target.sha256_cert_fingerprints[0]: …".
    public var description: String { "\(code.rawValue) \(severity.rawValue) at \(path): \(message)" }
}

extension Diagnostic {
    /// The diagnostic for an `assetlinks.json` finding: its code (`ASSETLINKS115`), its
    /// severity, and the JSON path it is about as the location.
    ///
    /// ```swift
    /// let diagnostics = AssetLinksValidator().validate(bytes: bytes).map(Diagnostic.init)
    /// ```
    public init(_ finding: AssetLinksFinding) {
        self.init(
            code: finding.code.rawValue, severity: finding.severity,
            location: finding.path.isEmpty ? nil : finding.path, message: finding.message)
    }
}

extension AssetLinksFinding {
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
