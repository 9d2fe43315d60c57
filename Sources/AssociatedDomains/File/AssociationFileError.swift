import DeepLinks
import DeepLinksJSON

/// Why bytes could not be read as an association file at all.
///
/// Only what stops reading is an error: a file that reads but breaks a rule is described by
/// ``AssociationFileValidator`` findings instead.
///
/// ```swift
/// do {
///     _ = try AssociationFile(parsing: "[]")
/// } catch {
///     error.description   // "the association file must be a JSON object, but it is an array"
/// }
/// ```
public enum AssociationFileError: Error, Sendable, Hashable, Encodable, CustomStringConvertible {
    /// The bytes are empty.
    case empty
    /// The bytes are more than Apple's limit of 128 KB (``AssociationFileDocument/maximumByteCount``),
    /// so they were refused before parsing; `byteCount` is their size when it was known without
    /// reading past the limit.
    case tooLarge(byteCount: Int?)
    /// The text is not JSON.
    case invalidJSON(JSONSyntaxError)
    /// The JSON is not an object (`found` names what it is).
    case notAnObject(found: String)
    /// The bytes look like a CMS (PKCS #7) signed file, but its content could not be extracted.
    case unreadableSignedFile(CMSError)

    /// A sentence that says what was wrong.
    public var description: String {
        switch self {
        case .empty: "the association file is empty"
        case .tooLarge(let count?):
            "the association file is \(count) bytes, over Apple's limit of 128 KB "
                + "(\(AssociationFileDocument.maximumByteCount) bytes), so it was not read"
        case .tooLarge(nil):
            "the association file is larger than Apple's limit of 128 KB "
                + "(\(AssociationFileDocument.maximumByteCount) bytes), so it was not read"
        case .invalidJSON(let error): "the association file is not valid JSON: \(error.description)"
        case .notAnObject(let found): "the association file must be a JSON object, but it is \(found)"
        case .unreadableSignedFile(let error):
            "the signed association file could not be read: \(error.description)"
        }
    }
}

extension AssociationFileError {
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
        case .notAnObject(let found):
            var values = EnumCaseEncoder(encoder, "notAnObject")
            try values("found", found)
        case .unreadableSignedFile(let value):
            var values = EnumCaseEncoder(encoder, "unreadableSignedFile")
            try values("_0", value)
        }
    }
}
