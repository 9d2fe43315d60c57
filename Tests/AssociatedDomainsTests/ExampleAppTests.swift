import DeepLinks
import Foundation
import Testing

@testable import AssociatedDomains

/// One of the example apps in `Examples/`: its route table, hand-written association file and
/// entitlement, read from the package.
struct ExampleApp: Sendable, CustomTestStringConvertible {
    let folder: String
    let domain: String
    let appID: String

    var testDescription: String { folder }

    static let photoAlbum = ExampleApp(
        folder: "PhotoAlbum", domain: "photos.example.com", appID: "ABCDE12345.com.example.photos")
    static let newsReader = ExampleApp(
        folder: "NewsReader", domain: "news.example.com", appID: "ABCDE12345.com.example.news")

    func table() throws -> RouteTable {
        try JSONDecoder().decode(
            RouteTable.self, from: Data(try PackageRoot.bytes("Examples/\(folder)/routes.json")))
    }

    func document() throws -> AssociationFileDocument {
        try AssociationFileDocument(
            bytes: try PackageRoot.bytes("Examples/\(folder)/apple-app-site-association"))
    }

    /// The `<string>` entries of the entitlements property list.
    func entitlementEntries() throws -> [String] {
        let text = String(
            decoding: try PackageRoot.bytes("Examples/\(folder)/\(folder).entitlements"), as: UTF8.self)
        return text.components(separatedBy: "<string>").dropFirst().compactMap {
            $0.components(separatedBy: "</string>").first
        }
    }
}

@Suite("The example apps: generation, cross-check, validation and entitlements")
struct ExampleAppTests {
    @Test("the hand-written association files validate clean")
    func validate() throws {
        #expect(AssociationFileValidator().validate(try ExampleApp.photoAlbum.document()) == [])
        #expect(AssociationFileValidator().validate(try ExampleApp.newsReader.document()) == [])
    }

    @Test("the entitlements parse, cover their domains and warn about nothing")
    func entitlements() throws {
        for app in [ExampleApp.photoAlbum, ExampleApp.newsReader] {
            let entitlement = try AssociatedDomainsEntitlement(try app.entitlementEntries())
            #expect(
                entitlement.entry(for: app.domain, service: .appLinks)?.description
                    == "applinks:\(app.domain)")
            #expect(entitlement.findings(for: .release) == [])
        }
    }

    @Test(
        "the photo album's hand-written file keeps its destructive route on the web; its wildcards reach further"
    )
    func photoAlbumCrossCheck() throws {
        let app = ExampleApp.photoAlbum
        let check = try AssociationCrossCheck(
            table: try app.table(), file: try app.document().file, appID: app.appID, domain: app.domain)
        #expect(
            check.findings().map(\.description) == [
                "AASA303 urlWithoutRoute: $.applinks.details[0].components[1] sends https://photos.example.com/albums?albumname=x&index=x to the app, but no route handles it",
                "AASA303 urlWithoutRoute: $.applinks.details[0].components[2] sends https://photos.example.com/albums to the app, but no route handles it",
            ])
    }

    @Test("the news reader's hand-written file: the web routes open the app; its wildcards reach further")
    func newsReaderCrossCheck() throws {
        let app = ExampleApp.newsReader
        let check = try AssociationCrossCheck(
            table: try app.table(), file: try app.document().file, appID: app.appID, domain: app.domain)
        #expect(check.routeFindings() == [])
        #expect(
            check.ruleFindings().map(\.url) == [
                "https://news.example.com/doc", "https://news.example.com/section",
            ])
    }

    @Test("files generated from the examples' tables send every web route and exclude the destructive one")
    func generated() throws {
        for app in [ExampleApp.photoAlbum, ExampleApp.newsReader] {
            let generated = AppLinksGenerator(appIDs: [app.appID], domain: app.domain).generate(
                from: try app.table())
            #expect(AssociationFileValidator().validate(generated.file) == [])
            let check = try AssociationCrossCheck(
                table: try app.table(), file: generated.file, appID: app.appID, domain: app.domain)
            #expect(check.routeFindings() == [], "\(app.folder)")
        }
        let photos = AppLinksGenerator(
            appIDs: [ExampleApp.photoAlbum.appID], domain: ExampleApp.photoAlbum.domain
        )
        .generate(from: try ExampleApp.photoAlbum.table())
        #expect(photos.componentRoutes == ["deleteAlbum", "photo", "album", "sharedWithMe"])
        let news = AppLinksGenerator(
            appIDs: [ExampleApp.newsReader.appID], domain: ExampleApp.newsReader.domain
        )
        .generate(from: try ExampleApp.newsReader.table())
        #expect(news.skippedRoutes.map(\.route) == ["notificationSettings", "deleteAccount"])
        #expect(
            news.file.appLinks?.substitutionVariables == ["section_name": ["top", "world", "tech", "sport"]])
    }
}
