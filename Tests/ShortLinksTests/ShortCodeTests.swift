import ShortLinks
import Testing

@Suite struct ShortCodeTests {
    @Test func acceptsSlugCodes() throws {
        #expect(try ShortCode("spring-sale").text == "spring-sale")
        #expect(try ShortCode("abc").text == "abc")
        #expect(try ShortCode(String(repeating: "a", count: 40)).text.count == 40)
    }
}
