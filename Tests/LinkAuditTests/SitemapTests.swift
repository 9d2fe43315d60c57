import Foundation
import LinkAudit
import Testing

/// Gzip files made by Python's `gzip.compress(data, compresslevel, mtime=0)`: one per kind of
/// DEFLATE block.
enum GzipSamples {
    /// Two URLs, level 0: one stored block.
    static let stored = bytes(
        "H4sIAAAAAAAEAwE6AMX/aHR0cHM6Ly9zaG9wLmV4YW1wbGUuY29tL3AvMQpodHRwczovL3Nob3AuZXhhbXBsZS5jb20vcC8yCr2Cnso6AAAA"
    )
    /// The same two URLs, level 9: one block with the fixed codes.
    static let fixed = bytes("H4sIAAAAAAACA8soKSkottLXL87IL9BLrUjMLchJ1UvOz9Uv0DfkysAtacQFAL2Cnso6AAAA")
    /// A sitemap of 300 product URLs, level 9: dynamic Huffman codes.
    static let dynamic = bytes(
        "H4sIAAAAAAACA53bS05baRSF0X5GETEA++593yVCxhIhVESC2MJUkeEXKGmlVV5N2/e0/MmPdc9/+/Xn89Pnfx9eLt9PP77c5DDcfL37dPvPy9Pl4fXz+2s/Ll9uHl9fz38dj29vb4fL99eH52/ny+H08vfxcv/4/uBy/P3kcTjsN7+G726fTvd3H3OX98HL4+l8ePj57fn89HC4Pz0fz8fcHj+uuD1+XPz/Rnr9yHj9yHT9yHz9yHL9yHr9yHb9yH79SAaYgfc/EECggEACgQYCEQQqCGQQ6KDQQeVzADoodFDooNBBoYNCB4UOCh2M0MEIHYzyhQAdjNDBCB2M0MEIHYzQwQgdTNDBBB1M0MEkvwyggwk6mKCDCTqYoIMJOpihgxk6mKGDGTqY5ScidDBDBzN0MEMHM3SwQAcLdLBABwt0sEAHi/xXgA4W6GCBDhboYIUOVuhghQ5W6GCFDlboYJU/jdDBCh2s0MEGHWzQwQYdbNDBBh1s0MEGHWyiB9DBBh3s0MEOHezQwQ4d7NDBDh3s0MEOHezCSORIAkmDSNIglDSIJQ2CSYNo0iCcNIgnDQJKgxRhtChFEC6SLhIvki8SMJIwEjGKMUaQMSVtliLEGSPQGJHGCDVGrDGCjRFtjHBjxBsz0g0IKULIMWKOEXSMqGOEHSPuGIHHiDxG6DET3ZOSIkQfI/wY8ccIQEYEMkKQEYOMIGREITPTbUopQiAyIpERioxYZAQjIxoZ4ciIR0ZAMgvduZYixCQjKBlRyQhLRlwyApMRmYzQZMQms9IygxQhPBnxyQhQRoQyQpQRo4wgZUQpI0yZjfZbpAiRyghVRqwygpURrYxwZcQrI2AZEcvstPJEO0+y9CRmWTHLillWzLJilhWzrJhlxSwrZtnQGpwUIWZZMcuKWVbMsmKWFbOsmGVpL5IWI20zUoqg3UhajqTtSFqPpP1IWpAUs6yYZcUsO9KyrBQhZlkxy4pZVsyyYpYVs6yYZcUsK2bZifanpQgxy4pZVsyyYpYVs6yYZcUsK2ZZMcvOtFIvRYhZVsyyYpYVs6yYZcUsK2ZZMcuKWXahUxZShJhlxSwrZlkxy4pZVsyyYpYVs6yYZVc6eCNFiFlWzLJilhWzrJhlxSwrZlkxy4pZdqOzWFKEmGXFLCtmWTHLillWzLJilhWzrJhldzqeR+fz/iji+Ou0992n/wB0i800DT4AAA=="
    )
    static let twoURLs = "https://shop.example.com/p/1\nhttps://shop.example.com/p/2\n"

    static func bytes(_ base64: String) -> [UInt8] { Array(Data(base64Encoded: base64)!) }
}

