import Foundation

/// The typed `userInfo` dictionary of a user activity, with its measured size.
///
/// Keys are strings; values are ``UserInfoValue``s. An activity refuses a `userInfo` whose
/// ``serializedSize`` exceeds ``sizeBudget``: Apple asks apps to keep the payload of a
/// continued activity to about 3 KB, and a link-handling path has no reason to accept more.
///
/// ```swift
/// let info: UserInfo = ["albumname": "Summer", "index": 3]
/// info.serializedSize            // 75: the bytes of its binary property list
/// info.serializedSize <= UserInfo.sizeBudget   // true
/// ```
///
/// In JSON a `userInfo` is an object from key to ``UserInfoValue``.
public struct UserInfo: Sendable, Hashable {
    /// The entries by key.
    public var values: [String: UserInfoValue]

    /// The largest ``serializedSize`` an activity accepts: 3 KB, 3072 bytes.
    public static let sizeBudget = 3072

    /// The deepest nesting of arrays and dictionaries read from a property list.
    public static let maximumDepth = 16

    /// Creates a `userInfo` from its entries.
    public init(_ values: [String: UserInfoValue] = [:]) {
        self.values = values
    }

    /// The value for a key, or `nil`.
    public subscript(key: String) -> UserInfoValue? {
        get { values[key] }
        set { values[key] = newValue }
    }

    /// The keys, sorted.
    public var keys: [String] { values.keys.sorted() }

    /// Whether there are no entries.
    public var isEmpty: Bool { values.isEmpty }

    /// The size the budget is measured in: the length in bytes of the binary property list
    /// (`bplist00`, as `PropertyListSerialization` writes it) holding this dictionary, with
    /// each URL written as its text.
    ///
    /// The measure is deterministic: it does not depend on the order of the entries. It is
    /// the form property-list values take when they travel between processes and devices,
    /// so it tracks what Handoff carries more closely than a count of characters would.
    public var serializedSize: Int {
        do {
            return try PropertyListSerialization.data(
                fromPropertyList: Self.measuredPropertyList(values), format: .binary, options: 0
            ).count
        } catch {
            // Every UserInfoValue has a property-list form, so this is not reached; a value
            // that cannot be measured must still never pass the budget.
            return Int.max
        }
    }

    /// The entries as ``serializedSize`` measures them: ``propertyList`` with each URL as its
    /// text, since a binary property list holds no URL.
    static func measuredPropertyList(_ values: [String: UserInfoValue]) -> [String: Any] {
        values.mapValues(measuredPropertyList)
    }

    static func measuredPropertyList(_ value: UserInfoValue) -> Any {
        switch value {
        case .url(let v): v.absoluteString
        case .array(let v): v.map(measuredPropertyList)
        case .dictionary(let v): measuredPropertyList(v)
        default: value.propertyListValue
        }
    }
}

extension UserInfo {
    /// The entries as Foundation holds a `userInfo` dictionary (`NSUserActivity.userInfo`),
    /// each value of its own kind: the conversion an outgoing activity's state takes.
    ///
    /// Each value is ``UserInfoValue/propertyListValue``. ``init(propertyList:)`` reads the
    /// dictionary back to an equal `userInfo`, every kind kept, on every platform.
    ///
    /// ```swift
    /// let info: UserInfo = ["albumname": "Summer", "index": 3]
    /// info.propertyList["index"] as? Int                       // 3
    /// try UserInfo(propertyList: info.propertyList) == info    // true
    /// ```
    public var propertyList: [String: Any] { values.mapValues(\.propertyListValue) }
}

extension UserInfo: CustomStringConvertible {
    /// The entries as `key: value` pairs in key order.
    public var description: String {
        "[" + values.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: ", ") + "]"
    }
}

extension UserInfo: ExpressibleByDictionaryLiteral {
    /// Creates a `userInfo` from a literal; a repeated key keeps its last value.
    public init(dictionaryLiteral elements: (String, UserInfoValue)...) {
        self.init(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }
}

extension UserInfo: Codable {
    /// Decodes a `userInfo` from an object of key to value, held to ``maximumDepth`` levels of
    /// nesting exactly as ``init(propertyList:)`` is.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.singleValueContainer()
        let values = try c.decode([String: UserInfoValue].self)
        let depth = 1 + (values.values.map(Self.nesting).max() ?? 0)
        guard depth <= Self.maximumDepth else {
            throw DecodingError.dataCorruptedError(
                in: c,
                debugDescription:
                    "the userInfo nests \(depth) levels deep; at most \(Self.maximumDepth) are read")
        }
        self.init(values)
    }

