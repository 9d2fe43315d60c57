import DeepLinks

/// A single-pass reader of the XML subset sitemaps use, collecting the `loc` of each `url`
/// (or `sitemap`) element.
///
/// Each byte is read once by the main loop or by one forward search for a terminator (`?>`,
/// `-->`, `]]>`, a closing quote) that then moves past it, so the work is linear in the input.
/// Element names are kept on a stack bounded by ``Sitemap/maximumDepth``.
struct XMLScanner {
    let bytes: [UInt8]
    var position: Int
    /// The local names (prefix removed) of the open elements.
    var open: [[UInt8]] = []
    /// Where the current line started counting, for messages.
    var lineCounted = 0
    var line = 1
    /// The most URLs read; one more is ``SitemapError/tooManyURLs(line:limit:)``.
    let urlLimit: Int

    init(bytes: [UInt8], position: Int, urlLimit: Int = Sitemap.maximumURLCount) {
        self.bytes = bytes
        self.position = position
        self.urlLimit = urlLimit
    }

    static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    static let urlset = Array("urlset".utf8)
    static let sitemapindex = Array("sitemapindex".utf8)
    static let url = Array("url".utf8)
    static let sitemap = Array("sitemap".utf8)
    static let loc = Array("loc".utf8)

    /// The line of `position`, counted lazily (each byte once over the whole scan).
    mutating func currentLine() -> Int {
        while lineCounted < min(position, bytes.count) {
            if bytes[lineCounted] == 0x0A { line += 1 }
            lineCounted += 1
        }
        return line
    }

    mutating func invalid(_ reason: String) -> SitemapError {
        .invalidXML(line: currentLine(), reason: reason)
    }

    /// Reads the whole document.
    mutating func sitemap() throws(SitemapError) -> (Sitemap.Kind, [String]) {
        // One function: one pass over the untrusted document's bytes, whose open elements, `loc`
        // text and root state every kind of markup reads and changes; split, each branch would take
        // and give back that state.
        var kind: Sitemap.Kind?
        var locations: [String] = []
        /// The text of the `loc` being read, when one is open in the right place.
        var location: [UInt8]?
        var rootClosed = false
        while position < bytes.count {
            let byte = bytes[position]
            if byte != UInt8(ascii: "<") {
                if byte == UInt8(ascii: "&") {
                    let scalar = try entity()
                    location?.append(contentsOf: Array(String(scalar).utf8))
                } else {
                    if open.isEmpty, !Self.isSpace(byte) { throw invalid("text outside the root element") }
                    location?.append(byte)
                    position += 1
                }
                if let text = location, text.count > Sitemap.maximumURLLength {
                    throw .urlTooLong(line: currentLine(), limit: Sitemap.maximumURLLength)
                }
                continue
            }
            if matches("<?") {
                try skip(past: "?>", what: "a processing instruction")
            } else if matches("<!--") {
                try skip(past: "-->", what: "a comment")
            } else if matches("<![CDATA[") {
                guard !open.isEmpty else { throw invalid("CDATA outside the root element") }
                position += 9
                let start = position
                try skip(past: "]]>", what: "a CDATA section")
                location?.append(contentsOf: bytes[start..<(position - 3)])
                if let text = location, text.count > Sitemap.maximumURLLength {
                    throw .urlTooLong(line: currentLine(), limit: Sitemap.maximumURLLength)
                }
            } else if matches("<!DOCTYPE") || matches("<!doctype") {
                throw .documentTypeDeclaration(line: currentLine())
            } else if matches("</") {
                position += 2
                let name = try self.name()
                while position < bytes.count, Self.isSpace(bytes[position]) { position += 1 }
                guard position < bytes.count, bytes[position] == UInt8(ascii: ">") else {
                    throw invalid("the end tag </\(text(name))> is not closed with '>'")
                }
                position += 1
                guard let top = open.popLast(), top == Self.localName(name) else {
                    throw invalid("</\(text(name))> does not close the element that is open")
                }
                if top == Self.loc, let text = location {
                    guard let string = UTF8Text.decode(Self.trimmed(text)) else {
                        throw .notUTF8(line: currentLine())
                    }
                    if let scalar = Sitemap.controlCharacter(in: string) {
                        throw .controlCharacter(line: currentLine(), scalar: scalar.value)
                    }
                    if !string.isEmpty {
                        guard locations.count < urlLimit else {
                            throw .tooManyURLs(line: currentLine(), limit: urlLimit)
                        }
                        locations.append(string)
                    }
                    location = nil
                }
                if open.isEmpty { rootClosed = true }
            } else {
                guard !rootClosed else { throw invalid("a second root element") }
                position += 1
                let name = try self.name()
                let selfClosing = try attributes()
                let local = Self.localName(name)
                if open.isEmpty {
                    if local == Self.urlset {
                        kind = .urlSet
                    } else if local == Self.sitemapindex {
                        kind = .index
                    } else {
                        throw .notASitemap(root: text(name))
                    }
                }
                if selfClosing { continue }
                guard open.count < Sitemap.maximumDepth else {
                    throw invalid("elements nest deeper than \(Sitemap.maximumDepth) levels")
                }
                if local == Self.loc, open.count == 2,
                    open[1] == (kind == .index ? Self.sitemap : Self.url)
                {
                    location = []
                }
                open.append(local)
            }
        }
        guard let kind else { throw .empty }
        guard open.isEmpty else { throw invalid("the document ends inside <\(text(open.last ?? []))>") }
        guard !locations.isEmpty else { throw .empty }
        return (kind, locations)
    }

