import Testing

@testable import DeepLinks

/// A custom scheme whose host is a domain routes its links without the host. The host-less link
/// keeps the parsed text and moves its parts' offsets; these tests pin it to the link assembled
/// from the parts, field by field.
@Suite("A link without its host: the same link as one assembled from its parts")
struct LinkWithoutHostTests {
    static let links = [
        "photoalbum://photos.example.com/albums/summer-2024",
        "photoalbum://photos.example.com/albums/summer-2024?sort=name",
        "photoalbum://photos.example.com/albums/summer-2024?sort=name#photo-3",
        "photoalbum://photos.example.com/albums/caf%C3%A9/photos/3?q=a+b&x=%20&flag",
        "photoalbum://photos.example.com/albums/summer-2024?utm_source=mail&sort=name",
        "photoalbum://photos.example.com/albums/summer-2024?sort=name&fbclid=1#top",
        "photoalbum://photos.example.com/albums/",
        "photoalbum://photos.example.com/",
        "photoalbum://photos.example.com",
        "photoalbum://photos.example.com?tab=mine",
        "photoalbum://photos.example.com#top",
        "photoalbum://PHOTOS.example.com/Albums/X",
        "photoalbum://photos.example.com:8443/albums/a",
        "photoalbum://photos.example.com/albums/%7Etilde?%E2%9C%93=1",
    ]

    @Test("every part, the text and the canonical form", arguments: links)
    func sameAsAssembled(text: String) throws {
        var policy = LinkPolicy(allowedHosts: ["photos.example.com"])
        policy.allowedSchemes.insert("photoalbum")
        let link = try LinkGate(policy: policy).parseSanitized(text)
        let assembled = Link(
            scheme: link.scheme, host: nil, port: nil, rawPath: link.rawPath, pathSegments: link.pathSegments,
            rawQuery: link.rawQuery, queryItems: link.queryItems, rawFragment: link.rawFragment,
            original: Link.assemble(
                scheme: link.scheme, hasAuthority: true, host: nil, port: nil, rawPath: link.rawPath,
                rawQuery: link.rawQuery, rawFragment: link.rawFragment))
        let moved = link.withoutHost()
        #expect(moved == assembled)
        #expect(moved.hashValue == assembled.hashValue)
        #expect(moved.original == assembled.original)
        #expect(moved.host == nil && moved.port == nil && moved.scheme == "photoalbum")
        #expect(moved.rawPath == assembled.rawPath)
        #expect(moved.rawQuery == assembled.rawQuery)
        #expect(moved.rawFragment == assembled.rawFragment)
        #expect(moved.pathSegments == assembled.pathSegments)
        #expect(moved.queryItems == assembled.queryItems)
        #expect(moved.canonical == assembled.canonical)
        #expect(moved.hasAuthority)
    }
}
