import DeepLinks

/// Reads route-table JSON straight from its bytes, for ``RouteTable/init(json:)``.
///
/// The reader builds the same table as `Codable` decoding for the JSON a table is normally
/// written in, without `JSONDecoder`'s containers: it reads tokens with ``JSONScanner``, finds
/// each key in a ``JSONKeyTable`` made from the `CodingKeys` of the type it builds (so the
/// keys are the `Codable` conformance's own, and a key added there is a case the reader's
/// `switch` must handle), and parses the query lists and scopes that many routes repeat once,
/// looking them up by their bytes afterwards.
///
/// It handles a strict subset of what `Codable` decoding accepts and gives up (returns `nil`)
/// on anything else: malformed JSON, an unknown, missing or repeated key, a `null`, a number
/// that is not a plain integer, an invalid host pattern, safety or option value, a key
/// written with escapes, and groups nested deeper than ``maximumGroupDepth``. The caller then
/// decodes with `JSONDecoder`, which gives the same table or the typed error with its
/// sentence, so that everything `Codable` decoding checks stays checked, with the same
/// messages.
///
/// Cost: linear in the input. The scanner reads each byte a bounded number of times (a query
/// list or scope is read once to find its bytes, compared or hashed once, and parsed at most
/// once), and each key is matched against a fixed list of names.
package struct RouteTableJSONReader {
    /// Nothing this reader handles; `JSONDecoder` decides.
    struct Unhandled: Error {}

    /// Groups nested deeper than this are left to `JSONDecoder`.
    static let maximumGroupDepth = 32

    private static let tableKeys = JSONKeyTable(RouteTable.CodingKeys.self)
    private static let groupKeys = JSONKeyTable(RouteGroupDeclaration.CodingKeys.self)
    private static let routeKeys = JSONKeyTable(Route.CodingKeys.self)
    private static let scopeKeys = JSONKeyTable(RouteScope.CodingKeys.self)
    private static let optionKeys = JSONKeyTable(RoutingOptions.CodingKeys.self)
    private static let queryParameterKeys = JSONKeyTable(QueryParameter.CodingKeys.self)
    private static let typeKeys = JSONKeyTable(ParameterTypeDeclaration.CodingKeys.self)
    private static let trueWord = Array("true".utf8)
    private static let falseWord = Array("false".utf8)

    private var scanner: JSONScanner
    private var queries: [ArraySlice<UInt8>: [QueryParameter]] = [:]
    private var scopes: [ArraySlice<UInt8>: RouteScope] = [:]
    /// The query list and scope read last, which the next route most often repeats.
    private var lastQuery: (bytes: ArraySlice<UInt8>, value: [QueryParameter])?
    private var lastScope: (bytes: ArraySlice<UInt8>, value: RouteScope)?

    private init(_ bytes: [UInt8]) { scanner = JSONScanner(bytes) }

    /// The table in `json`, or `nil` when `Codable` decoding must decide.
    package static func table(in json: [UInt8]) -> RouteTable? {
        var reader = RouteTableJSONReader(json)
        return try? reader.readDocument()
    }

    // MARK: The table's shape

    private mutating func readDocument() throws(Unhandled) -> RouteTable {
        scanner.skipWhitespace()
        let table = try readTable()
        scanner.skipWhitespace()
        guard scanner.isAtEnd else { throw Unhandled() }
        return table
    }

    private mutating func readTable() throws(Unhandled) -> RouteTable {
        var options = RoutingOptions()
        var canonicalHost: String?
        var scope = RouteScope.any
        var types: [ParameterTypeDeclaration] = []
        var routes: [Route]?
        var groups: [[Route]]?
        try readObject(Self.tableKeys) { (reader, key) throws(Unhandled) in
            switch key {
            case .options: options = try reader.readOptions()
            case .canonicalHost: canonicalHost = try reader.readString()
            case .scope: scope = try reader.readScope()
            case .types: types = try reader.readTypes()
            case .routes: routes = try reader.readRoutes()
            case .groups: groups = try reader.readGroups(depth: 1)
            }
        }
        guard routes != nil || groups != nil else { throw Unhandled() }
        return RouteTable(
            canonicalHost: canonicalHost, scope: scope, options: options, types: types,
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
        try readObject(Self.groupKeys) { (reader, key) throws(Unhandled) in
            switch key {
            case .prefix: prefix = PathPattern(parsing: try reader.readString())
            case .scope: scope = try reader.readScope()
            case .routes: routes = try reader.readRoutes()
            case .groups: nested = try reader.readGroups(depth: depth + 1)
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
        try readObject(Self.routeKeys) { (reader, key) throws(Unhandled) in
            switch key {
            case .name: name = try reader.readString()
            case .path: path = PathPattern(parsing: try reader.readString())
            case .query: query = try reader.readQuery()
            case .fragment: fragment = FragmentRule(parsing: try reader.readString())
            case .scope: scope = try reader.readScope()
            case .safety: safety = try reader.readRawValue()
            case .priority: priority = try reader.readInteger()
            case .parent: parent = try reader.readString()
            case .requires:
                try reader.readArray { (reader) throws(Unhandled) in
                    requirements.insert(try reader.readString())
                }
            }
        }
        guard let name, let path else { throw Unhandled() }
        return Route(
            name, path, query: query, fragment: fragment, scope: scope, safety: safety, priority: priority,
            parent: parent, requires: requirements)
    }

    /// A route's query declarations; a list already read is looked up by its bytes.
    private mutating func readQuery() throws(Unhandled) -> [QueryParameter] {
        if let last = lastQuery, scanner.skip(value: last.bytes) { return last.value }
        let bytes = try bytesOfValue()
        if let known = queries[bytes] {
            scanner.index = bytes.endIndex
            lastQuery = (bytes, known)
            return known
        }
        var query: [QueryParameter] = []
        try readArray { (reader) throws(Unhandled) in query.append(try reader.readQueryParameter()) }
        queries[bytes] = query
        lastQuery = (bytes, query)
        return query
    }

    /// A query declaration: its text, or an object with the text under `parameter` and an
    /// optional `formEncoded` Boolean.
    private mutating func readQueryParameter() throws(Unhandled) -> QueryParameter {
        if scanner.next == UInt8(ascii: "\"") { return QueryParameter(parsing: try readString()) }
        var text: String?
        var formEncoded = false
        try readObject(Self.queryParameterKeys) { (reader, key) throws(Unhandled) in
            switch key {
            case .parameter: text = try reader.readString()
            case .formEncoded: formEncoded = try reader.readBool()
            }
        }
        guard let text else { throw Unhandled() }
        return QueryParameter(parsing: text).formEncoded(formEncoded)
    }

    /// A scope; one already read is looked up by its bytes.
    private mutating func readScope() throws(Unhandled) -> RouteScope {
        if let last = lastScope, scanner.skip(value: last.bytes) { return last.value }
        let bytes = try bytesOfValue()
        if let known = scopes[bytes] {
            scanner.index = bytes.endIndex
            lastScope = (bytes, known)
            return known
        }
        var schemes: [String] = []
        var hosts: [HostPattern] = []
        try readObject(Self.scopeKeys) { (reader, key) throws(Unhandled) in
            switch key {
            case .schemes:
                try reader.readArray { (reader) throws(Unhandled) in schemes.append(try reader.readString()) }
            case .hosts:
                try reader.readArray { (reader) throws(Unhandled) in
                    guard let host = HostPattern(validating: try reader.readString()) else {
                        throw Unhandled()
                    }
                    hosts.append(host)
                }
            }
        }
        let scope = RouteScope(schemes: schemes, hosts: hosts)
        scopes[bytes] = scope
        lastScope = (bytes, scope)
        return scope
    }

    private mutating func readOptions() throws(Unhandled) -> RoutingOptions {
        var options = RoutingOptions()
        try readObject(Self.optionKeys) { (reader, key) throws(Unhandled) in
            switch key {
            case .trailingSlash: options.trailingSlash = try reader.readRawValue()
            case .caseSensitivity: options.caseSensitivity = try reader.readRawValue()
            case .precedence: options.precedence = try reader.readRawValue()
            }
        }
        return options
    }

    private mutating func readTypes() throws(Unhandled) -> [ParameterTypeDeclaration] {
        var types: [ParameterTypeDeclaration] = []
        try readArray { (reader) throws(Unhandled) in
            var name: String?
            var definition: String?
            try reader.readObject(Self.typeKeys) { (reader, key) throws(Unhandled) in
                switch key {
                case .name: name = try reader.readString()
                case .type: definition = try reader.readString()
                }
            }
            guard let name, let definition else { throw Unhandled() }
            types.append(ParameterTypeDeclaration(name, definition))
        }
        return types
    }

    /// A string that is one of the raw values of `Value` (a safety, an option); any other
    /// string is left to `JSONDecoder`, which names it.
    private mutating func readRawValue<Value: RawRepresentable>() throws(Unhandled) -> Value
    where Value.RawValue == String {
        guard let value = Value(rawValue: try readString()) else { throw Unhandled() }
        return value
    }

    // MARK: JSON

    /// The bytes of the value at the reader, which stays at its start (the caller moves past
    /// them when it knows the value, and reads it when not).
    private mutating func bytesOfValue() throws(Unhandled) -> ArraySlice<UInt8> {
        let start = scanner.index
        guard scanner.skipBalancedValue() else { throw Unhandled() }
        let bytes = scanner.bytes[start..<scanner.index]
        scanner.index = start
        return bytes
    }

    /// Consumes `byte` after any whitespace.
    private mutating func take(_ byte: UInt8) throws(Unhandled) {
        scanner.skipWhitespace()
        guard scanner.skip(byte) else { throw Unhandled() }
    }

    /// An object, calling `member` for each key with the reader at the start of its value.
    /// Keys are compared as written, so a key with an escape is left to `JSONDecoder`, and so
    /// is a key the object has twice.
    private mutating func readObject<Key>(
        _ keys: JSONKeyTable<Key>, _ member: (inout RouteTableJSONReader, Key) throws(Unhandled) -> Void
    ) throws(Unhandled) {
        try take(UInt8(ascii: "{"))
        scanner.skipWhitespace()
        if scanner.skip(UInt8(ascii: "}")) { return }
        var seen: UInt64 = 0
        repeat {
            scanner.skipWhitespace()
            guard let name = scanner.readPlainString(),
                let (key, position) = keys.key(named: scanner.bytes[name])
            else { throw Unhandled() }
            let bit: UInt64 = 1 << UInt64(position)
            guard seen & bit == 0 else { throw Unhandled() }
            seen |= bit
            try take(UInt8(ascii: ":"))
            scanner.skipWhitespace()
            try member(&self, key)
            scanner.skipWhitespace()
        } while scanner.skip(UInt8(ascii: ","))
        try take(UInt8(ascii: "}"))
    }

    /// An array, calling `element` with the reader at the start of each element.
    private mutating func readArray(_ element: (inout RouteTableJSONReader) throws(Unhandled) -> Void)
        throws(Unhandled)
    {
        try take(UInt8(ascii: "["))
        scanner.skipWhitespace()
        if scanner.skip(UInt8(ascii: "]")) { return }
        repeat {
            scanner.skipWhitespace()
            try element(&self)
            scanner.skipWhitespace()
        } while scanner.skip(UInt8(ascii: ","))
        try take(UInt8(ascii: "]"))
    }

    /// A string, with its escapes resolved; anything the scanner refuses is left to
    /// `JSONDecoder`, which names it.
    private mutating func readString() throws(Unhandled) -> String {
        scanner.skipWhitespace()
        guard scanner.next == UInt8(ascii: "\"") else { throw Unhandled() }
        do throws(JSONScanner.Failure) {
            return try scanner.readString()
        } catch {
            throw Unhandled()
        }
    }

    /// `true` or `false`.
    private mutating func readBool() throws(Unhandled) -> Bool {
        if scanner.skip(Self.trueWord) { return true }
        if scanner.skip(Self.falseWord) { return false }
        throw Unhandled()
    }

    /// A plain decimal integer (`0`, `12`, `-3`) that fits an `Int`; fractions, exponents and
    /// `-0` are left to `JSONDecoder`.
    private mutating func readInteger() throws(Unhandled) -> Int {
        guard let next = scanner.next, next == UInt8(ascii: "-") || ASCII.isDigit(next) else {
            throw Unhandled()
        }
        let value: Int?
        do throws(JSONScanner.Failure) {
            value = try scanner.readInteger()
        } catch {
            throw Unhandled()
        }
        guard let value else { throw Unhandled() }
        return value
    }
}
