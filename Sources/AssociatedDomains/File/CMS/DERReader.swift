/// A small reader for the ASN.1 encodings a CMS envelope uses: DER, and the BER that
/// `openssl cms -stream` writes (indefinite lengths, octet strings in chunks).
///
/// It reads tag, length and value, nothing more; it never interprets certificates. Every
/// length is checked against the bytes that are left and nesting is bounded, so hostile input
/// ends in a ``CMSError``, never a crash or an endless loop.
struct DERReader {
    /// Deepest nesting followed; CMS needs about ten levels.
    static let maximumDepth = 64

    /// One tag-length-value element.
    struct Element {
        /// The identifier octet (class, constructed bit, and tag number below 31).
        var tag: UInt8
        /// Offset of the identifier octet.
        var start: Int
        /// Offset of the first value byte.
        var valueStart: Int
        /// Offset just past the last value byte (before an end-of-contents marker).
        var valueEnd: Int
        /// Offset just past the element, end-of-contents marker included.
        var end: Int

        var isConstructed: Bool { tag & 0x20 != 0 }
    }

    let bytes: [UInt8]

    /// Reads the element that starts at `offset`, which must end by `limit`.
    func element(at offset: Int, limit: Int, depth: Int = 0) throws(CMSError) -> Element {
        guard depth <= DERReader.maximumDepth else { throw .nestingTooDeep }
        guard offset < limit else { throw .truncated(offset: offset) }
        let tag = bytes[offset]
        guard tag & 0x1F != 0x1F else { throw .unsupportedTag(offset: offset) }
        var cursor = offset + 1
        guard cursor < limit else { throw .truncated(offset: cursor) }
        let first = bytes[cursor]
        cursor += 1
        if first == 0x80 {
            guard tag & 0x20 != 0 else { throw .invalidLength(offset: cursor - 1) }
            let valueStart = cursor
            while true {
                guard cursor + 2 <= limit else { throw .truncated(offset: cursor) }
                if bytes[cursor] == 0 && bytes[cursor + 1] == 0 {
                    return Element(
                        tag: tag, start: offset, valueStart: valueStart, valueEnd: cursor, end: cursor + 2)
                }
                cursor = try element(at: cursor, limit: limit, depth: depth + 1).end
            }
        }
        var length = 0
        if first < 0x80 {
            length = Int(first)
        } else {
            let count = Int(first & 0x7F)
            guard count <= 4 else { throw .invalidLength(offset: cursor - 1) }
            guard cursor + count <= limit else { throw .truncated(offset: cursor) }
            for byte in bytes[cursor..<cursor + count] { length = length << 8 | Int(byte) }
            cursor += count
        }
        guard length <= limit - cursor else { throw .truncated(offset: cursor) }
        return Element(
            tag: tag, start: offset, valueStart: cursor, valueEnd: cursor + length, end: cursor + length)
    }

    /// The elements directly inside a constructed element, in order.
    func children(of parent: Element, depth: Int) throws(CMSError) -> [Element] {
        var result: [Element] = []
        var cursor = parent.valueStart
        while cursor < parent.valueEnd {
            let child = try element(at: cursor, limit: parent.valueEnd, depth: depth + 1)
            result.append(child)
            cursor = child.end
        }
        return result
    }

    /// The bytes of an OCTET STRING, joining the chunks of a constructed (BER) one.
    func octets(of element: Element, depth: Int) throws(CMSError) -> [UInt8] {
        guard element.isConstructed else { return Array(bytes[element.valueStart..<element.valueEnd]) }
        var result: [UInt8] = []
        for chunk in try children(of: element, depth: depth) {
            guard chunk.tag & 0xDF == 0x04 else {
                throw .unexpectedStructure("an octet string chunk is not an octet string")
            }
            result += try octets(of: chunk, depth: depth + 1)
        }
        return result
    }

    /// The dotted spelling of an OBJECT IDENTIFIER (`1.2.840.113549.1.7.2`).
    func objectIdentifier(of element: Element) throws(CMSError) -> String {
        guard element.tag == 0x06, element.valueEnd > element.valueStart else {
            throw .unexpectedStructure("expected an object identifier")
        }
        var arcs: [UInt64] = []
        var value: UInt64 = 0
        var pending = false
        for byte in bytes[element.valueStart..<element.valueEnd] {
            guard value >> 56 == 0 else {
                throw .unexpectedStructure("an object identifier arc is too large")
            }
            value = value << 7 | UInt64(byte & 0x7F)
            pending = byte & 0x80 != 0
            if !pending {
                arcs.append(value)
                value = 0
            }
        }
        guard !pending, let first = arcs.first else {
            throw .unexpectedStructure("a truncated object identifier")
        }
        let head: [UInt64] = first < 40 ? [0, first] : first < 80 ? [1, first - 40] : [2, first - 80]
        return (head + arcs.dropFirst()).map(String.init).joined(separator: ".")
    }

    /// The value of a small non-negative INTEGER.
    func smallInteger(of element: Element) throws(CMSError) -> Int {
        let count = element.valueEnd - element.valueStart
        guard element.tag == 0x02, count >= 1, count <= 4 else {
            throw .unexpectedStructure("expected a small integer")
        }
        var value = 0
        for byte in bytes[element.valueStart..<element.valueEnd] { value = value << 8 | Int(byte) }
        return value
    }
}
