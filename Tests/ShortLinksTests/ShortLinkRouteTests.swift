import AssociatedDomains
import DeepLinks
import ShortLinks
import Testing

@Suite("The short-link route")
struct ShortLinkRouteTests {
    @Test("the route is the prefix and a slug code, on the given hosts")
    func route() throws {
        let route = try ShortLinkRoute(prefix: "/l/share", hosts: ["shop.example.com"])
        #expect(route.route.name == "shortLink")
        #expect(route.route.path.description == "/l/share/:code(slug 3...40)")
        #expect(route.route.scope == RouteScope(schemes: ["https"], hosts: ["shop.example.com"]))
        #expect(
            route.url(for: try ShortCode("abc"), host: "shop.example.com")
                == "https://shop.example.com/l/share/abc")
    }

    @Test("a prefix that is not literal lower-case segments is refused")
    func badPrefixes() {
        for prefix in ["", "s", "/", "/s/", "/S", "/s//x", "/:code", "/s*", "/%41"] {
            #expect(throws: ShortLinkError.self, "\(prefix)") { try ShortLinkRoute(prefix: prefix) }
        }
        #expect(
            throws: ShortLinkError.invalidPrefix(
                "/S", reason: "each segment holds lower-case letters, digits and hyphens only")
        ) { try ShortLinkRoute(prefix: "/S") }
    }

    @Test("a match of the route gives its code; a match of another route none")
    func codeOfMatch() throws {
        let receiver = ShortLinkFixture.receiver
        let route = ShortLinkFixture.shortRoute
        let short = try #require(receiver.receive(url: "https://shop.example.com/s/spring-sale").match)
        #expect(route.code(of: short) == (try ShortCode("spring-sale")))
        let product = try #require(receiver.receive(url: "https://shop.example.com/p/42").match)
        #expect(route.code(of: product) == nil)
    }

    @Test("the association file the table generates claims the short links' path")
    func associationFileClaimsShortLinks() throws {
        let table = ShortLinkFixture.table
        let generated = try #require(
            AppLinksGenerator(appIDs: ["ABCDE12345.com.example.shop"], canonicalHostOf: table)?.generate(
                from: table))
        #expect(generated.file.serialized().contains(#"{"/":"/s/?*","comment":"route shortLink"}"#))
        let check = try AssociationCrossCheck(
            table: table, file: generated.file, appID: "ABCDE12345.com.example.shop",
            domain: "shop.example.com")
        #expect(check.routeFindings().filter { $0.route == "shortLink" } == [])
    }
}
