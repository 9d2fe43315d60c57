import DeepLinks

extension JSONValue {
    /// Decodes a whole JSON document into `Value` through the package's strict parser, so that
    /// every refusal is one sentence naming its place: a key repeated in one object, malformed
    /// JSON (with its line and column), and a value of the wrong kind or out of range
    /// (`at $.routes[0].priority: the number 1.5 does not fit Int`). A byte order mark before
    /// the text is read past, as RFC 8259 allows.
    ///
    /// What ``RouteTable/init(json:)`` and `LinkReceiver.Configuration(json:)` decode with;
    /// cost linear in the bytes (one scan for repeated keys, one parse, one decode).
    package static func decodeDocument<Value: Decodable>(_: Value.Type, from bytes: [UInt8])
        throws(DocumentRefusal) -> Value
    {
        if let duplicate = JSONDuplicateKeyScan.firstDuplicate(in: bytes) {
            throw DocumentRefusal(reason: duplicate.description)
        }
        let value: JSONValue
        do {
            let hasByteOrderMark = bytes.starts(with: [0xEF, 0xBB, 0xBF])
            value = try JSONValue(parsing: hasByteOrderMark ? bytes.dropFirst(3) : bytes[...])
        } catch {
            throw DocumentRefusal(reason: "the data is not valid JSON: \(error.description)")
        }
        do {
            return try value.decode(Value.self)
        } catch {
            throw DocumentRefusal(reason: (error as? DecodingError)?.sentence ?? String(describing: error))
        }
    }

    /// Why ``decodeDocument(_:from:)`` refused a document: a sentence that names the place.
    package struct DocumentRefusal: Error {
        package let reason: String
    }
}
