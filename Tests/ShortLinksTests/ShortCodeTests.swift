import Foundation
import ShortLinks
import Testing

@Suite("Short codes")
struct ShortCodeTests {
    @Test("codes in a slug's syntax are kept as written")
    func acceptsSlugCodes() throws {
        #expect(try ShortCode("spring-sale").text == "spring-sale")
        #expect(try ShortCode("abc").text == "abc")
        #expect(try ShortCode(String(repeating: "a", count: 40)).text.count == 40)
        #expect(try ShortCode("2025-q1-x9").description == "2025-q1-x9")
    }

    @Test("anything else is refused with what was wrong, never repaired")
    func refusesWithReason() {
        #expect(throws: ShortCodeError.invalidCharacter("S", at: 0)) { try ShortCode("Spring") }
        #expect(throws: ShortCodeError.invalidCharacter("é", at: 2)) { try ShortCode("caé") }
        #expect(throws: ShortCodeError.invalidCharacter("/", at: 3)) { try ShortCode("abc/def") }
        #expect(throws: ShortCodeError.invalidCharacter("%", at: 3)) { try ShortCode("abc%2e") }
        #expect(throws: ShortCodeError.misplacedHyphen(at: 0)) { try ShortCode("-abc") }
        #expect(throws: ShortCodeError.misplacedHyphen(at: 3)) { try ShortCode("abc-") }
        #expect(throws: ShortCodeError.misplacedHyphen(at: 2)) { try ShortCode("a--b") }
        #expect(throws: ShortCodeError.tooShort) { try ShortCode("ab") }
        #expect(throws: ShortCodeError.tooShort) { try ShortCode("") }
        #expect(throws: ShortCodeError.tooLong) { try ShortCode(String(repeating: "a", count: 41)) }
        #expect(
            ShortCodeError.invalidCharacter("S", at: 0).description
                == #"a short code holds only lower-case letters a-z, digits and single hyphens, not "S" (at character 0)"#
        )
    }

    @Test("a long text is refused after reading at most 41 characters")
    func longTextBounded() {
        #expect(throws: ShortCodeError.tooLong) { try ShortCode(String(repeating: "a", count: 1_000_000)) }
    }

    @Test("random codes: 13 characters of the 36 letters and digits, all different in 10,000")
    func randomCodes() throws {
        var seen = Set<ShortCode>()
        for _ in 0..<10_000 {
            let code = ShortCode.random()
            #expect(code.text.count == ShortCode.randomLength)
            #expect(code.text.utf8.allSatisfy { (97...122).contains($0) || (48...57).contains($0) })
            #expect(try ShortCode(code.text) == code)
            seen.insert(code)
        }
        #expect(seen.count == 10_000)
    }

    @Test("a seeded generator makes the same code, every letter and digit can appear")
    func seededCodes() {
        struct Counter: RandomNumberGenerator {
            var state: UInt64
            mutating func next() -> UInt64 {
                state &+= 0x9E37_79B9_7F4A_7C15
                var z = state
                z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
                z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
                return z ^ (z >> 31)
            }
        }
        var a = Counter(state: 7)
        var b = Counter(state: 7)
        #expect(ShortCode.random(using: &a) == ShortCode.random(using: &b))
        var letters = Set<UInt8>()
        for _ in 0..<500 { letters.formUnion(ShortCode.random(using: &a).text.utf8) }
        #expect(letters.count == 36)
    }

    @Test("JSON: a code is its text, and decoding checks it")
    func coding() throws {
        let data = try JSONEncoder().encode([try ShortCode("spring-sale")])
        #expect(String(decoding: data, as: UTF8.self) == #"["spring-sale"]"#)
        #expect(try JSONDecoder().decode([ShortCode].self, from: data) == [try ShortCode("spring-sale")])
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode([ShortCode].self, from: Data(#"["Spring"]"#.utf8))
        }
    }
}
