/// Just enough HTML reading to check rendered output: character references, and the shape of
/// every tag.
public enum HTMLReading {
    /// The text with the five references the renderers write (`&amp;`, `&lt;`, `&gt;`,
    /// `&quot;`, `&#39;`) turned back into characters, or `nil` when an `&` starts anything
    /// else: a renderer that let a raw `&` through would be caught here.
    ///
    /// Reading is done on UTF-8 bytes, as an HTML parser reads code points: a combining mark
    /// after `;` must not hide the reference from a comparison of whole characters.
    public static func unescaped(_ text: String) -> String? {
        let bytes = Array(text.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var i = 0
        scanning: while i < bytes.count {
            guard bytes[i] == UInt8(ascii: "&") else {
                out.append(bytes[i])
                i += 1
                continue
            }
            for (reference, character) in references where bytes[i...].starts(with: reference.utf8) {
                out += character.utf8
                i += reference.utf8.count
                continue scanning
            }
            return nil
        }
        return String(decoding: out, as: UTF8.self)
    }

    static let references: [(String, String)] = [
        ("&amp;", "&"), ("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&#39;", "'"),
    ]

    /// The raw (still escaped) value of the first attribute `name="…"` in a tag, read on UTF-8
    /// bytes; `nil` when the tag has no such attribute.
    public static func attributeValue(_ name: String, in tag: String) -> String? {
        let bytes = Array(tag.utf8)
        let marker = Array(" \(name)=\"".utf8)
        guard let start = find(marker, in: bytes, from: 0) else { return nil }
        let valueStart = start + marker.count
        guard let end = bytes[valueStart...].firstIndex(of: UInt8(ascii: "\"")) else { return nil }
        return String(decoding: bytes[valueStart..<end], as: UTF8.self)
    }

    /// The document without its `<style>` element, whose CSS is fixed and not escaped text.
    public static func withoutStyle(_ html: String) -> String {
        let bytes = Array(html.utf8)
        guard let open = find(Array("<style>".utf8), in: bytes, from: 0),
            let close = find(Array("</style>".utf8), in: bytes, from: open)
        else { return html }
        return String(decoding: bytes[..<open] + bytes[(close + "</style>".utf8.count)...], as: UTF8.self)
    }

    /// One tag: its name (with `/` for an end tag, `!DOCTYPE` for the doctype) and its
    /// attribute names in order.
    public struct Tag: Hashable, Sendable, CustomStringConvertible {
        /// The name.
        public let name: String
        /// The attribute names, in order.
        public let attributes: [String]

        /// `<name a b>`.
        public var description: String { "<" + ([name] + attributes).joined(separator: " ") + ">" }
    }

    /// Every tag of a document, read strictly: attributes are `name="value"` with a value that
    /// holds no `"`, `<` or `>`, and text between tags holds no `<` or `>`. The content of
    /// `<style>` is skipped. Returns `nil` for anything else, which means markup the renderer
    /// did not write itself.
    public static func tags(_ html: String) -> [Tag]? {
        let bytes = Array(html.utf8)
        var tags: [Tag] = []
        var i = 0
        func isNameByte(_ b: UInt8) -> Bool {
            (b >= 0x61 && b <= 0x7A) || (b >= 0x41 && b <= 0x5A) || (b >= 0x30 && b <= 0x39) || b == 0x2D
                || b == 0x21 || b == 0x2F
        }
        while i < bytes.count {
            let b = bytes[i]
            if b == UInt8(ascii: ">") { return nil }
            guard b == UInt8(ascii: "<") else {
                i += 1
                continue
            }
            i += 1
            var start = i
            while i < bytes.count, isNameByte(bytes[i]) { i += 1 }
            let name = String(decoding: bytes[start..<i], as: UTF8.self)
            guard !name.isEmpty else { return nil }
            var attributes: [String] = []
            while true {
                guard i < bytes.count else { return nil }
                if bytes[i] == UInt8(ascii: ">") {
                    i += 1
                    break
                }
                guard bytes[i] == UInt8(ascii: " ") else { return nil }
                i += 1
                start = i
                while i < bytes.count, isNameByte(bytes[i]) || bytes[i] == UInt8(ascii: ":") { i += 1 }
                let attribute = String(decoding: bytes[start..<i], as: UTF8.self)
                guard !attribute.isEmpty else { return nil }
                attributes.append(attribute)
                // `<!DOCTYPE html>` has a bare word; every other attribute has a quoted value.
                if name == "!DOCTYPE", i < bytes.count, bytes[i] == UInt8(ascii: ">") { continue }
                guard i + 1 < bytes.count, bytes[i] == UInt8(ascii: "="), bytes[i + 1] == UInt8(ascii: "\"")
                else {
                    return nil
                }
                i += 2
                while i < bytes.count, bytes[i] != UInt8(ascii: "\"") {
                    if bytes[i] == UInt8(ascii: "<") || bytes[i] == UInt8(ascii: ">") { return nil }
                    i += 1
                }
                guard i < bytes.count else { return nil }
                i += 1
            }
            tags.append(Tag(name: name, attributes: attributes))
            if name == "style" {
                guard let end = find(Array("</style>".utf8), in: bytes, from: i) else { return nil }
                i = end
            }
        }
        return tags
    }

    private static func find(_ needle: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
        guard needle.count <= bytes.count else { return nil }
        var i = start
        while i + needle.count <= bytes.count {
            if bytes[i..<(i + needle.count)].elementsEqual(needle) { return i }
            i += 1
        }
        return nil
    }
}
