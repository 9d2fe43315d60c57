import Testing

@testable import LinkPreviews

@Suite("Entity tags: strong, stable, eight bytes a step")
struct EntityTagTests {
    @Test("the tag of given bytes is fixed: the same on every run, every copy and every platform")
    func pinnedTags() {
        #expect(HTTPNegotiation.entityTag([]) == #""7acdbb98b1344213""#)
        #expect(HTTPNegotiation.entityTag(Array("a".utf8)) == #""7793d581564b33e4""#)
        #expect(HTTPNegotiation.entityTag(Array("<!DOCTYPE html>\n".utf8)) == #""c00470e8aeb66b62""#)
        #expect(HTTPNegotiation.entityTag(Array("hello, world".utf8)) == #""ebbf3b4905bf4608""#)
    }

    /// The tag as documented, one word at a time, without pointers.
    static func reference(_ bytes: [UInt8]) -> UInt64 {
        finish(words(of: bytes, into: 0x243F_6A88_85A3_08D3) ^ UInt64(bytes.count))
    }

    static func mix(_ state: UInt64, _ word: UInt64) -> UInt64 {
        let mixed = state ^ (word &* 0x9E37_79B9_7F4A_7C15)
        return (mixed << 31 | mixed >> 33) &* 0xC2B2_AE3D_27D4_EB4F
    }

    /// `state` with the bytes mixed in as little-endian words, the last one padded with zeros.
    static func words(of bytes: [UInt8], into state: UInt64) -> UInt64 {
        var state = state
        var start = 0
        while start < bytes.count {
            var word: UInt64 = 0
            for (shift, byte) in bytes[start..<min(start + 8, bytes.count)].enumerated() {
                word |= UInt64(byte) << (8 * UInt64(shift))
            }
            state = mix(state, word)
            start += 8
        }
        return state
    }

    static func finish(_ state: UInt64) -> UInt64 {
        var value = state
        value ^= value >> 33
        value &*= 0xFF51_AFD7_ED55_8CCD
        value ^= value >> 33
        value &*= 0xC4CE_B9FE_1A85_EC53
        value ^= value >> 33
        return value
    }

    /// A piece of a page: bytes the page writes, or markup prepared once.
    enum Piece {
        case written(String)
        case prepared(String)
    }

    /// A page's tag as documented: each run of written bytes (prepared parts under 64 bytes
    /// included) mixed in as words and followed by its count, each prepared part of 64 bytes or
    /// more as its own tag, finished with the page's whole count.
    static func pageReference(_ pieces: [Piece]) -> UInt64 {
        var state: UInt64 = 0x243F_6A88_85A3_08D3
        var pending: [UInt8] = []
        var total = 0
        func flush() {
            guard !pending.isEmpty else { return }
            state = mix(words(of: pending, into: state), UInt64(pending.count))
            pending = []
        }
        for piece in pieces {
            switch piece {
            case .written(let text):
                pending += Array(text.utf8)
                total += text.utf8.count
            case .prepared(let text) where text.utf8.count < 64:
                pending += Array(text.utf8)
                total += text.utf8.count
            case .prepared(let text):
                flush()
                state = mix(state, reference(Array(text.utf8)))
                total += text.utf8.count
            }
        }
        flush()
        return finish(state ^ UInt64(total))
    }

    /// What a writer holds after writing the pieces, and its tag.
    static func written(_ pieces: [Piece]) -> (bytes: [UInt8], tag: UInt64) {
        let page = HTMLWriter.bytes(capacity: 0) { (writer: inout HTMLWriter) -> UInt64 in
            for piece in pieces {
                switch piece {
                case .written(let text): writer.raw(text)
                case .prepared(let text): writer.raw(PreparedMarkup(text))
                }
            }
            return writer.entityTag()
        }
        return (page.bytes, page.result)
    }

    @Test("a page's tag as it is written: runs and their counts, prepared parts by their own tags")
    func pageTagAsDocumented() {
        let long = String(repeating: "<meta name=\"x\" content=\"y\">\n", count: 9)
        let pages: [[Piece]] = [
            [],
            [.written("a")],
            [.prepared("a")],
            [.prepared(long)],
            [.written("<title>"), .prepared(long), .written("Summer"), .prepared("</title>")],
            [.prepared("<p>"), .prepared("</p>"), .written(long), .written("x"), .prepared(long)],
            [
                .written(long), .prepared(""), .written("1234567"), .prepared("12345678"),
                .written("123456789"),
            ],
            [
                .written("a"), .prepared(String(repeating: "b", count: 63)),
                .prepared(String(repeating: "c", count: 64)),
            ],
        ]
        for pieces in pages {
            let (bytes, tag) = Self.written(pieces)
            #expect(tag == Self.pageReference(pieces), "\(pieces)")
            let expected = pieces.map {
                switch $0 {
                case .written(let text), .prepared(let text): text
                }
            }.joined()
            #expect(bytes == Array(expected.utf8))
        }
        // The tag so far can be asked for more than once; what is written after counts.
        let tags = HTMLWriter.bytes(capacity: 1024) { (writer: inout HTMLWriter) -> [UInt64] in
            writer.raw("<p>")
            let early = writer.entityTag()
            let again = writer.entityTag()
            writer.raw(PreparedMarkup(long))
            writer.text("a & b")
            return [early, again, writer.entityTag()]
        }.result
        #expect(tags[0] == tags[1])
        #expect(long.utf8.count >= PreparedMarkup.shortestFingerprinted)
        #expect(tags[2] == Self.pageReference([.written("<p>"), .prepared(long), .written("a &amp; b")]))
    }

