import DeepLinks
import Foundation
import Testing

/// `receive(url:)` parses the text once and reads the source from the parsed scheme instead
/// of the text. These tests pin that it decides exactly as `receive(.url(text))`: same source,
/// same outcome, same error, for web and custom-scheme links, refused text included.
@Suite("receive(url:) decides exactly as receive(.url(_:))")
struct ReceiveURLTests {
    static let texts = [
        "https://photos.example.com/albums?albumname=Summer&index=3",
        "HTTPS://photos.example.com/albums/summer-2024?utm_source=x",
        "Http://photos.example.com/albums/summer-2024/delete",
        "http://photos.example.com/nowhere",
        "https://photos.example.com/albums/Not_A_Slug",
        "https://evil.example.net/albums/summer",
        "https://user@photos.example.com/albums",
        "photoalbum://photos.example.com/albums/summer-2024",
        "PhotoAlbum://photos.example.com/tags/a/b",
        "photoalbum://other.example.com/albums/summer-2024",
        "newsapp://doc/CHLFGFCB00097U7S?s=sps_article",
        "newsapp://doc/lower-case",
        "newsapp:doc/CHLFGFCB00097U7S",
        "ftp://photos.example.com/albums",
        "httpx://photos.example.com/albums",
        "https:/photos.example.com/albums",
        "https//photos.example.com",
        "https",
        "",
        " https://photos.example.com/albums",
        "not a link at all",
    ]

    @Test("same source, same outcome", arguments: texts)
    func sameDecision(text: String) throws {
        for confirms in [false, true] {
            let receiver = try IncomingFixtures.receiver(photoalbumConfirms: confirms)
            let shortcut = receiver.receive(url: text)
            let long = receiver.receive(.url(text))
            #expect(shortcut == long)
            #expect(shortcut.source == long.source)
            #expect(shortcut.outcome == long.outcome)
            #expect(shortcut.description == long.description)
        }
    }
}

/// The receiver's gate reads the policy the receiver shows, and splits a path of any length
/// at its slashes. (The gate shares host names with the route table's scopes and looks for
/// the `/` of a long path rest with the C library; neither may change what one can observe.)
@Suite("The receiver's policy is the one it shows; long paths split at their slashes")
struct ReceiverPolicyAndPathSplitTests {
    @Test("the receiver's policy is the effective policy, host for host")
    func policyIsUnchanged() throws {
        let receiver = try IncomingFixtures.receiver()
        #expect(receiver.policy == receiver.configuration.effectivePolicy)
        #expect(receiver.policy.allowedHosts == IncomingFixtures.policy.allowedHosts)
    }

    @Test("long segments split exactly where the path's slashes are, at every length")
    func longSegmentsSplitAtSlashes() throws {
        let gate = LinkGate()
        for first in [0, 1, 31, 32, 33, 40, 100] {
            for second in [1, 31, 32, 33, 64] {
                for trailing in [false, true] {
                    let a = String(repeating: "a", count: first)
                    let b = String(repeating: "b", count: second)
                    let path = "/" + a + "/" + b + (trailing ? "/" : "")
                    let text = "https://example.com" + path
                    let expected = path.dropFirst().split(separator: "/", omittingEmptySubsequences: false)
                        .map(String.init)
                    if first == 0 {
                        #expect(refusal(text) == LinkError(.emptySegment, at: 20, detail: "'//' in the path"))
                        continue
                    }
                    let link = try gate.parse(text)
                    #expect(link.pathSegments.map(\.raw) == expected)
                    #expect(link.pathSegments.map(\.decoded) == expected)
                    #expect(link.rawPath == path)
                }
            }
        }
        let tooLong = "https://example.com/" + String(repeating: "a", count: 1_025) + "/x"
        #expect(
            refusal(tooLong)
                == LinkError(.componentTooLong, at: 20, detail: "path segment of 1025 bytes, limit 1024"))
    }
}
