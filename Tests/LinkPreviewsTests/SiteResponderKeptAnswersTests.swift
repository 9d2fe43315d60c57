import DeepLinks
import Foundation
import Testing

@testable import LinkPreviews

/// A parameter type that counts how often the receiver validates it: how often a link on its
/// route is decided.
final class ValidationCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var calls = 0

    var count: Int {
        lock.lock()
        defer { lock.unlock() }
        return calls
    }

    func record() {
        lock.lock()
        calls += 1
        lock.unlock()
    }

    /// A site whose `/items/:code(counted)` route is validated through this counter.
    func responder(cacheCapacity: Int) throws -> SiteResponder {
        let counted = CustomParameterType(name: "counted", expected: "lower-case letters") { text in
            self.record()
            return text.allSatisfy { ("a"..."z").contains($0) } ? .string(text) : nil
        }
        let table = RouteTable {
            RouteGroup(scope: RouteScope(schemes: ["https", "photoalbum"])) {
                Route("item", "/items/:code(counted)")
            }
        }
        var policy = LinkPolicy(allowedHosts: ["photos.example.com"])
        policy.allowedSchemes.insert("photoalbum")
        let receiver = try LinkReceiver(
            table: table, policy: policy, registry: ParameterTypeRegistry([counted]))
        var providers = PreviewProviders()
        providers.bind("item") { request in
            LinkPreview(title: "Item \(request.parameters.string("code") ?? "")")
        }
        let service = try LinkPreviewService(
            receiver: receiver, site: PhotoAlbumFixture.site, providers: providers)
        return try SiteResponder(
            service: service, hosts: [SiteHost("photos.example.com")],
            configuration: SiteResponder.Configuration(cacheCapacity: cacheCapacity))
    }
}

@Suite("Site responder: what each copy keeps answers as it would without keeping anything")
struct SiteResponderKeptAnswersTests {
    /// Every kind of answer: pages, generic pages, guarded routes, refusals, JSON, HEAD, 304s,
    /// other hosts, the well-known files.
    static func requests(etag: String) -> [SiteRequest] {
        let targets = [
            "/albums/summer-2024?utm_source=mail", "/albums/summer-2024", "/albums/summer-2024?sort=name",
            "/albums/hostile", "/albums/winter-1999", "/albums/summer-2024/photos/3", "/nowhere",
            "/albums/summer-2024/delete", "/settings", "/albums/%zz", "/albums/x#top", "nonsense",
            "https://photos.example.de/albums/summer-2024", "/.well-known/apple-app-site-association",
            "/.well-known/assetlinks.json", "/.well-known/other",
        ]
        var requests: [SiteRequest] = []
        for target in targets {
            requests.append(SiteRequest(method: "GET", target: target, host: "photos.example.com"))
            requests.append(SiteRequest(method: "HEAD", target: target, host: "m.photos.example.com"))
            requests.append(
                SiteRequest(
                    method: "GET", target: target, host: "PHOTOS.example.de:443", accept: "application/json"))
            requests.append(
                SiteRequest(method: "GET", target: target, host: "photos.example.com", ifNoneMatch: etag))
            requests.append(SiteRequest(method: "POST", target: target, host: "photos.example.com"))
        }
        return requests
    }

    @Test(
        "every answer of a responder that keeps decisions and pages equals a fresh responder's, asked twice")
    func keptAnswersEqualFreshOnes() async throws {
        let keeping = try ResponderFixture.responder()
        let fresh = try ResponderFixture.responder(
            configuration: SiteResponder.Configuration(cacheCapacity: 0))
        let page = await fresh.respond(
            to: SiteRequest(method: "GET", target: "/albums/summer-2024", host: "photos.example.com"))
        let etag = try #require(page.header("ETag"))
        let requests = Self.requests(etag: etag)
        // Each request is asked twice in a row, then all of them once more: a link is kept when
        // asked a second time unless another link's hash chose its slot of the seen table in
        // between, which depends on the process's hash seed; asked twice in a row, no other
        // link comes between, so what is kept does not depend on the seed.
        for round in 1...2 {
            for request in requests {
                let expected = await fresh.respond(to: request)
                #expect(await keeping.respond(to: request) == expected, "round \(round): \(request)")
                if round == 1 {
                    #expect(await keeping.respond(to: request) == expected, "asked again: \(request)")
                }
            }
        }
        #expect((await keeping.respond(to: requests[3])).status == 304)
        #expect(fresh.keptCounts.decisions == 0)
        #expect(fresh.keptCounts.pages == 0)
        // Decided links: the 9 targets that decide, read on 2 hosts (the absolute-form target is
        // one of them on the second host; refusals are not kept). Pages: the 8 resolutions on
        // the first host as HTML; as JSON on the second host, where the browser fallback and the
        // two guarded routes resolve alike, since their pages offer the home page's links; and
        // the absolute-form target's page as HTML.
        #expect(keeping.keptCounts.decisions == 18)
        #expect(keeping.keptCounts.pages == 8 + 8 + 1)
    }

