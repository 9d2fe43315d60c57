import DeepLinks
import Foundation

extension LinkReceiver.Configuration {
    /// The largest configuration JSON that ``init(json:)`` reads: the limit of a route table,
    /// ``RouteTable/maximumJSONBytes`` (4 MiB), checked before a byte is decoded.
    public static let maximumJSONBytes = RouteTable.maximumJSONBytes

    /// Decodes a configuration from JSON, refusing more than ``maximumJSONBytes`` before
    /// decoding, and a key repeated in one object.
    ///
    /// ```swift
    /// let configuration = try LinkReceiver.Configuration(json: Data(contentsOf: url))
    /// let receiver = try LinkReceiver(table: table, configuration: configuration)
    /// ```
    ///
    /// - Throws: ``LinkReceiver/ConfigurationJSONError``.
    public init(json: Data) throws(LinkReceiver.ConfigurationJSONError) {
        guard json.count <= Self.maximumJSONBytes else {
            throw .tooLarge(bytes: json.count, limit: Self.maximumJSONBytes)
        }
        do {
            self = try JSONValue.decodeDocument(Self.self, from: Array(json))
        } catch {
            throw .invalid(reason: error.reason)
        }
    }
}

extension LinkReceiver.Configuration {
    /// The configuration as JSON that ``init(json:)`` reads back as an equal configuration:
    /// the file `deeplinks resolve --config` and `deeplinks table check --config` read.
    ///
    /// Keys are sorted and the text is indented, so a checked-in file changes only where the
    /// configuration does, as ``RouteTable/jsonData()`` writes a table.
    ///
    /// ```swift
    /// // In a test of the app: the checked-in receiver.json is exactly the Swift configuration.
    /// let exported = try AppLinks.configuration.jsonData()
    /// #expect(try LinkReceiver.Configuration(json: exported) == AppLinks.configuration)
    /// ```
    ///
    /// - Throws: ``LinkReceiver/ConfigurationJSONError/tooLarge(bytes:limit:)`` when the JSON
    ///   would be larger than ``maximumJSONBytes`` (``init(json:)`` would refuse it), or
    ///   ``LinkReceiver/ConfigurationJSONError/invalid(reason:)`` when a value cannot be
    ///   written as JSON.
    public func jsonData() throws(LinkReceiver.ConfigurationJSONError) -> Data {
        do {
            return try BoundedJSON.encode(self, limit: Self.maximumJSONBytes)
        } catch {
            switch error {
            case .invalid(let reason): throw .invalid(reason: reason)
            case .tooLarge(let bytes): throw .tooLarge(bytes: bytes, limit: Self.maximumJSONBytes)
            }
        }
    }
}

extension LinkReceiver {
    /// Why ``Configuration/init(json:)`` refused its input: the shape of
    /// ``RouteTableJSONError``.
    ///
    /// ```swift
    /// do {
    ///     _ = try LinkReceiver.Configuration(json: data)
    /// } catch {
    ///     print(error)   // "the receiver configuration is 5000000 bytes of JSON; at most 4194304 are read"
    /// }
    /// ```
    public enum ConfigurationJSONError: Error, Sendable, Hashable, CustomStringConvertible {
        /// The JSON is larger than ``Configuration/maximumJSONBytes``; nothing was decoded.
        case tooLarge(bytes: Int, limit: Int)
        /// The JSON is malformed or is not a configuration; the reason says where and why.
        case invalid(reason: String)

        /// A sentence that says what is wrong.
        public var description: String {
            switch self {
            case .tooLarge(let bytes, let limit):
                "the receiver configuration is \(bytes) bytes of JSON; at most \(limit) are read"
            case .invalid(let reason): "not a valid receiver configuration: \(reason)"
            }
        }
    }
}
