/// The parts of HTTP the responder reads from headers: which representation `Accept` prefers,
/// and whether `If-None-Match` names an entity tag. Each reads its header once, left to
/// right: linear in the header's length.
enum HTTPNegotiation {
    /// What a page is sent as.
    enum Representation: Sendable, Hashable {
        case html, json
    }

    /// JSON when `Accept` gives `application/json` a higher quality than `text/html`, HTML
    /// otherwise (no header, `*/*`, a browser's list, or neither type acceptable: a page is
    /// still better than `406`). The most specific range that matches a type gives its
    /// quality, as RFC 9110 says.
    static func representation(accept: String?) -> Representation {
        guard let accept else { return .html }
        // Specificity: 3 for type/subtype, 2 for type/*, 1 for */*; quality in thousandths.
        var html = (specificity: 0, quality: 0)
        var json = (specificity: 0, quality: 0)
        for element in Array(accept.utf8).split(separator: UInt8(ascii: ",")) {
            let parts = element.split(separator: UInt8(ascii: ";"))
            guard let range = parts.first else { continue }
            let media = String(decoding: trimmed(range), as: UTF8.self).lowercased()
            var quality = 1000
            for parameter in parts.dropFirst() {
                let text = trimmed(parameter)
                if text.count > 2, text.first == UInt8(ascii: "q") || text.first == UInt8(ascii: "Q"),
                    text[text.index(after: text.startIndex)] == UInt8(ascii: "=")
                {
                    quality = qvalue(text.dropFirst(2)) ?? 0
                }
            }
            func consider(_ best: inout (specificity: Int, quality: Int), type: String, subtype: String) {
                let specificity: Int
                if media == type + "/" + subtype {
                    specificity = 3
                } else if media == type + "/*" {
                    specificity = 2
                } else if media == "*/*" {
                    specificity = 1
                } else {
                    return
                }
                if specificity > best.specificity { best = (specificity, quality) }
            }
            consider(&html, type: "text", subtype: "html")
            consider(&json, type: "application", subtype: "json")
        }
        return json.quality > html.quality ? .json : .html
    }

    /// A qvalue (`0`, `0.5`, `1.000`) in thousandths, or `nil` when it is not one.
    static func qvalue(_ text: ArraySlice<UInt8>) -> Int? {
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

    static func trimmed(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        var slice = bytes
        while let first = slice.first, first == 0x20 || first == 0x09 { slice = slice.dropFirst() }
        while let last = slice.last, last == 0x20 || last == 0x09 { slice = slice.dropLast() }
        return slice
    }

    /// Whether `If-None-Match` matches an entity tag: `*`, or a list naming the tag, weak
    /// or strong (`GET` and `HEAD` compare weakly, RFC 9110 section 13.1.2).
    static func matches(ifNoneMatch header: String?, etag: String) -> Bool {
        guard let header else { return false }
        let tag = Array(etag.utf8)
        for element in Array(header.utf8).split(separator: UInt8(ascii: ",")) {
            var candidate = trimmed(element)
            if candidate.count == 1, candidate.first == UInt8(ascii: "*") { return true }
            if candidate.starts(with: "W/".utf8) { candidate = candidate.dropFirst(2) }
            if candidate.elementsEqual(tag) { return true }
        }
        return false
    }

    /// A strong entity tag for a body: its 64-bit FNV-1a hash in hexadecimal, quoted.
    static func entityTag(_ body: [UInt8]) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in body {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        return "\"" + String(repeating: "0", count: 16 - hex.count) + hex + "\""
    }
}
