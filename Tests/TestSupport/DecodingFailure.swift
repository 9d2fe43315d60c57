/// What a `DecodingError` says, in one line a test can compare exactly: its kind, where in
/// the input the decoder was (keys joined by `.`, positions in brackets) and its sentence.
///
/// ```swift
/// let error = #expect(throws: DecodingError.self) { try JSONDecoder().decode(T.self, from: data) }
/// #expect(DecodingFailure.line(error) == "dataCorrupted: unknown key 'x' in …")
/// ```
public enum DecodingFailure {
    /// `kind at path: sentence` (`kind: sentence` at the top level), or `nil` for `nil`.
    public static func line(_ error: DecodingError?) -> String? {
        guard let error else { return nil }
        let kind: String
        let context: DecodingError.Context
        switch error {
        case .typeMismatch(_, let c): (kind, context) = ("typeMismatch", c)
        case .valueNotFound(_, let c): (kind, context) = ("valueNotFound", c)
        case .keyNotFound(_, let c): (kind, context) = ("keyNotFound", c)
        case .dataCorrupted(let c): (kind, context) = ("dataCorrupted", c)
        @unknown default: return "\(error)"
        }
        var path = ""
        for key in context.codingPath {
            if let index = key.intValue {
                path += "[\(index)]"
            } else {
                path += (path.isEmpty ? "" : ".") + key.stringValue
            }
        }
        return path.isEmpty
            ? "\(kind): \(context.debugDescription)" : "\(kind) at \(path): \(context.debugDescription)"
    }
}
