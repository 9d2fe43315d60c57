import DeepLinks
import Foundation

extension RouteTable {
    /// The largest route-table JSON that ``init(json:)`` reads: 4 MiB (4,194,304 bytes).
    ///
    /// A generated table of 10,000 routes takes about 1.5 MB; the limit is checked before a
    /// byte is decoded, so an oversized or hostile file costs nothing to refuse.
    public static let maximumJSONBytes = 4 * 1024 * 1024

    /// Decodes a table from JSON, refusing more than ``maximumJSONBytes`` before decoding.
    ///
    /// The meaning is the one of `Codable` decoding (unknown keys are refused); this entry
    /// point adds the size limit, refuses a key repeated in one object (which `JSONDecoder`
    /// would read as one of its values), and gives a typed error with a sentence. The table is not checked:
    /// build a ``Router`` (or call ``findings(registry:policy:)``) for that.
    ///
    /// ```swift
    /// let table = try RouteTable(json: Data(contentsOf: url))
    /// let router = try Router(table)
    /// ```
    ///
    /// - Throws: ``RouteTableJSONError``.
    public init(json: Data) throws(RouteTableJSONError) {
        guard json.count <= Self.maximumJSONBytes else {
            throw .tooLarge(bytes: json.count, limit: Self.maximumJSONBytes)
        }
        // The common case straight from the bytes; anything else, errors included, through
        // `Codable` over the strict parser (whose refusals name their place), which the fast
        // reader agrees with wherever it answers.
        let bytes = Array(json)
        if let table = RouteTableJSONReader.table(in: bytes) {
            self = table
            return
        }
        do {
            self = try JSONValue.decodeDocument(RouteTable.self, from: bytes)
        } catch {
            throw .invalid(reason: error.reason)
        }
    }
}

extension RouteTable {
    /// The table as JSON that ``init(json:)`` reads back as an equal table: the way to keep a
    /// table written in Swift as the JSON file the command line, a server and CI read.
    ///
    /// Keys are sorted and the text is indented, so a checked-in file changes only where the
    /// table does; groups are written out, each route with its own scope.
    ///
    /// ```swift
    /// // In a test of the app: the checked-in routes.json is exactly the Swift table.
    /// let exported = try AppLinks.table.jsonData()
    /// try exported.write(to: URL(fileURLWithPath: "routes.json"))   // once, or when it changed
    /// #expect(try RouteTable(json: Data(contentsOf: URL(fileURLWithPath: "routes.json"))) == AppLinks.table)
    /// ```
    ///
    /// - Throws: ``RouteTableJSONError/tooLarge(bytes:limit:)`` when the JSON would be larger
    ///   than ``maximumJSONBytes`` (``init(json:)`` would refuse it), or
    ///   ``RouteTableJSONError/invalid(reason:)`` when a value cannot be written as JSON.
    public func jsonData() throws(RouteTableJSONError) -> Data {
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

/// Why `RouteTable(json:)` refused its input.
///
/// ```swift
/// do {
///     _ = try RouteTable(json: data)
/// } catch {
///     print(error)   // "the route table is 5000000 bytes of JSON; at most 4194304 are read"
/// }
/// ```
public enum RouteTableJSONError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The JSON is larger than `RouteTable.maximumJSONBytes`; nothing was decoded.
    case tooLarge(bytes: Int, limit: Int)
    /// The JSON is malformed or is not a route table; the reason says where and why.
    case invalid(reason: String)

    /// A sentence that says what is wrong.
    public var description: String {
        switch self {
        case .tooLarge(let bytes, let limit):
            "the route table is \(bytes) bytes of JSON; at most \(limit) are read"
        case .invalid(let reason): "not a valid route table: \(reason)"
        }
    }
}
