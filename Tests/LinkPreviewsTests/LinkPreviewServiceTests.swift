import DeepLinks
import LinkPreviews
import Testing

@Suite("Previews from the route table")
struct LinkPreviewServiceTests {
    func preview(_ text: String, providers: PreviewProviders = PhotoAlbumFixture.providers) async throws
        -> PreviewMetadata
    {
        try await PhotoAlbumFixture.service(providers: providers).preview(for: text)
    }

    func refusal(_ text: String) async throws -> LinkPreviewError? {
        let service = try PhotoAlbumFixture.service()
        do {
            _ = try await service.preview(for: text)
            return nil
        } catch {
            return error
        }
    }

    @Test("a routed link gets its provider's preview and a canonical link written from the route")
    func routedLink() async throws {
        let result = try await preview("https://photos.example.com/albums/summer-2024")
        #expect(result.source == PreviewSource(.route, routeName: "album"))
        #expect(result.canonicalURL == "https://photos.example.com/albums/summer-2024")
        #expect(result.preview.title == "Summer 2024")
        #expect(result.preview.image?.url == "https://photos.example.com/covers/summer-2024.jpg")
        #expect(result.source.httpStatus == 200)
    }

    @Test("tracking items, undeclared items and default values never reach the canonical link")
    func canonicalLinkHasOnlyValidatedParameters() async throws {
        let result = try await preview(
            "https://photos.example.com/albums/summer-2024?utm_source=mail&sort=date&x=%22%3E%3Cscript%3E#top"
        )
        #expect(result.canonicalURL == "https://photos.example.com/albums/summer-2024")
        let sorted = try await preview("https://photos.example.com/albums/summer-2024?sort=name&fbclid=1")
        #expect(sorted.canonicalURL == "https://photos.example.com/albums/summer-2024?sort=name")
    }

