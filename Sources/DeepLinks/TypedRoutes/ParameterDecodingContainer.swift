/// The parameters of a route, read property by property by ``ParameterDecoder``.
///
/// Each read takes the short way when reading a match (no probe) and the value is there and
/// converts: one lookup and the type's own conversion. Anything else (a probe's notes and
/// checks, an absent parameter, a value of another kind) takes ``ParameterDecoder/checkedRead(_:forKey:)``,
/// which also builds the exact error. The overloads for `Int`, `String` and `Bool` are what a
/// synthesised `init(from:)` calls for properties of those types; they convert without a cast.
struct ParameterDecodingContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    /// The decoder, with the parameters and the first problem found.
    let decoder: ParameterDecoder
    /// Always empty: a route value is one level of parameters.
    var codingPath: [any CodingKey] { [] }
    /// The parameter names that are keys of the type.
    var allKeys: [Key] { decoder.parameters.names.compactMap { Key(stringValue: $0) } }

    /// Whether the parameter is there; a probe notes the name as read as an Optional.
    func contains(_ key: Key) -> Bool {
        decoder.probe?.optionalReads.insert(key.stringValue)
        return decoder.parameters.value(named: key.stringValue) != nil
    }

    /// Whether the parameter is absent.
    func decodeNil(forKey key: Key) throws -> Bool { decoder.parameters.value(named: key.stringValue) == nil }

    /// The parameter's value on the short way: reading a match, not probing.
    @inline(__always)
    private func unchecked(_ key: Key) -> ParameterValue? {
        decoder.probe == nil ? decoder.parameters.value(named: key.stringValue) : nil
    }

    /// The value of a parameter a link may leave out, the way the protocol's default reads it:
    /// `nil` when absent, else read as required.
    private func ifPresent<T: Decodable>(_ type: T.Type, _ key: Key) throws -> T? {
        guard contains(key), try !decodeNil(forKey: key) else { return nil }
        return try decoder.checkedRead(T.self, forKey: key)
    }

    // The overloads for `Int`, `String` and `Bool` are written out, not one generic helper:
    // a helper generic over the value's type as well as the key's is not specialised, and
    // would look up the metadata of an `Optional` of it on every read.

    /// An integer parameter's value.
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int {
        if let value = unchecked(key), let read = Int(parameter: value) { return read }
        return try decoder.checkedRead(Int.self, forKey: key)
    }

    /// A string, slug, enumeration or custom parameter's text.
    func decode(_ type: String.Type, forKey key: Key) throws -> String {
        if let value = unchecked(key), let read = String(parameter: value) { return read }
        return try decoder.checkedRead(String.self, forKey: key)
    }

    /// A `bool` parameter's value.
    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool {
        if let value = unchecked(key), let read = Bool(parameter: value) { return read }
        return try decoder.checkedRead(Bool.self, forKey: key)
    }

    /// A parameter's value as any other type.
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        if let value = unchecked(key) { return try decoder.read(T.self, named: key.stringValue, from: value) }
        return try decoder.checkedRead(T.self, forKey: key)
    }

    /// An integer parameter's value, or `nil` when it is absent.
    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? {
        if decoder.probe == nil {
            guard let value = decoder.parameters.value(named: key.stringValue) else { return nil }
            if let read = Int(parameter: value) { return read }
        }
        return try ifPresent(Int.self, key)
    }

    /// A parameter's text, or `nil` when it is absent.
    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? {
        if decoder.probe == nil {
            guard let value = decoder.parameters.value(named: key.stringValue) else { return nil }
            if let read = String(parameter: value) { return read }
        }
        return try ifPresent(String.self, key)
    }

    /// A `bool` parameter's value, or `nil` when it is absent.
    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? {
        if decoder.probe == nil {
            guard let value = decoder.parameters.value(named: key.stringValue) else { return nil }
            if let read = Bool(parameter: value) { return read }
        }
        return try ifPresent(Bool.self, key)
    }

    /// A parameter's value as any other type, or `nil` when it is absent.
    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        guard decoder.probe == nil else { return try ifPresent(T.self, key) }
        guard let value = decoder.parameters.value(named: key.stringValue) else { return nil }
        return try decoder.read(T.self, named: key.stringValue, from: value)
    }

    /// Refused: a parameter is a single value.
    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws
        -> KeyedDecodingContainer<NestedKey>
    {
        throw decoder.fail("parameter '\(key.stringValue)' cannot be read as a nested object")
    }

    /// Refused: a parameter is a single value.
    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        throw decoder.fail("parameter '\(key.stringValue)' cannot be read as a nested list")
    }

    /// A superclass reads the same parameters.
    func superDecoder() throws -> any Decoder { decoder }

    /// A superclass reads the same parameters.
    func superDecoder(forKey key: Key) throws -> any Decoder { decoder }
}
