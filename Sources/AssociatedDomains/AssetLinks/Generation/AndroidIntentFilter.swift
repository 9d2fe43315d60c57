import DeepLinks

/// The `<intent-filter android:autoVerify="true">` an Android app declares in its manifest for
/// App Links, written from the same reading of the route table as the `assetlinks.json` rules
/// (``AssetLinksGenerator/intentFilter(from:)``).
///
/// The manifest says which URLs the app may open at all; Android 15's dynamic rules can only
/// narrow that, and devices before Android 15 use the manifest alone. So the filter claims every
/// path a rule that opens the app claims: each such rule's path becomes one `<data>` element,
/// `android:path` when it is exact, else `android:pathPattern` (Android's simple glob: `.` any
/// character, `.*` any run; `?` becomes `.`, `*` becomes `.*`, and a literal `.`, `*` or `\`
/// is escaped). Query and fragment matchers have no place in an intent filter, and exclusions
/// none before Android 15, so the filter can claim more than the rules open.
///
/// ```swift
/// let filter = AssetLinksGenerator(apps: [app], domain: "example.com").intentFilter(from: table)
/// print(filter.xml)   // paste inside the <activity> that receives the links
/// filter.matches("https://example.com/title/42")   // true
/// ```
public struct AndroidIntentFilter: Sendable, Hashable, Encodable {
    /// How one `<data>` element matches a URL's path.
    public enum PathMatcher: Sendable, Hashable, Encodable {
        /// `android:path`: the whole path, exactly.
        case path(String)
        /// `android:pathPattern`: Android's simple glob (`.` any character, `x*` a run of `x`,
        /// `.*` any run, `\` escapes).
        case pattern(String)

        /// The element's attribute and value.
        var attribute: (name: String, value: String) {
            switch self {
            case .path(let text): ("android:path", text)
            case .pattern(let text): ("android:pathPattern", text)
            }
        }
    }

    /// The schemes the filter declares (`https`, and `http` when a route serves it).
    public let schemes: [String]
    /// The hosts the filter declares.
    public let hosts: [String]
    /// The path matchers, in the rules' order, each once.
    public let paths: [PathMatcher]

    /// Creates a filter.
    public init(schemes: [String], hosts: [String], paths: [PathMatcher]) {
        self.schemes = schemes
        self.hosts = hosts
        self.paths = paths
    }

    /// The filter as manifest XML, to paste inside an `<activity>` element.
    public var xml: String {
        var lines = [
            #"<intent-filter android:autoVerify="true">"#,
            #"    <action android:name="android.intent.action.VIEW" />"#,
            #"    <category android:name="android.intent.category.DEFAULT" />"#,
            #"    <category android:name="android.intent.category.BROWSABLE" />"#,
        ]
        lines += schemes.map { #"    <data android:scheme="\#(Self.escaped($0))" />"# }
        lines += hosts.map { #"    <data android:host="\#(Self.escaped($0))" />"# }
        lines += paths.map { matcher in
            let (name, value) = matcher.attribute
            return #"    <data \#(name)="\#(Self.escaped(value))" />"#
        }
        lines.append("</intent-filter>")
        return lines.joined(separator: "\n") + "\n"
    }

    /// Whether the filter claims a URL: its scheme and host are declared and a path matcher
    /// matches its path (percent-decoded, as Android compares it).
    public func matches(_ url: String) -> Bool {
        guard let parsed = try? AssociationURL(url), schemes.contains(parsed.scheme.lowercased()),
            let host = parsed.host, hosts.contains(host.lowercased())
        else { return false }
        let raw = parsed.rawPath.isEmpty ? "/" : parsed.rawPath
        let path = Array((PercentEncoding.decode(raw) ?? raw).unicodeScalars)
        return paths.contains { matcher in
            switch matcher {
            case .path(let text): Array(text.unicodeScalars) == path
            case .pattern(let pattern): Self.globMatches(Array(pattern.unicodeScalars), path)
            }
        }
    }

    /// Android's simple glob, as its manifest documentation describes it: `.` matches any
    /// character, `x*` a run (possibly empty) of `x`, and `.*` any run; `\` makes the next
    /// character literal. `.*` followed by a character consumes the text up to the first
    /// occurrence of that character (it does not look further), which is why a generated
    /// pattern only ever puts `.*` at a segment's end, before `/` or the end.
    static func globMatches(_ pattern: [Unicode.Scalar], _ text: [Unicode.Scalar]) -> Bool {
        var p = 0
        var t = 0
        while p < pattern.count {
            var character = pattern[p]
            var literal = false
            if character == "\\", p + 1 < pattern.count {
                p += 1
                character = pattern[p]
                literal = true
            }
            let starred = p + 1 < pattern.count && pattern[p + 1] == "*"
            if starred && character == "." && !literal {
                p += 2
                guard p < pattern.count else { return true }
                // The next pattern character, unescaped: the run ends at its first occurrence.
                var stop = pattern[p]
                if stop == "\\", p + 1 < pattern.count { stop = pattern[p + 1] }
                while t < text.count && text[t] != stop { t += 1 }
                if t == text.count { return false }
            } else if starred {
                while t < text.count && text[t] == character { t += 1 }
                p += 2
            } else {
                guard t < text.count, (character == "." && !literal) || text[t] == character else {
                    return false
                }
                t += 1
                p += 1
            }
        }
        return t == text.count
    }

    /// Text escaped for an XML attribute value.
    static func escaped(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            default: result.append(character)
            }
        }
        return result
    }
}