    @Test("the provider receives only the route's typed parameters")
    func providerReceivesTypedParameters() async throws {
        var providers = PreviewProviders()
        providers.bind("photo") { request in
            LinkPreview(title: "\(request.route) \(request.parameters) \(request.canonicalURL)")
        }
        let result = try await preview(
            "https://photos.example.com/albums/summer-2024/photos/3?token=secret", providers: providers)
        #expect(
            result.preview.title
                == #"photo [album: string "summer-2024", index: integer 3] https://photos.example.com/albums/summer-2024/photos/3"#
        )
    }

    @Test("content the provider cannot find gets the generic preview and status 404")
    func contentNotFound() async throws {
        let result = try await preview("https://photos.example.com/albums/winter-1999")
        #expect(result.source == PreviewSource(.contentNotFound, routeName: "album"))
        #expect(result.source.httpStatus == 404)
        #expect(result.canonicalURL == "https://photos.example.com/")
        #expect(result.preview.title == "Photo Album")
    }

    @Test("a browser-fallback link gets the generic preview, never one built from its parameters")
    func browserFallbackIsGeneric() async throws {
        for text in [
            "https://photos.example.com/blog/%3Cscript%3Ealert(1)%3C/script%3E",
            "https://photos.example.com/albums/summer-2024/photos/99999",
            "https://photos.example.com/search?q=%22%3E%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E"
                + String(repeating: "a", count: 80),
        ] {
            let result = try await preview(text)
            #expect(result.source == PreviewSource(.browserFallback), "\(text)")
            #expect(result.canonicalURL == "https://photos.example.com/")
            #expect(result.preview == PhotoAlbumFixture.genericPreview)
            #expect(!result.tags.contains { $0.content.contains("script") || $0.content.contains("onerror") })
        }
    }

    @Test(
        "“A link never deletes or exposes data directly”: a destructive or sensitive route's content is never previewed"
    )
    func spec2Rule3ConfirmedRoutesAreGeneric() async throws {
        var providers = PhotoAlbumFixture.providers
        providers.bind("deleteAlbum") { _ in LinkPreview(title: "Delete Summer 2024?") }
        let result = try await preview(
            "https://photos.example.com/albums/summer-2024/delete", providers: providers)
        #expect(result.source == PreviewSource(.confirmationRequired, routeName: "deleteAlbum"))
        #expect(result.preview.title == "Photo Album")
        let settings = try await preview("https://photos.example.com/settings")
        #expect(settings.source == PreviewSource(.confirmationRequired, routeName: "settings"))
    }

    @Test("a route without a provider gets the generic preview")
    func routeWithoutProvider() async throws {
        let result = try await preview("https://photos.example.com/")
        #expect(result.source == PreviewSource(.noProvider, routeName: "home"))
    }

    @Test("a link the gate refuses gets no preview and the gate's error")
    func refusedLink() async throws {
        let error = try await refusal(#"https://photos.example.com\@evil.com/albums/x"#)
        guard case .linkRefused(let linkError)? = error else {
            Issue.record("expected linkRefused, got \(String(describing: error))")
            return
        }
        #expect(linkError.rule == .backslash)
        let other = try await refusal("https://evil.example.net/albums/summer-2024")
        guard case .linkRefused(let hostError)? = other else {
            Issue.record("expected linkRefused, got \(String(describing: other))")
            return
        }
        #expect(hostError.rule == .hostNotAllowed)
    }

    @Test("a custom-scheme link gets no preview: refused by the table, or not a web link")
    func customSchemeLinks() async throws {
        #expect(try await refusal("photoalbum://albums/summer-2024") == .notAWebLink(scheme: "photoalbum"))
        guard case .linkRejected(let reason)? = try await refusal("photoalbum://nowhere") else {
            Issue.record("expected linkRejected")
            return
        }
        #expect(reason == "unhandled custom-scheme link photoalbum://nowhere: no route matches the link")
    }

    @Test("a provider that throws becomes providerFailed with the route's name")
    func providerFailure() async throws {
        struct StoreDown: Error, CustomStringConvertible {
            var description: String { "the album store is unreachable" }
        }
        var providers = PreviewProviders()
        providers.bind("album") { _ in throw StoreDown() }
        let service = try PhotoAlbumFixture.service(providers: providers)
        await #expect(
            throws: LinkPreviewError.providerFailed(route: "album", message: "the album store is unreachable")
        ) {
            try await service.preview(for: "https://photos.example.com/albums/summer-2024")
        }
    }

    @Test("a provider's preview that breaks a rule is refused, not repaired")
    func providerPreviewIsValidated() async throws {
        var providers = PreviewProviders()
        providers.bind("album") { _ in
            LinkPreview(title: "A", image: PreviewImage(url: "http://insecure.example.net/a.png"))
        }
        let service = try PhotoAlbumFixture.service(providers: providers)
        await #expect(
            throws: LinkPreviewError.invalidImageURL(
                "http://insecure.example.net/a.png", reason: "it must be an absolute https link")
        ) {
            try await service.preview(for: "https://photos.example.com/albums/summer-2024")
        }
    }

    @Test("a provider bound to a name the table does not have is refused when the service is made")
    func unknownProviderRoute() throws {
        var providers = PhotoAlbumFixture.providers
        providers.bind("albun") { _ in nil }
        #expect(throws: LinkPreviewError.unknownRoute("albun")) {
            try PhotoAlbumFixture.service(providers: providers)
        }
    }

    @Test("a site whose configuration breaks a rule is refused when the service is made")
    func invalidSiteConfiguration() throws {
        var site = PhotoAlbumFixture.site
        site.homeURL = "ftp://photos.example.com/"
        let receiver = try LinkReceiver(table: PhotoAlbumFixture.table, policy: PhotoAlbumFixture.policy)
        #expect(
            throws: LinkPreviewError.invalidPageURL(
                "ftp://photos.example.com/",
                reason: LinkError(.schemeNotAllowed, at: 0, detail: "scheme 'ftp'"))
        ) {
            try LinkPreviewService(receiver: receiver, site: site, providers: PreviewProviders())
        }
    }
}

extension PhotoAlbumFixture {
    /// The generic preview as the metadata holds it: cleaned, with site name and locale.
    static var genericPreview: LinkPreview {
        var preview = site.fallback
        preview.siteName = site.name
        preview.locale = site.locale
        return preview
    }
}
