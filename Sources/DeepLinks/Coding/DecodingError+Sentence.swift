import Foundation

extension DecodingError {
    /// A sentence that says where in the input the error is and what is wrong, for messages
    /// that name a file: `at $.routes[2].pattern: the segment ':id(int' has no closing ')'`.
    ///
    /// The place is a JSON path from the root (`$`), with `.key` for object members and `[i]`
    /// for array elements (`at $: the key 'routes' is missing` for the top-level object). A
    /// refusal of the whole input has no place: malformed JSON reads `the data is not valid
    /// JSON`, followed by the parser's reason where Foundation gives one, and a check of the
    /// top-level object (such as an unknown key) reads as its own sentence.
    package var sentence: String {
        switch self {
        case .dataCorrupted(let context):
            guard context.codingPath.isEmpty else {
                return "at \(Self.jsonPath(context.codingPath)): \(context.debugDescription)"
            }
            guard context.debugDescription == Self.foundationInvalidJSON else {
                return context.debugDescription
            }
            // Foundation reports malformed JSON at the root, with the parser's error where it has one.
            let reason = context.underlyingError.map {
                ($0 as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? String(describing: $0)
            }
            return "the data is not valid JSON" + (reason.map { ": " + $0 } ?? "")
        case .keyNotFound(let key, let context):
            return "at \(Self.jsonPath(context.codingPath)): the key '\(key.stringValue)' is missing"
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            return "at \(Self.jsonPath(context.codingPath)): \(context.debugDescription)"
        @unknown default:
            return String(describing: self)
        }
    }

    /// Foundation's description of malformed JSON, which it reports at the root.
    private static let foundationInvalidJSON = "The given data was not valid JSON."

    /// The JSON path of a coding path: `$.routes[2].pattern`.
    package static func jsonPath(_ codingPath: [any CodingKey]) -> String {
        var text = "$"
        for key in codingPath {
            if let index = key.intValue { text += "[\(index)]" } else { text += "." + key.stringValue }
        }
        return text
    }
}
