import DeepLinks
import Testing

@testable import LinkPreviews

/// The responder reads a request target's path once, over its bytes
/// (`SiteResponder.kind(of:)`): each target must be sorted as a reading of its text sorts it,
/// and the paths the responder does not serve must be answered as before (only a path in
/// `/.well-known/` is not found; the legacy root path is then a page's path).
@Suite("Site responder: what a request target names")
struct SiteTargetKindTests {
    /// The same question asked of the text.
    private static func expected(_ target: String) -> SiteResponder.TargetKind {
        if target.contains("#") { return .withFragment }
        let path = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)[0]
        if path == AssociationFileEndpoint.path { return .associationFile }
        if path == AssociationFileEndpoint.legacyPath { return .legacyAssociationFile }
        if path == AssetLinksEndpoint.path { return .assetLinks }
        if path.hasPrefix("/.well-known/") || path == "/.well-known" { return .otherWellKnown }
        return .page
    }

    @Test("association files, other well-known paths, fragments and pages, with and without queries")
    func kinds() {
        let paths = [
            "", "/", "/albums/summer", AssociationFileEndpoint.path, AssociationFileEndpoint.legacyPath,
            AssetLinksEndpoint.path, "/.well-known", "/.well-known/", "/.well-known/security.txt",
            "/.well-knownx", "/.well-know", AssociationFileEndpoint.path + "x",
            String(AssociationFileEndpoint.path.dropLast()), "/apple-app-site-association/",
            "/caf\u{E9}/.well-known/", "/😀",
        ]
        var compared = 0
        for path in paths {
            for suffix in ["", "?", "?a=1", "?next=/.well-known/x", "#top", "?a=1#top", "?a=#"] {
                let target = path + suffix
                #expect(SiteResponder.kind(of: target) == Self.expected(target), "\(target)")
                compared += 1
            }
        }
        #expect(SiteResponder.kind(of: AssociationFileEndpoint.path) == .associationFile)
        #expect(SiteResponder.kind(of: "/.well-known/x?y") == .otherWellKnown)
        #expect(SiteResponder.kind(of: "/a#b") == .withFragment)
        #expect(compared == paths.count * 7)
    }

    @Test("a file the site does not serve: not found in /.well-known/, a page's path at the root")
    func unservedFiles() async throws {
        let receiver = try ResponderFixture.receiver()
        let service = try LinkPreviewService(
            receiver: receiver, site: PhotoAlbumFixture.site, providers: PhotoAlbumFixture.providers)
        let bare = try SiteResponder(service: service, hosts: [SiteHost("photos.example.com")])
        let strict = try SiteResponder(
            service: service, hosts: [SiteHost("photos.example.com")],
            associationFile: AssociationFileEndpoint(
                bytes: Array(ResponderFixture.aasa.utf8), servesLegacyPath: false))
        let home = await bare.respond(to: SiteRequest(method: "GET", target: "/", host: "photos.example.com"))
        for responder in [bare, strict] {
            for target in [AssociationFileEndpoint.legacyPath, AssociationFileEndpoint.legacyPath + "?x=1"] {
                let answer = await responder.respond(
                    to: SiteRequest(method: "GET", target: target, host: "photos.example.com"))
                // Not refused: decided as a link like any other path (the table has no such
                // route, so the site's own page, as for `/`).
                #expect(answer.status == home.status, "\(target)")
                #expect(answer.status != 404, "\(target)")
            }
        }
        for target in [AssetLinksEndpoint.path, "/.well-known", "/.well-known/x?y=1"] {
            let answer = await bare.respond(
                to: SiteRequest(method: "GET", target: target, host: "photos.example.com"))
            #expect(answer.status == 404, "\(target)")
        }
        let unserved = await bare.respond(
            to: SiteRequest(method: "GET", target: AssociationFileEndpoint.path, host: "photos.example.com"))
        #expect(unserved.status == 404)
    }
}
