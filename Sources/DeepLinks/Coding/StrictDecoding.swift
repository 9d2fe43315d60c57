/// The few shapes the SDK's hand-written `Codable` conformances share, each written once.
///
/// Every helper throws the same `DecodingError` (kind, coding path, sentence) that the
/// conformances threw when they spelled the check out themselves.
extension Decoder {
    /// The keyed container of an object that may hold only the keys `Key` lists; the first
    /// other key (in sorted order) is refused with its name and the allowed keys.
    ///
    /// `what` names the object in the sentence: "unknown key 'x' in a link policy; …".
    ///
    /// `allowed` may give the names of `Key`'s cases, computed once, for a type decoded often.
    package func strictContainer<Key: CodingKey & CaseIterable>(
        keyedBy _: Key.Type, what: String, allowed: Set<String>? = nil
    ) throws -> KeyedDecodingContainer<Key> {
        _ = try strictContainer(allowing: allowed ?? Set(Key.allCases.map(\.stringValue)), what: what)
        return try container(keyedBy: Key.self)
    }

    /// One case of a string enumeration, read from its name; any other text is refused with the
    /// names allowed, in declaration order: "'dangerous' is not a route safety; allowed values
    /// are navigate, sensitive, destructive" (the standard library's refusal names neither).
    package func singleCase<Value: RawRepresentable & CaseIterable>(
        _: Value.Type, what: String
    ) throws -> Value where Value.RawValue == String {
        let container = try singleValueContainer()
        let text = try container.decode(String.self)
        if let value = Value(rawValue: text) { return value }
        throw DecodingError.dataCorruptedError(
            in: container,
            debugDescription: "'\(text)' is not \(what); allowed values are "
                + Value.allCases.map(\.rawValue).joined(separator: ", "))
    }

    /// The keyed container of an object that may hold only the keys `allowed` names, read with
    /// the one key type every such object shares (``AnyCodingKey``): a type decoded this way
    /// needs no key enumeration of its own, whose conformances every program linking the
    /// module would carry. The first other key (in sorted order) is refused as above.
    package func strictContainer(
        allowing allowed: Set<String>, what: String
    ) throws -> KeyedDecodingContainer<AnyCodingKey> {
        let keys = try container(keyedBy: AnyCodingKey.self)
        // The first unknown key in sorted order, without sorting the keys that are allowed.
        if let unknown = keys.allKeys.lazy.map(\.stringValue).filter({ !allowed.contains($0) }).min() {
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: codingPath,
                    debugDescription: "unknown key '\(unknown)' in \(what); allowed keys are "
                        + allowed.sorted().joined(separator: ", ")))
        }
        return keys
    }

    /// The container and the key of an object with exactly one key, one of those `Key` lists (a
    /// tagged value such as `{"integer": 3}`); a second key is refused even when `Key` does not
    /// list it.
    ///
    /// `what` names the value in the sentence: "a parameter value is an object with exactly one
    /// of the keys integer, string, …".
    func soleKeyContainer<Key: CodingKey & CaseIterable>(keyedBy _: Key.Type, what: String) throws
        -> (container: KeyedDecodingContainer<Key>, key: Key)
    {
        let c = try container(keyedBy: Key.self)
        guard c.allKeys.count == 1, let key = c.allKeys.first,
            try container(keyedBy: AnyCodingKey.self).allKeys.count == 1
        else {
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: codingPath,
                    debugDescription: "\(what) is an object with exactly one of the keys "
                        + Key.allCases.map(\.stringValue).joined(separator: ", ")))
        }
        return (c, key)
    }

    /// A value written as one string, made by a conversion that checks it; the conversion's
    /// error becomes `DecodingError.dataCorrupted` here, with the error's sentence.
    package func decodeString<Value, Failure: Error & CustomStringConvertible>(
        _ convert: (String) throws(Failure) -> Value
    ) throws -> Value {
        let text = try singleValueContainer().decode(String.self)
        return try DecodingError.corrupted(at: codingPath) { () throws(Failure) in try convert(text) }
    }
}

/// Any key of an object: to see the keys a `CodingKeys` enumeration leaves out, and the one key
/// type of the conformances that name their keys by string (`forKey: "title"`).
package struct AnyCodingKey: CodingKey, ExpressibleByStringLiteral {
    package var stringValue: String
    package var intValue: Int? { nil }
    package init(stringValue: String) { self.stringValue = stringValue }
    package init?(intValue: Int) { nil }
    package init(stringLiteral value: String) { self.stringValue = value }
}

extension DecodingError {
    /// The value `check` returns; its error becomes `dataCorrupted` at `codingPath`, with the
    /// error's sentence as the description.
    package static func corrupted<Value, Failure: Error & CustomStringConvertible>(
        at codingPath: [any CodingKey], _ check: () throws(Failure) -> Value
    ) throws(DecodingError) -> Value {
        do {
            return try check()
        } catch {
            throw .dataCorrupted(.init(codingPath: codingPath, debugDescription: error.description))
        }
    }
}

extension KeyedDecodingContainer {
    /// The value for `key`, or `fallback` when the key is absent or `null`.
    func decode<Value: Decodable>(_ key: Key, or fallback: @autoclosure () -> Value) throws -> Value {
        try decodeIfPresent(Value.self, forKey: key) ?? fallback()
    }

    /// The value `check` returns; its error becomes `dataCorrupted` at `key`, with the error's
    /// sentence as the description.
    package func corrupted<Value, Failure: Error & CustomStringConvertible>(
        at key: Key, _ check: () throws(Failure) -> Value
    ) throws(DecodingError) -> Value {
        try DecodingError.corrupted(at: codingPath + [key], check)
    }
}
