import Foundation

/// Reads route-table JSON straight from its bytes, for ``RouteTable/init(json:)``.
///
/// The reader builds the same table as `Codable` decoding for the JSON a table is normally
/// written in, without `JSONDecoder`'s containers: texts are read from the bytes, and the
/// query lists and scopes that many routes repeat are parsed once and looked up by their
/// bytes afterwards. It handles a strict subset of what `Codable` decoding accepts and gives
/// up (returns `nil`) on anything else: malformed JSON, an unknown, missing or repeated key,
/// a `null`, a number that is not a plain integer, an invalid host pattern, safety or option
/// value, a key written with escapes, and groups nested deeper than ``maximumGroupDepth``. The
/// caller then decodes with `JSONDecoder`, which gives the same table or the typed error
/// with its sentence, so that everything `Codable` decoding checks stays checked, with the
/// same messages.
struct RouteTableJSONReader {
    /// Nothing this reader handles; `JSONDecoder` decides.
    struct Unhandled: Error {}

    /// Groups nested deeper than this are left to `JSONDecoder`.
    static let maximumGroupDepth = 32

    /// A run of input bytes, hashed and compared by content; valid while the input is.
    private struct ByteKey: Hashable {
        let start: UnsafePointer<UInt8>
        let count: Int

        static func == (lhs: ByteKey, rhs: ByteKey) -> Bool {
            lhs.count == rhs.count && (lhs.start == rhs.start || memcmp(lhs.start, rhs.start, lhs.count) == 0)
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(bytes: UnsafeRawBufferPointer(start: start, count: count))
        }
    }

    private let bytes: UnsafeBufferPointer<UInt8>
    private var at = 0
    private var queries: [ByteKey: [QueryParameter]] = [:]
    private var scopes: [ByteKey: RouteScope] = [:]
    /// The query list and scope read last, which the next route most often repeats.
    private var lastQuery: (key: ByteKey, value: [QueryParameter])?
    private var lastScope: (key: ByteKey, value: RouteScope)?

    private init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    /// The table in `json`, or `nil` when `Codable` decoding must decide.
    static func table(in json: Data) -> RouteTable? {
        json.withUnsafeBytes { raw -> RouteTable? in
            guard let base = raw.bindMemory(to: UInt8.self).baseAddress, !raw.isEmpty else { return nil }
            var reader = RouteTableJSONReader(UnsafeBufferPointer(start: base, count: raw.count))
            return try? reader.readDocument()
        }
    }

    // MARK: The table's shape

    private mutating func readDocument() throws(Unhandled) -> RouteTable {
        skipWhitespace()
        let table = try readTable()
        skipWhitespace()
        guard at == bytes.count else { throw Unhandled() }
        return table
    }

    private mutating func readTable() throws(Unhandled) -> RouteTable {
        var options = RoutingOptions()
        var canonicalHost: String?
        var scope = RouteScope.any
        var routes: [Route]?
        var groups: [[Route]]?
        var seen: UInt8 = 0
        try readObject { (reader, key) throws(Unhandled) in
            switch key {
            case "options":
                try markRead(0, in: &seen)
                options = try reader.readOptions()
            case "canonicalHost":
                try markRead(1, in: &seen)
                canonicalHost = try reader.readString()
            case "scope":
                try markRead(2, in: &seen)
                scope = try reader.readScope()
            case "routes":
                try markRead(3, in: &seen)
                routes = try reader.readRoutes()
            case "groups":
                try markRead(4, in: &seen)
                groups = try reader.readGroups(depth: 1)
            default: throw Unhandled()
            }
        }
        guard routes != nil || groups != nil else { throw Unhandled() }
        return RouteTable(
            canonicalHost: canonicalHost, scope: scope, options: options,
            routes: (routes ?? []) + (groups ?? []).flatMap { $0 })
    }

    /// A list of groups, each as its routes with its scope applied.
    private mutating func readGroups(depth: Int) throws(Unhandled) -> [[Route]] {
        guard depth <= Self.maximumGroupDepth else { throw Unhandled() }
        var groups: [[Route]] = []
        try readArray { (reader) throws(Unhandled) in groups.append(try reader.readGroup(depth: depth)) }
        return groups
    }

