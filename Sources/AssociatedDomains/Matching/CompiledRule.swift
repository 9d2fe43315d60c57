import DeepLinks

/// One rule of a detail with its defaults applied and its patterns compiled.
///
/// A component's missing `/`, `?`, `#`, `exclude`, `caseSensitive` and `percentEncoded` are
/// taken from the detail's `defaults`, then from the `applinks` `defaults`, then from Apple's
/// defaults (`*`, false, true, true). A legacy `paths` entry becomes a rule on the path alone,
/// case-sensitive and percent-encoded, excluding when it starts with `NOT `.
///
/// A class, though every property is a constant: a file's matcher walks thousands of rules
/// per URL, and passing a reference costs one retain where a struct of this size costs a
/// dozen.
final class CompiledRule: Sendable {
    /// The compiled `?` part.
    enum Query: Sendable {
        /// No constraint (absent, `*`, or a dictionary with non-string values).
        case any
        /// The whole raw query (empty when absent) must match.
        case whole(PatternAutomaton)
        /// Each named item must match in every occurrence; absent items are the empty string.
        case items([(name: [UInt32], value: PatternAutomaton)])
    }

    /// The effective pattern texts, kept for validation and reports.
    struct Source: Sendable {
        var path: String?
        var query: QueryPattern?
        var fragment: String?
    }

    let reference: RuleReference
    let source: Source
    let path: PatternAutomaton?
    let query: Query
    let fragment: PatternAutomaton?
    let exclude: Bool
    let caseSensitive: Bool
    let percentEncoded: Bool
    /// `false` for an entry that was not a JSON object: it can never match.
    let isReadable: Bool
    /// What parsing each pattern found (variables, defects), by part name (`/`, `?name`, `#`).
    let parsedPatterns: [(part: String, text: String, parsed: ParsedPattern)]

    init(
        component: AppLinksComponent, detailDefaults: AppLinksComponent?, domainDefaults: AppLinksComponent?,
        variables: SubstitutionVariables, reference: RuleReference
    ) {
        self.reference = reference
        isReadable = component.unreadable == nil
        let layers = [component, detailDefaults, domainDefaults].compactMap { $0 }
        func first<T>(_ key: KeyPath<AppLinksComponent, T?>) -> T? {
            for layer in layers { if let value = layer[keyPath: key] { return value } }
            return nil
        }
        exclude = first(\.exclude) ?? false
        caseSensitive = first(\.caseSensitive) ?? true
        percentEncoded = first(\.percentEncoded) ?? true
        source = Source(path: first(\.path), query: first(\.query), fragment: first(\.fragment))
        var parsedPatterns: [(part: String, text: String, parsed: ParsedPattern)] = []
        let caseSensitive = caseSensitive
        func compile(_ text: String?, part: String, isPath: Bool = false) -> PatternAutomaton? {
            guard let text else { return nil }
            let parsed =
                isPath
                ? CompiledRule.parsePath(text, caseSensitive: caseSensitive, variables: variables)
                : PatternParser.parse(text, caseSensitive: caseSensitive, variables: variables)
            parsedPatterns.append((part, text, parsed))
            return PatternAutomaton(parsed.node)
        }
        path = compile(source.path, part: "/", isPath: true)
        fragment = compile(source.fragment, part: "#")
        switch source.query {
        case nil, .itemsWithNonStringValues?:
            query = .any
        case .whole(let text)?:
            query = compile(text, part: "?").map(Query.whole) ?? .any
        case .items(let items)?:
            var compiled: [(name: [UInt32], value: PatternAutomaton)] = []
            for name in items.keys.sorted() {
                guard let value = compile(items[name], part: "?" + name) else { continue }
                let scalars = name.unicodeScalars.map(\.value)
                compiled.append((caseSensitive ? scalars : CaseFolding.fold(scalars), value))
            }
            query = .items(compiled)
        }
        self.parsedPatterns = parsedPatterns
    }

    init(legacyPath text: String, reference: RuleReference) {
        self.reference = reference
        isReadable = true
        let negated = text.hasPrefix("NOT ")
        let pattern = negated ? String(text.dropFirst(4)) : text
        exclude = negated
        caseSensitive = true
        percentEncoded = true
        source = Source(path: pattern, query: nil, fragment: nil)
        let parsed = CompiledRule.parsePath(pattern, caseSensitive: true, variables: nil)
        parsedPatterns = [("/", pattern, parsed)]
        path = PatternAutomaton(parsed.node)
        query = .any
        fragment = nil
    }