    @Test(
        "one responder shared by 8 tasks answers every request as a fresh responder does (ThreadSanitizer in CI)"
    )
    func sharedAcrossTasks() async throws {
        // A small capacity, so that tasks keep, evict and read kept answers at the same time.
        let shared = try ResponderFixture.responder(
            configuration: SiteResponder.Configuration(cacheCapacity: 6))
        let fresh = try ResponderFixture.responder(
            configuration: SiteResponder.Configuration(cacheCapacity: 0))
        let requests = Self.requests(etag: "\"none\"")
        var expected: [SiteResponse] = []
        for request in requests { expected.append(await fresh.respond(to: request)) }
        let answers = expected
        let mismatches = await withTaskGroup(of: [Int].self) { group in
            for task in 0..<8 {
                group.addTask {
                    var mismatches: [Int] = []
                    for k in 0..<(requests.count * 3) {
                        let i = (k * 7 + task * 13) % requests.count
                        if await shared.respond(to: requests[i]) != answers[i] { mismatches.append(i) }
                    }
                    return mismatches
                }
            }
            return await group.reduce(into: []) { $0 += $1 }
        }
        #expect(mismatches.isEmpty, "\(Set(mismatches).sorted().map { requests[$0] })")
        #expect(shared.keptCounts.pages <= 6)
    }