/// A DEFLATE writer for hostile inputs: fixed-code blocks of a literal and back-references.
struct DeflateBits {
    var bytes: [UInt8] = []
    var bit = 0

    mutating func write(_ value: Int, count: Int) {
        for index in 0..<count {
            if bit == 0 { bytes.append(0) }
            bytes[bytes.count - 1] |= UInt8((value >> index) & 1) << UInt8(bit)
            bit = (bit + 1) % 8
        }
    }

    /// A fixed Huffman code, written most significant bit first as DEFLATE requires.
    mutating func writeCode(_ code: Int, length: Int) {
        for index in stride(from: length - 1, through: 0, by: -1) { write((code >> index) & 1, count: 1) }
    }

    /// A gzip file whose one block is the byte 'a' then `matches` copies of 258 bytes: it
    /// expands to 1 + 258 × matches bytes. The trailer is zeros (the reader stops before it).
    static func bomb(matches: Int) -> [UInt8] {
        var writer = DeflateBits()
        writer.write(1, count: 1)  // final block
        writer.write(1, count: 2)  // fixed codes
        writer.writeCode(0x30 + 0x61, length: 8)  // literal 'a'
        for _ in 0..<matches {
            writer.writeCode(0xC5, length: 8)  // length code 285: 258 bytes
            writer.writeCode(0, length: 5)  // distance code 0: 1 back
        }
        writer.writeCode(0, length: 7)  // end of block
        return [0x1F, 0x8B, 8, 0, 0, 0, 0, 0, 0, 3] + writer.bytes + [UInt8](repeating: 0, count: 8)
    }
}

@Suite struct GzipReading {
    @Test func storedFixedAndDynamicBlocksDecompress() throws {
        #expect(try Gzip.decompress(GzipSamples.stored, limit: 1_000) == Array(GzipSamples.twoURLs.utf8))
        #expect(try Gzip.decompress(GzipSamples.fixed, limit: 1_000) == Array(GzipSamples.twoURLs.utf8))
        let xml = try Gzip.decompress(GzipSamples.dynamic, limit: 100_000)
        let text = String(decoding: xml, as: UTF8.self)
        #expect(text.hasPrefix("<?xml version=\"1.0\"?>\n<urlset"))
        #expect(text.contains("<url><loc>https://shop.example.com/p/300</loc></url>\n</urlset>\n"))
        #expect(xml.count == 15_885)
    }

    @Test func concatenatedMembersReadAsOneStream() throws {
        let both = try Gzip.decompress(GzipSamples.fixed + GzipSamples.stored, limit: 1_000)
        #expect(both == Array((GzipSamples.twoURLs + GzipSamples.twoURLs).utf8))
    }

    @Test func aBombStopsAtTheLimitWithATypedError() {
        let bomb = DeflateBits.bomb(matches: 40_000)  // about 65 KB that expand to 10.3 MB
        #expect(bomb.count < 70_000)
        #expect(throws: GzipError.tooLarge(limit: 1_000_000)) { try Gzip.decompress(bomb, limit: 1_000_000) }
    }