    /// The levels of arrays and dictionaries in a value: 0 for a scalar.
    private static func nesting(_ value: UserInfoValue) -> Int {
        switch value {
        case .array(let items): 1 + (items.map(nesting).max() ?? 0)
        case .dictionary(let entries): 1 + (entries.values.map(nesting).max() ?? 0)
        default: 0
        }
    }

    /// Encodes the `userInfo` as an object of key to value.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(values)
    }
}

extension UserInfo {
    /// Reads a `userInfo` dictionary as Foundation delivers it (`NSUserActivity.userInfo`).
    ///
    /// Strings, numbers, Booleans, dates, data, URLs, arrays and dictionaries with string keys
    /// are read with their kind. A number is a Boolean when Foundation stores it as one
    /// (`objCType` `c` or `B`), a double when it is floating point, else an integer. Anything
    /// else (`NSNull`, sets, UUIDs, keys that are not strings, nesting deeper than
    /// ``maximumDepth``, integers beyond `Int`) is refused with the path of the offending entry.
    ///
    /// ```swift
    /// let info = try UserInfo(propertyList: ["albumname": "Summer", "index": 3])
    /// info["index"]   // .integer(3)
    /// ```
    ///
    /// - Throws: ``UserActivityError/unsupportedUserInfo(path:reason:)``.
    public init(propertyList: [AnyHashable: Any]) throws(UserActivityError) {
        self.init(try Self.dictionary(propertyList, path: "", depth: 1))
    }

    private static func dictionary(
        _ object: [AnyHashable: Any], path: String, depth: Int
    ) throws(UserActivityError) -> [String: UserInfoValue] {
        guard depth <= maximumDepth else {
            throw .unsupportedUserInfo(path: path, reason: "nesting is deeper than \(maximumDepth) levels")
        }
        var values: [String: UserInfoValue] = [:]
        for (key, value) in object {
            guard let name = key.base as? String else {
                throw .unsupportedUserInfo(
                    path: path, reason: "a key is not a string (\(type(of: key.base)))")
            }
            let childPath = path.isEmpty ? name : path + "." + name
            values[name] = try Self.value(value, path: childPath, depth: depth)
        }
        return values
    }

    private static func value(_ object: Any, path: String, depth: Int) throws(UserActivityError)
        -> UserInfoValue
    {
        if let string = object as? String { return .string(string) }
        if let number = object as? NSNumber { return try Self.number(number, path: path) }
        if let date = object as? Date { return .date(date) }
        if let data = object as? Data { return .data(data) }
        if let url = object as? URL { return .url(url) }
        if let array = object as? [Any] {
            guard depth < maximumDepth else {
                throw .unsupportedUserInfo(
                    path: path, reason: "nesting is deeper than \(maximumDepth) levels")
            }
            var elements: [UserInfoValue] = []
            elements.reserveCapacity(array.count)
            for (index, element) in array.enumerated() {
                elements.append(try Self.value(element, path: "\(path)[\(index)]", depth: depth + 1))
            }
            return .array(elements)
        }
        if let dictionary = object as? [AnyHashable: Any] {
            return .dictionary(try Self.dictionary(dictionary, path: path, depth: depth + 1))
        }
        throw .unsupportedUserInfo(path: path, reason: "values of type \(type(of: object)) are not supported")
    }

    private static func number(_ number: NSNumber, path: String) throws(UserActivityError) -> UserInfoValue {
        switch number.objCTypeEncoding {
        case "c", "B": return .boolean(number.boolValue)
        case "f", "d": return .double(number.doubleValue)
        case "Q", "L", "I", "S", "C":
            guard number.uint64Value <= UInt64(Int.max) else {
                throw .unsupportedUserInfo(
                    path: path, reason: "the integer \(number.uint64Value) is larger than Int")
            }
            return .integer(Int(number.uint64Value))
        default: return .integer(number.intValue)
        }
    }
}