extension AssetLinksGenerator {
    /// The intent filter the app's manifest declares for the table's web routes on ``domain``:
    /// every path the generated rules open the app on, as `android:path` or
    /// `android:pathPattern`. Exclusions are left out (the dynamic rules keep those links in the
    /// browser on Android 15 and later).
    public func intentFilter(from table: RouteTable) -> AndroidIntentFilter {
        let (shapes, _) = WebLinkShape.shapes(of: table, domain: domain)
        let foldsCase = table.options.caseSensitivity == .insensitive
        var paths: [AndroidIntentFilter.PathMatcher] = []
        var schemes: Set<String> = []
        for route in table.routes where route.scope.servesWeb {
            schemes.formUnion(route.scope.schemes.filter { $0 == "http" || $0 == "https" })
            if route.scope.schemes.isEmpty { schemes.insert("https") }
        }
        var seen: Set<AndroidIntentFilter.PathMatcher> = []
        for (shape, written, _) in Self.writtenRules(of: shapes, foldsCase: foldsCase) where !shape.exclude {
            for rule in written {
                let matcher = Self.pathMatcher(rule.path ?? "*")
                if seen.insert(matcher).inserted { paths.append(matcher) }
            }
        }
        return AndroidIntentFilter(
            schemes: ["http", "https"].filter(schemes.contains), hosts: [domain], paths: paths)
    }

    /// A rule's path pattern (`*` any run, `?` one character) as a manifest path matcher.
    static func pathMatcher(_ pattern: String) -> AndroidIntentFilter.PathMatcher {
        guard pattern.contains("*") || pattern.contains("?") else { return .path(pattern) }
        var glob = ""
        for scalar in pattern.unicodeScalars {
            switch scalar {
            case "?": glob += "."
            case "*": glob += ".*"
            case ".", "\\": glob += "\\" + String(scalar)
            default: glob.unicodeScalars.append(scalar)
            }
        }
        return .pattern(glob)
    }
}

extension AndroidIntentFilter.PathMatcher {
    /// Encodes the case as `{"case": {"label": value, …}}`, the text Swift's synthesized
    /// conformance writes.
    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .path(let value):
            var values = EnumCaseEncoder(encoder, "path")
            try values("_0", value)
        case .pattern(let value):
            var values = EnumCaseEncoder(encoder, "pattern")
            try values("_0", value)
        }
    }
}

extension AndroidIntentFilter {
    /// Encodes each stored property under its name, leaving out one that is `nil`: the JSON
    /// the synthesized conformance wrote, without a key type of its own.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: AnyCodingKey.self)
        try c.encode(schemes, forKey: "schemes")
        try c.encode(hosts, forKey: "hosts")
        try c.encode(paths, forKey: "paths")
    }
}
