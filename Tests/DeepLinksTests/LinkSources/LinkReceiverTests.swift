import DeepLinks
import Foundation
import Testing

@Suite("Link receiver: the same link by every source")
struct SameLinkEverySourceTests {
    static let webLink = "https://photos.example.com/albums?albumname=Summer&index=3"

    @Test(
        "a universal link, a banner argument, a custom scheme and Handoff reach the same route; the source is recorded"
    )
    func sameRoute() throws {
        let receiver = try IncomingFixtures.receiver()
        let incomingLinks: [LinkDecision] = [
            receiver.receive(try IncomingFixtures.tap(Self.webLink)),
            receiver.receive(bannerContent: "app-id=1234567890, app-argument=\(Self.webLink)"),
            receiver.receive(url: "photoalbum://photos.example.com/albums?albumname=Summer&index=3"),
            receiver.receive(
                try UserActivity(
                    activityType: IncomingFixtures.viewingPhoto,
                    userInfo: ["albumname": "Summer", "index": 3])
            ),
        ]
        #expect(incomingLinks.map(\.source) == [.universalLink, .smartAppBanner, .customScheme, .handoff])
        for received in incomingLinks {
            guard case .route(let match) = received.outcome else {
                Issue.record("expected a route, got \(received)")
                continue
            }
            #expect(match.route == "photo")
            #expect(match.parameters == ["albumname": "Summer", "index": 3])
            #expect(match.safety == .navigate)
        }
        #expect(incomingLinks[0].match == incomingLinks[1].match)
        #expect(incomingLinks[0].match == incomingLinks[3].match)
    }

    @Test("the seed's album link arrives through onOpenURL as a universal link")
    func openURL() throws {
        let received = try IncomingFixtures.receiver().receive(try #require(URL(string: Self.webLink)))
        #expect(received.source == .universalLink)
        #expect(received.match?.route == "photo")
        #expect(
            received.description
                == #"universalLink: route to 'photo' [albumname: string "Summer", index: integer 3]"#)
    }

    @Test("one call takes every source")
    func incomingLinks() throws {
        let receiver = try IncomingFixtures.receiver()
        let incoming: [IncomingLink] = [
            .url(Self.webLink),
            .activity(try IncomingFixtures.tap(Self.webLink)),
            .smartAppBanner(content: "app-id=1, app-argument=\(Self.webLink)"),
            .url("newsapp://doc/CHLFGFCB00097U7S?s=sps_article"),
        ]
        let received = incoming.map { receiver.receive($0) }
        #expect(received.map(\.source) == [.universalLink, .universalLink, .smartAppBanner, .customScheme])
        #expect(received.map(\.match?.route) == ["photo", "photo", "photo", "article"])
        #expect(
            try JSONDecoder().decode([IncomingLink].self, from: JSONEncoder().encode(incoming)) == incoming)
        let encoded =
            try JSONSerialization.jsonObject(with: JSONEncoder().encode(received)) as? [[String: Any]]
        #expect(
            encoded?.map { $0["source"] as? String } == [
                "universalLink", "universalLink", "smartAppBanner", "customScheme",
            ])
    }
}

@Suite("Link receiver: custom schemes")
struct CustomSchemeReceptionTests {
    @Test("seed 003: newsapp's host is a route segment")
    func routeSegmentHost() throws {
        let received = try IncomingFixtures.receiver().receive(
            url: "newsapp://doc/CHLFGFCB00097U7S?s=sps_article")
        #expect(received.source == .customScheme)
        #expect(received.match?.route == "article")
        #expect(received.match?.parameters == ["id": "CHLFGFCB00097U7S", "s": "sps_article"])
    }

