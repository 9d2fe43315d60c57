import DeepLinks
import Testing

@testable import AssociatedDomains

@Suite("Generating applinks for optional segments and the table's canonical host")
struct OptionalSegmentGenerationTests {
    static let appID = "ABCDE12345.com.example.shop"

    static let table = RouteTable(
        canonicalHost: "shop.example.com",
        scope: RouteScope(schemes: ["https", "myapp"], hosts: ["shop.example.com", "www.shop.example.com"])
    ) {
        Route("category", "/c/:slug(slug)/:page(int 1...)?")
        Route("product", "/p/:id(int 1...)")
        Route("help", "/help", scope: RouteScope(schemes: ["https"], hosts: ["help.example.com"]))
    }

    @Test("canonical host used by the generator: it serves the file for the canonical host")
    func canonicalHostUsedByGenerator() throws {
        let generator = try #require(AppLinksGenerator(appIDs: [Self.appID], canonicalHostOf: Self.table))
        #expect(generator.domain == "shop.example.com")
        let generated = generator.generate(from: Self.table)
        #expect(generated.componentRoutes == ["category", "category", "product"])
        #expect(generated.skippedRoutes == [.init(route: "help", reason: .otherHost)])
        var plain = Self.table
        plain.canonicalHost = nil
        #expect(AppLinksGenerator(appIDs: [Self.appID], canonicalHostOf: plain) == nil)
    }

    @Test("an optional segment gets a component for each shape, and the file opens both")
    func optionalSegmentCoversBothShapes() throws {
        let generated = try #require(AppLinksGenerator(appIDs: [Self.appID], canonicalHostOf: Self.table))
            .generate(from: Self.table)
        #expect(
            generated.file.appLinks?.details?.first?.components?.map(\.path) == [
                "/c/?*/?*", "/c/?*", "/p/?*",
            ])
        #expect(AssociationFileValidator().validate(generated.file) == [])
        let compiled = CompiledAssociationFile(generated.file)
        for path in ["/c/shoes", "/c/shoes/2", "/p/1"] {
            #expect(
                compiled.match(
                    "https://shop.example.com" + path, appID: Self.appID, domain: "shop.example.com"
                )
                .decision == .match, "\(path)")
        }
    }

    @Test("a destructive optional route excludes both shapes")
    func destructiveOptional() {
        let table = RouteTable {
            Route(
                "clear", "/cart/clear/:item(int)?", scope: RouteScope(schemes: ["https"]),
                safety: .destructive)
        }
        let generated = AppLinksGenerator(appIDs: [Self.appID], domain: "shop.example.com").generate(
            from: table)
        let components = generated.file.appLinks?.details?.first?.components
        #expect(components?.map(\.path) == ["/cart/clear/?*", "/cart/clear"])
        #expect(components?.map(\.exclude) == [true, true])
    }

    @Test("an optional locale prefix gets a component for each reading, destructive exclusions first")
    func optionalPrefix() throws {
        let table = RouteTable(canonicalHost: "films.example.com", scope: RouteScope(schemes: ["https"])) {
            RouteGroup(prefix: "/:locale(enum de|fr)?") {
                Route("title", "/title/:id(int 1...)")
                Route("cancel", "/orders/:order(uuid)/cancel", safety: .destructive)
            }
        }
        let generated = try #require(AppLinksGenerator(appIDs: [Self.appID], canonicalHostOf: table))
            .generate(from: table)
        let components = try #require(generated.file.appLinks?.details?.first?.components)
        #expect(
            components.map(\.path) == [
                "/$(title_locale)/orders/?*/cancel", "/orders/?*/cancel", "/$(title_locale)/title/?*",
                "/title/?*",
            ])
        #expect(components.map(\.exclude) == [true, true, nil, nil])
        #expect(generated.componentRoutes == ["cancel", "cancel", "title", "title"])
        #expect(generated.file.appLinks?.substitutionVariables == ["title_locale": ["de", "fr"]])
        #expect(AssociationFileValidator().validate(generated.file) == [])
        let compiled = CompiledAssociationFile(generated.file)
        for (path, decision) in [
            ("/title/42", AssociationMatch.Decision.match), ("/de/title/42", .match),
            ("/fr/title/42", .match),
            ("/de/orders/1/cancel", .exclude), ("/orders/1/cancel", .exclude), ("/es/title/42", .noMatch),
        ] {
            #expect(
                compiled.match(
                    "https://films.example.com" + path, appID: Self.appID, domain: "films.example.com"
                )
                .decision == decision, "\(path)")
        }
    }
}
