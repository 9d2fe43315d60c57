import DeepLinks
import Testing

@testable import AssociatedDomains

@Suite("Generating applinks for declared types: the tightest pattern, never narrower than the type")
struct DeclaredTypeGenerationTests {
    @Test(
        "a declared shape becomes ? for each character every value has, literals kept, * where values vary",
        arguments: [
            ("tt[0-9]{7,8}", "tt???????*"),
            ("[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}", "????-????-????"),
            ("[A-Z0-9]{4}(-[A-Z0-9]{4}){2}", "????-????-????"),
            ("\\d{4}-\\d{2}-\\d{2}", "????-??-??"),
            ("[a-z]{2}(-[A-Z]{2})?", "??*"),
            ("de|fr|pt-BR", "??*"),
            ("[a-z]+", "?*"),
            ("v[0-9]*", "v*"),
            // A space or a slash may take three characters in a link (%20): counted, then *.
            ("a[ b]{2}c", "a???*"),
            ("[?*]x", "??*"),
        ])
    func shapes(pattern: String, expected: String) throws {
        #expect(AppLinksGenerator.shape(of: try TextPattern(pattern)) == expected)
    }

    /// A random pattern over `a`, `b` and `-`, with groups, choices and every repetition.
    static func randomPattern(_ random: inout SplitMix64, depth: Int = 0) -> String {
        (0..<random.int(1...3)).map { _ in
            var atom: String
            switch random.int(0...4) {
            case 0: atom = "a"
            case 1: atom = "-"
            case 2: atom = "[ab]"
            case 3 where depth < 2: atom = "(" + randomPattern(&random, depth: depth + 1) + ")"
            case 4 where depth < 2:
                atom =
                    "(" + randomPattern(&random, depth: depth + 1) + "|"
                    + randomPattern(&random, depth: depth + 1) + ")"
            default: atom = "b"
            }
            return atom + random.pick(["", "", "?", "*", "+", "{2}", "{1,3}"])
        }.joined()
    }

    @Test("every value of a random pattern matches the generated file pattern", arguments: PropertySeeds.all)
    func neverNarrowerThanTheType(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        var checked = 0
        for _ in 0..<60 {
            let pattern = try TextPattern(Self.randomPattern(&random))
            let shape = AppLinksGenerator.shape(of: pattern)
            let automaton = PatternAutomaton(
                CompiledRule.parsePath(shape, caseSensitive: true, variables: nil).node)
            for _ in 0..<60 {
                let text = random.string(random.int(1...9), from: ["a", "b", "-"])
                guard pattern.matches(text) else { continue }
                #expect(
                    automaton.matches(text.unicodeScalars.map(\.value)),
                    "\(pattern.source) → \(shape): \(text)")
                checked += 1
            }
        }
        #expect(checked > 50)
    }

    static let table = RouteTable(
        canonicalHost: "films.example.com",
        scope: RouteScope(schemes: ["https"], hosts: ["films.example.com"]),
        types: [
            ParameterTypeDeclaration("titleID", "pattern tt[0-9]{7,8}"),
            ParameterTypeDeclaration("giftCode", "pattern [A-Z0-9]{4}(-[A-Z0-9]{4}){2}"),
            ParameterTypeDeclaration("locale", "enum de|fr"),
        ]
    ) {
        Route("title", "/title/:id(titleID)")
        Route("localTitle", "/:locale(locale)/title/:id(titleID)")
        Route("redeem", "/gift", query: ["code(giftCode)"])
    }

    @Test("a table with declared types generates a file whose every route's links open the app")
    func generatedFile() throws {
        let generated = AppLinksGenerator(
            appIDs: ["ABCDE12345.com.example.films"], canonicalHostOf: Self.table)?
            .generate(from: Self.table)
        let file = try #require(generated).file
        #expect(
            file.serialized()
                == ##"{"applinks":{"substitutionVariables":{"localTitle_locale":["de","fr"]},"details":[{"appIDs":["ABCDE12345.com.example.films"],"components":[{"/":"/title/tt???????*","comment":"route title"},{"/":"/$(localTitle_locale)/title/tt???????*","comment":"route localTitle"},{"/":"/gift","?":{"code":"????-????-????"},"comment":"route redeem"}]}]}}"##
        )
        let check = try AssociationCrossCheck(
            table: Self.table, file: file, appID: "ABCDE12345.com.example.films", domain: "films.example.com")
        #expect(check.routeFindings() == [])
    }
}
