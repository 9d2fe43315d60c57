import Foundation

/// One typed value of a user activity's `userInfo`.
///
/// The cases are the property-list kinds a `userInfo` dictionary may carry across devices:
/// text, numbers, Booleans, dates, bytes, URLs, and arrays and dictionaries of these. Keeping
/// the kind lets an activity route insist that `index` is an integer rather than text that
/// happens to look like one.
///
/// ```swift
/// let info: UserInfo = ["albumname": "Summer", "index": 3, "shared": true]
/// info["index"]                 // .integer(3)
/// info["index"]?.integerValue   // 3
/// ```
///
/// In JSON a value is an object with one key naming its kind: `{"string": "Summer"}`,
/// `{"integer": 3}`, `{"double": 2.5}`, `{"boolean": true}`, `{"url": "https://…"}`,
/// `{"date": 1700000000}` (seconds since 1970), `{"data": "AQID"}` (Base64),
/// `{"array": [...]}`, `{"dictionary": {...}}`.
public enum UserInfoValue: Sendable, Hashable {
    /// Text.
    case string(String)
    /// A whole number.
    case integer(Int)
    /// A floating-point number.
    case double(Double)
    /// A Boolean.
    case boolean(Bool)
    /// A URL, as Foundation holds it.
    case url(URL)
    /// A point in time.
    case date(Date)
    /// Raw bytes.
    case data(Data)
    /// An ordered list of values.
    case array([UserInfoValue])
    /// Values by string key.
    case dictionary([String: UserInfoValue])

    /// The text, when the value is a string.
    public var stringValue: String? { if case .string(let v) = self { v } else { nil } }
    /// The integer, when the value is one.
    public var integerValue: Int? { if case .integer(let v) = self { v } else { nil } }
    /// The number, when the value is a double.
    public var doubleValue: Double? { if case .double(let v) = self { v } else { nil } }
    /// The Boolean, when the value is one.
    public var booleanValue: Bool? { if case .boolean(let v) = self { v } else { nil } }
    /// The URL, when the value is one.
    public var urlValue: URL? { if case .url(let v) = self { v } else { nil } }
    /// The date, when the value is one.
    public var dateValue: Date? { if case .date(let v) = self { v } else { nil } }
    /// The bytes, when the value is data.
    public var dataValue: Data? { if case .data(let v) = self { v } else { nil } }
    /// The elements, when the value is an array.
    public var arrayValue: [UserInfoValue]? { if case .array(let v) = self { v } else { nil } }
    /// The entries, when the value is a dictionary.
    public var dictionaryValue: [String: UserInfoValue]? {
        if case .dictionary(let v) = self { v } else { nil }
    }

    /// The value as a property-list object, of the type Foundation gives its kind: `String`,
    /// `Int`, `Double`, `Bool`, `URL`, `Date`, `Data`, an array of these (`[Any]`) or a
    /// dictionary with string keys (`[String: Any]`).
    ///
    /// This is the form a `userInfo` value takes in `NSUserActivity.userInfo`;
    /// ``UserInfo/init(propertyList:)`` reads it back as the same value. A URL stays a `URL`
    /// (an activity's `userInfo` may hold one); only ``UserInfo/serializedSize`` measures it as
    /// its text.
    public var propertyListValue: Any {
        switch self {
        case .string(let v): v
        case .integer(let v): v
        case .double(let v): v
        case .boolean(let v): v
        case .url(let v): v
        case .date(let v): v
        case .data(let v): v
        case .array(let v): v.map(\.propertyListValue)
        case .dictionary(let v): v.mapValues(\.propertyListValue)
        }
    }

    /// The name of the value's kind, as used in JSON and in messages (`integer`, `string`, …).
    public var kind: Kind {
        switch self {
        case .string: .string
        case .integer: .integer
        case .double: .double
        case .boolean: .boolean
        case .url: .url
        case .date: .date
        case .data: .data
        case .array: .array
        case .dictionary: .dictionary
        }
    }

