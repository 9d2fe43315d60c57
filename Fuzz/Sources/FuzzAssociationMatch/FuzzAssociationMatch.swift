import AssociatedDomains
import DeepLinks
import FuzzSupport

/// A strict gate that still lets through what Apple's matcher is handed: every web link, IP
/// literals, encoded separators and empty segments.
let gate = LinkGate(
    policy: LinkPolicy(
        allowsIPLiterals: true, allowsEncodedSeparators: true, allowsEmptySegments: true,
        removedQueryItems: []))

/// The input's first line is an association file in JSON; every further line is a URL.
///
/// Invariants:
/// - matching terminates for any file and URL (libFuzzer's `-timeout` bounds it: the
///   automaton has no backtracking to blow up);
/// - answers do not depend on what was matched before: every URL gets the same answer when
///   the URLs are matched in reverse order;
/// - a decision names the rule that made it, and that rule exists;
/// - turning every rule's `exclude` around (and every legacy path's `NOT `) turns every
///   `match` into `exclude` and back, by the same rule, and leaves `no_match` alone;
/// - the lenient URL splitter and the strict gate agree on host, path, query and fragment of
///   every URL the gate accepts, so both give the same answer;
/// - a URL whose host is not the file's domain never matches;
/// - on patterns of `a`, `b`, `/`, `=`, `&`, `*` and `?` (drawn from the input's bytes), the
///   matcher agrees with Apple's wildcard rules written the obvious way (``referenceMatch``);
///   such patterns have no alternation, so this checks the Shift-And matcher (`GlobMatcher`)
///   that runs them;
/// - on a query pattern of `a`, `b`, `*`, `?` and `$(v)`, with `v`'s values drawn from the
///   input too, the matcher agrees with substituting each value's text for each reference
///   (``referenceMatch(_:values:_:)``): this checks the pass of shared values entered at sets
///   of positions (`SegmentedPattern`) that runs patterns with variables;
/// - reading, compiling and matching cost no more than ``budget`` for the input's size
///   (README, "Cost bounds"), whatever the patterns and substitution variables.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = FuzzInput(data, size)
    checkAgainstReference(input)
    checkVariablesAgainstReference(input)
    let (head, urls) = input.headAndRest
    let text = input.text
    let probes = Array(urls.prefix(8))
    let work = measured(budget, inputBytes: input.bytes.count, input: text) {
        () -> (AssociationFile, CompiledAssociationFile, [String], [[AssociationMatch]])? in
        guard let file = try? AssociationFile(parsing: head) else { return nil }
        let compiled = CompiledAssociationFile(file)
        let appIDs = Array(compiled.appIDs.prefix(3)) + ["ABCDE12345.not.listed"]
        var answers: [[AssociationMatch]] = []
        for url in probes {
            let domain = (try? AssociationURL(url))?.host
            answers.append(appIDs.map { compiled.match(url, appID: $0, domain: domain) })
        }
        return (file, compiled, appIDs, answers)
    }
    guard let work else { return 0 }
    let (file, compiled, appIDs, answers) = work
    for (offset, url) in probes.enumerated().reversed() {
        let domain = (try? AssociationURL(url))?.host
        let again = appIDs.map { compiled.match(url, appID: $0, domain: domain) }
        require(again == answers[offset], "an answer depends on the URLs matched before", input: text)
    }

    for answers in answers {
        for answer in answers {
            switch answer.decision {
            case .match, .exclude:
                guard let rule = answer.rule else { violated("a decision without its rule", input: text) }
                require(
                    ruleExists(rule, in: file), "a decision names a rule the file does not have", input: text)
                require(
                    answer.reason == (answer.decision == .match ? .ruleMatched : .ruleExcluded),
                    "reason and decision disagree", input: text)
            case .noMatch:
                require(answer.rule == nil, "a no-match names a rule", input: text)
            }
        }
    }

    if let flipped = flippingExclusions(file) {
        let inverse = CompiledAssociationFile(flipped)
        for (url, answers) in zip(probes, answers) {
            let domain = (try? AssociationURL(url))?.host
            for (appID, answer) in zip(appIDs, answers) {
                let turned = inverse.match(url, appID: appID, domain: domain)
                require(
                    turned.rule == answer.rule, "turning exclusions around changed the deciding rule",
                    input: text)
                switch answer.decision {
                case .match:
                    require(
                        turned.decision == .exclude, "a match did not turn into an exclusion", input: text)
                case .exclude:
                    require(turned.decision == .match, "an exclusion did not turn into a match", input: text)
                case .noMatch: require(turned.decision == .noMatch, "a no-match changed", input: text)
                }
            }
        }
    }

    for (url, answers) in zip(probes, answers) {
        guard let link = try? gate.parse(url) else { continue }
        guard let split = try? AssociationURL(url) else {
            violated("the splitter refuses a URL the gate accepts", input: text)
        }
        require(
            split == AssociationURL(link), "the splitter and the gate read the URL differently", input: text)
        for (appID, answer) in zip(appIDs, answers) {
            require(
                compiled.match(link, appID: appID, domain: link.host) == answer,
                "the parsed link gets another answer than its text", input: text)
            require(
                compiled.match(link, appID: appID, domain: "other.invalid").decision == .noMatch,
                "a URL on another host matched", input: text)
        }
    }
    return 0
}

