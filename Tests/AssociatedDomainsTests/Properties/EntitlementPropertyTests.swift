import Foundation
import Testing

@testable import AssociatedDomains

/// Seeded, reproducible round trips of entitlement entries and the label rule of `covers`.
@Suite("Properties: Associated Domains entitlement entries")
struct EntitlementPropertyTests {
    static let casesPerSeed = 300

    static func entry(_ random: inout SplitMix64) -> String {
        let labels = (0..<random.int(2...4)).map { _ in
            random.string(random.int(1...10), from: Array("abcxyzABC019")) + (random.chance(0.2) ? "-x" : "")
        }
        let mode = random.pick(["", "?mode=developer", "?mode=managed", "?mode=developer+managed"])
        let service = random.pick(AssociatedDomain.Service.allCases).rawValue
        return service + ":" + (random.chance(0.3) ? "*." : "") + labels.joined(separator: ".") + mode
    }

    @Test("entry → text → entry, and entry → JSON → entry", arguments: PropertySeeds.all)
    func roundTrip(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        for _ in 0..<Self.casesPerSeed {
            let text = Self.entry(&random)
            let entry = try AssociatedDomain(text)
            #expect(try AssociatedDomain(entry.description) == entry, "seed \(seed): \(text)")
            #expect(entry.description == text.lowercased(), "seed \(seed)")
            #expect(
                try JSONDecoder().decode(AssociatedDomain.self, from: JSONEncoder().encode(entry)) == entry)
        }
    }

    @Test(
        "an entry covers its domain exactly when it is not a wildcard, and whole-label subdomains exactly when it is",
        arguments: PropertySeeds.all)
    func coversByLabels(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        for _ in 0..<Self.casesPerSeed {
            let entry = try AssociatedDomain(Self.entry(&random))
            let domain = entry.domain
            #expect(entry.covers(domain) == !entry.isWildcard)
            #expect(entry.covers(domain.uppercased()) == !entry.isWildcard)
            #expect(entry.covers("a." + domain) == entry.isWildcard)
            #expect(entry.covers("a.b." + domain) == entry.isWildcard)
            #expect(!entry.covers("a" + domain))
            #expect(!entry.covers(domain + ".evil.com"))
        }
    }
}
