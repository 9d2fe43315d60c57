import DeepLinks
import Foundation
import Testing

@testable import AssociatedDomains

@Suite("The Associated Domains entitlement")
struct EntitlementTests {
    @Test("entries of every service, with modes and wildcards")
    func parses() throws {
        let entry = try AssociatedDomain("applinks:*.Example.com?mode=developer+managed")
        #expect(entry.service == .appLinks)
        #expect(entry.domain == "example.com")
        #expect(entry.isWildcard)
        #expect(entry.modes == [.developer, .managed])
        #expect(entry.description == "applinks:*.example.com?mode=developer+managed")
        #expect(try AssociatedDomain("webcredentials:example.com").service == .webCredentials)
        #expect(try AssociatedDomain("activitycontinuation:example.com").service == .activityContinuation)
        #expect(try AssociatedDomain("appclips:example.com?mode=managed").modes == .managed)
    }

    @Test(
        "malformed entries are refused with the reason",
        arguments: [
            ("applinks:example.com:8080", AssociatedDomainError.Problem.port),
            ("applinks:example.com/", .path),
            ("applinks:example.com/path", .path),
            ("applinks:https://example.com", .scheme),
            ("example.com", .missingService),
            ("applink:example.com", .unknownService("applink")),
            ("applinks:", .empty),
            ("", .empty),
            ("applinks: example.com", .whitespace),
            ("applinks:example.com?mode=production", .invalidMode("production")),
            ("applinks:example.com?foo=bar", .invalidQuery("foo=bar")),
            ("applinks:a.*.example.com", .misplacedWildcard),
            ("applinks:*example.com", .misplacedWildcard),
            ("applinks:例子.com", .nonASCII),
            ("applinks:192.168.0.1", .ipAddress),
            ("applinks:[::1]", .invalidDomain("it contains ':'")),
            ("applinks:localhost", .invalidDomain("it has a single label")),
            ("applinks:example..com", .invalidDomain("it has an empty label")),
            ("applinks:-example.com", .invalidDomain("the label '-example' starts or ends with '-'")),
            (
                "applinks:exa_mple.com",
                .invalidDomain("the label 'exa_mple' has a character other than letters, digits and '-'")
            ),
        ])
    func refuses(_ text: String, _ problem: AssociatedDomainError.Problem) {
        #expect(throws: AssociatedDomainError(entry: text, problem: problem)) { try AssociatedDomain(text) }
    }

    @Test("the error names the entry and says what to do")
    func errorSentence() {
        #expect(
            AssociatedDomainError(entry: "applinks:example.com:8080", problem: .port).description
                == "'applinks:example.com:8080': an entry cannot carry a port; Apple never fetches association files from other ports"
        )
    }

    @Test("a wildcard covers subdomains but not the apex, by whole labels")
    func wildcardCoverage() throws {
        let entry = try AssociatedDomain("applinks:*.example.com")
        #expect(entry.covers("a.example.com"))
        #expect(entry.covers("a.b.EXAMPLE.com"))
        #expect(!entry.covers("example.com"))
        #expect(!entry.covers("evilexample.com"))
        #expect(entry.associationFileDomain == "example.com")
    }

    @Test("the most specific entry wins: exact, then the longest wildcard; modes must be active")
    func mostSpecific() throws {
        let entitlement = try AssociatedDomainsEntitlement([
            "applinks:*.example.com", "applinks:*.shop.example.com", "applinks:eu.shop.example.com",
            "webcredentials:example.com", "applinks:beta.example.com?mode=developer",
        ])
        #expect(
            entitlement.entry(for: "eu.shop.example.com", service: .appLinks)?.description
                == "applinks:eu.shop.example.com")
        #expect(
            entitlement.entry(for: "us.shop.example.com", service: .appLinks)?.description
                == "applinks:*.shop.example.com")
        #expect(
            entitlement.entry(for: "www.example.com", service: .appLinks)?.description
                == "applinks:*.example.com")
        #expect(entitlement.entry(for: "example.com", service: .appLinks) == nil)
        #expect(
            entitlement.entry(for: "example.com", service: .webCredentials)?.description
                == "webcredentials:example.com")
        #expect(
            entitlement.entry(for: "beta.example.com", service: .appLinks)?.description
                == "applinks:*.example.com")
        #expect(
            entitlement.entry(for: "beta.example.com", service: .appLinks, activeModes: .developer)?
                .description == "applinks:beta.example.com?mode=developer")
    }

    @Test("a list is refused with every bad entry by position")
    func listErrors() {
        do {
            _ = try AssociatedDomainsEntitlement([
                "applinks:example.com", "applinks:example.com:443", "web:example.com",
            ])
            Issue.record("expected an error")
        } catch {
            #expect(error.items.map(\.index) == [1, 2])
            #expect(error.items.map(\.error.problem) == [.port, .unknownService("web")])
        }
    }

    @Test("warnings: past 30 domains, mode=developer in release, duplicates, a wildcard without its apex")
    func findings() throws {
        let many = try AssociatedDomainsEntitlement((1...31).map { "applinks:d\($0).example.com" })
        #expect(many.findings(for: .release).map(\.code) == [.tooManyDomains])
        #expect(
            try AssociatedDomainsEntitlement((1...30).map { "applinks:d\($0).example.com" }).findings(
                for: .release
            ).isEmpty)
        let entitlement = try AssociatedDomainsEntitlement([
            "applinks:example.com?mode=developer", "applinks:*.example.org",
            "applinks:example.com?mode=developer",
        ])
        #expect(entitlement.findings(for: .debug).map(\.code) == [.wildcardWithoutApex, .duplicateEntry])
        #expect(
            entitlement.findings(for: .release).map(\.code) == [
                .developerModeInRelease, .wildcardWithoutApex, .duplicateEntry, .developerModeInRelease,
            ])
        #expect(
            entitlement.findings(for: .release).first?.description
                == "ENT002 warning (entry 0): 'applinks:example.com?mode=developer' uses mode=developer, which only development-signed builds honour; remove it before shipping"
        )
        let diagnostic = try #require(entitlement.findings(for: .release).first.map(Diagnostic.init))
        #expect(diagnostic.code == "ENT002")
        #expect(diagnostic.severity == .warning)
        #expect(diagnostic.location == "entry 0")
        #expect(
            diagnostic.message
                == "'applinks:example.com?mode=developer' uses mode=developer, which only development-signed builds honour; remove it before shipping"
        )
        #expect(many.findings(for: .release).map(Diagnostic.init).map(\.location) == [nil])
    }
}

@Suite("Hostile input: an associated domain refuses an unknown key")
struct AssociatedDomainUnknownKeyTests {
    @Test("an unknown key beside the four parts is refused, naming it")
    func unknownKey() throws {
        let entry = try AssociatedDomain("applinks:example.com")
        var text = String(decoding: try JSONEncoder().encode(entry), as: UTF8.self)
        #expect(try JSONDecoder().decode(AssociatedDomain.self, from: Data(text.utf8)) == entry)
        text.insert(contentsOf: #""mode":"developer","#, at: text.index(after: text.startIndex))
        do {
            _ = try JSONDecoder().decode(AssociatedDomain.self, from: Data(text.utf8))
            Issue.record("an unknown key was accepted")
        } catch let error as DecodingError {
            #expect(
                error.sentence.contains("unknown key 'mode' in an associated domain"), "\(error.sentence)")
        }
    }
}
