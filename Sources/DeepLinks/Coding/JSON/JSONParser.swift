/// A strict RFC 8259 reader for untrusted JSON, with a nesting limit and duplicate-key report.
///
/// Foundation's readers differ between platforms in what they accept (comments, trailing
/// commas, lone surrogates) and recurse without a bound; association files come from servers
/// the app does not control, so this reader is strict, bounded and the same everywhere.
package struct JSONParser {
    /// Deepest nesting accepted; deeper input is refused instead of exhausting the stack.
    package static let maximumDepth = 256

    /// What the parser found besides the value: keys that appeared twice in one object.
    package struct Result {
        package var value: JSONValue
        /// Keys that were repeated (the last value was kept), as references into a path tree:
        /// recording one costs the same however long the path to it is.
        package var duplicateKeys: JSONDuplicateKeys
    }

    private let bytes: [UInt8]
    /// Whether a repeated key is an error (every reader but the association-file document's,
    /// which reports repeated keys as findings, as Apple's reader keeps one of the values).
    private let refusesDuplicateKeys: Bool
    private var index = 0
    private var duplicateKeys = JSONDuplicateKeys()
    /// The steps from the root to the value being read, each with its node in
    /// `duplicateKeys` once a duplicate below it needed one.
    private var pathStack: [(step: JSONDuplicateKeys.Step, node: Int?)] = []
    /// How many steps at the bottom of `pathStack` have their node already.
    private var materialized = 0

    private init(bytes: [UInt8], refusesDuplicateKeys: Bool) {
        self.bytes = bytes
        self.refusesDuplicateKeys = refusesDuplicateKeys
    }

    /// Parses `bytes`; a repeated key is refused when `refusesDuplicateKeys`, else reported
    /// in the result (the last value is kept).
    package static func parse(_ bytes: [UInt8], refusesDuplicateKeys: Bool = false) throws(JSONSyntaxError)
        -> Result
    {
        var parser = JSONParser(bytes: bytes, refusesDuplicateKeys: refusesDuplicateKeys)
        parser.skipWhitespace()
        let value = try parser.parseValue(depth: 0)
        parser.skipWhitespace()
        guard parser.index == bytes.count else {
            throw parser.error("unexpected text after the JSON value")
        }
        return Result(value: value, duplicateKeys: parser.duplicateKeys)
    }

    private func error(_ problem: String, at offset: Int? = nil) -> JSONSyntaxError {
        let offset = min(offset ?? index, bytes.count)
        var line = 1
        var lineStart = 0
        for i in 0..<offset where bytes[i] == 0x0A {
            line += 1
            lineStart = i + 1
        }
        return JSONSyntaxError(problem: problem, offset: offset, line: line, column: offset - lineStart + 1)
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    private func describeHere() -> String {
        guard index < bytes.count else { return "the end of the text" }
        let byte = bytes[index]
        if byte >= 0x21 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        return "byte 0x" + String(byte, radix: 16, uppercase: true)
    }

    private mutating func popPath() {
        pathStack.removeLast()
        materialized = min(materialized, pathStack.count)
    }

    /// The node of the value being read, adding nodes for the steps that have none yet.
    private mutating func currentNode() -> Int {
        var node = materialized == 0 ? JSONDuplicateKeys.root : pathStack[materialized - 1].node ?? 0
        for position in materialized..<pathStack.count {
            node = duplicateKeys.addNode(parent: node, step: pathStack[position].step)
            pathStack[position].node = node
        }
        materialized = pathStack.count
        return node
    }

    private mutating func parseValue(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        guard index < bytes.count else { throw error("expected a value but found the end of the text") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try parseObject(depth: depth + 1)
        case UInt8(ascii: "["): return try parseArray(depth: depth + 1)
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): return try parseLiteral("true", .bool(true))
        case UInt8(ascii: "f"): return try parseLiteral("false", .bool(false))
        case UInt8(ascii: "n"): return try parseLiteral("null", .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            let start = index
            guard JSONNumber.scan(bytes, from: &index) else { throw error("malformed number", at: start) }
            let literal = String(decoding: bytes[start..<index], as: UTF8.self)
            return .number(JSONNumber(checkedLiteral: literal))
        default:
            throw error("expected a value but found \(describeHere())")
        }
    }

    private mutating func parseLiteral(_ word: String, _ value: JSONValue) throws(JSONSyntaxError)
        -> JSONValue
    {
        let utf8 = Array(word.utf8)
        guard index + utf8.count <= bytes.count, Array(bytes[index..<index + utf8.count]) == utf8 else {
            throw error("expected a value but found \(describeHere())")
        }
        index += utf8.count
        return value
    }

    private mutating func parseObject(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        guard depth <= JSONParser.maximumDepth else {
            throw error("nesting is deeper than \(JSONParser.maximumDepth) levels")
        }
        index += 1
        var members: [String: JSONValue] = [:]
        skipWhitespace()
        if index < bytes.count && bytes[index] == UInt8(ascii: "}") {
            index += 1
            return .object(members)
        }
        while true {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
                throw error("expected a string key but found \(describeHere())")
            }
            let keyOffset = index
            let key = try parseString()
            if refusesDuplicateKeys && members[key] != nil {
                throw error(
                    "the key \(key.debugDescription) appears twice in one object (readers disagree on which "
                        + "value counts)", at: keyOffset)
            }
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
                throw error("expected ':' after a key but found \(describeHere())")
            }
            index += 1
            skipWhitespace()
            pathStack.append((.key(key), nil))
            let value = try parseValue(depth: depth)
            popPath()
            if members.updateValue(value, forKey: key) != nil {
                duplicateKeys.append(parent: currentNode(), key: key)
            }
            skipWhitespace()
            guard index < bytes.count else { throw error("unterminated object: expected ',' or '}'") }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
                continue
            }
            guard bytes[index] == UInt8(ascii: "}") else {
                throw error("expected ',' or '}' in an object but found \(describeHere())")
            }
            index += 1
            return .object(members)
        }
    }

    private mutating func parseArray(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        guard depth <= JSONParser.maximumDepth else {
            throw error("nesting is deeper than \(JSONParser.maximumDepth) levels")
        }
        index += 1
        var elements: [JSONValue] = []
        skipWhitespace()
        if index < bytes.count && bytes[index] == UInt8(ascii: "]") {
            index += 1
            return .array(elements)
        }
        while true {
            skipWhitespace()
            pathStack.append((.index(elements.count), nil))
            elements.append(try parseValue(depth: depth))
            popPath()
            skipWhitespace()
            guard index < bytes.count else { throw error("unterminated array: expected ',' or ']'") }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
                continue
            }
            guard bytes[index] == UInt8(ascii: "]") else {
                throw error("expected ',' or ']' in an array but found \(describeHere())")
            }
            index += 1
            return .array(elements)
        }
    }

    private mutating func parseString() throws(JSONSyntaxError) -> String {
        let start = index
        index += 1
        var out: [UInt8] = []
        while true {
            guard index < bytes.count else { throw error("unterminated string", at: start) }
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                guard let text = UTF8Text.decode(out) else {
                    throw error("string is not valid UTF-8", at: start)
                }
                return text
            case UInt8(ascii: "\\"):
                do throws(JSONEscape.Problem) {
                    switch try JSONEscape.read(bytes, at: &index) {
                    case .byte(let byte): out.append(byte)
                    case .scalar(let scalar): out.append(contentsOf: UTF8.encode(scalar)!)
                    }
                } catch {
                    throw self.error(Self.sentence(for: error.kind), at: error.offset)
                }
            case 0x00..<0x20:
                throw error("unescaped control character in a string")
            default:
                out.append(byte)
                index += 1
            }
        }
    }

    private static func sentence(for problem: JSONEscape.Problem.Kind) -> String {
        switch problem {
        case .unterminated: "unterminated escape in a string"
        case .invalid(let byte): "invalid escape '\\\(Character(Unicode.Scalar(byte)))' in a string"
        case .truncatedUnicode: "truncated \\u escape"
        case .invalidHexDigit: "invalid hexadecimal digit in a \\u escape"
        case .loneLowSurrogate: "lone low surrogate in a \\u escape"
        case .loneHighSurrogate: "lone high surrogate in a \\u escape"
        }
    }
}

