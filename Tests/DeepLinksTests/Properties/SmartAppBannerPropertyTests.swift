import DeepLinks
import Foundation
import Testing

/// Seeded, reproducible round trips of generated Smart App Banners: render → parse, and the
/// escaping of the rendered meta tag.
@Suite("Properties: Smart App Banner render and parse")
struct SmartAppBannerPropertyTests {
    static let gate = LinkGate(policy: LinkPolicy(allowedSchemes: ["https", "http", "myapp"]))
    static let casesPerSeed = 300

    /// A banner with every optional part drawn at random; the argument is a generated link
    /// without commas (a banner refuses those).
    static func banner(_ generator: inout LinkGenerator) throws -> SmartAppBanner {
        var argument: Link?
        if generator.random.chance(0.8) {
            argument = try gate.parse(generator.link().replacingOccurrences(of: ",", with: "%2C"))
        }
        let affiliate =
            generator.random.chance(0.5)
            ? generator.random.string(generator.random.int(1...40), from: Array("abcXYZ09&=<>\"'!~%;:?/"))
            : nil
        let clip = generator.random.chance(0.3) ? "com.example.app-\(generator.random.int(0...99)).Clip" : nil
        return try SmartAppBanner(
            appID: generator.random.int(1...Int(Int32.max)), appArgument: argument, affiliateData: affiliate,
            appClipBundleID: clip, appClipDisplay: clip != nil && generator.random.chance(0.5) ? .card : nil)
    }

    @Test(
        "render → parse gives back an equal banner, and rendering it again the same content",
        arguments: PropertySeeds.all)
    func renderParse(seed: UInt64) throws {
        var generator = LinkGenerator(seed: seed)
        for _ in 0..<Self.casesPerSeed {
            let banner = try Self.banner(&generator)
            let parsed = try SmartAppBanner(parsing: banner.content, gate: Self.gate)
            #expect(parsed == banner, "seed \(seed): \(banner.content)")
            #expect(parsed.content == banner.content, "seed \(seed)")
        }
    }

    @Test(
        "the meta tag escapes every markup character of the content and reads back to it",
        arguments: PropertySeeds.all)
    func metaTagEscaping(seed: UInt64) throws {
        var generator = LinkGenerator(seed: seed)
        let prefix = #"<meta name="apple-itunes-app" content=""#
        for _ in 0..<Self.casesPerSeed {
            let banner = try Self.banner(&generator)
            let tag = banner.metaTag
            #expect(tag.hasPrefix(prefix) && tag.hasSuffix(#"">"#))
            let escaped = String(tag.dropFirst(prefix.count).dropLast(2))
            #expect(!escaped.contains(where: { "<>\"'".contains($0) }), "seed \(seed): \(tag)")
            let unescaped = escaped.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(
                of: "&gt;", with: ">"
            )
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'")
            .replacingOccurrences(of: "&amp;", with: "&")
            #expect(unescaped == banner.content, "seed \(seed): \(tag)")
        }
    }

    @Test("banner → JSON → banner", arguments: PropertySeeds.all)
    func json(seed: UInt64) throws {
        var generator = LinkGenerator(seed: seed)
        for _ in 0..<Self.casesPerSeed {
            let banner = try Self.banner(&generator)
            #expect(
                try JSONDecoder().decode(SmartAppBanner.self, from: JSONEncoder().encode(banner)) == banner)
        }
    }
}