    /// Parses a path pattern with Apple's slash rules: leading and trailing slashes do not
    /// count (`abc` ≡ `/abc/`), and a final `/*` also matches nothing at all, so `/buy/*`
    /// matches `/buy` but not `/buyer`.
    static func parsePath(_ text: String, caseSensitive: Bool, variables: SubstitutionVariables?)
        -> ParsedPattern
    {
        var trimmed = Substring(text)
        while trimmed.hasPrefix("/") { trimmed = trimmed.dropFirst() }
        while trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        var parsed = PatternParser.parse(String(trimmed), caseSensitive: caseSensitive, variables: variables)
        if case .sequence(var parts) = parsed.node, parts.count >= 2, parts[parts.count - 1] == .star,
            parts[parts.count - 2] == .scalar(0x2F)
        {
            parts.removeLast(2)
            parts.append(.optional(.sequence([.scalar(0x2F), .star])))
            parsed.node = .sequence(parts)
        }
        return parsed
    }

    /// Whether every part of the URL matches; `pathVerdict`, when given, is whether the path
    /// matches, already worked out with other rules (``GlobBatch``).
    func matches(_ url: inout URLView, pathVerdict: Bool? = nil) -> Bool {
        guard isReadable else { return false }
        if let pathVerdict {
            guard pathVerdict else { return false }
        } else if let path {
            if percentEncoded && caseSensitive, let verdict = url.matchesRawASCIIPath(path) {
                guard verdict else { return false }
            } else {
                guard let input = url.scalars(.path, decoded: !percentEncoded, folded: !caseSensitive),
                    path.matches(input, scratch: &url.scratch)
                else { return false }
            }
        }
        switch query {
        case .any: break
        case .whole(let pattern):
            guard let input = url.scalars(.query, decoded: !percentEncoded, folded: !caseSensitive),
                pattern.matches(input, scratch: &url.scratch)
            else { return false }
        case .items(let patterns):
            guard let items = url.queryItems(decoded: !percentEncoded, folded: !caseSensitive) else {
                return false
            }
            for (name, pattern) in patterns {
                var seen = false
                for item in items where item.name == name {
                    seen = true
                    guard pattern.matches(item.value, scratch: &url.scratch) else { return false }
                }
                if !seen && !pattern.matches([], scratch: &url.scratch) { return false }
            }
        }
        if let fragment {
            guard let input = url.scalars(.fragment, decoded: !percentEncoded, folded: !caseSensitive),
                fragment.matches(input, scratch: &url.scratch)
            else { return false }
        }
        return true
    }
}

/// A URL's parts prepared for matching, each computed once per spelling (raw or decoded,
/// folded or not) and reused across every rule.
struct URLView {
    enum Part: Int {
        case path, query, fragment
    }

    let url: AssociationURL
    /// Simulation buffers shared by every rule matched against this URL.
    var scratch = PatternAutomaton.Scratch()
    /// The raw path as written, case kept: what most rules read (the defaults), kept apart
    /// from ``texts`` so that a URL matched only that way allocates nothing else.
    private var rawPath: [UInt32]??
    /// The other spellings, by part × 4 + decoded × 2 + folded.
    private var texts: [Int: [UInt32]?] = [:]
    private var items: [Int: [(name: [UInt32], value: [UInt32])]?] = [:]

    init(_ url: AssociationURL) { self.url = url }

    /// Whether the raw path is ASCII; `nil` until first asked.
    private var rawPathIsASCII: Bool?

    /// Whether the raw path, without its leading and trailing slashes, matches, read on its
    /// bytes where it is; `nil` when the path is not ASCII or the pattern does not read bytes.
    mutating func matchesRawASCIIPath(_ pattern: PatternAutomaton) -> Bool? {
        if rawPathIsASCII == false { return nil }
        var isASCII = rawPathIsASCII
        let verdict = Scan.withUTF8(url.rawPath) { bytes -> Bool? in
            if isASCII == nil { isASCII = Scan.isASCII(bytes) }
            guard isASCII == true else { return nil }
            var start = 0
            var end = bytes.count
            while start < end, bytes[start] == UInt8(ascii: "/") { start += 1 }
            while end > start, bytes[end - 1] == UInt8(ascii: "/") { end -= 1 }
            return pattern.matches(ascii: bytes.extracting(start..<end))
        }
        rawPathIsASCII = isASCII
        return verdict ?? nil
    }

