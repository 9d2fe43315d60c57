import DeepLinks

/// A CMS (PKCS #7) `SignedData` envelope with its content attached: how iOS 8 wanted an
/// association file served (`application/pkcs7-mime`).
///
/// Since iOS 9 the file is plain JSON over HTTPS and the signature only costs bytes. This type
/// extracts the attached JSON so an old signed file can still be read, validated and served
/// again unsigned. It does not verify the signature.
///
/// ```swift
/// let envelope = try CMSSignedData(der: signedBytes)
/// envelope.contentType                           // "1.2.840.113549.1.7.1" (data)
/// String(decoding: envelope.content, as: UTF8.self)   // the JSON
/// ```
public struct CMSSignedData: Sendable, Hashable, Encodable {
    /// The `SignedData` version number.
    public let version: Int
    /// The dotted object identifier of the encapsulated content type.
    public let contentType: String
    /// The encapsulated content: the association file's JSON bytes.
    public let content: [UInt8]
    /// How many certificates the envelope carries.
    public let certificateCount: Int
    /// How many signers signed the content.
    public let signerCount: Int

    /// The object identifier of CMS `signedData`.
    public static let signedDataType = "1.2.840.113549.1.7.2"
    /// The object identifier of CMS `data`.
    public static let dataType = "1.2.840.113549.1.7.1"

    /// Whether bytes start like a DER or BER `SEQUENCE` with a long or indefinite length, which
    /// JSON text never does.
    public static func looksSigned(_ bytes: some Collection<UInt8>) -> Bool {
        var iterator = bytes.makeIterator()
        guard iterator.next() == 0x30, let second = iterator.next() else { return false }
        return second >= 0x80
    }

    /// Reads a `ContentInfo` holding `SignedData` with attached content.
    public init(der bytes: [UInt8]) throws(CMSError) {
        let reader = DERReader(bytes: bytes)
        let contentInfo = try reader.element(at: 0, limit: bytes.count)
        guard contentInfo.tag == 0x30 else {
            throw .unexpectedStructure("the file does not start with a sequence")
        }
        guard contentInfo.end == bytes.count else { throw .trailingBytes(offset: contentInfo.end) }
        let infoParts = try reader.children(of: contentInfo, depth: 0)
        guard infoParts.count == 2 else { throw .unexpectedStructure("ContentInfo must have two parts") }
        let outerType = try reader.objectIdentifier(of: infoParts[0])
        guard outerType == CMSSignedData.signedDataType else { throw .notSignedData(contentType: outerType) }
        guard infoParts[1].tag == 0xA0 else { throw .unexpectedStructure("ContentInfo has no [0] content") }
        let wrapped = try reader.children(of: infoParts[1], depth: 1)
        guard wrapped.count == 1, wrapped[0].tag == 0x30 else {
            throw .unexpectedStructure("SignedData is not a sequence")
        }
        let fields = try reader.children(of: wrapped[0], depth: 2)
        guard fields.count >= 4 else { throw .unexpectedStructure("SignedData has too few fields") }
        version = try reader.smallInteger(of: fields[0])
        guard fields[1].tag == 0x31 else {
            throw .unexpectedStructure("SignedData has no digest algorithm set")
        }
        guard fields[2].tag == 0x30 else {
            throw .unexpectedStructure("SignedData has no encapsulated content")
        }
        let encapsulated = try reader.children(of: fields[2], depth: 3)
        guard let typeElement = encapsulated.first else {
            throw .unexpectedStructure("the encapsulated content has no type")
        }
        contentType = try reader.objectIdentifier(of: typeElement)
        guard encapsulated.count == 2 else { throw .detachedContent }
        guard encapsulated[1].tag == 0xA0 else {
            throw .unexpectedStructure("the encapsulated content is not [0]")
        }
        let octetStrings = try reader.children(of: encapsulated[1], depth: 4)
        guard octetStrings.count == 1, octetStrings[0].tag & 0xDF == 0x04 else {
            throw .unexpectedStructure("the encapsulated content is not an octet string")
        }
        content = try reader.octets(of: octetStrings[0], depth: 5)
        var certificates = 0
        var signers = 0
        var sawSignerInfos = false
        for field in fields.dropFirst(3) {
            switch field.tag {
            case 0xA0: certificates = try reader.children(of: field, depth: 3).count
            case 0xA1: continue
            case 0x31:
                signers = try reader.children(of: field, depth: 3).count
                sawSignerInfos = true
            default: throw .unexpectedStructure("SignedData has an unexpected field")
            }
        }
        guard sawSignerInfos else { throw .unexpectedStructure("SignedData has no signer infos") }
        certificateCount = certificates
        signerCount = signers
    }
}

