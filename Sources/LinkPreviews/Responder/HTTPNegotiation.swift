/// The parts of HTTP the responder reads from headers: which representation `Accept` prefers,
/// and whether `If-None-Match` names an entity tag. Each reads its header once, left to
/// right: linear in the header's length.
package enum HTTPNegotiation {
    /// What a page is sent as.
    package enum Representation: Sendable, Hashable {
        case html, json
    }

    /// JSON when `Accept` gives `application/json` a higher quality than `text/html`, HTML
    /// otherwise (no header, `*/*`, a browser's list, or neither type acceptable: a page is
    /// still better than `406`). The most specific range that matches a type gives its
    /// quality, as RFC 9110 says. Media ranges are compared without regard to ASCII case.
    package static func representation(accept: String?) -> Representation {
        guard let accept else { return .html }
        // Specificity: 3 for type/subtype, 2 for type/*, 1 for */*; quality in thousandths.
        var html = (specificity: 0, quality: 0)
        var json = (specificity: 0, quality: 0)
        for element in Elements(Substring(accept).utf8, separator: UInt8(ascii: ",")) {
            var parts = Elements(element, separator: UInt8(ascii: ";")).makeIterator()
            guard let range = parts.next() else { continue }
            let media = trimmed(range)
            var quality = 1000
            while let parameter = parts.next() {
                let text = trimmed(parameter)
                if text.count > 2, text.first == UInt8(ascii: "q") || text.first == UInt8(ascii: "Q"),
                    text[text.index(after: text.startIndex)] == UInt8(ascii: "=")
                {
                    quality = qvalue(text.dropFirst(2)) ?? 0
                }
            }
            func consider(_ best: inout (specificity: Int, quality: Int), type: String, group: String) {
                let specificity: Int
                if equalsIgnoringCase(media, type) {
                    specificity = 3
                } else if equalsIgnoringCase(media, group) {
                    specificity = 2
                } else if equalsIgnoringCase(media, "*/*") {
                    specificity = 1
                } else {
                    return
                }
                if specificity > best.specificity { best = (specificity, quality) }
            }
            consider(&html, type: "text/html", group: "text/*")
            consider(&json, type: "application/json", group: "application/*")
        }
        return json.quality > html.quality ? .json : .html
    }

    /// A qvalue (`0`, `0.5`, `1.000`) in thousandths, or `nil` when it is not one.
    static func qvalue(_ text: Substring.UTF8View) -> Int? {
        guard let first = text.first, first == UInt8(ascii: "0") || first == UInt8(ascii: "1"),
            text.count <= 5
        else { return nil }
        var value = Int(first - UInt8(ascii: "0")) * 1000
        let rest = text.dropFirst()
        if rest.isEmpty { return value }
        guard rest.first == UInt8(ascii: ".") else { return nil }
        var scale = 100
        for byte in rest.dropFirst() {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
            value += Int(byte - UInt8(ascii: "0")) * scale
            scale /= 10
        }
        return value <= 1000 ? value : nil
    }

    /// The bytes without the spaces and tabs around them.
    static func trimmed(_ bytes: Substring.UTF8View) -> Substring.UTF8View {
        var slice = bytes
        while let first = slice.first, first == 0x20 || first == 0x09 { slice = slice.dropFirst() }
        while let last = slice.last, last == 0x20 || last == 0x09 { slice = slice.dropLast() }
        return slice
    }

    /// Whether the bytes spell `text` (ASCII), letters compared without regard to case.
    static func equalsIgnoringCase(_ bytes: Substring.UTF8View, _ text: String) -> Bool {
        bytes.elementsEqual(text.utf8) { lhs, rhs in
            lhs == rhs || (lhs | 0x20 == rhs && (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(rhs))
        }
    }

    /// Whether `If-None-Match` matches an entity tag: `*`, or a list naming the tag, weak
    /// or strong (`GET` and `HEAD` compare weakly, RFC 9110 section 13.1.2).
    static func matches(ifNoneMatch header: String?, etag: String) -> Bool {
        guard let header else { return false }
        for element in Elements(Substring(header).utf8, separator: UInt8(ascii: ",")) {
            var candidate = trimmed(element)
            if candidate.elementsEqual("*".utf8) { return true }
            if candidate.starts(with: "W/".utf8) { candidate = candidate.dropFirst(2) }
            if candidate.elementsEqual(etag.utf8) { return true }
        }
        return false
    }

    /// A strong entity tag for a body: its 64-bit hash (``EntityTag``, eight bytes a step) in
    /// hexadecimal, 16 digits, quoted. Identical bodies always get the same tag.
    ///
    /// The 18 bytes are written in place, a digit per four bits from the top, where building
    /// the text from `String(_:radix:)`, padding and two concatenations cost several allocations.
    static func entityTag(_ body: [UInt8]) -> String {
        let hash = EntityTag.hash(body)
        var tag = [UInt8](repeating: UInt8(ascii: "\""), count: 18)
        for position in 0..<16 {
            let nibble = UInt8(truncatingIfNeeded: hash >> UInt64(60 - 4 * position)) & 0x0F
            tag[position + 1] =
                nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") - 10 + nibble
        }
        return String(decoding: tag, as: UTF8.self)
    }

    /// The parts of a header value between separators, empty parts left out, read in place:
    /// what `split(separator:)` gives, without building an array.
    struct Elements: Sequence, IteratorProtocol {
        private var rest: Substring.UTF8View?
        private let separator: UInt8

        init(_ bytes: Substring.UTF8View, separator: UInt8) {
            rest = bytes
            self.separator = separator
        }

        mutating func next() -> Substring.UTF8View? {
            while let bytes = rest {
                let end = bytes.firstIndex(of: separator) ?? bytes.endIndex
                rest = end == bytes.endIndex ? nil : bytes[bytes.index(after: end)...]
                if end != bytes.startIndex { return bytes[..<end] }
            }
            return nil
        }
    }
}
