import DeepLinks
import Foundation
import Testing

/// A policy's allowed host patterns made in Swift are checked when the receiver is made, and a
/// custom scheme's domains when it is registered: a pattern that is not a host name would
/// otherwise allow nothing, silently.
@Suite struct ReceiverHostPatternTests {
    static let table = RouteTable(canonicalHost: "shop.example.com") { Route("home", "/") }

    static func receiver(allowing hosts: [HostPattern]) throws(LinkReceiverError) -> LinkReceiver {
        try LinkReceiver(table: table, policy: LinkPolicy(allowedHosts: hosts))
    }

    @Test(arguments: [
        "", " shop.example.com", "shop.example.com ", "shop .example.com", "shop.example.com\n",
        "shop.example.com/", "user@shop.example.com", "shop.example.com?", "shop.example.com#",
        "shop%2Eexample.com", "shop\\example.com", "*", "*.", "**.example.com", "shop.*.com",
        "shop.example.com:443", "[::1",
        "::1", "shop[1].example.com",
        "shop*.example.com", ".example.com", "example.com.", "shop..example.com", "bücher.example",
    ])
    func aPatternThatIsNotAHostNameIsRefused(text: String) {
        #expect(throws: LinkReceiverError.invalidHostPattern(text.lowercased())) {
            _ = try Self.receiver(allowing: ["shop.example.com", HostPattern(text)])
        }
    }

    @Test func theFirstBadPatternIsNamed() {
        #expect(throws: LinkReceiverError.invalidHostPattern("a b")) {
            _ = try Self.receiver(allowing: ["A B", "c d"])
        }
    }

    @Test(arguments: [
        "shop.example.com", "*.example.com", "SHOP.Example.COM", "*.Example.COM", "xn--bcher-kva.example",
        "localhost", "my_app.example", "127.0.0.1", "[::1]", "[2001:db8::1]",
    ])
    func aHostOrAWildcardIsKept(text: String) throws {
        let receiver = try Self.receiver(allowing: [HostPattern(text)])
        #expect(receiver.configuration.policy.allowedHosts.map(\.description) == [text.lowercased()])
    }

    @Test func theErrorSaysWhatToWrite() {
        #expect(
            LinkReceiverError.invalidHostPattern("bücher.example").description
                == "the policy allows the host pattern \"bücher.example\", which is not a host name: "
                + "write a host in its ASCII form (example.com, xn--bcher-kva.example), or *. followed by one "
                + "(*.example.com)")
    }

    @Test func aPatternInJSONIsRefusedWhenDecoded() {
        #expect(throws: DecodingError.self) {
            _ = try JSONDecoder().decode(
                LinkPolicy.self, from: Data(#"{"allowedHosts": ["shop .example.com"]}"#.utf8))
        }
    }

    @Test func aSchemeDomainThatIsNotAHostNameIsRefused() {
        #expect(throws: CustomSchemeError.invalidDomain(scheme: "shop", pattern: "shop .example.com")) {
            _ = try CustomScheme("Shop", host: .domain(["shop.example.com", "Shop .example.com"]))
        }
        #expect(throws: CustomSchemeError.invalidDomain(scheme: "shop", pattern: "")) {
            _ = try CustomScheme("shop", host: .domain([""]))
        }
        #expect(
            CustomSchemeError.invalidDomain(scheme: "shop", pattern: "bücher.example").description
                == "the scheme 'shop' lists the domain \"bücher.example\", which is not a host name: write a "
                + "host in its ASCII form (example.com, xn--bcher-kva.example), or *. followed by one (*.example.com)"
        )
    }

    @Test func aSchemeDomainOrWildcardIsKept() throws {
        let scheme = try CustomScheme("shop", host: .domain(["shop.example.com", "*.shop.example.com"]))
        #expect(scheme.host == .domain(["shop.example.com", "*.shop.example.com"]))
    }

    @Test func anIPLiteralPatternStillAllowsItsLinks() throws {
        var policy = LinkPolicy(allowedHosts: ["[::1]", "127.0.0.1"])
        policy.allowsIPLiterals = true
        let receiver = try LinkReceiver(table: RouteTable { Route("home", "/") }, policy: policy)
        #expect(receiver.receive(url: "https://[::1]/").match?.route == "home")
        #expect(receiver.receive(url: "https://127.0.0.1/").match?.route == "home")
        #expect(receiver.receive(url: "https://[::2]/").match == nil)
    }
}
