import DeepLinks
import Foundation
import Testing

/// Attack payload lists: with one allowed host, no payload is ever accepted with another host.
@Suite("Attack payloads")
struct PayloadTests {
    static let allowedHost = "www.whitelisteddomain.tld"
    static let files = [
        "payloads/CRLF_Injection-Files-crlfinjection.txt",
        "payloads/Directory_Traversal-Intruder-traversals-8-deep-exotic-encoding.txt",
        "payloads/Fuzzing-SSRF_hacktricks.txt",
        "payloads/Open_Redirect-Intruder-Open-Redirect-payloads.txt",
        "payloads/Open_Redirect-Intruder-open_redirect_wordlist.txt",
        "payloads/Open_Redirect-Intruder-openredirects.txt",
    ]

    /// Every way a payload line can arrive as a link: as it is, after the allowed origin, and
    /// after `https:` (for `//host` payloads).
    static func candidates(for line: String) -> [String] {
        let payload = line.replacingOccurrences(of: "{FILE}", with: "etc/passwd")
            .replacingOccurrences(of: "example.com", with: "evil.example")
        var result = [payload, "https://\(allowedHost)/\(payload)", "https:\(payload)"]
        if payload.hasPrefix("/") { result.append("https://\(allowedHost)\(payload)") }
        return result
    }

    @Test("no payload is accepted with a host other than the allowed one", arguments: files)
    func noOtherHost(file: String) throws {
        let policy = LinkPolicy(allowedHosts: [HostPattern(Self.allowedHost)], allowsIPLiterals: true)
        let gate = LinkGate(policy: policy)
        let lines = try Corpus.lines(file)
        #expect(!lines.isEmpty)
        var tried = 0
        var accepted = 0
        for line in lines {
            for candidate in Self.candidates(for: line) {
                tried += 1
                guard let link = try? gate.parse(candidate) else { continue }
                accepted += 1
                #expect(
                    link.host == Self.allowedHost,
                    "\(candidate.debugDescription) was accepted with host \(link.host ?? "nil")")
                // Whatever was accepted has no dot segment and no encoded separator left to
                // reinterpret, and decodes to no control character.
                for segment in link.pathSegments {
                    #expect(segment.decoded != ".." && segment.decoded != ".")
                    #expect(!segment.decoded.contains("/") && !segment.decoded.contains("\\"))
                    #expect(!segment.decoded.unicodeScalars.contains { $0.value < 0x20 })
                }
            }
        }
        print(
            "\(file): \(lines.count) payloads, \(tried) candidate links, \(accepted) accepted, all with host \(Self.allowedHost)"
        )
    }

    @Test("open-redirect payloads that browsers send elsewhere are refused by name")
    func namedOpenRedirects() {
        let policy = LinkPolicy(allowedHosts: [HostPattern(Self.allowedHost)])
        #expect(refusal("https://www.whitelisteddomain.tld@google.com/", policy: policy)?.rule == .userInfo)
        #expect(
            refusal("https://www.whitelisteddomain.tld//google.com", policy: policy)?.rule == .emptySegment)
        #expect(
            refusal(#"https://www.whitelisteddomain.tld/\google.com"#, policy: policy)?.rule == .backslash)
        #expect(
            refusal("https://www.whitelisteddomain.tld/%5cgoogle.com", policy: policy)?.rule
                == .encodedSeparator)
        #expect(
            refusal("https://www.whitelisteddomain.tld/%2f%2fgoogle.com", policy: policy)?.rule
                == .encodedSeparator)
        #expect(refusal("https://google.com%2f@www.whitelisteddomain.tld", policy: policy)?.rule == .userInfo)
        #expect(
            refusal("https://www.whitelisteddomain.tld.google.com/", policy: policy)?.rule == .hostNotAllowed)
        #expect(refusal("https:/\\/google.com", policy: policy)?.rule == .backslash)
        #expect(refusal("https://%09/google.com", policy: policy)?.rule == .invalidHost)
    }
}