    private mutating func readGroup(depth: Int) throws(Unhandled) -> [Route] {
        var prefix: PathPattern = "/"
        var scope = RouteScope.any
        var routes: [Route] = []
        var nested: [[Route]] = []
        var seen: UInt8 = 0
        try readObject { (reader, key) throws(Unhandled) in
            switch key {
            case "scope":
                try markRead(0, in: &seen)
                scope = try reader.readScope()
            case "routes":
                try markRead(1, in: &seen)
                routes = try reader.readRoutes()
            case "groups":
                try markRead(2, in: &seen)
                nested = try reader.readGroups(depth: depth + 1)
            case "prefix":
                try markRead(3, in: &seen)
                prefix = PathPattern(parsing: try reader.readString())
            default: throw Unhandled()
            }
        }
        return RouteGroup.applying(
            scope, to: RouteGroup.applying(prefix: prefix, to: routes + nested.flatMap { $0 }))
    }

    private mutating func readRoutes() throws(Unhandled) -> [Route] {
        var routes: [Route] = []
        try readArray { (reader) throws(Unhandled) in routes.append(try reader.readRoute()) }
        return routes
    }

    private mutating func readRoute() throws(Unhandled) -> Route {
        var name: String?
        var path: PathPattern?
        var query: [QueryParameter] = []
        var fragment = FragmentRule.any
        var scope = RouteScope.any
        var safety = RouteSafety.navigate
        var priority = 0
        var parent: String?
        var requirements: Set<String> = []
        var seen: UInt16 = 0
        try readObject { (reader, key) throws(Unhandled) in
            switch key {
            case "name":
                try markRead(0, in: &seen)
                name = try reader.readString()
            case "path":
                try markRead(1, in: &seen)
                path = PathPattern(parsing: try reader.readString())
            case "query":
                try markRead(2, in: &seen)
                query = try reader.readQuery()
            case "fragment":
                try markRead(3, in: &seen)
                fragment = FragmentRule(parsing: try reader.readString())
            case "scope":
                try markRead(4, in: &seen)
                scope = try reader.readScope()
            case "safety":
                try markRead(5, in: &seen)
                safety = try reader.readRawValue()
            case "priority":
                try markRead(6, in: &seen)
                priority = try reader.readInteger()
            case "parent":
                try markRead(7, in: &seen)
                parent = try reader.readString()
            case "requires":
                try markRead(8, in: &seen)
                try reader.readArray { (reader) throws(Unhandled) in
                    requirements.insert(try reader.readString())
                }
            default: throw Unhandled()
            }
        }
        guard let name, let path else { throw Unhandled() }
        return Route(
            name, path, query: query, fragment: fragment, scope: scope, safety: safety, priority: priority,
            parent: parent, requires: requirements)
    }

    /// A route's query declarations; a list already read is looked up by its bytes.
    private mutating func readQuery() throws(Unhandled) -> [QueryParameter] {
        if let last = lastQuery, startsWith(last.key) { return last.value }
        let start = at
        try skipValue()
        let key = ByteKey(start: bytes.baseAddress! + start, count: at - start)
        if let known = queries[key] {
            lastQuery = (key, known)
            return known
        }
        at = start
        var query: [QueryParameter] = []
        try readArray { (reader) throws(Unhandled) in
            query.append(QueryParameter(parsing: try reader.readString()))
        }
        queries[key] = query
        lastQuery = (key, query)
        return query
    }

    /// A scope; one already read is looked up by its bytes.
    private mutating func readScope() throws(Unhandled) -> RouteScope {
        if let last = lastScope, startsWith(last.key) { return last.value }
        let start = at
        try skipValue()
        let key = ByteKey(start: bytes.baseAddress! + start, count: at - start)
        if let known = scopes[key] {
            lastScope = (key, known)
            return known
        }
        at = start
        var schemes: [String] = []
        var hosts: [HostPattern] = []
        var seen: UInt8 = 0
        try readObject { (reader, key) throws(Unhandled) in
            switch key {
            case "schemes":
                try markRead(0, in: &seen)
                try reader.readArray { (reader) throws(Unhandled) in schemes.append(try reader.readString()) }
            case "hosts":
                try markRead(1, in: &seen)
                try reader.readArray { (reader) throws(Unhandled) in
                    guard let host = HostPattern(validating: try reader.readString()) else {
                        throw Unhandled()
                    }
                    hosts.append(host)
                }
            default: throw Unhandled()
            }
        }
        let scope = RouteScope(schemes: schemes, hosts: hosts)
        scopes[key] = scope
        lastScope = (key, scope)
        return scope
    }

