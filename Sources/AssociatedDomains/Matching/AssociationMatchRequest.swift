import DeepLinks
import DeepLinksJSON

/// One matching question in the line protocol of the shared conformance corpus: a whole file,
/// a domain, an App ID and a URL, answered with `match`, `exclude` or `no_match`.
///
/// Answering never throws and never stops at a bad case: a request whose file is not an
/// object or whose URL has no scheme gets an error answer naming the fault, and the next line
/// is answered as usual. This is the core of a command-line runner that reads one JSON object
/// per line and writes one per line.
///
/// ```swift
/// AssociationMatchRequest.respond(toLine: #"""
///     {"id":0,"aasa":{"applinks":{"details":[{"appIDs":["A.b"],"components":[{"/":"/x"}]}]}},
///      "domain":"example.com","appId":"A.b","url":"https://example.com/x"}
///     """#)
/// // {"decision":"match","id":0}
/// ```
public struct AssociationMatchRequest: Sendable, Hashable, Codable {
    /// The caller's identifier for the case, echoed in the answer (any JSON value).
    public var id: JSONValue?
    /// The whole association file.
    public var aasa: JSONValue
    /// The domain the file was served for; empty skips the host check.
    public var domain: String
    /// The App ID under test.
    public var appId: String
    /// The URL to decide.
    public var url: String

    /// Creates a request.
    public init(id: JSONValue? = nil, aasa: JSONValue, domain: String, appId: String, url: String) {
        self.id = id
        self.aasa = aasa
        self.domain = domain
        self.appId = appId
        self.url = url
    }

    /// Reads a request from a JSON object; `nil` names the first missing or mistyped field.
    public init(json: JSONValue) throws(AssociationMatchRequestError) {
        guard case .object(let members) = json else { throw .notAnObject }
        if let unknown = members.keys.filter({ !Self.fieldNames.contains($0) }).min() {
            throw .unknownField(unknown)
        }
        guard let aasa = members["aasa"] else { throw .missingField("aasa") }
        guard let domain = members["domain"]?.stringValue else { throw .missingField("domain") }
        guard let appId = members["appId"]?.stringValue else { throw .missingField("appId") }
        guard let url = members["url"]?.stringValue else { throw .missingField("url") }
        self.init(id: members["id"], aasa: aasa, domain: domain, appId: appId, url: url)
    }

    /// The fields the protocol defines; any other is refused, so a misspelt field is never
    /// silently ignored.
    static let fieldNames: Set<String> = ["id", "aasa", "domain", "appId", "url"]

    /// Decodes a request, refusing a key the protocol does not define.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.strictContainer(allowing: Self.fieldNames, what: "an association match request")
        self.init(
            // An absent `id` stays absent (`nil`), where an explicit `null` is the JSON value `null`.
            id: c.contains("id") ? try c.decode(JSONValue.self, forKey: "id") : JSONValue?.none,
            aasa: try c.decode(JSONValue.self, forKey: "aasa"),
            domain: try c.decode(String.self, forKey: "domain"),
            appId: try c.decode(String.self, forKey: "appId"),
            url: try c.decode(String.self, forKey: "url"))
    }

    /// Encodes the request, leaving out an `id` that is `nil`.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: AnyCodingKey.self)
        try c.encodeIfPresent(id, forKey: "id")
        try c.encode(aasa, forKey: "aasa")
        try c.encode(domain, forKey: "domain")
        try c.encode(appId, forKey: "appId")
        try c.encode(url, forKey: "url")
    }

    /// The decision for the request, or why it could not be decided.
    public func decide() -> Result<AssociationMatch, AssociationMatchRequestError> {
        let file: AssociationFile
        do {
            file = try AssociationFile(json: aasa)
        } catch {
            return .failure(.unreadableFile(error))
        }
        let url: AssociationURL
        do {
            url = try AssociationURL(self.url)
        } catch {
            return .failure(.unreadableURL(error))
        }
        return .success(CompiledAssociationFile(file).match(url, appID: appId, domain: domain))
    }

    /// The answer object: `{"id": …, "decision": "match"}` or `{"id": …, "error": "…"}`.
    public func answer() -> JSONValue {
        var members: [String: JSONValue] = [:]
        if let id { members["id"] = id }
        switch decide() {
        case .success(let result): members["decision"] = .string(result.decision.rawValue)
        case .failure(let error): members["error"] = .string(error.description)
        }
        return .object(members)
    }

    /// Answers one input line with one output line (compact JSON, no newline).
    public static func respond(toLine line: String) -> String {
        let json: JSONValue
        do {
            json = try JSONValue(parsing: line)
        } catch {
            return JSONValue.object([
                "error": .string(AssociationMatchRequestError.invalidJSON(error).description)
            ])
            .serialized()
        }
        do {
            return try AssociationMatchRequest(json: json).answer().serialized()
        } catch {
            var members: [String: JSONValue] = ["error": .string(error.description)]
            if let id = json["id"] { members["id"] = id }
            return JSONValue.object(members).serialized()
        }
    }
}

/// Why a line-protocol request could not be decided.
public enum AssociationMatchRequestError: Error, Sendable, Hashable, Encodable, CustomStringConvertible {
    /// The line is not JSON.
    case invalidJSON(JSONSyntaxError)
    /// The line is JSON but not an object.
    case notAnObject
    /// A required field is missing or not a string (its name).
    case missingField(String)
    /// The object has a field the protocol does not define (its name; the first in sorted order).
    case unknownField(String)
    /// The `aasa` value is not an association file.
    case unreadableFile(AssociationFileError)
    /// The `url` has no scheme.
    case unreadableURL(AssociationURLError)

    /// A sentence that says what was wrong.
    public var description: String {
        switch self {
        case .invalidJSON(let error): "the request is not valid JSON: \(error.description)"
        case .notAnObject: "the request must be a JSON object"
        case .missingField(let name): "the request has no string field \"\(name)\""
        case .unknownField(let name):
            "the request has a field \"\(name)\" the protocol does not define; its fields are "
                + AssociationMatchRequest.fieldNames.sorted().joined(separator: ", ")
        case .unreadableFile(let error): error.description
        case .unreadableURL(let error): error.description
        }
    }
}

extension AssociationMatchRequestError {
    /// Encodes the case as `{"case": {"label": value, …}}`, the text Swift's synthesized
    /// conformance writes.
    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .invalidJSON(let value):
            var values = EnumCaseEncoder(encoder, "invalidJSON")
            try values("_0", value)
        case .notAnObject: _ = EnumCaseEncoder(encoder, "notAnObject")
        case .missingField(let value):
            var values = EnumCaseEncoder(encoder, "missingField")
            try values("_0", value)
        case .unknownField(let value):
            var values = EnumCaseEncoder(encoder, "unknownField")
            try values("_0", value)
        case .unreadableFile(let value):
            var values = EnumCaseEncoder(encoder, "unreadableFile")
            try values("_0", value)
        case .unreadableURL(let value):
            var values = EnumCaseEncoder(encoder, "unreadableURL")
            try values("_0", value)
        }
    }
}
