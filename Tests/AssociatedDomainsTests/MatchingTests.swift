import DeepLinks
import Testing

@testable import AssociatedDomains

let appID = "ABCDE12345.com.example.app"

/// Compiles JSON text.
func compiled(_ text: String) throws -> CompiledAssociationFile {
    CompiledAssociationFile(try AssociationFile(parsing: text))
}

/// The decision for a URL on example.com.
func decision(_ file: CompiledAssociationFile, _ url: String, app: String = appID)
    -> AssociationMatch.Decision
{
    file.match(url, appID: app, domain: "example.com").decision
}

@Suite("Matching: order and which rule decides")
struct MatchingOrderTests {
    @Test("the first matching component decides and is reported with its detail and index")
    func firstMatchWins() throws {
        let file = try compiled(fileWithComponents(#"{"/":"/a/private/*","exclude":true},{"/":"/a/*"}"#))
        let result = file.match("https://example.com/a/private/x", appID: appID, domain: "example.com")
        #expect(
            result
                == AssociationMatch(
                    decision: .exclude, reason: .ruleExcluded,
                    rule: RuleReference(detailIndex: 0, appIDs: [appID], kind: .component, index: 0)))
        #expect(result.description == "exclude by $.applinks.details[0].components[0]")
        #expect(file.match("https://example.com/a/x", appID: appID, domain: "example.com").rule?.index == 1)
    }

    @Test(
        "a later detail for the same app does not override an earlier decision, but is tried when nothing matched"
    )
    func laterDetails() throws {
        let file = try compiled(
            #"{"applinks":{"details":[{"appIDs":["\#(appID)"],"components":[{"/":"/a","exclude":true}]},{"appIDs":["\#(appID)"],"components":[{"/":"/a"},{"/":"/b"}]}]}}"#
        )
        #expect(decision(file, "https://example.com/a") == .exclude)
        let result = file.match("https://example.com/b", appID: appID, domain: "example.com")
        #expect(result.decision == .match)
        #expect(result.rule?.detailIndex == 1)
    }

    @Test("no-match reasons: host, no applinks, app not listed, no rule")
    func noMatchReasons() throws {
        let file = try compiled(fileWithComponents(#"{"/":"/a"}"#))
        #expect(
            file.match("https://evil.example/a", appID: appID, domain: "example.com").reason == .hostMismatch)
        #expect(
            file.match("https://example.com/a", appID: "ZZZZZ99999.other", domain: "example.com").reason
                == .appNotListed)
        #expect(
            file.match("https://example.com/b", appID: appID, domain: "example.com").reason == .noRuleMatched)
        #expect(file.match("no scheme", appID: appID, domain: "example.com").reason == .unreadableURL)
        #expect(
            try compiled(#"{"webcredentials":{"apps":["\#(appID)"]}}"#).match(
                "https://example.com/a", appID: appID, domain: "example.com"
            ).reason == .noAppLinks)
    }

    @Test("the host check compares whole hosts case-insensitively, and an empty domain skips it")
    func hostCheck() throws {
        let file = try compiled(fileWithComponents(#"{"/":"*"}"#))
        #expect(file.match("https://EXAMPLE.com/a", appID: appID, domain: "Example.COM").decision == .match)
        #expect(
            file.match("https://www.example.com/a", appID: appID, domain: "example.com").decision == .noMatch)
        #expect(
            file.match("https://example.com.evil/a", appID: appID, domain: "example.com").decision == .noMatch
        )
        #expect(
            file.match("https://user@example.com:8443/a", appID: appID, domain: "example.com").decision
                == .match)
        #expect(file.match("https://anywhere.test/a", appID: appID, domain: "").decision == .match)
    }

    @Test("a link that passed the gate matches like its text")
    func linkOverload() throws {
        let file = try compiled(fileWithComponents(#"{"/":"/albums/*","?":{"index":"$(digit)*"}}"#))
        let link = try LinkGate().parse("https://example.com/albums/summer?index=3")
        #expect(file.match(link, appID: appID, domain: "example.com").decision == .match)
    }

    @Test("App IDs compare exactly")
    func appIDsExact() throws {
        let file = try compiled(fileWithComponents(#"{"/":"*"}"#))
        #expect(decision(file, "https://example.com/", app: "abcde12345.com.example.app") == .noMatch)
        #expect(file.appIDs == [appID])
    }
}

@Suite("Matching: patterns")
struct MatchingPatternTests {
    @Test(
        "wildcards and slashes",
        arguments: [
            ("/buy/*", "/buy", true), ("/buy/*", "/buy/", true), ("/buy/*", "/buy/1/2", true),
            ("/buy/*", "/buyer", false), ("/a/*/c", "/a/c", false), ("/a/*/c", "/a/b/x/c", true),
            ("/id/????", "/id/4815", true), ("/id/????", "/id/481", false), ("/a/?*", "/a/", false),
            ("/a/?*", "/a/b", true), ("abc", "/abc/", true), ("//abc", "/abc", true), ("/", "", true),
            ("/", "/x", false), ("*", "", true), ("/a/b/", "/a/b//", true), ("*.html", "/x/y.html", true),
        ])
    func wildcards(_ pattern: String, _ path: String, _ matches: Bool) throws {
        let file = try compiled(fileWithComponents(#"{"/":"\#(pattern)"}"#))
        #expect(decision(file, "https://example.com" + path) == (matches ? .match : .noMatch))
    }

    @Test("query as a string, query items, and fragments")
    func queryAndFragment() throws {
        let items = try compiled(fileWithComponents(#"{"?":{"a":"1","b":"?*"}}"#))
        #expect(decision(items, "https://example.com/x?b=2&a=1&c=3") == .match)
        #expect(decision(items, "https://example.com/x?a=1&b=") == .noMatch)
        #expect(decision(items, "https://example.com/x?a=1&b=2&a=1") == .match)
        #expect(decision(items, "https://example.com/x?a=1&b=2&a=2") == .noMatch)
        let whole = try compiled(fileWithComponents(#"{"?":"a=*&b=2"}"#))
        #expect(decision(whole, "https://example.com/x?a=1&b=2") == .match)
        #expect(decision(whole, "https://example.com/x?b=2&a=1") == .noMatch)
        let fragment = try compiled(fileWithComponents(##"{"#":"sec-?"}"##))
        #expect(decision(fragment, "https://example.com/x#sec-1") == .match)
        #expect(decision(fragment, "https://example.com/x") == .noMatch)
    }

    @Test("percentEncoded false decodes query items after splitting, so %26 stays inside its value")
    func decodedQueryItems() throws {
        let file = try compiled(fileWithComponents(#"{"?":{"q":"a&b"},"percentEncoded":false}"#))
        #expect(decision(file, "https://example.com/x?q=a%26b") == .match)
        #expect(decision(file, "https://example.com/x?q=a&b") == .noMatch)
    }

    @Test("percentEncoded false never matches a URL part that does not decode")
    func undecodable() throws {
        let file = try compiled(fileWithComponents(#"{"/":"*","percentEncoded":false}"#))
        #expect(decision(file, "https://example.com/%zz") == .noMatch)
        #expect(decision(file, "https://example.com/%C3%A9") == .match)
    }

    @Test("caseSensitive false folds letters in paths, query names and values")
    func caseInsensitive() throws {
        let file = try compiled(
            fileWithComponents(#"{"/":"/Help/*","?":{"Topic":"A?"},"caseSensitive":false}"#))
        #expect(decision(file, "https://example.com/HELP/x?topic=ab") == .match)
        #expect(decision(file, "https://example.com/help/x?topic=b") == .noMatch)
        let unicode = try compiled(
            fileWithComponents(#"{"/":"/CAFÉ","caseSensitive":false,"percentEncoded":false}"#))
        #expect(decision(unicode, "https://example.com/caf%C3%A9") == .match)
    }

    @Test("three levels of defaults: the most specific wins, and a default pattern constrains the match")
    func defaults() throws {
        let file = try compiled(
            #"""
            {"applinks":{"defaults":{"caseSensitive":false,"#":"*"},"details":[
              {"appIDs":["\#(appID)"],"defaults":{"/":"/shop/*","exclude":true},"components":[
                {"/":"/Shop/Open/*","exclude":false},{"?":{"x":"1"}},{"caseSensitive":true,"/":"/Exact"}]}]}}
            """#)
        #expect(decision(file, "https://example.com/shop/open/1") == .match)
        #expect(decision(file, "https://example.com/SHOP/2?x=1") == .exclude)
        #expect(decision(file, "https://example.com/other?x=1") == .noMatch)
        #expect(decision(file, "https://example.com/Exact") == .exclude)
        #expect(decision(file, "https://example.com/exact") == .noMatch)
    }

    @Test("custom substitution variables, values with wildcards, and built-ins")
    func substitution() throws {
        let file = try compiled(
            fileWithComponents(
                #"{"/":"/$(lang)-$(region)/$(food)/$(xdigit)$(xdigit)"}"#,
                extra: #""substitutionVariables":{"food":["pizza","b*r"]},"#))
        #expect(decision(file, "https://example.com/de-CH/pizza/ff") == .match)
        #expect(decision(file, "https://example.com/de-CH/burger/0A") == .match)
        #expect(decision(file, "https://example.com/de-CH/sushi/ff") == .noMatch)
        #expect(decision(file, "https://example.com/de-ch/pizza/ff") == .noMatch)
        #expect(decision(file, "https://example.com/fil-PH/pizza/ff") == .match)
    }

    @Test("an undefined variable matches nothing, an unterminated one is literal")
    func variableDefects() throws {
        #expect(
            decision(try compiled(fileWithComponents(#"{"/":"/$(nope)"}"#)), "https://example.com/$(nope)")
                == .noMatch)
        #expect(
            decision(try compiled(fileWithComponents(#"{"/":"/$(oops"}"#)), "https://example.com/$(oops")
                == .match)
    }

    @Test("legacy paths: NOT excludes, the first hit decides, query and fragment are ignored")
    func legacyPaths() throws {
        let file = try compiled(
            #"{"applinks":{"apps":[],"details":[{"appID":"\#(appID)","paths":["/wwdc/news/","NOT /wwdc/*","*"]}]}}"#
        )
        #expect(decision(file, "https://example.com/wwdc/news?x=1#y") == .match)
        #expect(decision(file, "https://example.com/wwdc/2015") == .exclude)
        #expect(decision(file, "https://example.com/other") == .match)
        let rule = file.match("https://example.com/wwdc/2015", appID: appID, domain: "example.com").rule
        #expect(rule?.kind == .legacyPath)
        #expect(rule?.jsonPath == "$.applinks.details[0].paths[1]")
    }

    @Test("the dictionary form's rules are named by App ID key")
    func dictionaryForm() throws {
        let file = try compiled(#"{"applinks":{"apps":[],"details":{"\#(appID)":{"paths":["/x"]}}}}"#)
        #expect(
            file.match("https://example.com/x", appID: appID, domain: "example.com").rule?.jsonPath
                == #"$.applinks.details["ABCDE12345.com.example.app"].paths[0]"#)
    }

    @Test("components present means paths ignored; empty components match nothing")
    func componentsWinOverPaths() throws {
        let file = try compiled(
            #"{"applinks":{"details":[{"appIDs":["\#(appID)"],"components":[],"paths":["*"]}]}}"#)
        #expect(decision(file, "https://example.com/x") == .noMatch)
    }

    @Test("a pathological pattern against a long path completes (the automaton never backtracks)")
    func noExponentialBacktracking() throws {
        let file = try compiled(
            fileWithComponents(#"{"/":"*a*a*a*a*a*a*a*a*b"},{"/":"?*?*?*?*?*?*?*?*?*?*c"}"#))
        let path = "/" + String(repeating: "a", count: 10_000)
        #expect(decision(file, "https://example.com" + path) == .noMatch)
        #expect(decision(file, "https://example.com" + path + "b") == .match)
    }
}

@Suite("The lenient URL splitter")
struct AssociationURLTests {
    @Test(
        "splits without repairing",
        arguments: [
            ("https://EXAMPLE.com:8443/a%20b?x=1#top", "example.com", "/a%20b", "x=1", "top"),
            ("https://example.com?def", "example.com", "", "def", nil),
            ("https://u:p@example.com/a b", "example.com", "/a b", nil, nil),
            ("https://[::1]:80/x", "[::1]", "/x", nil, nil),
            ("https://example.com/a?b?c#d#e", "example.com", "/a", "b?c", "d#e"),
            ("https://example.com#", "example.com", "", nil, ""),
        ] as [(String, String, String, String?, String?)])
    func splits(_ text: String, _ host: String, _ path: String, _ query: String?, _ fragment: String?) throws
    {
        let url = try AssociationURL(text)
        #expect(url.host == host)
        #expect(url.rawPath == path)
        #expect(url.rawQuery == query)
        #expect(url.rawFragment == fragment)
    }

    @Test(
        "text without a scheme is an error, not a guess",
        arguments: ["", "example.com/x", "://x", "1http://x", "/a:b"])
    func noScheme(_ text: String) {
        #expect(throws: AssociationURLError.missingScheme(text)) { try AssociationURL(text) }
    }

    @Test("a URL without an authority has no host")
    func noAuthority() throws {
        #expect(try AssociationURL("https:example.com/x").host == nil)
    }
}

@Suite("The line protocol")
struct LineProtocolTests {
    static let aasa = #"{"applinks":{"details":[{"appIDs":["A.b"],"components":[{"/":"/x"}]}]}}"#

    @Test("a case is answered with its id and decision")
    func answers() {
        #expect(
            AssociationMatchRequest.respond(
                toLine:
                    #"{"id":7,"aasa":\#(LineProtocolTests.aasa),"domain":"example.com","appId":"A.b","url":"https://example.com/x"}"#
            ) == #"{"decision":"match","id":7}"#)
        #expect(
            AssociationMatchRequest.respond(
                toLine:
                    #"{"id":"s","aasa":\#(LineProtocolTests.aasa),"domain":"example.com","appId":"A.b","url":"https://example.com/y"}"#
            ) == #"{"decision":"no_match","id":"s"}"#)
    }

    @Test("a bad case gets an error answer instead of stopping the run")
    func errors() {
        #expect(
            AssociationMatchRequest.respond(toLine: "{oops")
                == #"{"error":"the request is not valid JSON: expected a string key but found 'o' at line 1, column 2"}"#
        )
        #expect(
            AssociationMatchRequest.respond(
                toLine: #"{"id":1,"aasa":[],"domain":"d","appId":"a","url":"https://d/"}"#)
                == #"{"error":"the association file must be a JSON object, but it is an array","id":1}"#)
        #expect(
            AssociationMatchRequest.respond(
                toLine: #"{"id":2,"aasa":{},"domain":"d","appId":"a","url":"nope"}"#)
                == #"{"error":"the URL \"nope\" has no scheme","id":2}"#)
        #expect(
            AssociationMatchRequest.respond(toLine: #"{"id":3,"aasa":{},"domain":"d","url":"https://d/"}"#)
                == #"{"error":"the request has no string field \"appId\"","id":3}"#)
    }
}
