import Foundation
import LinkAudit
import Testing

/// Files for the run's bounds: a sitemap of `count` pages, an index of `locations`.
enum BoundsSamples {
    static func urlSet(_ count: Int, prefix: String = "p") -> [UInt8] {
        var xml = "<urlset>\n"
        for index in 0..<count {
            xml += "<url><loc>https://shop.example.com/\(prefix)/\(index)</loc></url>\n"
        }
        return Array((xml + "</urlset>\n").utf8)
    }

    static func index(_ locations: [String]) -> [UInt8] {
        Array(
            ("<sitemapindex>\n" + locations.map { "<sitemap><loc>\($0)</loc></sitemap>\n" }.joined()
                + "</sitemapindex>\n").utf8)
    }

    static func list(_ count: Int) -> [UInt8] {
        Array((0..<count).map { "https://shop.example.com/p/\($0)\n" }.joined().utf8)
    }

    /// A gzip file of one stored block (at most 65,535 bytes), with its trailer.
    static func storedGzip(_ data: [UInt8]) -> [UInt8] {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in data {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        let length = data.count
        let block: [UInt8] = [
            1, UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8((~length >> 8) & 0xFF),
        ]
        let trailer = [~crc, UInt32(length)].flatMap { value in
            (0..<4).map { UInt8(truncatingIfNeeded: value >> ($0 * 8)) }
        }
        return [0x1F, 0x8B, 8, 0, 0, 0, 0, 0, 0, 3] + block + data + trailer
    }

    /// A source of sitemaps from a dictionary by location, counting the reads of each.
    final class Files: @unchecked Sendable {
        let files: [String: [UInt8]]
        var reads: [String: Int] = [:]

        init(_ files: [String: [UInt8]]) { self.files = files }

        var sitemaps: SitemapReader.Sitemaps {
            SitemapReader.Sitemaps(
                key: { location in location },
                bytes: { key, limit throws(SitemapReaderError) in
                    self.reads[key, default: 0] += 1
                    guard let bytes = self.files[key] else {
                        throw .unreadable(source: key, reason: "no such file")
                    }
                    return Array(bytes.prefix(limit + 1))
                })
        }
    }
}

@Suite struct SitemapFileBounds {
    @Test func aSitemapOfMoreThan50000URLsIsRefusedAtTheFirstOnePast() {
        #expect(throws: SitemapError.tooManyURLs(line: 50_002, limit: 50_000)) {
            try Sitemap(bytes: BoundsSamples.urlSet(50_001))
        }
        #expect(throws: SitemapError.tooManyURLs(line: 50_001, limit: 50_000)) {
            try Sitemap(bytes: BoundsSamples.list(50_001))
        }
    }

    @Test func aSitemapOf50000URLsIsRead() throws {
        let sitemap = try Sitemap(bytes: BoundsSamples.urlSet(50_000))
        #expect(sitemap.locations.count == 50_000)
        #expect(sitemap.locations.last == "https://shop.example.com/p/49999")
    }

    @Test func anIndexOfMoreThan50000SitemapsIsRefused() {
        let locations = (0...50_000).map { "https://shop.example.com/s\($0).xml" }
        #expect(throws: SitemapError.tooManyURLs(line: 50_002, limit: 50_000)) {
            try Sitemap(bytes: BoundsSamples.index(locations))
        }
    }

    @Test func aControlCharacterInAURLIsRefusedWithItsLineAndCodePoint() {
        #expect(throws: SitemapError.controlCharacter(line: 2, scalar: 0)) {
            try Sitemap(bytes: Array("https://a.example/\nhttps://a.example/\u{0}x\n".utf8))
        }
        #expect(throws: SitemapError.controlCharacter(line: 1, scalar: 0x1B)) {
            try Sitemap(bytes: Array("<urlset><url><loc>https://a.example/&#27;</loc></url></urlset>".utf8))
        }
        #expect(throws: SitemapError.controlCharacter(line: 1, scalar: 0x85)) {
            try Sitemap(bytes: Array("<urlset><url><loc>https://a.example/\u{85}</loc></url></urlset>".utf8))
        }
        #expect(throws: SitemapError.controlCharacter(line: 1, scalar: 0x09)) {
            try Sitemap(bytes: Array("https://a.example/a\tb\n".utf8))
        }
    }

    @Test func theControlCharacterErrorNamesTheCodePoint() {
        #expect(
            SitemapError.controlCharacter(line: 3, scalar: 0).description
                == "line 3: a URL holds the control character U+0000; no URL has one")
    }
}

@Suite struct SitemapRunBounds {
    @Test func anIndexNamingOneSitemapFourTimesReadsItOnce() throws {
        let files = BoundsSamples.Files(["https://shop.example.com/a.xml": BoundsSamples.urlSet(3)])
        var reader = SitemapReader()
        try reader.read(
            BoundsSamples.index(Array(repeating: "https://shop.example.com/a.xml", count: 4)),
            source: "index.xml",
            sitemaps: files.sitemaps)
        #expect(reader.urls == (0..<3).map { "https://shop.example.com/p/\($0)" })
        #expect(files.reads == ["https://shop.example.com/a.xml": 1])
    }

