import DeepLinks
import Foundation

/// Writes a value as the package's JSON files are written (sorted keys, indented, slashes
/// unescaped), refusing JSON larger than its reader accepts: the one writer behind
/// ``RouteTable/jsonData()`` and ``LinkReceiver/Configuration/jsonData()``.
enum BoundedJSON {
    /// Why a value was not written.
    enum Failure: Error {
        /// The encoder refused a value; its description.
        case invalid(String)
        /// The JSON would be `bytes` long, over the reader's limit.
        case tooLarge(bytes: Int)
    }

    /// The value's JSON, at most `limit` bytes.
    static func encode(_ value: some Encodable, limit: Int) throws(Failure) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let data: Data
        do {
            data = try encoder.encode(value)
        } catch {
            throw .invalid(String(describing: error))
        }
        guard data.count <= limit else { throw .tooLarge(bytes: data.count) }
        return data
    }
}
