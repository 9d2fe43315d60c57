import Foundation

/// The typed parameters of a matched route, by name.
///
/// Names are unique within a route (the table refuses clashes), so a parameter set is a small
/// map. It is kept sorted by name, which makes equality independent of the order in which
/// parameters were written: a literal in a test equals what the router produced.
///
/// ```swift
/// let parameters: RouteParameters = ["albumname": "Summer", "index": 3]
/// parameters.integer("index")     // 3
/// parameters.string("albumname")  // "Summer"
/// ```
///
/// In JSON a parameter set is an object from name to ``ParameterValue``.
public struct RouteParameters: Sendable, Hashable {
    /// One named value.
    public struct Entry: Sendable, Hashable {
        /// The parameter's declared name.
        public let name: String
        /// The parameter's typed value.
        public let value: ParameterValue
    }

    /// The entries, sorted by name.
    public private(set) var entries: [Entry]

    /// Creates an empty parameter set.
    public init() { entries = [] }

    /// Creates a parameter set from name–value pairs; a repeated name keeps its last value.
    public init(_ pairs: some Sequence<(String, ParameterValue)>) {
        entries = []
        for (name, value) in pairs { self[name] = value }
    }

    /// Entries that are already sorted by name and unique (the router builds them so).
    init(sortedEntries: [Entry]) { entries = sortedEntries }

    /// The value for a name, or `nil`; setting `nil` removes the parameter.
    public subscript(name: String) -> ParameterValue? {
        get {
            let i = insertionIndex(of: name)
            return i < entries.count && entries[i].name == name ? entries[i].value : nil
        }
        set {
            let i = insertionIndex(of: name)
            let present = i < entries.count && entries[i].name == name
            switch (newValue, present) {
            case (let value?, true): entries[i] = Entry(name: name, value: value)
            case (let value?, false): entries.insert(Entry(name: name, value: value), at: i)
            case (nil, true): entries.remove(at: i)
            case (nil, false): break
            }
        }
    }

    private func insertionIndex(of name: String) -> Int {
        var low = 0
        var high = entries.count
        while low < high {
            let mid = (low + high) / 2
            if entries[mid].name < name { low = mid + 1 } else { high = mid }
        }
        return low
    }

    /// The parameter names, sorted.
    public var names: [String] { entries.map(\.name) }
    /// The number of parameters.
    public var count: Int { entries.count }
    /// Whether there are no parameters.
    public var isEmpty: Bool { entries.isEmpty }

    /// The integer value of a parameter, or `nil` when absent or not an integer.
    public func integer(_ name: String) -> Int? { self[name]?.integerValue }
    /// The text of a string, slug or enumeration parameter, or `nil`.
    public func string(_ name: String) -> String? { self[name]?.stringValue }
    /// The UUID value of a parameter, or `nil`.
    public func uuid(_ name: String) -> UUID? { self[name]?.uuidValue }
    /// The Boolean value of a parameter, or `nil`.
    public func boolean(_ name: String) -> Bool? { self[name]?.booleanValue }
    /// The segments of a catch-all parameter, or `nil`.
    public func segments(_ name: String) -> [String]? { self[name]?.segmentsValue }
}

extension RouteParameters: ExpressibleByDictionaryLiteral {
    /// Names are strings.
    public typealias Key = String
    /// Values are typed values.
    public typealias Value = ParameterValue

    /// Creates a parameter set from a literal; a repeated name keeps its last value.
    public init(dictionaryLiteral elements: (String, ParameterValue)...) {
        self.init(elements)
    }
}

extension RouteParameters: Sequence {
    /// Iterates the entries in name order.
    public func makeIterator() -> IndexingIterator<[Entry]> { entries.makeIterator() }
}

extension RouteParameters: CustomStringConvertible {
    /// The parameters as `name: value` pairs in name order.
    public var description: String {
        "[" + entries.map { "\($0.name): \($0.value)" }.joined(separator: ", ") + "]"
    }
}

extension RouteParameters: Codable {
    private struct NameKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// Decodes a parameter set from an object of name to value.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: NameKey.self)
        self.init()
        for key in c.allKeys { self[key.stringValue] = try c.decode(ParameterValue.self, forKey: key) }
    }

    /// Encodes the parameter set as an object of name to value.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: NameKey.self)
        for entry in entries { try c.encode(entry.value, forKey: NameKey(stringValue: entry.name)) }
    }
}