    @Test(
        "pages that differ in a byte, a trailing zero before a prepared part, or a prepared part get different tags"
    )
    func pageTagsDiffer() {
        let part = String(repeating: "body { margin: 0 }\n", count: 20)
        let pages: [[Piece]] = [
            [.written("ab"), .prepared(part)],
            [.written("ab\u{0}"), .prepared(part)],
            [.written("ac"), .prepared(part)],
            [.written("ab"), .prepared(part + " ")],
            [.written("ab"), .prepared(part), .written("\u{0}")],
            [.written("ab" + part)],
            [.written("a"), .prepared("b" + part)],
            [.written("a"), .prepared(String(repeating: "b", count: 63)), .written("\u{0}")],
            [.written("a"), .prepared(String(repeating: "b", count: 63))],
        ]
        let tags = pages.map { Self.written($0).tag }
        #expect(Set(tags).count == tags.count)
    }

    @Test("read four words a step, the tag is the documented one: every length from 0 to 300 bytes")
    func sameTagAsOneWordAtATime() {
        var generator = UInt64(0x1234_5678)
        let bytes = (0..<300).map { _ -> UInt8 in
            generator = generator &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return UInt8(truncatingIfNeeded: generator >> 56)
        }
        for count in 0...bytes.count {
            let body = Array(bytes.prefix(count))
            #expect(EntityTag.hash(body) == Self.reference(body), "\(count) bytes")
        }
    }

    @Test("every one-bit change of a body, at every position of whole words and the tail, changes its tag")
    func everyBitCounts() {
        let body = Array("<p class=\"summary\">48 photos from the coast, June to August.</p>\n".utf8)
        let tag = HTTPNegotiation.entityTag(body)
        var tags: Set<String> = [tag]
        for index in body.indices {
            for bit in 0..<8 {
                var changed = body
                changed[index] ^= 1 << bit
                tags.insert(HTTPNegotiation.entityTag(changed))
            }
        }
        #expect(tags.count == 1 + body.count * 8)
    }

    @Test("bodies that differ only in their length, trailing zeros included, get different tags")
    func lengthCounts() {
        let tags = (0...40).map { HTTPNegotiation.entityTag([UInt8](repeating: 0, count: $0)) }
        #expect(Set(tags).count == tags.count)
        let prefixes = (0...40).map {
            HTTPNegotiation.entityTag(Array("abcdefghijklmnopqrstuvwxyz0123456789ABCDE".utf8.prefix($0)))
        }
        #expect(Set(prefixes).count == prefixes.count)
    }

    @Test("a tag is 16 hexadecimal digits in quotes, zeros kept")
    func tagShape() {
        for count in 0..<64 {
            let tag = HTTPNegotiation.entityTag(Array(repeating: UInt8(count), count: count))
            #expect(tag.utf8.count == 18 && tag.hasPrefix("\"") && tag.hasSuffix("\""))
            #expect(tag.dropFirst().dropLast().allSatisfy { $0.isHexDigit && !$0.isUppercase })
        }
    }
}

@Suite("Landing page: markup written once")
struct LandingPageOpeningsTests {
    @Test(
        "every tag the metadata writes has its markup prepared, in the order it is written, under its attribute"
    )
    func everyTagPrepared() throws {
        var site = PhotoAlbumFixture.site
        site.twitterHandle = "@photoalbum"
        let metadata = try PreviewMetadata(
            canonicalURL: "https://photos.example.com/albums/summer-2024",
            preview: LinkPreview(
                title: "Summer", description: "Coast",
                image: PreviewImage(
                    url: "https://photos.example.com/c.jpg", width: 1200, height: 630, alt: "Cover"),
                locale: "en_US"),
            site: site,
            appLinks: OfferedAppLinks(
                webLink: "https://photos.example.com/albums/summer-2024",
                customSchemeLink: "photoalbum://albums/summer-2024"))
        #expect(metadata.tags.count == 30)
        #expect(metadata.tags.map(\.key) == KnownTag.allCases.map(\.key))
        for (tag, known) in zip(metadata.tags, KnownTag.allCases) {
            #expect(known.attribute == tag.attribute, "\(tag.key)")
            #expect(
                String(decoding: LandingPage.tagOpenings[known.rawValue].bytes, as: UTF8.self)
                    == "\">\n<meta \(tag.attribute.rawValue)=\"\(tag.key)\" content=\"")
        }
    }
}
