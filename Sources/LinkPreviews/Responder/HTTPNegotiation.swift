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
        // One pass over the header's bytes, lent as a span: each element between commas, in
        // it the media range up to the first `;`, then each parameter, `q=` read as the quality.
        return TextSpan.read(accept) { bytes in
            // Specificity: 3 for type/subtype, 2 for type/*, 1 for */*; quality in thousandths.
            var html = (specificity: 0, quality: 0)
            var json = (specificity: 0, quality: 0)
            var start = 0
            while start < bytes.count {
                var end = start
                while end < bytes.count, bytes[end] != UInt8(ascii: ",") { end += 1 }
                // The media range is the first part between semicolons that is not empty.
                var mediaStart = start
                while mediaStart < end, bytes[mediaStart] == UInt8(ascii: ";") { mediaStart += 1 }
                var mediaEnd = mediaStart
                while mediaEnd < end, bytes[mediaEnd] != UInt8(ascii: ";") { mediaEnd += 1 }
                let media = trimmed(bytes, mediaStart..<mediaEnd)
                var quality = 1000
                var parameterStart = mediaEnd + 1
                while parameterStart < end {
                    var parameterEnd = parameterStart
                    while parameterEnd < end, bytes[parameterEnd] != UInt8(ascii: ";") { parameterEnd += 1 }
                    let parameter = trimmed(bytes, parameterStart..<parameterEnd)
                    if parameter.count > 2, bytes[parameter.lowerBound] | 0x20 == UInt8(ascii: "q"),
                        bytes[parameter.lowerBound + 1] == UInt8(ascii: "=")
                    {
                        quality = qvalue(bytes, (parameter.lowerBound + 2)..<parameter.upperBound) ?? 0
                    }
                    parameterStart = parameterEnd + 1
                }
                if !media.isEmpty {
                    consider(bytes, media, quality, &html, type: textHTML, group: textAny)
                    consider(bytes, media, quality, &json, type: applicationJSON, group: applicationAny)
                }
                start = end + 1
            }
            return json.quality > html.quality ? .json : .html
        }
    }

    private static let textHTML = Array("text/html".utf8)
    private static let textAny = Array("text/*".utf8)
    private static let applicationJSON = Array("application/json".utf8)
    private static let applicationAny = Array("application/*".utf8)
    private static let anyType = Array("*/*".utf8)

    /// Keeps `quality` for a type when the media range is more specific than the best so far:
    /// the type itself, its group, or any type.
    private static func consider(
        _ bytes: Span<UInt8>, _ media: Range<Int>, _ quality: Int,
        _ best: inout (specificity: Int, quality: Int),
        type: [UInt8], group: [UInt8]
    ) {
        let specificity: Int
        if equalsIgnoringCase(bytes, media, type) {
            specificity = 3
        } else if equalsIgnoringCase(bytes, media, group) {
            specificity = 2
        } else if equalsIgnoringCase(bytes, media, anyType) {
            specificity = 1
        } else {
            return
        }
        if specificity > best.specificity { best = (specificity, quality) }
    }

    /// A qvalue (`0`, `0.5`, `1.000`) in thousandths, or `nil` when it is not one.
    static func qvalue(_ bytes: Span<UInt8>, _ range: Range<Int>) -> Int? {
        guard !range.isEmpty, range.count <= 5 else { return nil }
        let first = bytes[range.lowerBound]
        guard first == UInt8(ascii: "0") || first == UInt8(ascii: "1") else { return nil }
        var value = Int(first - UInt8(ascii: "0")) * 1000
        if range.count == 1 { return value }
        guard bytes[range.lowerBound + 1] == UInt8(ascii: ".") else { return nil }
        var scale = 100
        for index in (range.lowerBound + 2)..<range.upperBound {
            let byte = bytes[index]
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            value += Int(byte - UInt8(ascii: "0")) * scale
            scale /= 10
        }
        return value <= 1000 ? value : nil
    }

    /// The range without the spaces and tabs around it.
    static func trimmed(_ bytes: Span<UInt8>, _ range: Range<Int>) -> Range<Int> {
        var start = range.lowerBound
        var end = range.upperBound
        while start < end, bytes[start] == 0x20 || bytes[start] == 0x09 { start += 1 }
        while end > start, bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09 { end -= 1 }
        return start..<end
    }

    /// Whether the bytes in `range` spell `text` (ASCII), letters compared without regard to case.
    static func equalsIgnoringCase(_ bytes: Span<UInt8>, _ range: Range<Int>, _ text: [UInt8]) -> Bool {
        guard range.count == text.count else { return false }
        for (offset, expected) in text.enumerated() {
            let byte = bytes[range.lowerBound + offset]
            if byte != expected,
                !(byte | 0x20 == expected && expected >= UInt8(ascii: "a") && expected <= UInt8(ascii: "z"))
            {
                return false
            }
        }
        return true
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
        // One pass over the header's bytes, as `Accept` is read: each element between commas.
        return TextSpan.read(header) { bytes in
            TextSpan.read(etag) { tag in
                var start = 0
                while start < bytes.count {
                    var end = start
                    while end < bytes.count, bytes[end] != UInt8(ascii: ",") { end += 1 }
                    // An empty element is left out, as `split(separator:)` leaves it out.
                    defer { start = end + 1 }
                    if end == start { continue }
                    var candidate = trimmed(bytes, start..<end)
                    if candidate.count == 1, bytes[candidate.lowerBound] == UInt8(ascii: "*") { return true }
                    if candidate.count >= 2, bytes[candidate.lowerBound] == UInt8(ascii: "W"),
                        bytes[candidate.lowerBound + 1] == UInt8(ascii: "/")
                    {
                        candidate = (candidate.lowerBound + 2)..<candidate.upperBound
                    }
                    if candidate.count == tag.count,
                        !candidate.indices.contains(where: { bytes[$0] != tag[$0 - candidate.lowerBound] })
                    {
                        return true
                    }
                }
                return false
            }
        }
    }

    /// A strong entity tag for a body: its 64-bit hash (``EntityTag``, eight bytes a step) in
    /// hexadecimal, 16 digits, quoted. Identical bodies always get the same tag.
    static func entityTag(_ body: [UInt8]) -> String {
        EntityTag.quotedHexadecimal(EntityTag.hash(body))
    }

}
