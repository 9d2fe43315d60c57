import DeepLinks
import Foundation
import FuzzSupport

/// A receiver as an app configures it: web routes on one domain, a custom scheme that must
/// confirm every route, one that need not, and two Handoff activity types, one of them leading
/// to a destructive route.
let receiver: LinkReceiver = {
    let table = RouteTable {
        Route("home", "/")
        Route("album", "/albums/:album(slug)", query: ["index(int 0...9999)?"])
        Route("deleteAlbum", "/albums/:album(slug)/delete", safety: .destructive)
        Route("settings", "/settings/:section(enum profile|privacy)", scope: RouteScope(schemes: ["myapp"]))
        Route("article", "/doc/:id(string 1...32 [A-Z0-9])", scope: RouteScope(schemes: ["newsapp"]))
    }
    do {
        return try LinkReceiver(
            table: table, policy: LinkPolicy(allowedHosts: ["example.com"]),
            schemes: SchemeRegistry([
                CustomScheme("myapp", confirmsEveryRoute: true), CustomScheme("newsapp"),
            ]),
            activities: [
                ActivityRoute(activityType: "com.example.viewing-album", route: "album", host: "example.com"),
                ActivityRoute(
                    activityType: "com.example.deleting-album", route: "deleteAlbum", host: "example.com"),
            ])
    } catch {
        fatalError("the harness's own receiver is refused: \(error)")
    }
}()

/// The work one input may cost, documented in README ("Cost bounds") and measured with
/// `FUZZ_WORK_REPORT=1` over the seed corpus (see `WorkBudget`).
let budget = WorkBudget(
    fixedAllocations: 800, allocationsPerByte: 6, fixedAllocatedBytes: 65536, allocatedBytesPerByte: 1200,
    fixedMilliseconds: 25, microsecondsPerByte: 20)

/// The input is an incoming link in its JSON form (`{"url": …}`, `{"activity": {…}}`,
/// `{"smartAppBanner": …}`); input that is not one is received both as URL text and as banner
/// content.
///
/// Invariants:
/// - a decoded activity keeps the promises its initializer checks (a web `webpageURL`,
///   present for browsing-web, a `userInfo` within its 3 KB budget, required keys present),
///   and an incoming link's JSON form decodes to an equal one;
/// - nothing the gate refuses reaches a route: a URL, `webpageURL` or banner argument that the
///   gate refuses gives no match;
/// - a `route` outcome is only ever a navigate route, and never comes from the scheme that
///   must confirm every route or from the activity type of a destructive route;
/// - a browser fallback is only ever a web link on the allowed domain;
/// - every refusal has a sentence.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = FuzzInput(data, size)
    let text = input.text
    // Decoding an incoming link from JSON, or reading the text as a URL and a banner, and
    // deciding: what the receiver does with outside input.
    measured(budget, inputBytes: size, input: text) {
        if let incoming = try? JSONDecoder().decode(IncomingLink.self, from: Data(input.bytes)) {
            _ = receiver.receive(incoming)
        } else {
            _ = receiver.receive(url: text)
            _ = receiver.receive(bannerContent: text)
        }
    }
    if let incoming = try? JSONDecoder().decode(IncomingLink.self, from: Data(input.bytes)) {
        checkDecoded(incoming, input: text)
        check(incoming, input: text)
    } else {
        check(.url(text), input: text)
        check(.smartAppBanner(content: text), input: text)
    }
    return 0
}

func checkDecoded(_ incoming: IncomingLink, input: String) {
    if case .activity(let activity) = incoming {
        if let url = activity.webpageURL {
            let scheme = url.prefix { $0 != ":" }.lowercased()
            require(
                scheme == "https" || scheme == "http", "an activity with a non-web webpageURL was decoded",
                input: input)
        } else {
            require(
                !activity.isBrowsingWeb, "a browsing-web activity without webpageURL was decoded",
                input: input)
        }
        require(
            activity.userInfo.serializedSize <= UserInfo.sizeBudget, "an over-budget userInfo was decoded",
            input: input)
        require(
            activity.requiredUserInfoKeys.allSatisfy { activity.userInfo[$0] != nil },
            "an activity missing a required key was decoded", input: input)
    }
    do {
        let again = try JSONDecoder().decode(IncomingLink.self, from: try JSONEncoder().encode(incoming))
        require(again == incoming, "the incoming link's JSON form decodes to another one", input: input)
    } catch {
        violated("the incoming link's JSON form does not round-trip: \(error)", input: input)
    }
}

/// The link text the gate sees for an incoming link, when it carries one.
func linkText(of incoming: IncomingLink) -> String? {
    switch incoming {
    case .url(let text): return text
    case .activity(let activity): return activity.isBrowsingWeb ? activity.webpageURL : nil
    case .smartAppBanner(let content):
        guard let banner = try? SmartAppBanner(parsing: content, gate: receiver.gate) else { return nil }
        return banner.appArgument?.original
    }
}

func check(_ incoming: IncomingLink, input: String) {
    let received = receiver.receive(incoming)
    require(received.source == incoming.source, "the incoming link's source changed", input: input)
    if let text = linkText(of: incoming), (try? receiver.gate.parse(text)) == nil {
        require(received.match == nil, "a link the gate refuses reached a route", input: input)
    }
    switch received.outcome {
    case .route(let match):
        let route = receiver.router.route(named: match.route)
        require(route?.safety == .navigate, "a \(match.safety) route ran without confirmation", input: input)
        require(
            match.link.scheme != "myapp", "the scheme that confirms every route was routed directly",
            input: input)
        if case .activity(let activity) = incoming {
            require(
                activity.activityType != "com.example.deleting-album",
                "a destructive activity was routed directly",
                input: input)
        }
    case .confirm(let match):
        require(
            match.link.scheme == "myapp" || match.safety != .navigate,
            "a navigate route asked for confirmation",
            input: input)
    case .openInBrowser(let link, _):
        require(
            link.isWeb && link.host == "example.com", "the browser gets a link off the allowed domain",
            input: input)
    case .reject(let rejection):
        require(!rejection.description.isEmpty, "a rejection without a sentence", input: input)
    }
}
