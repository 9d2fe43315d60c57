import Testing

@testable import DeepLinks

/// Issue: invisible characters outside category Cf passed free-text parameters (U+3164,
/// U+115F, U+FFA0 Hangul fillers, U+034F, U+17B4, U+180B, a lone U+FE0F, U+E0100), so two
/// values that look alike were different values.
@Suite("Hostile input: every Default_Ignorable_Code_Point is invisible to free text")
struct DefaultIgnorableTextTests {
    static let text = ParameterType.string(length: 1...64, characters: .any)

    @Test(
        "each invisible the issue found is refused inside free text",
        arguments: [
            "\u{3164}", "\u{115F}", "\u{FFA0}", "\u{034F}", "\u{17B4}", "\u{180B}", "\u{FE0F}", "\u{E0100}",
            "\u{00AD}", "\u{2060}", "\u{1D173}", "\u{FFF0}", "\u{E0001}",
        ])
    func refused(invisible: String) {
        #expect(Self.text.validate("ad" + invisible + "min") == .failure(.invisibleCharacter))
        #expect(Self.text.validate(invisible) == .failure(.invisibleCharacter))
    }

    @Test(
        "emoji keep their joiners and presentation selectors",
        arguments: [
            "\u{2764}\u{FE0F}", "1\u{FE0F}\u{20E3}", "#\u{FE0F}\u{20E3}",
            "\u{1F469}\u{200D}\u{1F469}\u{200D}\u{1F467}", "\u{1F3F3}\u{FE0F}\u{200D}\u{1F308}",
            "\u{1F44D}\u{1F3FD}", "caf\u{E9}",
        ])
    func emojiKept(text: String) {
        #expect(Self.text.validate(text) == .success(.string(text)))
    }

    @Test("a selector or joiner outside an emoji is refused: after a letter, at the start, doubled")
    func selectorsOutsideEmoji() {
        #expect(Self.text.validate("a\u{FE0F}") == .failure(.invisibleCharacter))
        #expect(Self.text.validate("\u{2764}\u{FE0E}") == .failure(.invisibleCharacter))
        #expect(Self.text.validate("a\u{200D}b") == .failure(.invisibleCharacter))
        #expect(Self.text.validate("\u{2764}\u{FE0F}\u{FE0F}") == .failure(.invisibleCharacter))
    }

    @Test("the generated table agrees with this toolchain's Unicode data on every scalar")
    func tableAgreesWithUnicodeData() {
        var disagreements: [UInt32] = []
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            if DefaultIgnorable.contains(scalar) != scalar.properties.isDefaultIgnorableCodePoint {
                disagreements.append(value)
            }
        }
        #expect(disagreements == [])
    }

    @Test("route names refuse them too")
    func routeNames() {
        let findings = RouteTable(routes: [Route("ad\u{3164}min", "/a")]).findings()
        #expect(findings == [.invalidName(route: "ad\u{3164}min")])
    }
}