    @Test func twoIndexesNamingTheSameSitemapReadItOnce() throws {
        let files = BoundsSamples.Files(["a.xml": BoundsSamples.urlSet(2)])
        var reader = SitemapReader()
        try reader.read(BoundsSamples.index(["a.xml"]), source: "one.xml", sitemaps: files.sitemaps)
        try reader.read(BoundsSamples.index(["a.xml"]), source: "two.xml", sitemaps: files.sitemaps)
        #expect(reader.urls.count == 2)
        #expect(files.reads == ["a.xml": 1])
    }

    @Test func theRunStopsAtItsURLLimitNamingTheFile() throws {
        let files = BoundsSamples.Files([
            "a.xml": BoundsSamples.urlSet(6, prefix: "a"), "b.xml": BoundsSamples.urlSet(6),
        ])
        var reader = SitemapReader(urlLimit: 10)
        #expect(throws: SitemapReaderError.tooManyURLs(source: "b.xml", limit: 10)) {
            try reader.read(
                BoundsSamples.index(["a.xml", "b.xml"]), source: "index.xml", sitemaps: files.sitemaps)
        }
        #expect(reader.urls.count == 6)
    }

    @Test func singleURLsCountTowardsTheRunLimit() throws {
        var reader = SitemapReader(urlLimit: 2)
        try reader.add("https://a.example/1", source: "--url")
        try reader.add("https://a.example/2", source: "--url")
        #expect(throws: SitemapReaderError.tooManyURLs(source: "--url", limit: 2)) {
            try reader.add("https://a.example/3", source: "--url")
        }
        #expect(throws: SitemapReaderError.tooManyURLs(source: "list.txt", limit: 2)) {
            try reader.read(
                BoundsSamples.list(1), source: "list.txt", sitemaps: BoundsSamples.Files([:]).sitemaps)
        }
    }

    @Test func theRunStopsAtItsByteLimitCountingWhatGzipExpandsTo() throws {
        // Each child is 30,913 bytes as read and 30,890 expanded: the second passes the run's
        // 100,000 bytes while it expands.
        let gzip = BoundsSamples.storedGzip(BoundsSamples.list(1_000))
        #expect(try Sitemap(bytes: gzip).locations.count == 1_000)
        let files = BoundsSamples.Files(["a.gz": gzip, "b.gz": gzip])
        var reader = SitemapReader(byteLimit: 100_000)
        #expect(throws: SitemapReaderError.tooManyBytes(source: "b.gz", limit: 100_000)) {
            try reader.read(
                BoundsSamples.index(["a.gz", "b.gz"]), source: "index.xml", sitemaps: files.sitemaps)
        }
        #expect(reader.urls.count == 1_000)
        var small = SitemapReader(byteLimit: 500)
        #expect(throws: SitemapReaderError.tooManyBytes(source: "big.txt", limit: 500)) {
            try small.read(BoundsSamples.list(30), source: "big.txt", sitemaps: files.sitemaps)
        }
    }

    @Test func theByteLimitStopsDecompressionAtWhatIsLeft() throws {
        // 66 KB of gzip that expand to 10 MB: the run of 2 MB stops decompressing at 2 MB.
        let bomb = DeflateBits.bomb(matches: 40_000)
        var reader = SitemapReader(byteLimit: 2_000_000)
        #expect(throws: SitemapReaderError.tooManyBytes(source: "bomb.gz", limit: 2_000_000)) {
            try reader.read(bomb, source: "bomb.gz", sitemaps: BoundsSamples.Files([:]).sitemaps)
        }
        #expect(reader.byteCount == bomb.count)
    }

    @Test func anIndexInAnIndexAndAnUnreadableSitemapAreRefused() {
        let files = BoundsSamples.Files(["inner.xml": BoundsSamples.index(["a.xml"])])
        var reader = SitemapReader()
        #expect(throws: SitemapReaderError.nestedIndex(source: "inner.xml")) {
            try reader.read(BoundsSamples.index(["inner.xml"]), source: "index.xml", sitemaps: files.sitemaps)
        }
        #expect(throws: SitemapReaderError.unreadable(source: "gone.xml", reason: "no such file")) {
            try reader.read(BoundsSamples.index(["gone.xml"]), source: "index.xml", sitemaps: files.sitemaps)
        }
    }

    @Test func theRunErrorsNameTheirLimits() {
        #expect(
            SitemapReaderError.tooManyURLs(source: "b.xml", limit: 200_000).description
                == "b.xml: the run reaches more than 200000 URLs here, the most one run reads "
                + "(every file and --url together)")
        #expect(
            SitemapReaderError.tooManyBytes(source: "a.gz", limit: 268_435_456).description
                == "a.gz: the run reads more than 268435456 bytes here (files as read plus what gzip expands to), "
                + "the most one run reads")
        #expect(SitemapReader.maximumURLCount == 200_000)
        #expect(SitemapReader.maximumByteCount == 268_435_456)
    }
}