    private mutating func readOptions() throws(Unhandled) -> RoutingOptions {
        var options = RoutingOptions()
        var seen: UInt8 = 0
        try readObject { (reader, key) throws(Unhandled) in
            switch key {
            case "trailingSlash":
                try markRead(0, in: &seen)
                options.trailingSlash = try reader.readRawValue()
            case "caseSensitivity":
                try markRead(1, in: &seen)
                options.caseSensitivity = try reader.readRawValue()
            case "precedence":
                try markRead(2, in: &seen)
                options.precedence = try reader.readRawValue()
            default: throw Unhandled()
            }
        }
        return options
    }

    /// A string that is one of the raw values of `Value` (a safety, an option); any other
    /// string is left to `JSONDecoder`, which names it.
    private mutating func readRawValue<Value: RawRepresentable>() throws(Unhandled) -> Value
    where Value.RawValue == String {
        guard let value = Value(rawValue: try readString()) else { throw Unhandled() }
        return value
    }

    // MARK: JSON

    /// Whether the input continues with the bytes of a value read before; moves past them
    /// when it does. A JSON array or object ends where its brackets close, so the value here
    /// is that value.
    private mutating func startsWith(_ key: ByteKey) -> Bool {
        guard key.count <= bytes.count - at, memcmp(bytes.baseAddress! + at, key.start, key.count) == 0 else {
            return false
        }
        at += key.count
        return true
    }

    private mutating func skipWhitespace() {
        while at < bytes.count {
            switch bytes[at] {
            case UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t"): at += 1
            default: return
            }
        }
    }

    /// Consumes `byte` after any whitespace.
    private mutating func take(_ byte: UInt8) throws(Unhandled) {
        skipWhitespace()
        guard at < bytes.count, bytes[at] == byte else { throw Unhandled() }
        at += 1
    }

    /// Whether the next byte after any whitespace is `byte`; consumes it when it is.
    private mutating func takeIfPresent(_ byte: UInt8) -> Bool {
        skipWhitespace()
        guard at < bytes.count, bytes[at] == byte else { return false }
        at += 1
        return true
    }

    /// An object, calling `member` for each key with the reader at the start of its value.
    /// Keys are compared as written, so a key with an escape is left to `JSONDecoder`.
    private mutating func readObject(
        _ member: (inout RouteTableJSONReader, StaticKey) throws(Unhandled) -> Void
    ) throws(Unhandled) {
        try take(UInt8(ascii: "{"))
        if takeIfPresent(UInt8(ascii: "}")) { return }
        repeat {
            try take(UInt8(ascii: "\""))
            let start = at
            while at < bytes.count, bytes[at] != UInt8(ascii: "\"") {
                guard bytes[at] != UInt8(ascii: "\\"), bytes[at] >= 0x20 else { throw Unhandled() }
                at += 1
            }
            guard at < bytes.count else { throw Unhandled() }
            let key = StaticKey(start: bytes.baseAddress! + start, count: at - start)
            at += 1
            try take(UInt8(ascii: ":"))
            skipWhitespace()
            try member(&self, key)
        } while takeIfPresent(UInt8(ascii: ","))
        try take(UInt8(ascii: "}"))
    }

    /// An array, calling `element` with the reader at the start of each element.
    private mutating func readArray(_ element: (inout RouteTableJSONReader) throws(Unhandled) -> Void)
        throws(Unhandled)
    {
        try take(UInt8(ascii: "["))
        if takeIfPresent(UInt8(ascii: "]")) { return }
        repeat {
            skipWhitespace()
            try element(&self)
        } while takeIfPresent(UInt8(ascii: ","))
        try take(UInt8(ascii: "]"))
    }

    /// A string, with its escapes resolved; invalid UTF-8, a raw control character or a lone
    /// surrogate is left to `JSONDecoder`.
    private mutating func readString() throws(Unhandled) -> String {
        try take(UInt8(ascii: "\""))
        let start = at
        var ascii = true
        var escaped = false
        while at < bytes.count {
            let byte = bytes[at]
            if byte == UInt8(ascii: "\"") { break }
            if byte == UInt8(ascii: "\\") {
                escaped = true
                at += 1
            } else if byte < 0x20 {
                throw Unhandled()
            } else if byte >= 0x80 {
                ascii = false
            }
            at += 1
        }
        guard at < bytes.count else { throw Unhandled() }
        let raw = UnsafeBufferPointer(rebasing: bytes[start..<at])
        at += 1
        if !escaped {
            if ascii { return String(decoding: raw, as: UTF8.self) }
            guard let string = UTF8Text.decode(raw) else { throw Unhandled() }
            return string
        }
        if ascii {
            // Escapes in ASCII text (`\/` in every path JSONEncoder writes): resolved straight
            // into the string's storage. No escape writes more bytes than it takes (`\uFFFF`:
            // 6 for 3, a surrogate pair: 12 for 4), so the raw length bounds the result.
            var failed = false
            let string = String(unsafeUninitializedCapacity: raw.count) { buffer in
                guard let count = EscapeReader.resolve(raw, into: buffer) else {
                    failed = true
                    return 0
                }
                return count
            }
            guard !failed else { throw Unhandled() }
            return string
        }
        var failed = false
        let text = [UInt8](unsafeUninitializedCapacity: raw.count) { buffer, count in
            guard let written = EscapeReader.resolve(raw, into: buffer) else {
                failed = true
                count = 0
                return
            }
            count = written
        }
        guard !failed, let string = UTF8Text.decode(text) else { throw Unhandled() }
        return string
    }