/// What reading, compiling and matching may cost, measured with `FUZZ_WORK_REPORT=1` over the
/// seed corpus and the hostile shapes of Fuzz/Seeds/generate.py (2026-11-26, release with
/// address sanitizer), each figure × 4: per byte, 2.9 allocations and 254 bytes allocated (a
/// variable of 57 wildcard values referenced by 95 rules, matched against a 750-byte path);
/// CPU time per byte is set by matching's costliest shape, a variable of 330 values `*xy?`
/// entered at a distinct position by each of 45 rules, on a 2,500-byte path (72 ms for 8,141
/// bytes: each such reference is a pass of the values, README "Cost bounds"); the first input,
/// which builds the module's lazy tables, takes 11,492 allocations, 735 KB and 4.8 ms.
let budget = WorkBudget(
    fixedAllocations: 50_000, allocationsPerByte: 12, fixedAllocatedBytes: 4_000_000,
    allocatedBytesPerByte: 1_000, fixedMilliseconds: 50, microsecondsPerByte: 30)

/// Whether a reference points at a component or legacy path of the file.
func ruleExists(_ rule: RuleReference, in file: AssociationFile) -> Bool {
    guard let details = file.appLinks?.details, details.indices.contains(rule.detailIndex) else {
        return false
    }
    let detail = details[rule.detailIndex]
    switch rule.kind {
    case .component: return detail.components.map { $0.indices.contains(rule.index) } ?? false
    case .legacyPath:
        return detail.components == nil && (detail.paths.map { $0.indices.contains(rule.index) } ?? false)
    }
}