    @Test("a repeated link is decided twice, then kept; its provider is still asked every time")
    func repeatedLinkIsDecidedTwice() async throws {
        let counter = ValidationCounter()
        let responder = try counter.responder(cacheCapacity: 8)
        let made = counter.count
        let request = SiteRequest(method: "GET", target: "/items/abc", host: "photos.example.com")
        let first = await responder.respond(to: request)
        #expect(first.status == 200)
        #expect(first.text.contains("<h1>Item abc</h1>"))
        let perDecision = counter.count - made
        #expect(perDecision > 0)
        #expect(responder.keptCounts.decisions == 0)
        for _ in 0..<3 { #expect(await responder.respond(to: request) == first) }
        #expect(counter.count - made == 2 * perDecision)
        #expect(responder.keptCounts.decisions == 1)

        let other = ValidationCounter()
        let fresh = try other.responder(cacheCapacity: 0)
        let freshMade = other.count
        for _ in 0..<3 { #expect(await fresh.respond(to: request) == first) }
        #expect(other.count - freshMade == 3 * perDecision)
    }

    @Test("a link longer than the longest kept link is decided every time, and answered alike")
    func longLinksAreNotKept() async throws {
        let counter = ValidationCounter()
        let responder = try counter.responder(cacheCapacity: 8)
        let made = counter.count
        let code = String(repeating: "a", count: SiteResponder.longestKeptLink)
        let request = SiteRequest(method: "GET", target: "/items/" + code, host: "photos.example.com")
        let first = await responder.respond(to: request)
        #expect(first.status == 200)
        let perDecision = counter.count - made
        #expect(perDecision > 0)
        #expect(await responder.respond(to: request) == first)
        #expect(counter.count - made == 2 * perDecision)
        #expect(responder.keptCounts.decisions == 0)
        #expect(responder.keptCounts.pages == 1)
    }

    @Test("the kept decisions and pages never exceed the capacity, and answers stay right when full")
    func keptAnswersAreBounded() async throws {
        let small = try ResponderFixture.responder(
            configuration: SiteResponder.Configuration(cacheCapacity: 2))
        let fresh = try ResponderFixture.responder(
            configuration: SiteResponder.Configuration(cacheCapacity: 0))
        let targets = [
            "/albums/summer-2024", "/albums/hostile", "/albums/a", "/albums/b",
            "/albums/summer-2024/photos/1",
            "/albums/summer-2024",
        ]
        for target in targets + targets {
            let request = SiteRequest(method: "GET", target: target, host: "photos.example.com")
            #expect(await small.respond(to: request) == (await fresh.respond(to: request)), "\(target)")
            #expect(small.keptCounts.decisions <= 2 && small.keptCounts.pages <= 2)
        }
        // /albums/summer-2024 is asked for a second time at the end of the first round: unless
        // another link's hash chose its slot in between (which depends on the process's hash
        // seed), its decision and page are kept from then on.
        #expect(small.keptCounts.decisions <= 2 && small.keptCounts.pages <= 2)
    }

    @Test("a capacity of Int.max makes a responder whose seen links fit in a bounded table")
    func unboundedCapacity() async throws {
        let responder = try ResponderFixture.responder(
            configuration: SiteResponder.Configuration(cacheCapacity: Int.max))
        let fresh = try ResponderFixture.responder(
            configuration: SiteResponder.Configuration(cacheCapacity: 0))
        let request = SiteRequest(method: "GET", target: "/albums/summer-2024", host: "photos.example.com")
        let expected = await fresh.respond(to: request)
        for _ in 0..<3 { #expect(await responder.respond(to: request) == expected) }
        #expect(responder.keptCounts.decisions == 1 && responder.keptCounts.pages == 1)
        #expect(SeenTexts.mostSlots == 65_536)
    }

    @Test("links seen once keep nothing, however many; each one asked for again is kept")
    func linksSeenOnceKeepNothing() async throws {
        let responder = try ResponderFixture.responder(
            configuration: SiteResponder.Configuration(cacheCapacity: 4096))
        let fresh = try ResponderFixture.responder(
            configuration: SiteResponder.Configuration(cacheCapacity: 0))
        let targets = (0..<64).map { "/albums/a\($0)" }
        for target in targets {
            let request = SiteRequest(method: "GET", target: target, host: "photos.example.com")
            #expect(await responder.respond(to: request) == (await fresh.respond(to: request)), "\(target)")
        }
        #expect(responder.keptCounts.decisions == 0 && responder.keptCounts.pages == 0)
        // Asked for again: each link's decision and page are kept but for the few whose slot
        // another link of the 64 took (4,096 slots: rarely any).
        for target in targets {
            let request = SiteRequest(method: "GET", target: target, host: "photos.example.com")
            #expect(await responder.respond(to: request) == (await fresh.respond(to: request)), "\(target)")
        }
        #expect(responder.keptCounts.decisions >= 48 && responder.keptCounts.decisions <= 64)
        #expect(responder.keptCounts.pages == responder.keptCounts.decisions)
    }

    @Test(
        "a link asked for once has its page rendered, nothing kept; asked for again, its decision and page are kept"
    )
    func pagesKeptFromTheSecondRequest() async throws {
        let responder = try ResponderFixture.responder()
        let fresh = try ResponderFixture.responder(
            configuration: SiteResponder.Configuration(cacheCapacity: 0))
        let request = SiteRequest(method: "GET", target: "/albums/summer-2024", host: "photos.example.com")
        let expected = await fresh.respond(to: request)
        #expect(await responder.respond(to: request) == expected)
        #expect(responder.keptCounts.decisions == 0)
        #expect(responder.keptCounts.pages == 0)
        #expect(await responder.respond(to: request) == expected)
        #expect(responder.keptCounts.decisions == 1 && responder.keptCounts.pages == 1)
        #expect(await responder.respond(to: request) == expected)
        #expect(responder.keptCounts.decisions == 1 && responder.keptCounts.pages == 1)
        // The same link asked for as JSON: another page, kept at once since its link was seen.
        let json = SiteRequest(
            method: "GET", target: "/albums/summer-2024", host: "photos.example.com",
            accept: "application/json")
        #expect(await responder.respond(to: json) == (await fresh.respond(to: json)))
        #expect(responder.keptCounts.pages == 2)
    }

    @Test("Accept and If-None-Match are read in place: empty elements, case and spaces as before")
    func headersReadInPlace() {
        let cases: [(String, HTTPNegotiation.Representation)] = [
            (";application/json", .json), ("APPLICATION/JSON", .json),
            (" ,, application/json ; q=1 ,", .json),
            ("Text/HTML;Q=0.5,Application/*", .json), ("application/json;;q=0.4, text/*;q=0.5", .html),
            ("application/json;q=1.5", .html), ("", .html),
            // Quality values at their limits, read over the header's bytes.
            ("text/html;q=0, application/json;q=0.", .html),
            ("text/html;q=0.999,application/json;q=1.000", .json),
            ("text/html;q=0.5,application/json;q=0.5001", .html),
            ("text/html;q=0.1,application/json;q=abc", .html),
            ("text/html;q=0.1,\tapplication/json\t;\tq=0.2\t", .json),
            ("*/*;q=0.8,application/json;q=0.9", .json),
            ("text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8", .html),
            ("application/*;q=0.3,text/*;q=0.2", .json), ("application/json ;", .json), (";;;,;", .html),
        ]
        for (accept, expected) in cases {
            #expect(HTTPNegotiation.representation(accept: accept) == expected, "\(accept)")
        }
        let tag = #""0123456789abcdef""#
        #expect(HTTPNegotiation.matches(ifNoneMatch: #" , W/"0123456789abcdef" "#, etag: tag))
        #expect(HTTPNegotiation.matches(ifNoneMatch: " * ", etag: tag))
        #expect(!HTTPNegotiation.matches(ifNoneMatch: "**", etag: tag))
        #expect(!HTTPNegotiation.matches(ifNoneMatch: #""0123456789ABCDEF""#, etag: tag))
        #expect(!HTTPNegotiation.matches(ifNoneMatch: ",,", etag: tag))
    }
}
