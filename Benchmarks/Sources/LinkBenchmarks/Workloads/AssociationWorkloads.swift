import AssociatedDomains
import Foundation

/// The association-file benchmarks: a full-size file matched per URL, and hostile patterns
/// beside the same patterns as `NSRegularExpression`.
enum AssociationWorkloads {
    static let appID = "ABCDE12345.com.example.app"
    static let domain = "example.com"

    // MARK: - A 128 KB file

    /// A realistic file just under Apple's 128 KB limit: several apps, component rules per
    /// section with exclusions, query and fragment conditions, case-insensitive rules and
    /// substitution variables, and the legacy `paths` form for an old app.
    static func largeFileText() -> (text: String, components: Int) {
        var rules: [String] = []
        for r in 0..<400 {
            let resource = resourceName(r)
            rules += [
                ##"{"/":"/\##(resource)/?*/edit","exclude":true,"comment":"editing stays on the web"}"##,
                ##"{"/":"/\##(resource)/*","#":"nativeoff","exclude":true,"comment":"the opt-out fragment"}"##,
                ##"{"/":"/\##(resource)/?*/comments","?":{"page":"$(digit)*"},"comment":"comment pages"}"##,
                ##"{"/":"/$(section)/\##(resource)/*","?":{"sort":"$(sort)"},"comment":"sorted section pages"}"##,
                ##"{"/":"/\##(resource)/tags/?*","caseSensitive":false,"comment":"tags in any case"}"##,
                ##"{"/":"/\##(resource)/*","comment":"everything else in \##(resource)"}"##,
            ]
        }
        func text(_ count: Int) -> String {
            var details: [String] = []
            var index = 0
            while index < count {
                let end = min(index + 300, count)
                let apps =
                    details.isEmpty
                    ? ##"["ABCDE12345.com.example.app","ABCDE12345.com.example.app.beta"]"##
                    : ##"["ABCDE12345.com.example.app"]"##
                details.append(
                    ##"{"appIDs":\##(apps),"components":[\##(rules[index..<end].joined(separator: ","))]}"##)
                index = end
            }
            details.append(
                ##"{"appID":"ABCDE12345.com.example.legacy","paths":["NOT /account/*","/albums/*"]}"##)
            return ##"{"applinks":{"defaults":{"caseSensitive":true},"substitutionVariables":{"##
                + ##""section":["music","video","books","news","shop","help","live","kids"],"##
                + ##""sort":["new","top","name"]},"details":["## + details.joined(separator: ",")
                + ##"]},"webcredentials":{"apps":["ABCDE12345.com.example.app"]}}"##
        }
        // The most rules that fit under the limit.
        var low = 0
        var high = rules.count
        while low < high {
            let middle = (low + high + 1) / 2
            if text(middle).utf8.count <= AssociationFileDocument.maximumByteCount {
                low = middle
            } else {
                high = middle - 1
            }
        }
        return (text(low), low)
    }

    static func resourceName(_ r: Int) -> String {
        let noun = RouteCorpus.nouns[r % RouteCorpus.nouns.count]
        return r < RouteCorpus.nouns.count ? noun : "\(noun)-\(r / RouteCorpus.nouns.count)"
    }

    /// URLs for the large file: every section, early and late in the file, some excluded,
    /// some matching no rule.
    static func largeFileURLs(count: Int, components: Int) -> [String] {
        var random = SplitMix64(seed: 0xAA5A)
        let tails = [
            "", "/1234", "/1234/edit", "/1234/comments?page=2", "/tags/Jazz", "/5678#nativeoff",
            "/x?ref=mail",
        ]
        return (0..<count).map { _ in
            let resource = resourceName(Int(random.next() % UInt64(components / 6 + 20)))
            let tail = tails[Int(random.next() % UInt64(tails.count))]
            return "https://example.com/\(resource)\(tail)"
        }
    }

    static func largeFile() throws -> (compiled: CompiledAssociationFile, bytes: Int, components: Int) {
        let (text, components) = largeFileText()
        let document = try AssociationFileDocument(text: text)
        return (CompiledAssociationFile(document.file), text.utf8.count, components)
    }

    static func largeFileMatches(_ compiled: CompiledAssociationFile, urls: [String]) -> Workload {
        Workload(label: "DeepLinks `CompiledAssociationFile.match`", operations: urls.count) {
            var checksum = 0
            for url in urls {
                checksum &+= compiled.match(url, appID: appID, domain: domain).decision == .match ? 1 : 0
            }
            return checksum
        }
    }

    // MARK: - Hostile patterns

    /// A pattern under test and the path it is matched against.
    struct PatternCase {
        let name: String
        let pattern: String
    }

    static let plain = PatternCase(name: "plain", pattern: "aaaaaaaaaaaaaaaaa*")
    static let adversarial = PatternCase(name: "adversarial", pattern: "*a*a*a*a*a*a*a*a*b")
    /// The hostile pattern with a wildcard at the end, so that no literal prefix or suffix
    /// settles the match before the automaton has read the whole path.
    static let adversarialOpenEnded = PatternCase(
        name: "adversarial, open-ended", pattern: "*a*a*a*a*a*a*a*a*?")
    static let others = [
        PatternCase(name: "one or more", pattern: "?*?*?*?*?*?*?*?*b"),
        PatternCase(name: "pairs", pattern: "*aa*aa*aa*aa*b"),
    ]

    /// A file with one component whose path is the pattern.
    static func compiledPattern(_ pattern: String) throws -> CompiledAssociationFile {
        let text = #"{"applinks":{"details":[{"appIDs":["\#(appID)"],"components":[{"/":"\#(pattern)"}]}]}}"#
        return CompiledAssociationFile(try AssociationFile(parsing: text))
    }

    static func url(length: Int) -> String { "https://example.com/" + String(repeating: "a", count: length) }

    static func sdkPatternMatch(_ compiled: CompiledAssociationFile, _ name: String, length: Int) -> Workload
    {
        let url = url(length: length)
        return Workload(label: "DeepLinks, `\(name)`", operations: 1) {
            compiled.match(url, appID: appID, domain: domain).decision == .match ? 1 : 0
        }
    }

    /// The pattern as the anchored regular expression a server would write: `*` is `.*`,
    /// `?` is `.`, everything else literal.
    static func regularExpression(_ pattern: String) throws -> NSRegularExpression {
        var text = "^"
        for character in pattern {
            switch character {
            case "*": text += ".*"
            case "?": text += "."
            default: text += NSRegularExpression.escapedPattern(for: String(character))
            }
        }
        return try NSRegularExpression(pattern: text + "$", options: [.dotMatchesLineSeparators])
    }

    /// What a server would write: split the URL with `URLComponents`, then match the path
    /// (without its leading slash, as association patterns read it) against the expression.
    static func regexMatch(_ expression: NSRegularExpression, length: Int) -> Workload {
        let url = url(length: length)
        return Workload(label: "`URLComponents` + `NSRegularExpression`", operations: 1) {
            guard let path = URLComponents(string: url)?.percentEncodedPath.dropFirst() else { return 0 }
            let text = String(path)
            let range = NSRange(location: 0, length: text.utf16.count)
            return expression.firstMatch(in: text, options: [], range: range) == nil ? 0 : 1
        }
    }
}

// MARK: - The worst case at the limits

extension AssociationWorkloads {
    /// The URL length the gate lets through (``LinkLimits``: 4,096 bytes).
    static let gateURLLength = 4_096

    /// The costliest file to match that fits in 128 KB, by kind of rule. Every rule is
    /// distinct (no sharing), starts with `*` (no literal prefix rejects the URL), ends with
    /// `?` (no literal suffix rejects it, no final `*` lets the matcher stop early) and names a
    /// letter the URL never has, so every rule reads the whole path and none matches.
    enum WorstCase: String, CaseIterable {
        /// `*bc?`: the shortest rules, so the most of them.
        case manyShortRules = "many short rules `*xy?`"
        /// `*a*a*…*a*b?` with 30 stars: the most live states per rule.
        case manyStars = "rules of 30 `*a`"
        /// `*$(alnum)*$(alnum)*…b?`: sets instead of letters.
        case sets = "rules of `*$(alnum)` and a letter"
        /// `$(w)` with every rule entering it at another position (`?…?$(w)`), `w` a third of
        /// the file of values `*bcd?`: references the matcher cannot share, each a pass of
        /// all the values over the path (the costliest shape for substitution variables).
        case wildcardVariable = "rules `?…?$(w)`, `w` a third of the file of `*xy?` values"
        /// The same rule `$(w)b?` over and over, `w` half the file: every reference enters the
        /// variable at the same position, so one pass serves them all.
        case sharedVariable = "rules `$(w)b?`, `w` half the file of `*xy?` values"

        /// The share of the file given to the variable's values, when the kind has one.
        var variableShare: Double? {
            switch self {
            case .wildcardVariable: 1.0 / 3
            case .sharedVariable: 0.5
            default: nil
            }
        }

        func pattern(_ index: Int) -> String {
            let letters = Array("bcdefghijklmnopqrstuvwxyz")
            let a = letters[index % letters.count]
            let b = letters[(index / letters.count) % letters.count]
            let c = letters[(index / (letters.count * letters.count)) % letters.count]
            switch self {
            case .manyShortRules: return "*\(a)\(b)\(c)?"
            case .manyStars: return String(repeating: "*a", count: 30) + "*\(a)\(b)\(c)?"
            case .sets: return String(repeating: "*$(alnum)", count: 8) + "*\(a)\(b)\(c)?"
            case .wildcardVariable: return String(repeating: "?", count: index) + "$(w)"
            case .sharedVariable: return "$(w)b?"
            }
        }
    }

    /// The file of `kind` with as many rules as fit in 128 KB, and its rule count.
    static func worstCaseFile(_ kind: WorstCase) throws -> (
        file: CompiledAssociationFile, rules: Int, bytes: Int
    ) {
        let head = #"{"applinks":{"details":[{"appIDs":["\#(appID)"],"components":["#
        var tail = "]}]}}"
        if let share = kind.variableShare {
            var values: [String] = []
            var bytes = 0
            while Double(bytes) < share * Double(AssociationFileDocument.maximumByteCount) {
                let value = #""\#(WorstCase.manyShortRules.pattern(values.count))""#
                values.append(value)
                bytes += value.utf8.count + 1
            }
            tail = #"]}],"substitutionVariables":{"w":["# + values.joined(separator: ",") + "]}}}"
        }
        var rules: [String] = []
        var size = head.utf8.count + tail.utf8.count
        while true {
            let rule = #"{"/":"\#(kind.pattern(rules.count))"}"#
            let added = rule.utf8.count + (rules.isEmpty ? 0 : 1)
            guard size + added <= AssociationFileDocument.maximumByteCount else { break }
            rules.append(rule)
            size += added
        }
        let text = head + rules.joined(separator: ",") + tail
        let document = try AssociationFileDocument(text: text)
        return (CompiledAssociationFile(document.file), rules.count, text.utf8.count)
    }

    /// A URL of exactly the gate's length whose path is `a` repeated.
    static let worstCaseURL: String = {
        let start = "https://\(domain)/"
        return start + String(repeating: "a", count: gateURLLength - start.utf8.count)
    }()

    static func worstCaseMatch(_ compiled: CompiledAssociationFile, _ kind: WorstCase) -> Workload {
        Workload(label: "DeepLinks, 128 KB of \(kind.rawValue), 4,096-byte URL", operations: 1) {
            compiled.match(worstCaseURL, appID: appID, domain: domain).decision == .match ? 1 : 0
        }
    }
}

// MARK: - Side by side with regular expressions, matching and not

extension AssociationWorkloads {
    /// The longest path a URL the gate lets through can have: the URL limit less
    /// `https://example.com/`.
    static let longestPath = gateURLLength - "https://\(domain)/".utf8.count

    /// The path lengths compared side by side, up to the gate's limit.
    static let sideBySideLengths = [64, 512, 2_048, longestPath]

    /// A pattern with a path of any length that it matches and one that it does not.
    struct SideBySideCase {
        /// What kind of pattern: plain, wildcard-heavy or adversarial.
        let kind: String
        let pattern: String
        /// The path of `length` scalars that matches (`true`) or does not.
        let path: @Sendable (_ length: Int, _ matching: Bool) -> String
        /// How the paths are made, for the table.
        let paths: String
    }

    static let sideBySideCases: [SideBySideCase] = [
        SideBySideCase(
            kind: "plain", pattern: "aaaaaaaaaaaaaaaaa*",
            path: { length, matching in
                matching
                    ? String(repeating: "a", count: length)
                    : String(repeating: "a", count: 16) + "b" + String(repeating: "a", count: length - 17)
            },
            paths: "`a…a` / `a`×16 `b` `a…a`"),
        SideBySideCase(
            kind: "wildcard-heavy", pattern: "?*/?*/*.?*",
            path: { length, matching in
                let body = String(repeating: "a", count: length - 6)
                return matching ? "a/" + body + "/b.c" : "a/" + body + "/b_c"
            },
            paths: "`a/a…a/b.c` / `a/a…a/b_c`"),
        SideBySideCase(
            kind: "wildcard-heavy", pattern: "?*?*?*?*?*?*?*?*b",
            path: { length, matching in
                String(repeating: "a", count: length - 1) + (matching ? "b" : "a")
            },
            paths: "`a…ab` / `a…a`"),
        SideBySideCase(
            kind: "adversarial", pattern: "*a*a*a*a*a*a*a*a*b",
            path: { length, matching in
                String(repeating: "a", count: length - 1) + (matching ? "b" : "a")
            },
            paths: "`a…ab` / `a…a`"),
        SideBySideCase(
            kind: "adversarial, open-ended", pattern: "*a*a*a*a*a*a*a*a*?",
            path: { length, matching in
                matching
                    ? String(repeating: "a", count: length)
                    : String(repeating: "a", count: 7) + String(repeating: "b", count: length - 7)
            },
            paths: "`a…a` / `a`×7 `b…b`"),
        SideBySideCase(
            kind: "adversarial, pairs", pattern: "*aa*aa*aa*aa*b",
            path: { length, matching in
                matching
                    ? String(repeating: "a", count: length - 1) + "b"
                    : String(repeating: "ab", count: length / 2) + String(repeating: "a", count: length % 2)
            },
            paths: "`a…ab` / `abab…`"),
    ]

    /// The SDK given the URL text: splitting it, the host check and the path match.
    static func sdkPathMatch(_ compiled: CompiledAssociationFile, path: String) -> Workload {
        let url = "https://\(domain)/" + path
        return Workload(label: "DeepLinks `match` on the URL text", operations: 1) {
            compiled.match(url, appID: appID, domain: domain).decision == .match ? 1 : 0
        }
    }

    /// The expression on the path alone, already split (the regular expression's side does
    /// not pay for finding the path).
    static func regexPathMatch(_ expression: NSRegularExpression, path: String) -> Workload {
        let length = path.utf16.count
        return Workload(label: "`NSRegularExpression` on the path", operations: 1) {
            expression.firstMatch(in: path, options: [], range: NSRange(location: 0, length: length)) == nil
                ? 0 : 1
        }
    }

    /// `assoc-CASE-LENGTH-m` (matching) or `-n` (not), for the instruction counter.
    static func sideBySideCaseName(_ index: Int, length: Int, matching: Bool) -> String {
        "assoc-\(index)-\(length)-\(matching ? "m" : "n")"
    }

    static func sideBySideWorkload(case name: String, sdk: Bool) throws -> Workload {
        let parts = name.split(separator: "-")
        guard parts.count == 4, let index = Int(parts[1]), sideBySideCases.indices.contains(index),
            let length = Int(parts[2])
        else { throw DisagreementError(description: "unknown association case '\(name)'") }
        let testCase = sideBySideCases[index]
        let path = testCase.path(length, parts[3] == "m")
        return sdk
            ? sdkPathMatch(try compiledPattern(testCase.pattern), path: path)
            : regexPathMatch(try regularExpression(testCase.pattern), path: path)
    }
}
