import Foundation

/// The pages a responder has rendered, by what they were rendered from.
///
/// The key is everything a page depends on: the link's resolution (where the content came
/// from, the canonical link, the provider's preview as given, the links offered to the app)
/// and the representation. A provider that returns another preview for the same link makes
/// another key, so a cached page is never stale; the cache only saves cleaning the text,
/// building the tags, rendering and hashing. It holds at most `capacity` pages and drops an
/// arbitrary one when full, so its memory is bounded by `capacity` times the largest page.
final class RenderedPageCache: @unchecked Sendable {
    struct Key: Hashable, Sendable {
        let resolution: LinkPreviewService.Resolution
        let representation: HTTPNegotiation.Representation
    }

    struct Page: Sendable {
        let status: Int
        let contentType: String
        let body: [UInt8]
        let etag: String
    }

    let capacity: Int
    // Guards `pages`; held only for one dictionary read or write.
    private let lock = NSLock()
    private var pages: [Key: Page] = [:]

    init(capacity: Int) {
        self.capacity = capacity
    }

    func page(for key: Key) -> Page? {
        lock.lock()
        defer { lock.unlock() }
        return pages[key]
    }

    func store(_ page: Page, for key: Key) {
        guard capacity > 0 else { return }
        lock.lock()
        defer { lock.unlock() }
        if pages.count >= capacity, pages[key] == nil {
            pages.remove(at: pages.startIndex)
        }
        pages[key] = page
    }

    var count: Int {
        lock.lock()
        defer { lock.unlock() }
        return pages.count
    }
}
