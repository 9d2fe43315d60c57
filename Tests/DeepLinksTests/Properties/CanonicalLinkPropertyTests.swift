import DeepLinks
import Testing

/// Seeded, reproducible properties of the gate's canonical form over generated links.
@Suite("Properties: canonical links")
struct CanonicalLinkPropertyTests {
    static let policy = LinkPolicy(allowedSchemes: ["https", "http", "myapp"])
    static let gate = LinkGate(policy: policy)
    static let casesPerSeed = 400

    @Test(
        "every generated link is accepted, and canonical(canonical(x)) == canonical(x)",
        arguments: PropertySeeds.all)
    func idempotent(seed: UInt64) throws {
        var generator = LinkGenerator(seed: seed)
        for _ in 0..<Self.casesPerSeed {
            let text = generator.link()
            let link = try Self.gate.parse(text)
            let canonical = link.canonical
            let again = try Self.gate.parse(canonical)
            #expect(again.canonical == canonical, "seed \(seed): \(text)")
        }
    }

    @Test(
        "the canonical form reads as the same link: scheme, host, port, decoded path, query and fragment",
        arguments: PropertySeeds.all)
    func sameLink(seed: UInt64) throws {
        var generator = LinkGenerator(seed: seed)
        for _ in 0..<Self.casesPerSeed {
            let text = generator.link()
            let link = try Self.gate.parse(text)
            let again = try Self.gate.parse(link.canonical)
            #expect(again.scheme == link.scheme && again.host == link.host, "seed \(seed): \(text)")
            #expect(again.effectivePort == link.effectivePort, "seed \(seed): \(text)")
            let path = link.pathSegments.isEmpty && link.isWeb ? [""] : link.pathSegments.map(\.decoded)
            #expect(again.pathSegments.map(\.decoded) == path, "seed \(seed): \(text)")
            #expect(again.queryItems.map(\.name) == link.queryItems.map(\.name), "seed \(seed): \(text)")
            #expect(again.queryItems.map(\.value) == link.queryItems.map(\.value), "seed \(seed): \(text)")
            #expect(again.fragment == link.fragment, "seed \(seed): \(text)")
            #expect(link.canonical.utf8.count <= text.utf8.count + 1, "seed \(seed): \(text)")
        }
    }

    @Test(
        "spellings of one link that differ only in case, default port and escapes share one canonical form",
        arguments: PropertySeeds.all)
    func equivalentSpellings(seed: UInt64) throws {
        var generator = LinkGenerator(seed: seed)
        for _ in 0..<Self.casesPerSeed {
            let link = try Self.gate.parse(generator.link())
            let variant = Self.respell(link, random: &generator.random)
            #expect(
                try Self.gate.parse(variant).canonical == link.canonical,
                "seed \(seed): \(link.original) vs \(variant)")
        }
    }

    @Test(
        "a link with a hostile piece spliced in is refused with a reason, or keeps every canonical promise",
        arguments: PropertySeeds.all)
    func hostileSplices(seed: UInt64) throws {
        var generator = LinkGenerator(seed: seed)
        var refused = 0
        for _ in 0..<Self.casesPerSeed {
            let text = generator.hostileLink()
            do {
                let link = try Self.gate.parse(text)
                let again = try Self.gate.parse(link.canonical)
                #expect(again.canonical == link.canonical, "seed \(seed): \(text)")
                #expect(again.host == link.host, "seed \(seed): \(text)")
            } catch {
                refused += 1
                #expect(
                    error.position.map { (0...text.utf8.count).contains($0) } ?? true, "seed \(seed): \(text)"
                )
                #expect(!error.description.isEmpty)
            }
        }
        // Most splices break the link; the property would say little if none did.
        #expect(refused > Self.casesPerSeed / 2)
    }

    /// The same link in another spelling: upper-case scheme and host, the default port
    /// written out, unreserved letters escaped, and escapes in the other hex case.
    static func respell(_ link: Link, random: inout SplitMix64) -> String {
        func respell(_ raw: String) -> String {
            var out = ""
            var characters = raw[...]
            while let character = characters.first {
                characters = characters.dropFirst()
                if character == "%", characters.count >= 2 {
                    let hex = String(characters.prefix(2))
                    out += "%" + (random.chance(0.5) ? hex.lowercased() : hex.uppercased())
                    characters = characters.dropFirst(2)
                } else if character.isASCII, character.isLetter, random.chance(0.3) {
                    let hex = String(character.asciiValue ?? 0, radix: 16)
                    out += "%" + (random.chance(0.5) ? hex.lowercased() : hex.uppercased())
                } else {
                    out.append(character)
                }
            }
            return out
        }
        var text = link.scheme.uppercased() + "://" + (link.host ?? "").uppercased()
        if let port = link.port {
            text += ":\(port)"
        } else if link.isWeb, random.chance(0.5) {
            text += link.scheme == "https" ? ":443" : ":80"
        }
        text += respell(link.rawPath)
        if let query = link.rawQuery { text += "?" + respell(query) }
        if let fragment = link.rawFragment { text += "#" + respell(fragment) }
        return text
    }
}