    /// The part as scalars; `nil` when decoding was asked for and the part does not decode.
    /// The path loses its leading and trailing slashes; an absent query or fragment is empty.
    mutating func scalars(_ part: Part, decoded: Bool, folded: Bool) -> [UInt32]? {
        let key = part.rawValue * 4 + (decoded ? 2 : 0) + (folded ? 1 : 0)
        if key == 0, let rawPath { return rawPath }
        if key != 0, let cached = texts[key] { return cached }
        let raw: String
        switch part {
        case .path: raw = url.rawPath
        case .query: raw = url.rawQuery ?? ""
        case .fragment: raw = url.rawFragment ?? ""
        }
        var result: [UInt32]?
        if let text = decoded ? PercentEncoding.decode(raw) : raw {
            let scalars =
                Self.asciiScalars(text, trimmingSlashes: part == .path)
                ?? {
                    var value = Substring(text)
                    if part == .path {
                        while value.hasPrefix("/") { value = value.dropFirst() }
                        while value.hasSuffix("/") { value = value.dropLast() }
                    }
                    return Self.scalarValues(value)
                }()
            result = folded ? CaseFolding.fold(scalars) : scalars
        }
        if key == 0 { rawPath = .some(result) } else { texts[key] = .some(result) }
        return result
    }

    /// The scalars of ASCII text, without its leading and trailing slashes when asked (in
    /// ASCII every byte is one scalar, and a slash byte one character); `nil` for other text.
    static func asciiScalars(_ text: String, trimmingSlashes: Bool) -> [UInt32]? {
        let scalars = Scan.withUTF8(text) { bytes -> [UInt32]? in
            guard Scan.isASCII(bytes) else { return nil }
            var start = 0
            var end = bytes.count
            if trimmingSlashes {
                while start < end, bytes[start] == UInt8(ascii: "/") { start += 1 }
                while end > start, bytes[end - 1] == UInt8(ascii: "/") { end -= 1 }
            }
            return Scan.widened(bytes.extracting(start..<end))
        }
        return scalars ?? nil
    }

    /// The Unicode scalar values of text; for ASCII, one per byte, read without decoding.
    static func scalarValues(_ text: Substring) -> [UInt32] {
        let ascii = Scan.withUTF8(text) { bytes -> [UInt32]? in
            Scan.isASCII(bytes) ? Scan.widened(bytes) : nil
        }
        if let ascii, let values = ascii { return values }
        return text.unicodeScalars.map(\.value)
    }

    /// The query split on `&` into items split at the first `=` (an item without `=` has the
    /// empty value); empty pieces are skipped. With `decoded`, names and values are decoded
    /// after splitting, so `%26` stays inside its value.
    mutating func queryItems(decoded: Bool, folded: Bool) -> [(name: [UInt32], value: [UInt32])]? {
        let key = (decoded ? 2 : 0) + (folded ? 1 : 0)
        if let cached = items[key] { return cached }
        var result: [(name: [UInt32], value: [UInt32])]? = []
        for piece in (url.rawQuery ?? "").split(separator: "&", omittingEmptySubsequences: true) {
            let name: Substring
            let value: Substring
            if let equals = piece.firstIndex(of: "=") {
                name = piece[..<equals]
                value = piece[piece.index(after: equals)...]
            } else {
                name = piece
                value = ""
            }
            guard let nameText = decoded ? PercentEncoding.decode(name) : String(name),
                let valueText = decoded ? PercentEncoding.decode(value) : String(value)
            else {
                result = nil
                break
            }
            let nameScalars = Self.scalarValues(Substring(nameText))
            let valueScalars = Self.scalarValues(Substring(valueText))
            result?.append(
                folded
                    ? (CaseFolding.fold(nameScalars), CaseFolding.fold(valueScalars))
                    : (nameScalars, valueScalars))
        }
        items[key] = .some(result)
        return result
    }
}