    /// The kinds of ``UserInfoValue``; raw values are the JSON keys.
    public enum Kind: String, Sendable, Hashable, Codable, CaseIterable, CustomStringConvertible {
        /// ``UserInfoValue/string(_:)``.
        case string
        /// ``UserInfoValue/integer(_:)``.
        case integer
        /// ``UserInfoValue/double(_:)``.
        case double
        /// ``UserInfoValue/boolean(_:)``.
        case boolean
        /// ``UserInfoValue/url(_:)``.
        case url
        /// ``UserInfoValue/date(_:)``.
        case date
        /// ``UserInfoValue/data(_:)``.
        case data
        /// ``UserInfoValue/array(_:)``.
        case array
        /// ``UserInfoValue/dictionary(_:)``.
        case dictionary

        /// The raw name.
        public var description: String { rawValue }
    }
}

extension UserInfoValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral,
    ExpressibleByBooleanLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
    /// A string value from a literal.
    public init(stringLiteral value: String) { self = .string(value) }
    /// An integer value from a literal.
    public init(integerLiteral value: Int) { self = .integer(value) }
    /// A double value from a literal.
    public init(floatLiteral value: Double) { self = .double(value) }
    /// A Boolean value from a literal.
    public init(booleanLiteral value: Bool) { self = .boolean(value) }
    /// An array value from a literal.
    public init(arrayLiteral elements: UserInfoValue...) { self = .array(elements) }
    /// A dictionary value from a literal; a repeated key keeps its last value.
    public init(dictionaryLiteral elements: (String, UserInfoValue)...) {
        self = .dictionary(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }
}

extension UserInfoValue: CustomStringConvertible {
    /// The kind and the value, such as `integer 3` or `string "Summer"`.
    public var description: String {
        switch self {
        case .string(let v): "string \"\(v)\""
        case .integer(let v): "integer \(v)"
        case .double(let v): "double \(v)"
        case .boolean(let v): "boolean \(v)"
        case .url(let v): "url \(v.absoluteString)"
        case .date(let v): "date \(v.timeIntervalSince1970)"
        case .data(let v): "data (\(v.count) bytes)"
        case .array(let v): "array of \(v.count)"
        case .dictionary(let v): "dictionary of \(v.count)"
        }
    }
}

extension UserInfoValue: Codable {
    private enum CodingKeys: String, CodingKey, CaseIterable {
        case string, integer, double, boolean, url, date, data, array, dictionary
    }

    /// Decodes a value from an object with exactly one kind key.
    public init(from decoder: any Decoder) throws {
        let (c, key) = try decoder.soleKeyContainer(keyedBy: CodingKeys.self, what: "a userInfo value")
        switch key {
        case .string: self = .string(try c.decode(String.self, forKey: key))
        case .integer: self = .integer(try c.decode(Int.self, forKey: key))
        case .double: self = .double(try c.decode(Double.self, forKey: key))
        case .boolean: self = .boolean(try c.decode(Bool.self, forKey: key))
        case .url:
            let text = try c.decode(String.self, forKey: key)
            guard let url = URL(string: text) else {
                throw DecodingError.dataCorruptedError(
                    forKey: key, in: c, debugDescription: "'\(text)' is not a URL")
            }
            self = .url(url)
        case .date: self = .date(Date(timeIntervalSince1970: try c.decode(Double.self, forKey: key)))
        case .data:
            let text = try c.decode(String.self, forKey: key)
            guard let data = Data(base64Encoded: text) else {
                throw DecodingError.dataCorruptedError(
                    forKey: key, in: c, debugDescription: "the data value is not Base64")
            }
            self = .data(data)
        case .array: self = .array(try c.decode([UserInfoValue].self, forKey: key))
        case .dictionary: self = .dictionary(try c.decode([String: UserInfoValue].self, forKey: key))
        }
    }

    /// Encodes the value as an object with one kind key.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .string(let v): try c.encode(v, forKey: .string)
        case .integer(let v): try c.encode(v, forKey: .integer)
        case .double(let v): try c.encode(v, forKey: .double)
        case .boolean(let v): try c.encode(v, forKey: .boolean)
        case .url(let v): try c.encode(v.absoluteString, forKey: .url)
        case .date(let v): try c.encode(v.timeIntervalSince1970, forKey: .date)
        case .data(let v): try c.encode(v.base64EncodedString(), forKey: .data)
        case .array(let v): try c.encode(v, forKey: .array)
        case .dictionary(let v): try c.encode(v, forKey: .dictionary)
        }
    }
}