    @Test func theBombBelowTheLimitIsReadUpToItsTrailer() {
        // Within the limit the data is decompressed, then the zero trailer fails the checksum.
        #expect(throws: GzipError.checksumMismatch) {
            try Gzip.decompress(DeflateBits.bomb(matches: 10), limit: 1_000_000)
        }
    }

    @Test func damagedFilesAreRefusedWithWhatIsWrong() {
        var crc = GzipSamples.fixed
        crc[crc.count - 8] ^= 1
        #expect(throws: GzipError.checksumMismatch) { try Gzip.decompress(crc, limit: 1_000) }
        var size = GzipSamples.fixed
        size[size.count - 4] ^= 1
        #expect(throws: GzipError.lengthMismatch) { try Gzip.decompress(size, limit: 1_000) }
        #expect(throws: GzipError.truncated) {
            try Gzip.decompress(Array(GzipSamples.dynamic.prefix(400)), limit: 100_000)
        }
        #expect(throws: GzipError.truncated) { try Gzip.decompress([0x1F, 0x8B, 8], limit: 100) }
        #expect(throws: GzipError.notGzip) { try Gzip.decompress(Array("plain text here".utf8), limit: 100) }
        var method = GzipSamples.fixed
        method[2] = 7
        #expect(throws: GzipError.unsupportedMethod(7)) { try Gzip.decompress(method, limit: 1_000) }
        var flags = GzipSamples.fixed
        flags[3] = 0x20
        #expect(throws: GzipError.reservedFlags(0x20)) { try Gzip.decompress(flags, limit: 1_000) }
        var blockType = GzipSamples.fixed
        blockType[10] = 0x07  // final block of type 3
        #expect(throws: GzipError.invalidBlockType) { try Gzip.decompress(blockType, limit: 1_000) }
        var stored = GzipSamples.stored
        stored[13] ^= 0xFF  // the complement of the stored length
        #expect(throws: GzipError.storedLengthMismatch) { try Gzip.decompress(stored, limit: 1_000) }
        #expect(throws: GzipError.trailingData) {
            try Gzip.decompress(GzipSamples.fixed + [0, 0], limit: 1_000)
        }
    }

    @Test func aBackReferenceBeforeTheStartIsRefused() {
        var writer = DeflateBits()
        writer.write(1, count: 1)
        writer.write(1, count: 2)
        writer.writeCode(0xC5, length: 8)  // 258 bytes, 1 back, with nothing written yet
        writer.writeCode(0, length: 5)
        let file: [UInt8] =
            [0x1F, 0x8B, 8, 0, 0, 0, 0, 0, 0, 3] + writer.bytes + [UInt8](repeating: 0, count: 8)
        #expect(throws: GzipError.distanceTooFar) { try Gzip.decompress(file, limit: 1_000) }
    }
}

