import DeepLinks

/// A strict RFC 8259 reader for untrusted JSON, with a nesting limit and duplicate-key report.
///
/// Foundation's readers differ between platforms in what they accept (comments, trailing
/// commas, lone surrogates) and recurse without a bound; association files come from servers
/// the app does not control, so this reader is strict, bounded and the same everywhere. It
/// reads its tokens with ``JSONScanner`` and keeps only the structure: which token may follow
/// which, the nesting limit and the keys seen.
///
/// Cost: time and memory linear in the text (the scanner reads each byte once; each repeated
/// key is recorded once, in constant time, whatever the length of its path).
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

    private static let trueWord = Array("true".utf8)
    private static let falseWord = Array("false".utf8)
    private static let nullWord = Array("null".utf8)

    private var scanner: JSONScanner
    /// Whether a repeated key is an error (every reader but the association-file document's,
    /// which reports repeated keys as findings, as Apple's reader keeps one of the values).
    private let refusesDuplicateKeys: Bool
    private var duplicateKeys = JSONDuplicateKeys()
    /// The steps from the root to the value being read, each with its node in
    /// `duplicateKeys` once a duplicate below it needed one.
    private var pathStack: [(step: JSONDuplicateKeys.Step, node: Int?)] = []
    /// How many steps at the bottom of `pathStack` have their node already.
    private var materialized = 0

    private init(bytes: [UInt8], refusesDuplicateKeys: Bool) {
        scanner = JSONScanner(bytes)
        self.refusesDuplicateKeys = refusesDuplicateKeys
    }

    /// Parses `bytes`; a repeated key is refused when `refusesDuplicateKeys`, else reported
    /// in the result (the last value is kept).
    package static func parse(_ bytes: [UInt8], refusesDuplicateKeys: Bool = false) throws(JSONSyntaxError)
        -> Result
    {
        var parser = JSONParser(bytes: bytes, refusesDuplicateKeys: refusesDuplicateKeys)
        do throws(JSONScanner.Failure) {
            parser.scanner.skipWhitespace()
            let value = try parser.parseValue(depth: 0)
            parser.scanner.skipWhitespace()
            guard parser.scanner.isAtEnd else {
                throw JSONScanner.Failure(.trailingText, at: parser.scanner.index)
            }
            return Result(value: value, duplicateKeys: parser.duplicateKeys)
        } catch {
            throw JSONSyntaxError(error, in: bytes)
        }
    }

    /// A failure at the next byte.
    private func failure(_ problem: JSONScanner.Problem) -> JSONScanner.Failure {
        JSONScanner.Failure(problem, at: scanner.index)
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

    private mutating func parseValue(depth: Int) throws(JSONScanner.Failure) -> JSONValue {
        guard let byte = scanner.next else { throw failure(.expectedValue) }
        switch byte {
        case UInt8(ascii: "{"): return try parseObject(depth: depth + 1)
        case UInt8(ascii: "["): return try parseArray(depth: depth + 1)
        case UInt8(ascii: "\""): return .string(try scanner.readString())
        case UInt8(ascii: "t"): return try parseLiteral(Self.trueWord, .bool(true))
        case UInt8(ascii: "f"): return try parseLiteral(Self.falseWord, .bool(false))
        case UInt8(ascii: "n"): return try parseLiteral(Self.nullWord, .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            let literal = try scanner.readNumber()
            return .number(
                JSONNumber(checkedLiteral: String(decoding: scanner.bytes[literal], as: UTF8.self)))
        default:
            throw failure(.expectedValue)
        }
    }

    private mutating func parseLiteral(_ word: [UInt8], _ value: JSONValue) throws(JSONScanner.Failure)
        -> JSONValue
    {
        guard scanner.skip(word) else { throw failure(.expectedValue) }
        return value
    }

    private mutating func parseObject(depth: Int) throws(JSONScanner.Failure) -> JSONValue {
        guard depth <= JSONParser.maximumDepth else {
            throw failure(.tooDeep(limit: JSONParser.maximumDepth))
        }
        scanner.index += 1
        var members: [String: JSONValue] = [:]
        scanner.skipWhitespace()
        if scanner.skip(UInt8(ascii: "}")) { return .object(members) }
        while true {
            scanner.skipWhitespace()
            guard scanner.next == UInt8(ascii: "\"") else { throw failure(.expectedKey) }
            let keyOffset = scanner.index
            let key = try scanner.readString()
            if refusesDuplicateKeys && members[key] != nil {
                throw JSONScanner.Failure(.duplicateKey(key), at: keyOffset)
            }
            scanner.skipWhitespace()
            guard scanner.skip(UInt8(ascii: ":")) else { throw failure(.expectedColon) }
            scanner.skipWhitespace()
            pathStack.append((.key(key), nil))
            let value = try parseValue(depth: depth)
            popPath()
            if members.updateValue(value, forKey: key) != nil {
                duplicateKeys.append(parent: currentNode(), key: key)
            }
            scanner.skipWhitespace()
            guard !scanner.isAtEnd else { throw failure(.unterminatedObject) }
            if scanner.skip(UInt8(ascii: ",")) { continue }
            guard scanner.skip(UInt8(ascii: "}")) else { throw failure(.expectedCommaOrBrace) }
            return .object(members)
        }
    }

    private mutating func parseArray(depth: Int) throws(JSONScanner.Failure) -> JSONValue {
        guard depth <= JSONParser.maximumDepth else {
            throw failure(.tooDeep(limit: JSONParser.maximumDepth))
        }
        scanner.index += 1
        var elements: [JSONValue] = []
        scanner.skipWhitespace()
        if scanner.skip(UInt8(ascii: "]")) { return .array(elements) }
        while true {
            scanner.skipWhitespace()
            pathStack.append((.index(elements.count), nil))
            elements.append(try parseValue(depth: depth))
            popPath()
            scanner.skipWhitespace()
            guard !scanner.isAtEnd else { throw failure(.unterminatedArray) }
            if scanner.skip(UInt8(ascii: ",")) { continue }
            guard scanner.skip(UInt8(ascii: "]")) else { throw failure(.expectedCommaOrBracket) }
            return .array(elements)
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
