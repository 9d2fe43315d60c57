import DeepLinks
import Foundation
import Testing

/// The error registering a scheme raised, or `nil` when it was registered.
private func schemeError(_ name: String, host: CustomScheme.HostRule = .routeSegment) -> CustomSchemeError? {
    do {
        _ = try CustomScheme(name, host: host)
        return nil
    } catch {
        return error
    }
}

@Suite("Custom schemes: registration rules")
struct CustomSchemeRegistrationTests {
    @Test("the issue's well-known schemes can never be registered")
    func issueList() {
        for name in ["http", "https", "mailto", "tel", "sms", "javascript", "data", "file", "about", "blob"] {
            #expect(schemeError(name) == .wellKnown(name), "\(name)")
        }
    }

    @Test("nor in another letter case, nor the App Store's and Apple's families")
    func caseAndFamilies() {
        #expect(schemeError("JavaScript") == .wellKnown("javascript"))
        #expect(schemeError("HTTPS") == .wellKnown("https"))
        for name in [
            "itms-apps", "itms-services", "x-apple-health", "x-safari-https", "facetime", "app-settings",
            "ws",
        ] {
            #expect(schemeError(name) == .wellKnown(name), "\(name)")
        }
        #expect(CustomScheme.isWellKnown("vbscript"))
        #expect(!CustomScheme.isWellKnown("newsapp"))
        #expect(!CustomScheme.isWellKnown("itmsfan"))
    }

    @Test("names follow RFC 3986: a letter, then letters, digits, '+', '-' or '.'")
    func nameSyntax() throws {
        for name in [
            "", "1app", "my_app", "my app", "myapp:", "-app", "наш", String(repeating: "a", count: 256),
        ] {
            #expect(schemeError(name) == .invalidName(name), "\(name)")
        }
        #expect(
            try CustomScheme("com.googleusercontent.apps.123-abc").name
                == "com.googleusercontent.apps.123-abc")
        #expect(try CustomScheme("x+y-z.1").name == "x+y-z.1")
    }

    @Test("names are kept lower-case, and the host rule defaults to a route segment")
    func defaults() throws {
        let scheme = try CustomScheme("NewsApp")
        #expect(scheme.name == "newsapp")
        #expect(scheme.host == .routeSegment)
        #expect(!scheme.confirmsEveryRoute)
    }

    @Test("a domain host rule needs at least one domain")
    func domainRule() throws {
        #expect(schemeError("photoalbum", host: .domain([])) == .noDomains("photoalbum"))
        let scheme = try CustomScheme("photoalbum", host: .domain(["photos.example.com", "*.example.org"]))
        #expect(scheme.host == .domain(["photos.example.com", "*.example.org"]))
    }

    @Test("a registry refuses a name registered twice, in any case")
    func duplicates() throws {
        #expect(throws: CustomSchemeError.duplicate("newsapp")) {
            try SchemeRegistry([CustomScheme("newsapp"), CustomScheme("NEWSAPP")])
        }
        let registry = try SchemeRegistry([CustomScheme("newsapp"), CustomScheme("photoalbum")])
        #expect(registry.names == ["newsapp", "photoalbum"])
        #expect(registry["NewsApp"]?.name == "newsapp")
        #expect(registry["zhihu"] == nil)
    }

    @Test("a registry admits its schemes into a policy and keeps the policy's own")
    func admitting() throws {
        let registry = try SchemeRegistry([CustomScheme("newsapp")])
        let policy = registry.admitting(into: LinkPolicy(allowedHosts: ["example.com"]))
        #expect(policy.allowedSchemes == ["https", "http", "newsapp"])
        #expect(policy.allowedHosts == ["example.com"])
    }
}

@Suite("Custom schemes: JSON")
struct CustomSchemeCodingTests {
    @Test("registrations round-trip and leave out defaults")
    func roundTrip() throws {
        let registry = try SchemeRegistry([
            CustomScheme("newsapp"),
            CustomScheme("photoalbum", host: .domain(["photos.example.com"]), confirmsEveryRoute: true),
        ])
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let text = String(decoding: try encoder.encode(registry), as: UTF8.self)
        #expect(
            text
                == #"[{"name":"newsapp"},{"confirmsEveryRoute":true,"domains":["photos.example.com"],"host":"domain","name":"photoalbum"}]"#
        )
        #expect(try JSONDecoder().decode(SchemeRegistry.self, from: Data(text.utf8)) == registry)
    }

    @Test("decoding applies the registration rules and refuses unknown keys")
    func decodingChecks() {
        func decode(_ json: String) -> (any Error)? {
            do {
                _ = try JSONDecoder().decode(SchemeRegistry.self, from: Data(json.utf8))
                return nil
            } catch {
                return error
            }
        }
        #expect(decode(#"[{"name": "tel"}]"#) as? CustomSchemeError == .wellKnown("tel"))
        #expect(decode(#"[{"name": "a"}, {"name": "a"}]"#) as? CustomSchemeError == .duplicate("a"))
        #expect(decode(#"[{"name": "a", "host": "domain"}]"#) as? CustomSchemeError == .noDomains("a"))
        #expect(decode(#"[{"name": "a", "domains": ["example.com"]}]"#) is DecodingError)
        #expect(decode(#"[{"name": "a", "hosts": "domain"}]"#) is DecodingError)
    }
}
