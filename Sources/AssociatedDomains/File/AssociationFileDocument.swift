import DeepLinks
import DeepLinksJSON

/// The bytes a server sent for an association file, read: the file, and how it was delivered.
///
/// Reading starts from bytes because two facts live only there: the size (Apple refuses files
/// over 128 KB) and whether the JSON came wrapped in a CMS signature (what iOS 8 required,
/// obsolete since iOS 9). A signed file's JSON is extracted and read like any other; the
/// signature itself is not verified.
///
/// ```swift
/// let document = try AssociationFileDocument(bytes: downloadedBytes)
/// document.isSigned                              // false for a plain JSON file
/// AssociationFileValidator().validate(document)  // findings, including size and signing
/// ```
public struct AssociationFileDocument: Sendable, Hashable {
    /// Apple's limit on an association file, uncompressed: 128 KB.
    public static let maximumByteCount = 128 * 1024

    /// The typed file.
    public let file: AssociationFile
    /// The JSON the file was read from.
    public let json: JSONValue
    /// The size of the bytes as served (the signed envelope, when there is one).
    public let byteCount: Int
    /// The signed envelope the JSON came in, when the file was CMS-signed.
    public let signedEnvelope: CMSSignedData?
    /// JSON paths of keys that appeared twice in one object (the last value was kept), each
    /// spelled only when read.
    public let duplicateKeys: JSONDuplicateKeys

    /// Whether the JSON came wrapped in a CMS signature.
    public var isSigned: Bool { signedEnvelope != nil }

    /// Reads bytes as served: plain JSON, or a CMS `SignedData` with the JSON attached.
    ///
    /// Bytes over ``maximumByteCount`` are refused with ``AssociationFileError/tooLarge(byteCount:)``
    /// before any parsing: at most `maximumByteCount + 1` bytes of the sequence are read.
    public init(bytes: some Sequence<UInt8>) throws(AssociationFileError) {
        let data = try Self.boundedBytes(bytes)
        guard !data.isEmpty else { throw .empty }
        byteCount = data.count
        var jsonBytes = data
        if CMSSignedData.looksSigned(data) {
            let envelope: CMSSignedData
            do {
                envelope = try CMSSignedData(der: data)
            } catch {
                throw .unreadableSignedFile(error)
            }
            signedEnvelope = envelope
            jsonBytes = envelope.content
        } else {
            signedEnvelope = nil
        }
        let parsed: JSONParser.Result
        do {
            parsed = try JSONParser.parse(jsonBytes)
        } catch {
            throw .invalidJSON(error)
        }
        json = parsed.value
        duplicateKeys = parsed.duplicateKeys
        file = try AssociationFile(json: parsed.value)
    }

    /// The bytes of a sequence when there are at most ``maximumByteCount`` of them; reads one
    /// more at most to tell.
    static func boundedBytes(_ bytes: some Sequence<UInt8>) throws(AssociationFileError) -> [UInt8] {
        if let count = bytes.withContiguousStorageIfAvailable({ $0.count }),
            count > maximumByteCount
        {
            throw .tooLarge(byteCount: count)
        }
        var data: [UInt8] = []
        data.reserveCapacity(min(bytes.underestimatedCount, maximumByteCount + 1))
        for byte in bytes {
            guard data.count < maximumByteCount else { throw .tooLarge(byteCount: nil) }
            data.append(byte)
        }
        return data
    }

    /// Reads JSON text.
    public init(text: String) throws(AssociationFileError) {
        try self.init(bytes: Array(text.utf8))
    }
}
