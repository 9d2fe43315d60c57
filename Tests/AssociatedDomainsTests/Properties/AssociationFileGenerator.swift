@testable import AssociatedDomains

/// Association files, JSON values and URLs drawn at random: every shape the model has, with
/// text that needs every kind of JSON escape.
struct AssociationFileGenerator {
    var random: SplitMix64

    init(seed: UInt64) { random = SplitMix64(seed: seed) }

    /// Characters that exercise JSON escaping and the pattern language.
    static let patternAlphabet = Array("abcXYZ09/-_.~*?$()%&=#\"\\ é€😀\u{1}\u{1F}\u{7F}\u{2028}")
    static let numberLiterals = [
        "0", "-0", "12", "-7", "0.5", "-0.25e3", "1E+2", "6.02e23", "123456789012345678901234567890",
    ]

    mutating func text(_ maxLength: Int = 12) -> String {
        random.string(random.int(0...maxLength), from: Self.patternAlphabet)
    }

    mutating func appID() -> String {
        random.pick(["ABCDE12345", "TEAM", "9JA89QQLNQ"]) + "."
            + random.pick(["com.example.app", "com.example.app2", "x.y"])
    }

    /// A JSON value up to `depth` levels deep.
    mutating func json(depth: Int = 3) -> JSONValue {
        switch random.int(0...(depth > 0 ? 6 : 3)) {
        case 0: return .null
        case 1: return .bool(random.chance(0.5))
        case 2: return .number(JSONNumber(literal: random.pick(Self.numberLiterals))!)
        case 3: return .string(text(20))
        case 4, 5: return .array((0..<random.int(0...4)).map { _ in json(depth: depth - 1) })
        default:
            var members: [String: JSONValue] = [:]
            for _ in 0..<random.int(0...4) { members[text(6)] = json(depth: depth - 1) }
            return .object(members)
        }
    }

    /// Keys the model keeps aside as additional: never one it reads.
    mutating func additionalKeys() -> [String: JSONValue] {
        var keys: [String: JSONValue] = [:]
        for _ in 0..<random.int(0...2) { keys["x-" + text(5)] = json(depth: 2) }
        return keys
    }

    mutating func optional<T>(_ probability: Double = 0.5, _ make: (inout Self) -> T) -> T? {
        random.chance(probability) ? make(&self) : nil
    }

    mutating func query() -> QueryPattern {
        switch random.int(0...2) {
        case 0: return .whole(text())
        case 1:
            var items: [String: String] = [:]
            for _ in 0..<random.int(0...3) { items[text(5)] = text() }
            return .items(items)
        default:
            var items: [String: JSONValue] = ["n": .number(JSONNumber(7))]
            for _ in 0..<random.int(0...2) { items[text(5)] = .string(text()) }
            return .itemsWithNonStringValues(items)
        }
    }

    mutating func component() -> AppLinksComponent {
        AppLinksComponent(
            path: optional(0.8) { $0.text() }, query: optional(0.4) { $0.query() },
            fragment: optional(0.3) { $0.text() },
            exclude: optional(0.3) { $0.random.chance(0.5) },
            caseSensitive: optional(0.2) { $0.random.chance(0.5) },
            percentEncoded: optional(0.2) { $0.random.chance(0.5) }, comment: optional(0.2) { $0.text(30) },
            additionalKeys: random.chance(0.2) ? additionalKeys() : [:])
    }

    mutating func detail() -> AppLinksDetail {
        let modern = random.chance(0.7)
        return AppLinksDetail(
            appID: optional(modern ? 0.2 : 1) { $0.appID() },
            appIDs: modern ? (0..<random.int(0...3)).map { _ in appID() } : nil,
            components: modern ? (0..<random.int(0...5)).map { _ in component() } : nil,
            paths: modern
                ? nil : (0..<random.int(0...4)).map { _ in (random.chance(0.3) ? "NOT " : "") + text() },
            defaults: optional(0.2) { $0.component() },
            additionalKeys: random.chance(0.2) ? additionalKeys() : [:])
    }

    mutating func file() -> AssociationFile {
        var appLinks: AppLinks?
        if random.chance(0.9) {
            var variables: [String: [String]]?
            if random.chance(0.3) {
                variables = [:]
                for _ in 0..<random.int(1...3) {
                    variables?[text(6)] = (0..<random.int(0...3)).map { _ in text(6) }
                }
            }
            appLinks = AppLinks(
                apps: optional(0.5) { _ in [] }, details: (0..<random.int(0...4)).map { _ in detail() },
                defaults: optional(0.2) { $0.component() }, substitutionVariables: variables,
                additionalKeys: random.chance(0.2) ? additionalKeys() : [:])
        }
        func list(_ generator: inout Self) -> AppList {
            AppList(apps: (0..<generator.random.int(0...3)).map { _ in generator.appID() })
        }
        return AssociationFile(
            appLinks: appLinks, webCredentials: optional(0.3, list), appClips: optional(0.2, list),
            activityContinuation: optional(0.2, list),
            additionalKeys: random.chance(0.2) ? additionalKeys() : [:])
    }

    /// A URL text for matching: the patterns' own characters, escapes in both hex cases, and a
    /// query and fragment now and then.
    mutating func url() -> String {
        var text = "https://example.com/"
        text += random.string(random.int(0...16), from: Array("abcXYZ09/-_.~%2Ffé"))
        if random.chance(0.5) { text += "?" + random.string(random.int(0...12), from: Array("ab=&%20x")) }
        if random.chance(0.3) { text += "#" + random.string(random.int(0...6), from: Array("abx")) }
        return text
    }
}
