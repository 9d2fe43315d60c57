import DeepLinks
import Testing

/// The banner's one limit, at full scale: content of exactly ``SmartAppBanner/maximumContentLength``
/// bytes is read, one byte more is refused before any item is looked at, and the rendered tag
/// stays proportional to the content.
@Suite("Limits: the largest accepted Smart App Banner")
struct SmartAppBannerLimitTests {
    static let gate = LinkGate(policy: LinkPolicy(allowedSchemes: ["https", "newsapp"]))

    /// Content of exactly `bytes` bytes: an app ID, the longest app-argument the gate takes,
    /// and affiliate data filling the rest.
    static func content(bytes: Int) -> String {
        let argument = "https://example.com" + LinkLimitTests.path(bytes: 4096 - 19)
        let head = "app-id=432274380, app-argument=\(argument), affiliate-data="
        return head + String(repeating: "&", count: bytes - head.utf8.count)
    }

    @Test("8192 bytes of content are accepted, with a 4096-byte app-argument")
    func largestAccepted() throws {
        let content = Self.content(bytes: SmartAppBanner.maximumContentLength)
        #expect(content.utf8.count == 8192)
        let banner = try SmartAppBanner(parsing: content, gate: Self.gate)
        #expect(banner.appArgument?.original.utf8.count == 4096)
        #expect(banner.content.utf8.count <= content.utf8.count)
        // Escaping turns each character into at most six (`&quot;`): the tag is bounded by the content.
        #expect(banner.metaTag.utf8.count <= 6 * banner.content.utf8.count + 64)
    }

    @Test("8193 bytes of content are refused as tooLong(bytes: 8193), whatever they hold")
    func justOver() {
        #expect(throws: SmartAppBannerError.tooLong(bytes: 8193)) {
            try SmartAppBanner(parsing: Self.content(bytes: 8193), gate: Self.gate)
        }
        #expect(throws: SmartAppBannerError.tooLong(bytes: 8193)) {
            try SmartAppBanner(parsing: String(repeating: ",", count: 8193), gate: Self.gate)
        }
    }
}
