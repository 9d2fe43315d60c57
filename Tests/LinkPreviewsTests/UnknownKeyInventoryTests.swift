import DeepLinks
import Foundation
import LinkPreviews
import TestSupport
import Testing

/// Every public `Decodable` type of LinkPreviews that is a JSON object refuses a key it does not
/// know, naming it (a misspelt `imageAlt` or `appStoreId` is never silently dropped); the rest
/// are listed as not objects, or as output types that are `Encodable` only.
@Suite("Every key checked: LinkPreviews' keyed Decodable types refuse an unknown key")
struct UnknownKeyInventoryTests {
    static let keyed: [String: @Sendable () throws -> Void] = [
        "AppListing": {
            try UnknownKeys.refuse(
                AppListing(
                    name: "Photo Album", appStoreID: "1234567890", googlePlayPackage: "com.example.photoalbum"
                ))
        },
        "LinkPreview": { try UnknownKeys.refuse(LinkPreview(title: "T", description: "D")) },
        "PreviewImage": {
            try UnknownKeys.refuse(PreviewImage(url: "https://example.com/i.png", width: 1, height: 1))
        },
        "PreviewLimits": { try UnknownKeys.refuse(PreviewLimits()) },
        "PreviewOverride": {
            try UnknownKeys.refuse(
                PreviewOverride(
                    title: "T", description: "D", image: PreviewImage(url: "https://example.com/i.png")))
        },
        "PreviewRequest": {
            try UnknownKeys.refuse(
                PreviewRequest(
                    route: "album", parameters: RouteParameters(), canonicalURL: "https://example.com/a"))
        },
        "PreviewSite": { try UnknownKeys.refuse(PhotoAlbumFixture.site) },
        "PreviewSource": { try UnknownKeys.refuse(PreviewSource(.route, routeName: "album")) },
        "OfferedAppLinks": {
            try UnknownKeys.refuse(
                OfferedAppLinks(webLink: "https://example.com/a", customSchemeLink: "photoalbum://a"))
        },
        "LandingPageStrings": { try UnknownKeys.refuse(LandingPageStrings.german) },
    ]

    /// Decodable types whose JSON is a string.
    static let notObjects: Set<String> = [
        "AssociationServingRule", "Attribute", "Kind", "PreviewField", "PreviewType",
    ]

    /// Output types: encoded for callers to read, never decoded.
    static let encodableOnly: [Any.Type] = [
        ResponseHeader.self, TextAdjustment.self, MetaTag.self, PreviewMetadata.self, LinkPreviewError.self,
    ]

    @Test("every public Decodable type of LinkPreviews is listed as keyed or as not an object")
    func inventoryIsComplete() throws {
        let problems = try DeclaredTypes.differences(
            inModule: "LinkPreviews", conformingTo: ["Codable", "Decodable"],
            listed: Set(Self.keyed.keys).union(Self.notObjects))
        #expect(problems == [])
    }

    @Test("each keyed type refuses a key it does not know, naming it", arguments: keyed.keys.sorted())
    func refusesUnknownKey(_ name: String) throws {
        let check = try #require(Self.keyed[name])
        try check()
    }

    @Test("metadata, response headers, text adjustments, meta tags and errors are Encodable only")
    func outputsAreNotDecodable() throws {
        let problems = try EncodableOnlyTypes.problems(inModule: "LinkPreviews", listed: Self.encodableOnly)
        #expect(problems == [])
    }
}