@Suite struct SitemapReading {
    @Test func aURLSetListsTheLocOfEachURLOnly() throws {
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!-- pages -->
            <urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"
                    xmlns:image="http://www.google.com/schemas/sitemap-image/1.1">
              <url>
                <loc> https://shop.example.com/p/1 </loc>
                <lastmod>2026-11-20</lastmod>
                <image:image><image:loc>https://shop.example.com/1.jpg</image:loc></image:image>
              </url>
              <url><loc>https://shop.example.com/search?q=a&amp;sort=new&#x26;x=&#49;</loc></url>
              <url><loc><![CDATA[https://shop.example.com/c/<boots>]]></loc></url>
              <url/>
            </urlset>
            """
        let sitemap = try Sitemap(bytes: Array(xml.utf8))
        #expect(sitemap.kind == .urlSet)
        #expect(
            sitemap.locations == [
                "https://shop.example.com/p/1", "https://shop.example.com/search?q=a&sort=new&x=1",
                "https://shop.example.com/c/<boots>",
            ])
    }

    @Test func anIndexListsItsSitemaps() throws {
        let xml = """
            \u{FEFF}<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
            <sitemap><loc>https://shop.example.com/a.xml</loc></sitemap>
            <sitemap><loc>https://shop.example.com/b.xml.gz</loc></sitemap></sitemapindex>
            """
        let sitemap = try Sitemap(bytes: Array(xml.utf8))
        #expect(
            sitemap
                == Sitemap(
                    kind: .index,
                    locations: ["https://shop.example.com/a.xml", "https://shop.example.com/b.xml.gz"]))
    }

    @Test func aListSkipsBlankLinesAndComments() throws {
        let list = "# the shop\n\nhttps://shop.example.com/p/1\r\n  https://shop.example.com/p/2\t\n"
        #expect(
            try Sitemap(bytes: Array(list.utf8))
                == Sitemap(
                    kind: .list, locations: ["https://shop.example.com/p/1", "https://shop.example.com/p/2"]))
    }

    @Test func gzippedSitemapsAndListsAreRead() throws {
        let sitemap = try Sitemap(bytes: GzipSamples.dynamic)
        #expect(sitemap.kind == .urlSet)
        #expect(sitemap.locations.count == 300)
        #expect(sitemap.locations.last == "https://shop.example.com/p/300")
        #expect(
            try Sitemap(bytes: GzipSamples.fixed).locations == [
                "https://shop.example.com/p/1", "https://shop.example.com/p/2",
            ])
    }

    @Test func aGzipBombHitsTheSitemapSizeCap() {
        // 210,000 matches of 258 bytes: 54 MB from 341 KB, past the 50 MiB cap.
        let bomb = DeflateBits.bomb(matches: 210_000)
        #expect(throws: SitemapError.tooLarge(limit: Sitemap.maximumByteCount)) { try Sitemap(bytes: bomb) }
    }

    @Test func aDocumentTypeIsRefusedSoNoEntityExpands() {
        let laughs = """
            <?xml version="1.0"?>
            <!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;">]>
            <urlset><url><loc>&lol2;</loc></url></urlset>
            """
        #expect(throws: SitemapError.documentTypeDeclaration(line: 2)) {
            try Sitemap(bytes: Array(laughs.utf8))
        }
    }

    @Test func malformedXMLIsRefusedWithItsLine() {
        let cases: [(String, SitemapError)] = [
            (
                "<urlset>\n<url><loc>https://a.example/</url></urlset>",
                .invalidXML(line: 2, reason: "</url> does not close the element that is open")
            ),
            (
                "<urlset><url><loc>https://a.example/&nbsp;</loc></url></urlset>",
                .invalidXML(
                    line: 1,
                    reason: "the entity &nbsp; is not one XML predefines, nor a valid character reference")
            ),
            (
                "<urlset><url><loc>a & b</loc></url></urlset>",
                .invalidXML(line: 1, reason: "'&' that does not start an entity (write &amp;)")
            ),
            (
                "<urlset>\n<url>\n<loc>https://a.example/</loc>",
                .invalidXML(line: 3, reason: "the document ends inside <url>")
            ),
            ("<urlset><!-- open", .invalidXML(line: 1, reason: "a comment is not closed")),
            ("<urlset a=b></urlset>", .invalidXML(line: 1, reason: "an attribute value without quotes")),
            ("<urlset></urlset><urlset></urlset>", .invalidXML(line: 1, reason: "a second root element")),
            ("<rss><channel/></rss>", .notASitemap(root: "rss")),
            ("<urlset></urlset>", .empty),
            ("  \n", .empty),
        ]
        for (xml, error) in cases {
            #expect(throws: error, "\(xml)") { try Sitemap(bytes: Array(xml.utf8)) }
        }
    }

    @Test func nestingIsBounded() {
        let deep =
            "<urlset>" + String(repeating: "<a>", count: 40) + String(repeating: "</a>", count: 40)
            + "</urlset>"
        #expect(throws: SitemapError.invalidXML(line: 1, reason: "elements nest deeper than 32 levels")) {
            try Sitemap(bytes: Array(deep.utf8))
        }
    }

    @Test func longURLsAreRefused() {
        let long = "https://shop.example.com/" + String(repeating: "a", count: 2_100)
        #expect(throws: SitemapError.urlTooLong(line: 1, limit: 2_048)) {
            try Sitemap(bytes: Array("<urlset><url><loc>\(long)</loc></url></urlset>".utf8))
        }
        #expect(throws: SitemapError.urlTooLong(line: 2, limit: 2_048)) {
            try Sitemap(bytes: Array("https://a.example/\n\(long)\n".utf8))
        }
    }

    @Test func bytesThatAreNotUTF8AreRefused() {
        #expect(throws: SitemapError.notUTF8(line: 2)) {
            try Sitemap(bytes: Array("https://a.example/\nhttps://a.example/".utf8) + [0xFF])
        }
        #expect(throws: SitemapError.notUTF8(line: 1)) {
            try Sitemap(
                bytes: Array("<urlset><url><loc>https://a.example/".utf8) + [0xC0, 0xAF]
                    + Array("</loc></url></urlset>".utf8))
        }
    }

    @Test func aDamagedGzipSitemapSaysWhy() {
        var damaged = GzipSamples.fixed
        damaged[damaged.count - 8] ^= 1
        #expect(throws: SitemapError.gzip(.checksumMismatch)) { try Sitemap(bytes: damaged) }
    }

    @Test func anOversizedPlainFileIsRefused() {
        let big = [UInt8](repeating: UInt8(ascii: "a"), count: Sitemap.maximumByteCount + 1)
        #expect(throws: SitemapError.tooLarge(limit: Sitemap.maximumByteCount)) { try Sitemap(bytes: big) }
    }
}
