import Foundation
import Testing

@testable import DeepLinks

/// The router's one hash table (``PositionTable``, behind the trie's literal edges and the
/// route names) and the byte reading under it (``TextBytes``): a table must find every
/// position it holds however the hashes collide, and a text must hash and parse alike
/// whatever its length and however its bytes are stored.
@Suite("Router hash table: every position found, texts hashed and read alike")
struct RouterHashTableTests {
    @Test("a table finds every position it holds and no other, when many share one hash, across growth")
    func findsEveryPositionThroughCollisionsAndGrowth() {
        let keys = (0..<300).map { "key-\($0)" }
        // A third of the keys share one hash, a third share another's low bits only.
        func hash(_ position: Int) -> UInt64 {
            switch position % 3 {
            case 0: 0xDEAD_BEEF
            case 1: UInt64(position) << 40 | 0x7
            default: RouteTrie.literalHash(keys[position])
            }
        }
        var table = PositionTable(capacity: 4)
        for position in keys.indices {
            #expect(table.find(hash(position)) { keys[$0] == keys[position] } == nil)
            if table.isFull { table.grow(hashOf: hash) }
            table.insert(position, hash: hash(position))
        }
        #expect(table.count == keys.count)
        for position in keys.indices {
            #expect(table.find(hash(position)) { keys[$0] == keys[position] } == position)
        }
        #expect(table.find(0xDEAD_BEEF) { keys[$0] == "key-300" } == nil)
        #expect(table.find(12345) { _ in true } == nil)
    }

    @Test("a table sized for its positions holds them all without growing, at most two-thirds full")
    func sizedTableNeverFills() {
        for capacity in [0, 1, 4, 5, 8, 11, 100, 10_000, 10_922, 10_923] {
            var table = PositionTable(capacity: capacity)
            for position in 0..<capacity {
                #expect(!table.isFull, "capacity \(capacity), position \(position)")
                table.insert(position, hash: UInt64(position))
            }
            #expect(table.count == capacity)
        }
        // The slots: the smallest power of two at least one and a half times the positions.
        #expect(PositionTable.slotCount(for: 10_000) == 16_384)
        #expect(PositionTable.slotCount(for: 10_922) == 16_384)
        #expect(PositionTable.slotCount(for: 10_923) == 32_768)
        #expect(PositionTable.slotCount(for: 4) == 8)
        #expect(PositionTable.slotCount(for: 5) == 8)
        #expect(PositionTable.slotCount(for: 6) == 16)
    }

    @Test("a text's hash is the hash of its bytes, whether read in place or from a copy, at every length")
    func hashIsOfTheBytes() {
        var texts = (0...40).map { String(repeating: "a", count: $0) }
        texts += ["café", "日本語", "emoji-🙂-and-more-bytes", "abcdefgh", "abcdefgi"]
        var seen: [UInt64: String] = [:]
        for text in texts {
            let copy = Array(text.utf8)
            #expect(RouteTrie.literalHash(text) == TextBytes.hash(copy.span), "\(text)")
            // Distinct texts, distinct hashes (the hash mixes in the length, so trailing
            // bytes of a word are not lost).
            #expect(seen.updateValue(text, forKey: RouteTrie.literalHash(text)) == nil, "\(text)")
        }
        // Every single-byte change at every position of a 19-byte text changes the hash.
        let base = Array("0123456789abcdefghi".utf8)
        for position in base.indices {
            var changed = base
            changed[position] ^= 0x01
            #expect(TextBytes.hash(changed.span) != TextBytes.hash(base.span), "position \(position)")
        }
    }

    @Test("a text's bytes are appended from an offset: small, native and non-ASCII texts, up to the end")
    func bytesAppendedFromAnOffset() {
        for text in [
            "", "a", "photoalbum", "https://photos.example.com/albums/summer-2024/photos/3", "caf\u{E9}/😀",
        ] {
            let bytes = Array(text.utf8)
            for offset in 0...bytes.count {
                var out: [UInt8] = [0xFF]
                TextBytes.append(text, from: offset, to: &out)
                #expect(out == [0xFF] + bytes[offset...], "\(text) from \(offset)")
            }
        }
    }

    #if !os(Windows)
        @Test("an offset past a text's end stops the program (every build)")
        func bytesAppendedPastTheEnd() async {
            await #expect(processExitsWith: .failure) {
                var out: [UInt8] = []
                TextBytes.append("abc", from: 4, to: &out)
            }
            await #expect(processExitsWith: .failure) {
                var out: [UInt8] = []
                TextBytes.append("abc", from: -1, to: &out)
            }
        }
    #endif

    @Test("a UUID's bytes are read as Foundation reads them, in either case; other texts are refused")
    func uuidBytesAsFoundationReadsThem() {
        var random = SplitMix64(seed: 0x0BAD_CAFE)
        for _ in 0..<200 {
            var bytes = [UInt8](repeating: 0, count: 16)
            for i in bytes.indices { bytes[i] = UInt8(truncatingIfNeeded: random.next()) }
            let uuid = UUID(
                uuid: (
                    bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
                    bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
                ))
            for text in [uuid.uuidString, uuid.uuidString.lowercased()] {
                let read = TextBytes.read(text) { ParameterValidator.uuidBytes($0) }
                #expect(read.map(UUID.init(uuid:)) == uuid, "\(text)")
            }
        }
        for refused in [
            "", "123e4567e89b12d3a456426614174000", "123e4567-e89b-12d3-a456-42661417400",
            "123e4567-e89b-12d3-a456-4266141740000", "123e4567-e89b-12d3-a456_426614174000",
            "123e4567-e89b-12d3-a456-42661417400g", "g23e4567-e89b-12d3-a456-426614174000",
        ] {
            #expect(TextBytes.read(refused) { ParameterValidator.uuidBytes($0) } == nil, "\(refused)")
        }
    }
}
