import Testing

@testable import LinkPreviews

/// The responder reads a request target's path once, over its bytes
/// (`SiteResponder.kind(of:)`): each target must name what reading it as text names.
@Suite("Site responder: what a request target names")
struct SiteTargetKindTests {
    /// The same question asked of the text, as the responder asked it before.
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
        #expect(compared == 112)
    }
}
