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
/// In JSON a parameter set is an object from name to ``ParameterValue``, each an object whose
/// one key names the value's kind: `{"albumname": {"string": "Summer"}, "index": {"integer": 3}}`.
/// The kind is written out because a bare JSON string could not say whether it was a `uuid` or
/// text that looks like one; with it, decoding gives back exactly the parameters encoded. The
/// `deeplinks resolve --jsonl` answers use the same form.
public struct RouteParameters: Sendable {
    /// One named value.
    public struct Entry: Sendable, Hashable {
        /// The parameter's declared name.
        public let name: String
        /// The parameter's typed value.
        public let value: ParameterValue
    }

    // The first entries live inline, so that the parameters of a lookup (rarely more than
    // three) need no heap storage of their own; any further entries go to `spill`. Unused
    // slots hold a placeholder, which owns nothing (written out, not read from a static, so
    // that creating an empty set costs no lazy-initialisation check).
    private static let inlineCapacity = 3
    private var slot0 = Entry(name: "", value: .integer(0))
    private var slot1 = Entry(name: "", value: .integer(0))
    private var slot2 = Entry(name: "", value: .integer(0))
    // One byte, placed after the last slot where it takes no room of its own: the value is
    // then 128 bytes, which the compiler copies inline instead of calling `memcpy`.
    private var inlineCount: UInt8 = 0
    private var spill: [Entry] = []

    /// The number of parameters.
    public var count: Int { Int(inlineCount) + spill.count }

    /// Creates an empty parameter set.
    public init() {}

    /// Creates a parameter set from name–value pairs; a repeated name keeps its last value.
    public init(_ pairs: some Sequence<(String, ParameterValue)>) {
        for (name, value) in pairs { self[name] = value }
    }

    /// Entries that are already sorted by name and unique (the router builds them so).
    init(sortedEntries: [Entry]) {
        for entry in sortedEntries { append(entry) }
    }

    /// Adds an entry after the others; its name must sort after every name already present.
    mutating func append(_ entry: Entry) {
        switch inlineCount {
        case 0: slot0 = entry
        case 1: slot1 = entry
        case 2: slot2 = entry
        default:
            spill.append(entry)
            return
        }
        inlineCount += 1
    }

    /// The entry at a position in name order.
    private func entry(at i: Int) -> Entry {
        switch i {
        case 0: slot0
        case 1: slot1
        case 2: slot2
        default: spill[i - Self.inlineCapacity]
        }
    }

    /// The entries, sorted by name.
    public var entries: [Entry] { (0..<count).map { entry(at: $0) } }

    /// The value for a name, or `nil`; setting `nil` removes the parameter.
    public subscript(name: String) -> ParameterValue? {
        get {
            // Up to three names (every match but the largest) are compared in order without
            // copying an entry; more are searched by halves.
            if spill.isEmpty { return value(named: name) }
            let i = insertionIndex(of: name)
            return i < count && entry(at: i).name == name ? entry(at: i).value : nil
        }
        set {
            let i = insertionIndex(of: name)
            let present = i < count && entry(at: i).name == name
            var all = entries
            switch (newValue, present) {
            case (let value?, true): all[i] = Entry(name: name, value: value)
            case (let value?, false): all.insert(Entry(name: name, value: value), at: i)
            case (nil, true): all.remove(at: i)
            case (nil, false): return
            }
            self = RouteParameters(sortedEntries: all)
        }
    }

    /// The value for a name, found by comparing names in order, without copying entries:
    /// cheaper than the subscript's binary search for the few parameters of a match, which is
    /// what reading a typed value does once per property.
    @usableFromInline
    func value(named name: String) -> ParameterValue? {
        if inlineCount > 0, slot0.name == name { return slot0.value }
        if inlineCount > 1, slot1.name == name { return slot1.value }
        if inlineCount > 2, slot2.name == name { return slot2.value }
        for entry in spill where entry.name == name { return entry.value }
        return nil
    }

    private func insertionIndex(of name: String) -> Int {
        var low = 0
        var high = count
        while low < high {
            let mid = (low + high) / 2
            if entry(at: mid).name < name { low = mid + 1 } else { high = mid }
        }
        return low
    }

    /// The parameter names, sorted.
    public var names: [String] { (0..<count).map { entry(at: $0).name } }
    /// The first name, in sorted order, that `predicate` holds for, or `nil`: without making
    /// the list of names.
    package func firstName(where predicate: (String) -> Bool) -> String? {
        for i in 0..<count where predicate(entry(at: i).name) { return entry(at: i).name }
        return nil
    }
    /// Whether there are no parameters.
    public var isEmpty: Bool { inlineCount == 0 }

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

extension RouteParameters: Hashable {
    /// Two parameter sets are equal when they hold the same names with the same values.
    public static func == (a: RouteParameters, b: RouteParameters) -> Bool {
        guard a.count == b.count else { return false }
        for i in 0..<a.count where a.entry(at: i) != b.entry(at: i) { return false }
        return true
    }

    /// Hashes the entries in name order.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(count)
        for i in 0..<count { hasher.combine(entry(at: i)) }
    }
}

extension RouteParameters: Sequence {
    /// Iterates the entries in name order, without copying them into an array.
    public struct Iterator: IteratorProtocol {
        let parameters: RouteParameters
        var position = 0

        /// The next entry in name order, or `nil` after the last.
        public mutating func next() -> Entry? {
            guard position < parameters.count else { return nil }
            defer { position += 1 }
            return parameters.entry(at: position)
        }
    }

    /// Iterates the entries in name order.
    public func makeIterator() -> Iterator { Iterator(parameters: self) }

    /// The number of entries.
    public var underestimatedCount: Int { count }
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
        for key in c.allKeys {
            // Only a name a route can declare is a parameter: a misspelt or invisible name is
            // refused instead of carried as a value nothing reads.
            let bytes = Array(key.stringValue.utf8)
            guard let first = bytes.first, PatternScanner.isNameByte(first, first: true),
                bytes.dropFirst().allSatisfy({ PatternScanner.isNameByte($0, first: false) })
            else {
                throw DecodingError.dataCorruptedError(
                    forKey: key, in: c,
                    debugDescription:
                        "\(key.stringValue.debugDescription) is not a parameter name (a letter or "
                        + "'_', then letters, digits or '_')")
            }
            self[key.stringValue] = try c.decode(ParameterValue.self, forKey: key)
        }
    }

    /// Encodes the parameter set as an object of name to value.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: NameKey.self)
        for entry in entries { try c.encode(entry.value, forKey: NameKey(stringValue: entry.name)) }
    }
}