    /// Whether the bytes at `position` are `prefix` (a few ASCII characters).
    func matches(_ prefix: String) -> Bool {
        var index = position
        for byte in prefix.utf8 {
            guard index < bytes.count, bytes[index] == byte else { return false }
            index += 1
        }
        return true
    }

    /// Moves past the next `terminator`.
    mutating func skip(past terminator: String, what: String) throws(SitemapError) {
        let count = terminator.utf8.count
        while position + count <= bytes.count {
            if matches(terminator) {
                position += count
                return
            }
            position += 1
        }
        position = bytes.count
        throw invalid("\(what) is not closed")
    }

    /// An element name at `position`.
    mutating func name() throws(SitemapError) -> ArraySlice<UInt8> {
        let start = position
        while position < bytes.count {
            let byte = bytes[position]
            if Self.isSpace(byte) || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "/")
                || byte == UInt8(ascii: "=") || byte == UInt8(ascii: "<")
            {
                break
            }
            position += 1
        }
        guard position > start else { throw invalid("a tag without a name") }
        return bytes[start..<position]
    }

    /// Reads the attributes up to the end of a start tag; `true` for `/>`.
    mutating func attributes() throws(SitemapError) -> Bool {
        while true {
            while position < bytes.count, Self.isSpace(bytes[position]) { position += 1 }
            guard position < bytes.count else { throw invalid("a start tag is not closed") }
            if bytes[position] == UInt8(ascii: ">") {
                position += 1
                return false
            }
            if matches("/>") {
                position += 2
                return true
            }
            _ = try name()
            while position < bytes.count, Self.isSpace(bytes[position]) { position += 1 }
            guard position < bytes.count, bytes[position] == UInt8(ascii: "=") else {
                throw invalid("an attribute without a value")
            }
            position += 1
            while position < bytes.count, Self.isSpace(bytes[position]) { position += 1 }
            guard position < bytes.count,
                bytes[position] == UInt8(ascii: "\"") || bytes[position] == UInt8(ascii: "'")
            else {
                throw invalid("an attribute value without quotes")
            }
            let quote = bytes[position]
            position += 1
            while position < bytes.count, bytes[position] != quote {
                if bytes[position] == UInt8(ascii: "<") { throw invalid("'<' inside an attribute value") }
                position += 1
            }
            guard position < bytes.count else { throw invalid("an attribute value is not closed") }
            position += 1
        }
    }

    /// A predefined entity or character reference at `position` (which holds `&`).
    mutating func entity() throws(SitemapError) -> Unicode.Scalar {
        let start = position + 1
        var end = start
        while end < bytes.count, end - start < 10, bytes[end] != UInt8(ascii: ";") { end += 1 }
        guard end < bytes.count, bytes[end] == UInt8(ascii: ";") else {
            throw invalid("'&' that does not start an entity (write &amp;)")
        }
        let name = String(decoding: bytes[start..<end], as: UTF8.self)
        position = end + 1
        switch name {
        case "lt": return "<"
        case "gt": return ">"
        case "amp": return "&"
        case "quot": return "\""
        case "apos": return "'"
        default:
            var value: UInt32?
            if name.hasPrefix("#x") {
                value = UInt32(name.dropFirst(2), radix: 16)
            } else if name.hasPrefix("#") {
                value = UInt32(name.dropFirst(), radix: 10)
            }
            guard let value, value != 0, let scalar = Unicode.Scalar(value) else {
                throw invalid(
                    "the entity &\(name); is not one XML predefines, nor a valid character reference")
            }
            return scalar
        }
    }

    static func localName(_ name: ArraySlice<UInt8>) -> [UInt8] {
        if let colon = name.lastIndex(of: UInt8(ascii: ":")) { return Array(name[(colon + 1)...]) }
        return Array(name)
    }

    static func trimmed(_ text: [UInt8]) -> ArraySlice<UInt8> {
        var low = 0
        var high = text.count
        while low < high, isSpace(text[low]) { low += 1 }
        while high > low, isSpace(text[high - 1]) { high -= 1 }
        return text[low..<high]
    }

    func text(_ name: some Collection<UInt8>) -> String {
        String(decoding: name.prefix(64), as: UTF8.self)
    }
}