/// Spelling of JSON paths in findings: `$.applinks.details[0].components[2]["?"]`.
package enum JSONPath {
    package static func appending(key: String, to path: String) -> String {
        let isIdentifier =
            !key.isEmpty
            && key.unicodeScalars.allSatisfy { scalar in
                scalar.isASCII
                    && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "_")
            }
        if isIdentifier { return path + "." + key }
        var escaped = ""
        for character in key {
            switch character {
            case "\"": escaped += "\\\""
            case "\\": escaped += "\\\\"
            default: escaped.append(character)
            }
        }
        return path + "[\"" + escaped + "\"]"
    }
}

extension JSONValue {
    /// Parses JSON text strictly (RFC 8259), refusing nesting deeper than 256 levels and a key
    /// repeated in one object (naming the key and its place): two readers of such text can see
    /// different values. An association file as a server sends it is read with
    /// the association-file document reader, which reports repeated keys as findings instead.
    public init(parsing text: String) throws(JSONSyntaxError) {
        self = try JSONParser.parse(Array(text.utf8), refusesDuplicateKeys: true).value
    }

    /// Parses JSON from UTF-8 bytes strictly (RFC 8259), refusing nesting deeper than 256 levels
    /// and a key repeated in one object.
    public init(parsing bytes: some Sequence<UInt8>) throws(JSONSyntaxError) {
        self = try JSONParser.parse(Array(bytes), refusesDuplicateKeys: true).value
    }
}