/// Why a signed association file could not be read.
public enum CMSError: Error, Sendable, Hashable, Encodable, CustomStringConvertible {
    /// The bytes end inside an element.
    case truncated(offset: Int)
    /// A length is malformed (more than four length octets, or indefinite on a primitive).
    case invalidLength(offset: Int)
    /// A multi-byte tag, which CMS never uses.
    case unsupportedTag(offset: Int)
    /// Elements nest deeper than any CMS envelope does.
    case nestingTooDeep
    /// Bytes follow the envelope.
    case trailingBytes(offset: Int)
    /// The envelope holds something other than `SignedData` (its content type).
    case notSignedData(contentType: String)
    /// The signature is detached: the envelope does not carry the JSON.
    case detachedContent
    /// The structure is not CMS `SignedData` as RFC 5652 defines it.
    case unexpectedStructure(String)

    /// A sentence that says what was wrong.
    public var description: String {
        switch self {
        case .truncated(let offset): "the envelope ends inside an element (offset \(offset))"
        case .invalidLength(let offset): "an element length is malformed (offset \(offset))"
        case .unsupportedTag(let offset): "an element uses a multi-byte tag (offset \(offset))"
        case .nestingTooDeep: "elements nest deeper than \(DERReader.maximumDepth) levels"
        case .trailingBytes(let offset): "bytes follow the envelope (offset \(offset))"
        case .notSignedData(let type): "the envelope is not SignedData (content type \(type))"
        case .detachedContent: "the signature is detached, so the envelope does not carry the JSON"
        case .unexpectedStructure(let what): "the envelope is not CMS SignedData: \(what)"
        }
    }
}

extension CMSError {
    /// Encodes the case as `{"case": {"label": value, …}}`, the text Swift's synthesized
    /// conformance writes.
    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .truncated(let offset):
            var values = EnumCaseEncoder(encoder, "truncated")
            try values("offset", offset)
        case .invalidLength(let offset):
            var values = EnumCaseEncoder(encoder, "invalidLength")
            try values("offset", offset)
        case .unsupportedTag(let offset):
            var values = EnumCaseEncoder(encoder, "unsupportedTag")
            try values("offset", offset)
        case .nestingTooDeep: _ = EnumCaseEncoder(encoder, "nestingTooDeep")
        case .trailingBytes(let offset):
            var values = EnumCaseEncoder(encoder, "trailingBytes")
            try values("offset", offset)
        case .notSignedData(let contentType):
            var values = EnumCaseEncoder(encoder, "notSignedData")
            try values("contentType", contentType)
        case .detachedContent: _ = EnumCaseEncoder(encoder, "detachedContent")
        case .unexpectedStructure(let value):
            var values = EnumCaseEncoder(encoder, "unexpectedStructure")
            try values("_0", value)
        }
    }
}

extension CMSSignedData {
    /// Encodes each stored property under its name, leaving out one that is `nil`: the JSON
    /// the synthesized conformance wrote, without a key type of its own.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: AnyCodingKey.self)
        try c.encode(version, forKey: "version")
        try c.encode(contentType, forKey: "contentType")
        try c.encode(content, forKey: "content")
        try c.encode(certificateCount, forKey: "certificateCount")
        try c.encode(signerCount, forKey: "signerCount")
    }
}
