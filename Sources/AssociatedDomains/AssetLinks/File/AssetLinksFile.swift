import DeepLinks
import DeepLinksJSON

/// An `assetlinks.json` file: the Digital Asset Links statement list a website serves at
/// `https://<domain>/.well-known/assetlinks.json` to vouch for Android apps.
///
/// Android verifies an app's App Links by reading this list: a statement that grants
/// ``AssetStatement/handleAllURLs`` to the app's package name and one of its signing
/// certificates lets the app open the domain's links without asking. From Android 15 on, a
/// statement may also carry dynamic rules saying which of those URLs open the app
/// (``DynamicAppLinkComponent``).
///
/// Reading is strict, because the format is closed: a key the format does not define, a value
/// of the wrong type, a malformed fingerprint or package name, or a key repeated in one object
/// is refused with ``AssetLinksError/invalid(_:)``, naming every problem
/// (``AssetLinksValidator`` reports the same findings, plus warnings and notes, without
/// refusing). Reading costs time and memory linear in the bytes: bytes over
/// ``maximumByteCount`` are refused before parsing, the JSON reader visits each byte once with
/// a nesting limit of 256, and each value is then looked at once.
///
/// ```swift
/// let file = try AssetLinksFile(parsing: """
///     [{"relation": ["delegate_permission/common.handle_all_urls"],
///       "target": {"namespace": "android_app", "package_name": "com.example.app",
///                  "sha256_cert_fingerprints": ["14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"]}}]
///     """)
/// file.appLinksPackages   // ["com.example.app"]
/// ```
public struct AssetLinksFile: Sendable, Hashable, Codable {
    /// The largest file read: 128 KB, the limit this package holds both association files to
    /// (Android documents no figure; a statement list for a few apps is a few kilobytes).
    public static let maximumByteCount = 128 * 1024

    /// The statements, in order.
    public var statements: [AssetStatement]
    /// The statement lists this one includes (`{"include": "https://…"}`), in order. They are
    /// not fetched.
    public var includes: [String]

    /// Creates a statement list.
    public init(statements: [AssetStatement] = [], includes: [String] = []) {
        self.statements = statements
        self.includes = includes
    }

    /// The package names of the apps the list lets open links, each once, in order.
    public var appLinksPackages: [String] {
        var seen: Set<String> = []
        return statements.compactMap { statement in
            guard statement.grantsAppLinks, let name = statement.target.androidApp?.packageName,
                seen.insert(name).inserted
            else { return nil }
            return name
        }
    }

    /// Reads bytes as served. At most ``maximumByteCount`` plus one bytes of the sequence are
    /// read; cost linear in the bytes.
    public init(bytes: some Sequence<UInt8>) throws(AssetLinksError) {
        let result = try AssetLinksReader.read(bytes: bytes)
        guard result.findings.allSatisfy({ $0.severity < .error }) else { throw .invalid(result.findings) }
        self = result.file
    }

    /// Reads JSON text.
    public init(parsing text: String) throws(AssetLinksError) {
        try self.init(bytes: Array(text.utf8))
    }

    /// Reads a parsed JSON value (duplicate keys cannot be seen here: read bytes to refuse them).
    public init(json: JSONValue) throws(AssetLinksError) {
        guard case .array = json else { throw .notAnArray(found: json.kindDescription) }
        var reader = AssetLinksReader()
        let file = reader.file(json)
        guard let file, reader.findings.allSatisfy({ $0.severity < .error }) else {
            throw .invalid(reader.findings)
        }
        self = file
    }

    /// The list as JSON.
    public var json: JSONValue {
        .array(statements.map(\.json) + includes.map { [AssetLinksKey.include: .string($0)] })
    }

    /// The list as JSON text, deterministically, with keys in their conventional order.
    ///
    /// ```swift
    /// file.serialized()          // one line
    /// file.serialized(.pretty)   // indented, as served
    /// ```
    public func serialized(_ style: AssociationFile.SerializationStyle = .compact) -> String {
        json.serialized(style == .pretty ? .assetLinksPretty : .assetLinksCompact)
    }

