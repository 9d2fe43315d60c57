import Testing

@testable import AssociatedDomains

/// Seeded, reproducible round trips of association files and JSON values, and a metamorphic
/// property of matching.
@Suite("Properties: association files")
struct AssociationFilePropertyTests {
    static let casesPerSeed = 200

    @Test(
        "file → serialise → parse gives back an equal file, compact and indented",
        arguments: PropertySeeds.all)
    func fileRoundTrip(seed: UInt64) throws {
        var generator = AssociationFileGenerator(seed: seed)
        for _ in 0..<Self.casesPerSeed {
            let file = generator.file()
            for style in [AssociationFile.SerializationStyle.compact, .pretty] {
                let text = file.serialized(style)
                #expect(try AssociationFile(parsing: text) == file, "seed \(seed): \(text)")
                #expect(try AssociationFileDocument(text: text).file == file, "seed \(seed)")
            }
        }
    }

    @Test(
        "parse → serialise is lossless: the typed file's JSON is the JSON it was read from",
        arguments: PropertySeeds.all)
    func parseLossless(seed: UInt64) throws {
        var generator = AssociationFileGenerator(seed: seed)
        for _ in 0..<Self.casesPerSeed {
            // Any object at all, not only the shapes the model expects.
            var members: [String: JSONValue] = ["applinks": generator.file().json["applinks"] ?? .null]
            if generator.random.chance(0.5) { members["applinks"] = generator.json() }
            if generator.random.chance(0.3) { members["webcredentials"] = generator.json(depth: 2) }
            let json = JSONValue.object(members)
            #expect(try AssociationFile(json: json).json == json, "seed \(seed): \(json.serialized())")
        }
    }

    @Test(
        "JSON value → text → JSON value, compact and indented, for every escape", arguments: PropertySeeds.all
    )
    func jsonRoundTrip(seed: UInt64) throws {
        var generator = AssociationFileGenerator(seed: seed)
        for _ in 0..<Self.casesPerSeed {
            let value = generator.json(depth: 4)
            #expect(try JSONValue(parsing: value.serialized()) == value, "seed \(seed)")
            #expect(try JSONValue(parsing: value.serialized(.pretty)) == value, "seed \(seed)")
        }
    }

    @Test(
        "turning every rule's exclude around turns match into exclude and back, by the same rule",
        arguments: PropertySeeds.all)
    func excludeFlip(seed: UInt64) throws {
        var generator = AssociationFileGenerator(seed: seed)
        var decided = 0
        for _ in 0..<Self.casesPerSeed {
            let file = generator.file()
            guard let flipped = Self.flippingExclusions(file) else { continue }
            let compiled = CompiledAssociationFile(file)
            let inverse = CompiledAssociationFile(flipped)
            for _ in 0..<5 {
                let url = generator.url()
                for appID in compiled.appIDs {
                    let answer = compiled.match(url, appID: appID, domain: "example.com")
                    let turned = inverse.match(url, appID: appID, domain: "example.com")
                    #expect(turned.rule == answer.rule, "seed \(seed): \(url)")
                    switch answer.decision {
                    case .match: #expect(turned.decision == .exclude, "seed \(seed): \(url)")
                    case .exclude: #expect(turned.decision == .match, "seed \(seed): \(url)")
                    case .noMatch: #expect(turned.decision == .noMatch, "seed \(seed): \(url)")
                    }
                    if answer.decision != .noMatch { decided += 1 }
                }
            }
        }
        // The property is only worth something if rules decided some of the URLs.
        #expect(decided > 50)
    }

    /// The file with each component's effective `exclude` negated explicitly and `NOT ` added
    /// to or removed from each legacy path; `nil` when a path starts with `NOT NOT `.
    static func flippingExclusions(_ file: AssociationFile) -> AssociationFile? {
        guard var appLinks = file.appLinks else { return nil }
        let domainDefaults = appLinks.defaults
        var details: [AppLinksDetail] = []
        for detail in appLinks.details ?? [] {
            var detail = detail
            if let components = detail.components {
                detail.components = components.map { component in
                    var component = component
                    component.exclude =
                        !(component.exclude ?? detail.defaults?.exclude ?? domainDefaults?.exclude ?? false)
                    return component
                }
            } else if let paths = detail.paths {
                if paths.contains(where: { $0.hasPrefix("NOT NOT ") }) { return nil }
                detail.paths = paths.map { $0.hasPrefix("NOT ") ? String($0.dropFirst(4)) : "NOT " + $0 }
            }
            details.append(detail)
        }
        if appLinks.details != nil { appLinks.details = details }
        var flipped = file
        flipped.appLinks = appLinks
        return flipped
    }
}
