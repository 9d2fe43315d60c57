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
        func mix(_ state: UInt64, _ word: UInt64) -> UInt64 {
            let mixed = state ^ (word &* 0x9E37_79B9_7F4A_7C15)
            return (mixed << 31 | mixed >> 33) &* 0xC2B2_AE3D_27D4_EB4F
        }
        var state: UInt64 = 0x243F_6A88_85A3_08D3
        var start = 0
        while start < bytes.count {
            var word: UInt64 = 0
            for (shift, byte) in bytes[start..<min(start + 8, bytes.count)].enumerated() {
                word |= UInt64(byte) << (8 * UInt64(shift))
            }
            state = mix(state, word)
            start += 8
        }
        var value = state ^ UInt64(bytes.count)
        value ^= value >> 33
        value &*= 0xFF51_AFD7_ED55_8CCD
        value ^= value >> 33
        value &*= 0xC4CE_B9FE_1A85_EC53
        value ^= value >> 33
        return value
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
                String(decoding: LandingPage.tagOpenings[known.rawValue], as: UTF8.self)
                    == "\">\n<meta \(tag.attribute.rawValue)=\"\(tag.key)\" content=\"")
        }
    }
}