    /// The bytes to serve at `/.well-known/assetlinks.json` (indented UTF-8 JSON with a final
    /// newline), with the content type to serve them with.
    ///
    /// ```swift
    /// let body = file.servedBytes          // respond with AssetLinksFile.contentType
    /// ```
    public var servedBytes: [UInt8] { Array((serialized(.pretty) + "\n").utf8) }

    /// The content type Android expects for the file.
    public static let contentType = "application/json"

    /// The path the file is served at.
    public static let wellKnownPath = "/.well-known/assetlinks.json"

    /// Decodes a list from its `assetlinks.json` form, strictly.
    public init(from decoder: any Decoder) throws {
        let value = try JSONValue(from: decoder)
        do {
            try self.init(json: value)
        } catch {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(codingPath: decoder.codingPath, debugDescription: error.description))
        }
    }

    /// Encodes the list in its `assetlinks.json` form.
    public func encode(to encoder: any Encoder) throws {
        try json.encode(to: encoder)
    }
}

/// Why bytes could not be read as an `assetlinks.json` statement list.
///
/// ```swift
/// do {
///     _ = try AssetLinksFile(parsing: "{}")
/// } catch {
///     error.description   // "assetlinks.json must be a JSON array of statements, but it is an object"
/// }
/// ```
public enum AssetLinksError: Error, Sendable, Hashable, Encodable, CustomStringConvertible {
    /// The bytes are empty.
    case empty
    /// The bytes are more than ``AssetLinksFile/maximumByteCount``; `byteCount` is their size
    /// when it was known without reading past the limit.
    case tooLarge(byteCount: Int?)
    /// The text is not JSON.
    case invalidJSON(JSONSyntaxError)
    /// The JSON is not an array (`found` names what it is).
    case notAnArray(found: String)
    /// The list breaks the format's rules: every error finding (and the others found with them).
    case invalid([AssetLinksFinding])

    /// A sentence that says what was wrong.
    public var description: String {
        switch self {
        case .empty: return "assetlinks.json is empty"
        case .tooLarge(let count?):
            return
                "assetlinks.json is \(count) bytes, over the limit of \(AssetLinksFile.maximumByteCount) bytes, "
                + "so it was not read"
        case .tooLarge(nil):
            return
                "assetlinks.json is over the limit of \(AssetLinksFile.maximumByteCount) bytes, so it was not read"
        case .invalidJSON(let error): return "assetlinks.json is not valid JSON: \(error.description)"
        case .notAnArray(let found):
            return "assetlinks.json must be a JSON array of statements, but it is \(found)"
        case .invalid(let findings):
            let errors = findings.filter { $0.severity == .error }
            guard let first = errors.first else { return "assetlinks.json breaks the format's rules" }
            let more =
                errors.count > 1 ? " (and \(errors.count - 1) more error\(errors.count == 2 ? "" : "s"))" : ""
            return "assetlinks.json breaks the format's rules: \(first)\(more)"
        }
    }
}

extension AssetLinksError {
    /// Encodes the case as `{"case": {"label": value, …}}`, the text Swift's synthesized
    /// conformance writes.
    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .empty: _ = EnumCaseEncoder(encoder, "empty")
        case .tooLarge(let byteCount):
            var values = EnumCaseEncoder(encoder, "tooLarge")
            try values("byteCount", ifPresent: byteCount)
        case .invalidJSON(let value):
            var values = EnumCaseEncoder(encoder, "invalidJSON")
            try values("_0", value)
        case .notAnArray(let found):
            var values = EnumCaseEncoder(encoder, "notAnArray")
            try values("found", found)
        case .invalid(let value):
            var values = EnumCaseEncoder(encoder, "invalid")
            try values("_0", value)
        }
    }
}
