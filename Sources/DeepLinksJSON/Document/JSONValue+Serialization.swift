import DeepLinks

/// How ``JSONValue/serialized(_:)`` writes JSON: compact or indented, and in which key order.
///
/// Key order is always deterministic: keys named in ``keyPriority`` come first in that order,
/// every other key follows in ascending order of its Unicode scalars. The same value therefore
/// always serialises to the same bytes, which keeps diffs of generated files small.
///
/// ```swift
/// let value: JSONValue = ["b": 1, "a": 2]
/// value.serialized(.compact)         // {"a":2,"b":1}
/// value.serialized(.pretty)          // "{\n  \"a\" : 2, ..."
/// ```
public struct JSONFormat: Sendable, Hashable {
    /// Whether to break lines and indent by two spaces per level.
    public var isPretty: Bool
    /// Keys written first, in this order, wherever they appear.
    public var keyPriority: [String]

    /// Creates a format.
    public init(isPretty: Bool = false, keyPriority: [String] = []) {
        self.isPretty = isPretty
        self.keyPriority = keyPriority
    }

    /// One line, no spaces, keys in ascending order.
    public static let compact = JSONFormat()
    /// Two-space indentation, keys in ascending order.
    public static let pretty = JSONFormat(isPretty: true)
}

extension JSONValue {
    /// The value as JSON text, deterministically (see ``JSONFormat``).
    ///
    /// Strings escape `"`, `\` and control characters and keep everything else, including
    /// `/` and non-ASCII text, as it is.
    public func serialized(_ format: JSONFormat = .compact) -> String {
        var rank: [String: Int] = [:]
        for (position, key) in format.keyPriority.enumerated() where rank[key] == nil { rank[key] = position }
        var out = ""
        write(into: &out, format: format, rank: rank, level: 0)
        return out
    }

    private func write(into out: inout String, format: JSONFormat, rank: [String: Int], level: Int) {
        switch self {
        case .null: out += "null"
        case .bool(let flag): out += flag ? "true" : "false"
        case .number(let number): out += number.literal
        case .string(let text): JSONValue.writeString(text, into: &out)
        case .array(let elements):
            guard !elements.isEmpty else {
                out += "[]"
                return
            }
            out += "["
            for (position, element) in elements.enumerated() {
                if position > 0 { out += "," }
                if format.isPretty { JSONValue.newline(into: &out, level: level + 1) }
                element.write(into: &out, format: format, rank: rank, level: level + 1)
            }
            if format.isPretty { JSONValue.newline(into: &out, level: level) }
            out += "]"
        case .object(let members):
            guard !members.isEmpty else {
                out += "{}"
                return
            }
            out += "{"
            for (position, key) in JSONValue.orderedKeys(members.keys, rank: rank).enumerated() {
                if position > 0 { out += "," }
                if format.isPretty { JSONValue.newline(into: &out, level: level + 1) }
                JSONValue.writeString(key, into: &out)
                out += format.isPretty ? ": " : ":"
                members[key]?.write(into: &out, format: format, rank: rank, level: level + 1)
            }
            if format.isPretty { JSONValue.newline(into: &out, level: level) }
            out += "}"
        }
    }

    static func orderedKeys(_ keys: some Collection<String>, rank: [String: Int]) -> [String] {
        keys.sorted { left, right in
            switch (rank[left], rank[right]) {
            case (let l?, let r?): return l < r
            case (.some, nil): return true
            case (nil, .some): return false
            case (nil, nil): return left.unicodeScalars.lexicographicallyPrecedes(right.unicodeScalars)
            }
        }
    }

    private static func newline(into out: inout String, level: Int) {
        out += "\n"
        out += String(repeating: "  ", count: level)
    }

    private static func writeString(_ text: String, into out: inout String) {
        out += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{08}": out += "\\b"
            case "\u{0C}": out += "\\f"
            case "\u{00}"..."\u{1F}", "\u{7F}", "\u{2028}", "\u{2029}":
                let hex = String(scalar.value, radix: 16, uppercase: true)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        out += "\""
    }
}
