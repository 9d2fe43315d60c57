import LinkPreviews
import ShortLinks

/// The checks every ``ShortLinkStore`` must pass, for a store of a site's own database to run in
/// its tests as the package runs them on its own stores.
///
/// ```swift
/// @Test func conforms() async {
///     let failures = await ShortLinkStoreConformance.failures { try await PostgresShortLinkStore.fresh() }
///     #expect(failures == [])
/// }
/// ```
///
/// Each check asks `makeStore` for a new, empty store. The checks: every field of a link reads
/// back as written (a preview override included); listings are in code order and page; an expiry is set and cleared; a taken
/// code and a used request key are reported and add nothing; 40 concurrent insertions of one
/// code make exactly one link; 100 concurrent insertions of distinct codes all succeed; counters
/// add up per day, code, class and event, and queries filter and order them.
public enum ShortLinkStoreConformance {
    /// Runs every check; returns a sentence for each failure, none when the store conforms.
    public static func failures(makeStore: @Sendable () async throws -> any ShortLinkStore) async -> [String]
    {
        var failures: [String] = []
        for (name, check) in checks {
            do {
                let store = try await makeStore()
                failures += try await check(store).map { "\(name): \($0)" }
            } catch {
                failures.append("\(name): \(error)")
            }
        }
        return failures
    }

    typealias Check = @Sendable (any ShortLinkStore) async throws -> [String]

    static let checks: [(String, Check)] = [
        ("round trip", roundTrip), ("listing", listing), ("expiry", expiry), ("conflicts", conflicts),
        ("one code, 40 tasks", racingCode), ("distinct codes, 100 tasks", distinctCodes),
        ("counters", counters),
    ]

    /// A link with every field set.
    static func link(_ code: String, link: String = "https://shop.example.com/p/1", key: String? = nil)
        -> ShortLink
    {
        ShortLink(
            expansion: ShortLinkExpansion(
                code: ShortCode(checked: code), link: link, route: "product",
                fallbacks: ShortLinkFallbacks(
                    appStore: "https://apps.apple.com/app/id1",
                    playStore: "https://play.google.com/store/apps/details?id=x",
                    web: "https://shop.example.com/"),
                minimumAppVersion: "2.4.1", expiresAt: 1_900_000_000),
            createdAt: 1_800_000_000, requestKey: key,
            preview: PreviewOverride(
                title: "Spring sale «30 %»", description: "Two lines,\nwith a quote \" and an emoji 🌷",
                image: PreviewImage(
                    url: "https://shop.example.com/spring.jpg", width: 1200, height: 630, alt: "Tulips")))
    }

    /// A sentence when two values differ.
    static func expect<T: Equatable>(_ actual: T, _ expected: T, _ what: String) -> [String] {
        actual == expected ? [] : ["\(what): expected \(expected), got \(actual)"]
    }

    static func roundTrip(_ store: any ShortLinkStore) async throws -> [String] {
        let full = link("full-link", key: "key-1")
        var bare = link("bare-link")
        bare.expansion.fallbacks = ShortLinkFallbacks()
        bare.expansion.minimumAppVersion = nil
        bare.expansion.expiresAt = nil
        bare.preview = nil
        return try await expect(store.insert(full), .inserted, "inserting a link")
            + expect(store.insert(bare), .inserted, "inserting a link without options")
            + expect(store.link(for: full.code), full, "reading every field back")
            + expect(store.link(for: bare.code), bare, "reading a link without options back")
            + expect(store.link(for: ShortCode(checked: "missing")), nil, "reading a missing code")
    }

    static func listing(_ store: any ShortLinkStore) async throws -> [String] {
        let codes = ["ccc", "aaa", "bbb-1", "bbb", "zzz"]
        for code in codes { _ = try await store.insert(link(code)) }
        let sorted = codes.sorted()
        return try await expect(
            store.links(after: nil, limit: 10).map(\.code.text), sorted, "listing everything")
            + expect(
                store.links(after: nil, limit: 2).map(\.code.text), Array(sorted.prefix(2)), "a first page")
            + expect(
                store.links(after: ShortCode(checked: "bbb"), limit: 2).map(\.code.text), ["bbb-1", "ccc"],
                "a next page")
            + expect(
                store.links(after: ShortCode(checked: "zzz"), limit: 2).map(\.code.text), [], "past the end")
    }

