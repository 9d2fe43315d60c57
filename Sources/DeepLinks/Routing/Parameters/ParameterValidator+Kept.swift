import Foundation

/// What the router keeps of a path parameter it checked on the way down the trie, to build
/// the winner's value without checking the segment again.
///
/// Trivially copyable: a buffer of them needs no clean-up, and writing one over another
/// releases nothing.
enum KeptValue {
    /// The segment was refused, or nothing was kept at this position.
    case none
    /// The value is the segment's text itself (strings, slugs).
    case text
    case integer(Int)
    case uuid(UUID)
    case boolean(Bool)
    /// The enumeration value at this position of the declared values.
    case enumerated(Int)
    /// Accepted by a custom type, whose value is read by validating again.
    case accepted
}

extension ParameterValidator {
    /// Whether a decoded path segment passes, and what to keep of its value, without building
    /// a failure reason: the trie's test of a parameter edge.
    ///
    /// Accepts exactly the texts ``validate(_:)`` accepts (`.none` for the others), and
    /// ``value(of:kept:)`` turns what it keeps into the value ``validate(_:)`` returns.
    func check(_ text: String) -> KeptValue {
        switch type {
        case .integer(let range):
            if case .value(let value) = TextBytes.read(text, { Self.parseInteger($0, in: range) }) {
                return .integer(value)
            }
            return .none
        case .uuid:
            if let bytes = TextBytes.read(text, Self.uuidBytes) { return .uuid(UUID(uuid: bytes)) }
            return .none
        case .slug(let length):
            return Self.isSlug(text, length: length) ? .text : .none
        case .boolean:
            switch text {
            case "true", "1": return .boolean(true)
            case "false", "0": return .boolean(false)
            default: return .none
            }
        case .enumeration:
            if let i = enumerationPosition(of: text) { return .enumerated(i) }
            return .none
        case .string(let length, let characters):
            // Printable ASCII, the usual case, as `string(_:length:characters:)` reads it.
            let printable = TextBytes.read(text) { bytes -> Bool? in
                guard Self.isPrintableASCII(bytes) else { return nil }
                guard bytes.count <= length.upperBound, bytes.count >= length.lowerBound else { return false }
                for i in bytes.indices where !characters.contains(Unicode.Scalar(bytes[i])) { return false }
                return true
            }
            if let accepted = printable { return accepted ? .text : .none }
        case .pattern(let pattern):
            return pattern.matches(text) ? .text : .none
        case .custom:
            break
        }
        switch validate(text) {
        case .failure: return .none
        case .success(let value):
            switch value {
            case .integer(let v): return .integer(v)
            case .uuid(let v): return .uuid(v)
            case .boolean(let v): return .boolean(v)
            case .string, .segments:
                if case .custom = type { return .accepted }
                return .text
            }
        }
    }

    /// The position among an enumeration's values of the one `text` is (compared as the
    /// table compares letters), or `nil`: one look-up for a large enumeration, a scan of a
    /// small one.
    func enumerationPosition(of text: String) -> Int? {
        guard case .enumeration(let values) = type else { return nil }
        if caseSensitive {
            if !enumerationIndex.isEmpty { return enumerationIndex[text] }
            for i in values.indices where values[i] == text { return i }
            return nil
        }
        let folded = text.lowercased()
        if !enumerationIndex.isEmpty { return enumerationIndex[folded] }
        return foldedValues.firstIndex(of: folded)
    }

    /// The value ``validate(_:)`` gives a segment that ``check(_:)`` accepted with `kept`;
    /// `nil` when the segment is refused.
    func value(of text: String, kept: KeptValue) -> ParameterValue? {
        switch kept {
        case .text: return .string(text)
        case .integer(let v): return .integer(v)
        case .uuid(let v): return .uuid(v)
        case .boolean(let v): return .boolean(v)
        case .enumerated(let i):
            guard case .enumeration(let values) = type, i < values.count else { break }
            return .string(values[i])
        case .none, .accepted: break
        }
        return try? validate(text).get()
    }

    /// Whether a text is a slug of that length: lower-case ASCII letters and digits in words
    /// joined by single hyphens. The same answer as ``slug(_:length:)``, without a reason.
    static func isSlug(_ text: String, length: ClosedRange<Int>) -> Bool {
        let utf8 = text.utf8
        let count = utf8.count
        guard count > 0, count <= length.upperBound, count >= length.lowerBound else { return false }
        var previousWasHyphen = true
        for byte in utf8 {
            let isHyphen = byte == UInt8(ascii: "-")
            let isWordByte = ASCII.isDigit(byte) || (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
            guard isWordByte || (isHyphen && !previousWasHyphen) else { return false }
            previousWasHyphen = isHyphen
        }
        return !previousWasHyphen
    }
}
