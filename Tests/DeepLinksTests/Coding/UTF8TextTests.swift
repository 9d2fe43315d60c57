import DeepLinks
import TestSupport
import Testing

/// `UTF8Text.decode` takes `String(validating:as:)` on systems that have it and checks each
/// sequence itself before them; these tests run both branches here and demand the same answer.
@Suite("UTF-8 text: the system's validation and the fallback for older systems agree")
struct UTF8TextTests {
    /// Whether both branches, and `isWellFormed`, give the same answer for `bytes`.
    private static func agree(_ bytes: [UInt8]) -> Bool {
        let system = UTF8Text.decode(bytes)
        return system == UTF8Text.decodeCheckingEachSequence(bytes)
            && UTF8Text.isWellFormed(bytes) == (system != nil)
    }

    /// The byte strings, among `candidates`, on which the branches disagree.
    private static func disagreements(_ candidates: some Sequence<[UInt8]>) -> [[UInt8]] {
        candidates.filter { !agree($0) }
    }

    @Test("every one- and two-byte sequence")
    func shortSequences() {
        var all: [[UInt8]] = []
        for first in UInt8.min...UInt8.max {
            all.append([first])
            for second in UInt8.min...UInt8.max { all.append([first, second]) }
        }
        #expect(Self.disagreements(all) == [])
        let accepted = all.count { UTF8Text.decode($0) != nil }
        // 128 single bytes; 128 × 128 ASCII pairs; 30 leads C2–DF × 64 continuations.
        #expect(accepted == 128 + 128 * 128 + 30 * 64)
    }

    @Test("every lead byte from C0 with every second byte and the edge values of the third and fourth")
    func longSequencesAtTheirEdges() {
        let edges: [UInt8] = [0x00, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xFF]
        var failures: [[UInt8]] = []
        var accepted = 0
        for lead in UInt8(0xC0)...UInt8.max {
            for second in UInt8.min...UInt8.max {
                for third in edges {
                    let fourBytes =
                        (0xF0...0xF4).contains(lead) ? edges.map { [lead, second, third, $0] } : []
                    for bytes in [[lead, second, third]] + fourBytes {
                        if !Self.agree(bytes) { failures.append(bytes) }
                        if UTF8Text.decode(bytes) != nil { accepted += 1 }
                    }
                }
            }
        }
        #expect(failures == [])
        // The count an independent strict UTF-8 decoder gives for the same byte strings.
        #expect(accepted == 18_816)
    }

    @Test("100,000 seeded random byte strings, most of them near-UTF-8")
    func randomStrings() {
        var random = SplitMix64(seed: 0x55_54_46_38)
        var samples: [[UInt8]] = []
        let pieces: [[UInt8]] = [
            [0x61], [0xC3, 0xA9], [0xE2, 0x82, 0xAC], [0xF0, 0x9F, 0x98, 0x80], [0xED, 0x9F, 0xBF],
            [0xEE, 0x80, 0x80], [0xF4, 0x8F, 0xBF, 0xBF], [0x00],
        ]
        for _ in 0..<100_000 {
            var bytes: [UInt8] = []
            for _ in 0..<random.int(0...8) {
                if random.chance(0.1) {
                    bytes.append(UInt8.random(in: 0...255, using: &random))
                } else {
                    var piece = random.pick(pieces)
                    if random.chance(0.05) { piece.removeLast() }
                    bytes += piece
                }
            }
            samples.append(bytes)
        }
        #expect(Self.disagreements(samples) == [])
        // Most samples are well-formed, so the comparison covers acceptance as well as refusal.
        #expect(samples.count { UTF8Text.decode($0) != nil } > 30_000)
    }

    @Test(
        "pitfalls: overlong forms, surrogates, beyond U+10FFFF, stray and missing continuations",
        arguments: [
            ([0xC0, 0xAF], nil),  // overlong "/": a path separator smuggled past a byte check
            ([0xC0, 0x80], nil),  // overlong NUL
            ([0xE0, 0x80, 0xAF], nil),  // three-byte overlong "/"
            ([0xF0, 0x80, 0x80, 0xAF], nil),  // four-byte overlong "/"
            ([0xED, 0xA0, 0x80], nil),  // a high surrogate, U+D800
            ([0xED, 0xBF, 0xBF], nil),  // a low surrogate, U+DFFF
            ([0xF4, 0x90, 0x80, 0x80], nil),  // U+110000
            ([0xF5, 0x80, 0x80, 0x80], nil),  // a lead byte no sequence starts with
            ([0x80], nil),  // a stray continuation byte
            ([0xE2, 0x82], nil),  // "€" cut short at the end
            ([0xE2, 0x82, 0x41], nil),  // "€" cut short before ASCII
            ([0x00], "\u{0}"),  // NUL is well-formed; other layers refuse it
            ([0xED, 0x9F, 0xBF], "\u{D7FF}"),  // the last scalar before the surrogates
            ([0xF4, 0x8F, 0xBF, 0xBF], "\u{10FFFF}"),  // the last scalar
            ([0x61, 0xC3, 0xA9, 0xE2, 0x82, 0xAC, 0xF0, 0x9F, 0x98, 0x80], "aé€😀"),
        ] as [([UInt8], String?)])
    func pitfalls(bytes: [UInt8], expected: String?) {
        #expect(Self.agree(bytes))
        #expect(UTF8Text.decode(bytes) == expected)
        #expect(UTF8Text.decodeCheckingEachSequence(bytes) == expected)
    }

    @Test("the readers that use it refuse the same bytes: percent-decoding an overlong '/'")
    func percentDecoding() {
        #expect(PercentEncoding.decode("a%C0%AFb") == nil)
        #expect(PercentEncoding.decode("a%ED%A0%80") == nil)
        #expect(PercentEncoding.decode("caf%C3%A9") == "café")
    }

    @Test(
        "sameBytes compares spellings, not canonical equivalence",
        arguments: [
            ("https://example.com/a", "https://example.com/a", true),
            ("https://example.com/a", "https://example.com/b", false),
            ("https://example.com/a", "https://example.com/a/", false),
            ("", "", true),
            ("caf\u{E9}", "cafe\u{301}", false),  // equal by `==`, spelled differently
            ("caf\u{E9}", "caf\u{E9}", true),
            ("a\u{301}\u{323}", "a\u{323}\u{301}", false),  // same length, marks reordered
        ] as [(String, String, Bool)])
    func sameBytes(a: String, b: String, expected: Bool) {
        #expect(UTF8Text.sameBytes(a, b) == expected)
        #expect(UTF8Text.sameBytes(b, a) == expected)
        #expect(expected == a.utf8.elementsEqual(b.utf8))
        // A string made from a slice holds its own bytes: still compared in place.
        #expect(UTF8Text.sameBytes(String(("x" + a).dropFirst()), b) == expected)
    }
}
