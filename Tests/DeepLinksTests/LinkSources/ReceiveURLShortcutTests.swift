import DeepLinks
import Foundation
import Testing

/// `receive(url:)` parses the text once and reads the source from the parsed scheme instead
/// of the text. These tests pin that it decides exactly as `receive(.url(text))`: same source,
/// same outcome, same error, for web and custom-scheme links, refused text included.
@Suite("receive(url:) decides exactly as receive(.url(_:))")
struct ReceiveURLShortcutTests {
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
