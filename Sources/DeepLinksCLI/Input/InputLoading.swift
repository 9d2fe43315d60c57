import AssociatedDomains
import DeepLinks
import DeepLinksJSON
import Foundation

/// Reading the files commands take: route tables, policies, association files.
///
/// Each loader turns every way a file can be wrong into a ``ToolError`` with a sentence that
/// names the file and the place in it, so a typo in a table never surfaces as a stack trace.
extension ToolEnvironment {
    /// Reads and decodes a route table (JSON).
    func loadRouteTable(_ path: String) throws(ToolError) -> RouteTable {
        let bytes = try readFile(path)
        if bytes.count > RouteTable.maximumJSONBytes {
            throw .invalidInput(
                source: Self.sourceName(path),
                reason: RouteTableJSONError.tooLarge(bytes: bytes.count, limit: RouteTable.maximumJSONBytes)
                    .description)
        }
        do {
            _ = try JSONValue(parsing: bytes)
        } catch {
            throw .invalidInput(source: Self.sourceName(path), reason: "not valid JSON: \(error.description)")
        }
        // The library's entry point: the fast reader for the usual shape, `Codable` otherwise,
        // with the same sentences as decoding it here.
        do {
            return try RouteTable(json: Data(bytes))
        } catch {
            throw .invalidInput(source: Self.sourceName(path), reason: error.description)
        }
    }

    /// Reads and decodes a receiver configuration (JSON), refusing more than
    /// ``LinkReceiver/Configuration/maximumJSONBytes`` before decoding.
    func loadConfiguration(_ path: String) throws(ToolError) -> LinkReceiver.Configuration {
        let bytes = try readFile(path)
        if bytes.count > LinkReceiver.Configuration.maximumJSONBytes {
            throw .invalidInput(
                source: Self.sourceName(path),
                reason: LinkReceiver.ConfigurationJSONError.tooLarge(
                    bytes: bytes.count, limit: LinkReceiver.Configuration.maximumJSONBytes
                ).description)
        }
        return try decode(
            LinkReceiver.Configuration.self, bytes: bytes, source: path, what: "receiver configuration")
    }

    /// Reads and decodes a link policy (JSON); missing keys take their defaults.
    func loadPolicy(_ path: String) throws(ToolError) -> LinkPolicy {
        try decode(LinkPolicy.self, from: path, what: "link policy")
    }

    /// Reads an association file as served, keeping its bytes for size and signature checks;
    /// a file over Apple's 128 KB is refused after reading one byte past the limit.
    func loadAssociationDocument(_ path: String) throws(ToolError) -> AssociationFileDocument {
        let bytes = try readAssociationBytes(path)
        do {
            return try AssociationFileDocument(bytes: bytes)
        } catch {
            throw .invalidInput(source: Self.sourceName(path), reason: error.description)
        }
    }

    /// Decodes JSON into a `Decodable` value with a readable error.
    func decode<Value: Decodable>(_ type: Value.Type, from path: String, what: String) throws(ToolError)
        -> Value
    {
        try decode(type, bytes: try readFile(path), source: path, what: what)
    }

    /// Decodes bytes already read from `path` (see ``decode(_:from:what:)``).
    func decode<Value: Decodable>(_ type: Value.Type, bytes: [UInt8], source path: String, what: String)
        throws(ToolError) -> Value
    {
        let value: JSONValue
        do {
            value = try JSONValue(parsing: bytes)
        } catch {
            throw .invalidInput(source: Self.sourceName(path), reason: "not valid JSON: \(error.description)")
        }
        do {
            // Decoded from the parsed value, so that every refusal names its place (a
            // fraction where an integer belongs included).
            return try value.decode(Value.self)
        } catch {
            throw .invalidInput(
                source: Self.sourceName(path), reason: "not a valid \(what): \(Self.describe(error))")
        }
    }

    /// A sentence for a decoding error: where in the JSON, and what was wrong.
    static func describe(_ error: any Error) -> String {
        (error as? DecodingError)?.sentence ?? String(describing: error)
    }
}
