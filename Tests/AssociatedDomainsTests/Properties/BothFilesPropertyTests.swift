import DeepLinks
import Testing

@testable import AssociatedDomains

/// Random tables (locale-prefix groups, optional segments, enumerations, declared patterns,
/// catch-alls, required query items with values, destructive routes, both case rules) and
/// random links, each decided by the router, the generated Apple file and the generated
/// Android file:
///
/// - a table that compares letter case: the Android file decides every link as the Apple file
///   does (it is never looser, never tighter);
/// - a table that ignores letter case: the Android file keeps in the browser every link the
///   Apple file keeps there, and opens the app on a link Apple does not only for a route it
///   lists as widened;
/// - the manifest's intent filter claims every route's link the Android file opens the app on;
/// - a file opens the app on a link no route takes only through a route the generator lists
///   as over-reaching (``GeneratedAppLinks/overReach``; on Android, or widened);
/// - a link a route other than a destructive one takes opens the app in both files, unless a
///   destructive route's exclusion keeps it in the browser (and a table without destructive
///   routes has no such exclusion).
@Suite("Properties: the Apple and Android files decide links alike")
struct BothFilesPropertyTests {
    static let appID = "ABCDE12345.com.example.app"
    static let package = "com.example.app"
    static let domain = "example.com"
    static let app = AndroidAppTarget(
        packageName: package, fingerprints: [try! CertificateFingerprint(AssetLinksSamples.release)])

    static let literals = ["a", "b", "docs", "Docs", "x-y"]
    static let types = [
        "", "(enum de|fr)", "(enum de|fr|it)", "(pattern AC[0-9]{2})", "(pattern [a-z]{2})", "(int)",
        "(slug)",
    ]
    static let linkSegments = [
        "a", "b", "docs", "Docs", "DOCS", "de", "fr", "it", "DE", "AC12", "ac12", "AC1", "7", "x-y", "zz",
    ]
    static let queries = ["", "", "?q=on", "?q=off", "?q=ON", "?q=no", "?q=on&r=1"]

    static func route(_ number: Int, _ random: inout SplitMix64) -> Route {
        let count = random.int(1...3)
        var segments: [String] = []
        for i in 0..<count {
            if random.chance(0.4) {
                segments.append(random.pick(literals))
            } else if i == count - 1, random.chance(0.15) {
                segments.append("*rest")
            } else {
                segments.append(
                    ":p\(i)" + random.pick(types) + (i == count - 1 && random.chance(0.2) ? "?" : ""))
            }
        }
        var path = "/" + segments.joined(separator: "/")
        if random.chance(0.25) { path = "/:locale(enum de|fr)?" + path }
        let query: [QueryParameter] = random.chance(0.2) ? [QueryParameter(parsing: "q(enum on|off)")] : []
        return Route(
            "r\(number)", PathPattern(parsing: path), query: query, scope: RouteScope(schemes: ["https"]),
            safety: random.chance(0.2) ? .destructive : .navigate)
    }

    @Test(
        "the two files decide random links alike, and open the app on every route's link",
        arguments: PropertySeeds.all)
    func bothFilesAgree(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let gate = LinkGate()
        var counts = (
            links: 0, routed: 0, opened: 0, excluded: 0, widenedLooser: 0, insensitiveTables: 0,
            manifestClaimed: 0, listedOverReach: 0
        )
        for _ in 0..<50 {
            let caseSensitive = random.chance(0.6)
            let options = RoutingOptions(caseSensitivity: caseSensitive ? .sensitive : .insensitive)
            let routes = (0..<random.int(1...6)).map { Self.route($0, &random) }
            let table = RouteTable(options: options, routes: routes)
            guard let router = try? Router(table) else { continue }
            if !caseSensitive { counts.insensitiveTables += 1 }
            let apple = AppLinksGenerator(appIDs: [Self.appID], domain: Self.domain).generate(from: table)
            let android = AssetLinksGenerator(apps: [Self.app], domain: Self.domain).generate(from: table)
            let appleFile = CompiledAssociationFile(apple.file)
            let androidFile = CompiledAssetLinks(android.file)
            let filter = AssetLinksGenerator(apps: [Self.app], domain: Self.domain).intentFilter(from: table)
            let hasDestructive = routes.contains { $0.safety == .destructive }
            for _ in 0..<60 {
                let path = (0..<random.int(0...4)).map { _ in random.pick(Self.linkSegments) }
                let url = "https://\(Self.domain)/" + path.joined(separator: "/") + random.pick(Self.queries)
                counts.links += 1
                let appleMatch = appleFile.match(url, appID: Self.appID, domain: Self.domain)
                let androidMatch = androidFile.match(url, packageName: Self.package)
                let a = appleMatch.decision.rawValue
                let b = androidMatch.decision.rawValue
                let context = "\(url): apple \(a), android \(b); \(options.caseSensitivity) \(routes)"
                if caseSensitive {
                    #expect(a == b, "\(context)")
                } else {
                    if a == "exclude" { #expect(b == "exclude", "\(context)") }
                    if a == "match" { #expect(b != "no_match", "\(context)") }
                    if b == "match" && a != "match" {
                        #expect(!android.widenedRoutes.isEmpty, "\(context)")
                        counts.widenedLooser += 1
                    }
                }
                guard let winner = router.match(try gate.parse(url)) else {
                    // No route takes the link: a file that opens the app on it does so through a
                    // route it lists as over-reaching (or, on Android, as widened).
                    let appleReaching = Set(apple.overReach.filter { !$0.excludes }.map(\.route))
                    let androidReaching = Set(android.overReach.filter { !$0.excludes }.map(\.route))
                        .union(android.widenedRoutes.map(\.route))
                    if a == "match", let index = appleMatch.rule?.index {
                        let route = apple.componentRoutes[index] ?? ""
                        #expect(appleReaching.contains(route), "unlisted over-reach of \(route): \(context)")
                        counts.listedOverReach += 1
                    }
                    if b == "match", let index = androidMatch.rule?.componentIndex {
                        let route = android.componentRoutes[index] ?? ""
                        #expect(
                            androidReaching.contains(route), "unlisted over-reach of \(route): \(context)")
                    }
                    continue
                }
                guard winner.route.safety != .destructive else { continue }
                counts.routed += 1
                // The dynamic rules only narrow what the manifest claims: a route's link they open
                // is claimed by the manifest (whose `.*` stops at `/`, so it is tighter than the
                // rules' `*` on links no route takes).
                if b == "match" {
                    #expect(filter.matches(url), "the manifest does not claim \(context); \(filter.paths)")
                    counts.manifestClaimed += 1
                }
                for decision in [a, b] {
                    if decision == "exclude" {
                        #expect(hasDestructive, "\(context)")
                        counts.excluded += 1
                    } else {
                        #expect(decision == "match", "a route's link kept in the browser: \(context)")
                        counts.opened += 1
                    }
                }
            }
        }
        #expect(counts.routed > 100 && counts.opened > 100 && counts.insensitiveTables > 5)
        #expect(counts.widenedLooser > 0 && counts.manifestClaimed > 100 && counts.listedOverReach > 10)
    }
}