/// The file with every rule's effect reversed: each component's effective `exclude` negated
/// explicitly, and `NOT ` added to or removed from each legacy path. `nil` when a legacy path
/// starts with `NOT NOT `, whose reversal would also change its pattern.
func flippingExclusions(_ file: AssociationFile) -> AssociationFile? {
    guard var appLinks = file.appLinks else { return nil }
    let domainDefaults = appLinks.defaults
    var details: [AppLinksDetail] = []
    for detail in appLinks.details ?? [] {
        var detail = detail
        if let components = detail.components {
            detail.components = components.map { component in
                var component = component
                let effective =
                    component.exclude ?? detail.defaults?.exclude ?? domainDefaults?.exclude ?? false
                component.exclude = !effective
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

/// The input's bytes read as a path pattern, a path, a query pattern and a query (a quarter
/// each, at most 64 characters), matched by the automaton and by the reference.
func checkAgainstReference(_ input: FuzzInput) {
    let quarter = min(64, input.bytes.count / 4)
    func part(_ index: Int, _ alphabet: [Character]) -> String {
        String(
            input.bytes[(index * quarter)..<((index + 1) * quarter)].map {
                alphabet[Int($0) % alphabet.count]
            })
    }
    let pathPattern = part(0, Array("ab/*?"))
    let path = part(1, Array("ab/"))
    let queryPattern = part(2, Array("ab=&*?"))
    let query = part(3, Array("ab=&"))
    let json: JSONValue = [
        "applinks": [
            "details": [
                ["appIDs": ["A.b"], "components": [["/": .string(pathPattern), "?": .string(queryPattern)]]]
            ]
        ]
    ]
    guard let file = try? AssociationFile(json: json) else {
        violated("the reference file is refused", input: input.text)
    }
    let url = "https://example.com/" + path + (query.isEmpty ? "" : "?" + query)
    let decision = CompiledAssociationFile(file).match(url, appID: "A.b", domain: "example.com").decision
    let expected = referenceMatch(pathPattern, path) && referenceGlob(Array(queryPattern), Array(query))
    require(
        (decision == .match) == expected,
        "pattern \(pathPattern.debugDescription) ? \(queryPattern.debugDescription) and URL \(url.debugDescription): "
            + "the matcher says \(decision), Apple's rules say \(expected ? "match" : "no_match")",
        input: input.text)
}

/// Apple's path rule (see “Serving the association file” in the documentation): leading and trailing slashes do not count on either side, and a
/// pattern ending in `/*` also matches the path without that last segment.
func referenceMatch(_ pattern: String, _ path: String) -> Bool {
    func trimmed(_ text: String) -> [Character] {
        var characters = Array(text)
        while characters.first == "/" { characters.removeFirst() }
        while characters.last == "/" { characters.removeLast() }
        return characters
    }
    var p: [Character] = []
    for character in trimmed(pattern) where !(character == "*" && p.last == "*") { p.append(character) }
    let t = trimmed(path)
    if referenceGlob(p, t) { return true }
    return p.count >= 2 && p.suffix(2) == ["/", "*"] && referenceGlob(Array(p.dropLast(2)), t)
}

/// Whole-text wildcard matching: `*` is any run of characters (`/` included), `?` exactly one.
func referenceGlob(_ pattern: [Character], _ text: [Character]) -> Bool {
    var reachable = [Bool](repeating: false, count: text.count + 1)
    reachable[0] = true
    for p in pattern {
        var next = [Bool](repeating: false, count: text.count + 1)
        switch p {
        case "*":
            var seen = false
            for i in 0...text.count {
                seen = seen || reachable[i]
                next[i] = seen
            }
        case "?":
            for i in 0..<text.count where reachable[i] { next[i + 1] = true }
        default:
            for i in 0..<text.count where reachable[i] && text[i] == p { next[i + 1] = true }
        }
        reachable = next
    }
    return reachable[text.count]
}

/// The input's bytes read as a query pattern with `$(v)` references, `v`'s values (split on
/// `,`, at most four) and a query (a third each, at most 20 characters), matched by the matcher and by the
/// reference.
func checkVariablesAgainstReference(_ input: FuzzInput) {
    let third = min(20, input.bytes.count / 3)
    func part(_ index: Int, _ alphabet: String) -> [UInt8] {
        let alphabet = Array(alphabet.utf8)
        return input.bytes[(index * third)..<((index + 1) * third)].map { alphabet[Int($0) % alphabet.count] }
    }
    let tokens = part(0, "ab*?VV")
    let values = part(1, "ab*?,").split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false)
        .prefix(4).map { Array($0) }
    let query = part(2, "ab")
    func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }
    let pattern = tokens.map { $0 == UInt8(ascii: "V") ? "$(v)" : text([$0]) }.joined()
    let json: JSONValue = [
        "applinks": [
            "substitutionVariables": ["v": .array(values.map { .string(text($0)) })],
            "details": [["appIDs": ["A.b"], "components": [["?": .string(pattern)]]]],
        ]
    ]
    guard let file = try? AssociationFile(json: json) else {
        violated("the variable reference file is refused", input: input.text)
    }
    let url = "https://example.com/?" + text(query)
    let decision = CompiledAssociationFile(file).match(url, appID: "A.b", domain: "example.com").decision
    let expected = referenceMatch(tokens, values: values, query)
    require(
        (decision == .match) == expected,
        "query pattern \(pattern.debugDescription) with v = \(values.map(text)) and URL "
            + "\(url.debugDescription): the matcher says \(decision), substituting says "
            + "\(expected ? "match" : "no_match")",
        input: input.text)
}

/// Whole-text matching of a pattern whose `V` stands for any one of `values` (each itself a
/// pattern of `*` and `?`), by the positions reached after each token: a reference reaches
/// every end of some value's match from a reached position.
func referenceMatch(_ tokens: [UInt8], values: [[UInt8]], _ text: [UInt8]) -> Bool {
    var reached = [Bool](repeating: false, count: text.count + 1)
    reached[0] = true
    for token in tokens {
        var next = [Bool](repeating: false, count: text.count + 1)
        for start in 0...text.count where reached[start] {
            for piece in token == UInt8(ascii: "V") ? values : [[token]] {
                for (length, matches) in prefixMatches(piece, text[start...]).enumerated() where matches {
                    next[start + length] = true
                }
            }
        }
        reached = next
    }
    return reached[text.count]
}

/// For each prefix length of `text`, whether the wildcard pattern matches that prefix whole.
func prefixMatches(_ pattern: [UInt8], _ text: ArraySlice<UInt8>) -> [Bool] {
    let text = Array(text)
    var reachable = [Bool](repeating: false, count: text.count + 1)
    reachable[0] = true
    for p in pattern {
        var next = [Bool](repeating: false, count: text.count + 1)
        switch p {
        case UInt8(ascii: "*"):
            var seen = false
            for i in 0...text.count {
                seen = seen || reachable[i]
                next[i] = seen
            }
        case UInt8(ascii: "?"):
            for i in 0..<text.count where reachable[i] { next[i + 1] = true }
        default:
            for i in 0..<text.count where reachable[i] && text[i] == p { next[i + 1] = true }
        }
        reachable = next
    }
    return reachable
}