    static func expiry(_ store: any ShortLinkStore) async throws -> [String] {
        let original = link("expiring")
        _ = try await store.insert(original)
        var expired = original
        expired.expansion.expiresAt = 5
        var cleared = original
        cleared.expansion.expiresAt = nil
        return try await expect(store.setExpiry(of: original.code, to: 5), expired, "setting an expiry")
            + expect(store.link(for: original.code), expired, "reading the expiry back")
            + expect(store.setExpiry(of: original.code, to: nil), cleared, "clearing the expiry")
            + expect(
                store.setExpiry(of: ShortCode(checked: "missing"), to: 5), nil, "expiring a missing code")
    }

    static func conflicts(_ store: any ShortLinkStore) async throws -> [String] {
        let first = link("code-one", key: "request-1")
        return try await expect(store.insert(first), .inserted, "the first insertion")
            + expect(
                store.insert(link("code-one", link: "https://shop.example.com/p/2")), .codeTaken(first),
                "a taken code")
            + expect(
                store.insert(link("code-two", key: "request-1")), .sameRequest(first), "a used request key")
            + expect(store.links(after: nil, limit: 10), [first], "nothing added by either")
    }

    static func racingCode(_ store: any ShortLinkStore) async throws -> [String] {
        let results = try await withThrowingTaskGroup(of: ShortLinkInsertion.self) { group in
            for id in 1...40 {
                group.addTask {
                    try await store.insert(link("flash-sale", link: "https://shop.example.com/p/\(id)"))
                }
            }
            return try await group.reduce(into: [ShortLinkInsertion]()) { $0.append($1) }
        }
        return expect(results.filter { $0 == .inserted }.count, 1, "insertions that succeeded")
            + expect(try await store.links(after: nil, limit: 100).count, 1, "links kept")
    }

    static func distinctCodes(_ store: any ShortLinkStore) async throws -> [String] {
        let results = try await withThrowingTaskGroup(of: ShortLinkInsertion.self) { group in
            for id in 1...100 { group.addTask { try await store.insert(link("code-\(id)")) } }
            return try await group.reduce(into: [ShortLinkInsertion]()) { $0.append($1) }
        }
        return expect(results.filter { $0 == .inserted }.count, 100, "insertions that succeeded")
            + expect(try await store.links(after: nil, limit: 1_000).count, 100, "links kept")
    }

    static func counters(_ store: any ShortLinkStore) async throws -> [String] {
        let a = link("aaa")
        var b = link("bbb")
        b.expansion.route = "category"
        for _ in 0..<3 { try await store.record(.pageShown, for: a, platform: .iOS, day: 10) }
        try await store.record(.expandedByApp, for: a, platform: .iOS, day: 10)
        try await store.record(.appLinkOffered, for: a, platform: .iOS, day: 10)
        try await store.record(.pageShown, for: a, platform: .android, day: 11)
        try await store.record(.deferredResolved, for: b, platform: .android, day: 12)
        let all = [
            ShortLinkCount(
                day: 10, code: a.code, route: "product", platform: .iOS, event: .appLinkOffered, count: 1),
            ShortLinkCount(
                day: 10, code: a.code, route: "product", platform: .iOS, event: .expandedByApp, count: 1),
            ShortLinkCount(
                day: 10, code: a.code, route: "product", platform: .iOS, event: .pageShown, count: 3),
            ShortLinkCount(
                day: 11, code: a.code, route: "product", platform: .android, event: .pageShown, count: 1),
            ShortLinkCount(
                day: 12, code: b.code, route: "category", platform: .android, event: .deferredResolved,
                count: 1),
        ]
        return try await expect(store.counts(ShortLinkCountQuery()), all, "every counter, in order")
            + expect(store.counts(ShortLinkCountQuery(code: b.code)), [all[4]], "one code's counters")
            + expect(
                store.counts(ShortLinkCountQuery(route: "product")), Array(all.prefix(4)),
                "one route's counters")
            + expect(
                store.counts(ShortLinkCountQuery(fromDay: 11, toDay: 11)), [all[3]], "one day's counters")
    }
}