/// RFC 3986's examples, where they apply to absolute links.
@Suite("RFC 3986 examples")
struct RFC3986Tests {
    /// RFC 3986 Appendix B: the reference split of an absolute URI into its five parts.
    static func split(_ text: String) -> (
        scheme: String, authority: String?, path: String, query: String?, fragment: String?
    ) {
        var rest = Substring(text)
        var fragment: String?
        if let hash = rest.firstIndex(of: "#") {
            fragment = String(rest[rest.index(after: hash)...])
            rest = rest[..<hash]
        }
        var query: String?
        if let mark = rest.firstIndex(of: "?") {
            query = String(rest[rest.index(after: mark)...])
            rest = rest[..<mark]
        }
        let colon = rest.firstIndex(of: ":")!
        let scheme = String(rest[..<colon])
        rest = rest[rest.index(after: colon)...]
        var authority: String?
        if rest.hasPrefix("//") {
            rest = rest.dropFirst(2)
            let end = rest.firstIndex(of: "/") ?? rest.endIndex
            authority = String(rest[..<end])
            rest = rest[end...]
        }
        return (scheme, authority, String(rest), query, fragment)
    }

    @Test("every resolved http example is accepted with RFC 3986's own split, or refused for a named rule")
    func resolvedExamples() throws {
        let json = try JSONSerialization.jsonObject(
            with: try Corpus.data("rfc3986/rfc3986-5.4-resolution.json"))
        let cases = (json as? [String: Any])?["cases"] as? [[String: Any]] ?? []
        #expect(cases.count > 30)
        let gate = LinkGate()
        var accepted = 0
        var refusedRules: [String: LinkError.Rule] = [:]
        for text in Set(
            cases.compactMap { $0["expected"] as? String } + cases.compactMap { $0["base"] as? String })
        {
            do {
                let link = try gate.parse(text)
                accepted += 1
                let parts = Self.split(text)
                #expect(link.scheme == parts.scheme)
                #expect(link.host == parts.authority)
                #expect(link.rawPath == parts.path)
                #expect(link.rawQuery == parts.query)
                #expect(link.rawFragment == parts.fragment)
            } catch {
                refusedRules[text] = error.rule
            }
        }
        // The only refusals: a scheme the policy does not allow, the rootless `http:g`, and
        // the abnormal examples whose dot segments RFC 3986 keeps in query or fragment only.
        #expect(refusedRules["g:h"] == .schemeNotAllowed)
        #expect(refusedRules["http:g"] == .missingAuthority)
        #expect(refusedRules.count == 2, "unexpected refusals: \(refusedRules)")
        #expect(accepted > 25)
        print(
            "RFC 3986 §5.4: \(accepted) resolved links accepted with the Appendix B split, \(refusedRules.count) refused"
        )
    }

    @Test("§6.2.2 and §6.2.3 equivalences hold for canonical forms")
    func equivalences() throws {
        let custom = LinkGate(policy: LinkPolicy(allowedSchemes: ["example", "http"]))
        #expect(try custom.parse("eXAMPLE://a/b/%63/%7bfoo%7d").canonical == "example://a/b/c/%7Bfoo%7D")
        #expect(try custom.parse("example://a/b/c/%7Bfoo%7D").canonical == "example://a/b/c/%7Bfoo%7D")
        #expect(refusal("eXAMPLE://a/./b/../b/%63/%7bfoo%7d", policy: custom.policy)?.rule == .dotSegment)
        let web = LinkGate()
        for text in [
            "http://example.com", "http://example.com/", "http://example.com:80/", "HTTP://EXAMPLE.COM/",
        ] {
            #expect(try web.parse(text).canonical == "http://example.com/")
        }
        #expect(refusal("http://example.com:/")?.rule == .invalidPort)
        #expect(try web.parse("http://example.com/?").canonical == "http://example.com/?")
    }
}