    @Test("a domain host must be one of the scheme's domains, without a port")
    func domainHost() throws {
        let receiver = try IncomingFixtures.receiver()
        #expect(
            receiver.receive(url: "photoalbum://evil.example.net/albums?albumname=Summer&index=3").outcome
                == .reject(.hostNotAllowed(scheme: "photoalbum", host: "evil.example.net")))
        #expect(
            receiver.receive(url: "photoalbum:///albums?albumname=Summer&index=3").outcome
                == .reject(.hostNotAllowed(scheme: "photoalbum", host: nil)))
        #expect(
            receiver.receive(url: "photoalbum://photos.example.com:8080/albums?albumname=Summer&index=3")
                .outcome
                == .reject(.hostNotAllowed(scheme: "photoalbum", host: "photos.example.com:8080")))
        let routed = receiver.receive(url: "photoalbum://PHOTOS.example.com/albums/summer-2024")
        #expect(routed.match?.route == "album")
        #expect(routed.match?.canonicalLink == "photoalbum:///albums/summer-2024")
    }

    @Test(
        "“the route table rules”: a host with a dot is not guessed to be a domain; the registration says what it is"
    )
    func dotIsNotADomain() throws {
        let received = try IncomingFixtures.receiver().receive(url: "newsapp://doc.example.com/x")
        guard case .reject(.unhandled(let link, .noMatchingRoute)) = received.outcome else {
            Issue.record("expected an unhandled rejection, got \(received)")
            return
        }
        #expect(link.host == "doc.example.com")
    }

    @Test("the least trusted source: a scheme can make every route ask the user first")
    func confirmsEveryRoute() throws {
        let receiver = try IncomingFixtures.receiver(photoalbumConfirms: true)
        let custom = receiver.receive(url: "photoalbum://photos.example.com/albums?albumname=Summer&index=3")
        guard case .confirm(let match) = custom.outcome else {
            Issue.record("expected confirm, got \(custom)")
            return
        }
        #expect(match.route == "photo")
        let web = receiver.receive(url: SameLinkEverySourceTests.webLink)
        #expect(web.outcome == .route(try #require(web.match)))
        let news = receiver.receive(url: "newsapp://doc/CHLFGFCB00097U7S")
        #expect(news.outcome == .route(try #require(news.match)))
    }

    @Test("a scheme the policy allows without a registration gets the default registration, visibly")
    func policySchemeIsRegisteredByDefault() throws {
        var policy = IncomingFixtures.policy
        policy.allowedSchemes.insert("zhihu")
        let receiver = try LinkReceiver(
            table: IncomingFixtures.table, policy: policy, schemes: IncomingFixtures.schemes())
        #expect(receiver.schemes["zhihu"] == (try CustomScheme("zhihu")))
        #expect(receiver.policy.allowedSchemes.contains("zhihu"))
        guard
            case .reject(.unhandled(_, .noMatchingRoute)) = receiver.receive(url: "zhihu://answers/154659733")
                .outcome
        else {
            Issue.record("expected an unhandled custom-scheme link")
            return
        }
    }

    @Test("a scheme that is neither allowed nor registered is refused by the gate")
    func unknownScheme() throws {
        let received = try IncomingFixtures.receiver().receive(url: "zhihu://answers/154659733")
        #expect(received.source == .customScheme)
        #expect(
            received.outcome
                == .reject(.malformed(LinkError(.schemeNotAllowed, at: 0, detail: "scheme 'zhihu'"))))
    }
}

@Suite("Link receiver: malformed and hostile incomingLinks")
struct HostileIncomingLinkTests {
    @Test(
        "“Where Foundation and browsers disagree” (row 4): the backslash host confusion is refused whichever way it arrives"
    )
    func backslashEverywhere() throws {
        let receiver = try IncomingFixtures.receiver()
        let text = #"https://photos.example.com\@evil.com/albums"#
        let byURL = receiver.receive(url: text)
        #expect(byURL.source == .universalLink)
        #expect(byURL.outcome.rejection?.linkError?.rule == .backslash)
        let byActivity = receiver.receive(try IncomingFixtures.tap(text))
        #expect(byActivity.outcome.rejection?.linkError?.rule == .backslash)
        let byBanner = receiver.receive(bannerContent: "app-id=1, app-argument=\(text)")
        guard case .reject(.invalidBanner(.invalidAppArgument(_, let error))) = byBanner.outcome else {
            Issue.record("expected a refused banner, got \(byBanner)")
            return
        }
        #expect(error.rule == .backslash)
    }

    @Test("a host outside the policy is refused, not opened in the browser")
    func foreignHost() throws {
        let received = try IncomingFixtures.receiver().receive(
            IncomingFixtures.tap("https://evil.example.net/albums?albumname=Summer&index=3"))
        #expect(received.outcome.rejection?.linkError?.rule == .hostNotAllowed)
    }

    @Test("a valid web link no route presents goes to the browser with the reason")
    func browserFallback() throws {
        let received = try IncomingFixtures.receiver().receive(
            IncomingFixtures.tap("https://photos.example.com/albums?albumname=Summer&index=99999"))
        guard
            case .openInBrowser(let link, .invalidParameter(let route, let failure)) = received
                .outcome
        else {
            Issue.record("expected the browser fallback, got \(received)")
            return
        }
        #expect(link.original == "https://photos.example.com/albums?albumname=Summer&index=99999")
        #expect(route == "photo")
        #expect(failure.parameter == "index")
    }

    @Test("a banner without an argument, or with bad content, is refused")
    func badBanners() throws {
        let receiver = try IncomingFixtures.receiver()
        #expect(receiver.receive(bannerContent: "app-id=1").outcome == .reject(.bannerWithoutArgument))
        #expect(
            receiver.receive(bannerContent: "app-id=one, app-argument=\(SameLinkEverySourceTests.webLink)")
                .outcome
                == .reject(.invalidBanner(.nonNumericAppID("one"))))
    }

    @Test("a banner parsed by a laxer gate passes this receiver's gate again")
    func bannerRechecked() throws {
        var lax = LinkPolicy()
        lax.allowedSchemes.insert("zhihu")
        let banner = try SmartAppBanner(
            parsing: "app-id=432274380, app-argument=zhihu://answers/154659733", gate: LinkGate(policy: lax))
        let received = try IncomingFixtures.receiver().receive(banner)
        #expect(received.source == .smartAppBanner)
        #expect(received.outcome.rejection?.linkError?.rule == .schemeNotAllowed)
        let withoutArgument = try SmartAppBanner(appID: 1)
        #expect(
            try IncomingFixtures.receiver().receive(withoutArgument).outcome
                == .reject(.bannerWithoutArgument))
    }
}

extension LinkOutcome {
    /// The rejection, for a rejected link.
    fileprivate var rejection: LinkRejection? {
        if case .reject(let rejection) = self { rejection } else { nil }
    }
}