    /// A plain decimal integer (`0`, `12`, `-3`) that fits an `Int`; fractions, exponents,
    /// leading zeros and `-0` are left to `JSONDecoder`.
    private mutating func readInteger() throws(Unhandled) -> Int {
        skipWhitespace()
        let negative = at < bytes.count && bytes[at] == UInt8(ascii: "-")
        if negative { at += 1 }
        let start = at
        var value = 0
        while at < bytes.count, ASCII.isDigit(bytes[at]) {
            let digit = Int(bytes[at] - UInt8(ascii: "0"))
            let (times, overflowTimes) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflowSum) = times.addingReportingOverflow(digit)
            // Accumulating negatively reaches Int.min.
            let (difference, overflowDifference) = times.subtractingReportingOverflow(digit)
            guard !overflowTimes, negative ? !overflowDifference : !overflowSum else { throw Unhandled() }
            value = negative ? difference : sum
            at += 1
        }
        let count = at - start
        guard count > 0, bytes[start] != UInt8(ascii: "0") || (count == 1 && !negative) else {
            throw Unhandled()
        }
        if at < bytes.count {
            switch bytes[at] {
            case UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"): throw Unhandled()
            default: break
            }
        }
        return value
    }

    /// Moves past one value without building it (used to find the bytes of a value that may
    /// have been read before); malformed JSON is left to `JSONDecoder`.
    private mutating func skipValue() throws(Unhandled) {
        skipWhitespace()
        var depth = 0
        repeat {
            guard at < bytes.count else { throw Unhandled() }
            switch bytes[at] {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                depth += 1
                at += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
                at += 1
            case UInt8(ascii: "\""):
                at += 1
                while at < bytes.count, bytes[at] != UInt8(ascii: "\"") {
                    at += bytes[at] == UInt8(ascii: "\\") ? 2 : 1
                }
                guard at < bytes.count else { throw Unhandled() }
                at += 1
            default:
                at += 1
            }
        } while depth > 0
    }
}

/// An object key as written in the input, compared with the key names the reader knows.
private struct StaticKey {
    let start: UnsafePointer<UInt8>
    let count: Int

    static func ~= (pattern: StaticString, key: StaticKey) -> Bool {
        pattern.utf8CodeUnitCount == key.count && memcmp(pattern.utf8Start, key.start, key.count) == 0
    }
}

/// Marks a key of an object as read, refusing it the second time.
private func markRead<Bits: FixedWidthInteger>(_ bit: Bits, in seen: inout Bits) throws(RouteTableJSONReader
    .Unhandled)
{
    guard seen & (1 << bit) == 0 else { throw RouteTableJSONReader.Unhandled() }
    seen |= 1 << bit
}

/// Resolves the escapes of a JSON string's raw text (between its quotes).
private enum EscapeReader {
    /// Writes the text with its escapes resolved to `buffer`, which must be at least as long
    /// as `raw`, and returns the length written; `nil` at an invalid escape or a lone surrogate.
    static func resolve(_ raw: UnsafeBufferPointer<UInt8>, into buffer: UnsafeMutableBufferPointer<UInt8>)
        -> Int?
    {
        var at = 0
        var count = 0
        while at < raw.count {
            let byte = raw[at]
            guard byte == UInt8(ascii: "\\") else {
                buffer[count] = byte
                count += 1
                at += 1
                continue
            }
            switch try? JSONEscape.read(raw, at: &at) {
            case .byte(let byte):
                buffer[count] = byte
                count += 1
            case .scalar(let scalar):
                for unit in UTF8.encode(scalar)! {
                    buffer[count] = unit
                    count += 1
                }
            case nil: return nil
            }
        }
        return count
    }
}
