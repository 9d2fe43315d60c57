import Testing

@testable import DeepLinks

/// A link's parts live in one storage that every copy of the link shares, read in place and
/// counted by reference from many tasks at once. These tests share the same links, receiver and
/// router across tasks and check that every task reads what one task alone reads; CI runs them
/// under ThreadSanitizer (`swift test --sanitize=thread --filter SharedLinkTests`), which reports
/// any read racing a write.
@Suite("Links, a receiver and a router shared across tasks read what one task alone reads")
struct SharedLinkTests {
    static let texts: [String] = (0..<48).map { i in
        switch i % 4 {
        case 0:
            "https://shop.example.com/albums/\(i)/photos/0f8fad5b-d9cb-469f-a165-70867728950e?index=\(i)#Top"
        case 1:
            "https://shop.example.com/search?q=a-query-long-enough-to-live-on-the-heap-\(i)&page=\(i % 9 + 1)"
        case 2: "https://shop.example.com/albums/Summer%20\(2000 + i)"
        default: "https://shop.example.com/unknown/\(i)"
        }
    }

    static func receiver() throws -> LinkReceiver {
        try LinkReceiver(
            table: RouteTable {
                Route("photo", "/albums/:album(int)/photos/:photo(uuid)", query: ["index(int 0...999)?"])
                Route("album", "/albums/:album")
                Route("search", "/search", query: ["q", "page(int 1...99)=1"])
            },
            policy: LinkPolicy(allowedHosts: ["shop.example.com"]))
    }

    /// What one task reads of a link: its parts, its canonical text, and where the receiver and
    /// the router send it.
    static func reading(_ link: Link, _ receiver: LinkReceiver) -> [String] {
        var read = [link.scheme, link.host ?? "-", link.original, link.canonical, link.rawPath]
        read += link.pathSegments.map { "\($0.raw)|\($0.decoded)" }
        read += link.queryItems.map { "\($0.name)=\($0.value)" }
        read.append(link.fragment ?? "-")
        read.append("\(link.hashValue == Link(storage: link.storage).hashValue)")
        switch receiver.receive(url: link.original).outcome {
        case .route(let match):
            read.append("route \(match.route) \(match.parameters)")
        case let other:
            read.append("not routed: \(other)")
        }
        let parts = receiver.router.match(
            scheme: link.scheme, host: link.host, pathSegments: link.pathSegments.map(\.decoded),
            queryItems: link.queryItems, fragment: link.fragment)
        read.append(parts.map { "lookup \($0.route)" } ?? "lookup none")
        return read
    }

    @Test("the same links read on 8 tasks at once, 20 times each, read as on one task")
    func sharedLinks() async throws {
        let receiver = try Self.receiver()
        let gate = LinkGate(policy: LinkPolicy(allowedHosts: ["shop.example.com"]))
        let links = try Self.texts.map { try gate.parse($0) }
        let expected = links.map { Self.reading($0, receiver) }
        let mismatches = await withTaskGroup(of: Int.self) { group in
            for task in 0..<8 {
                group.addTask {
                    var mismatches = 0
                    for round in 0..<20 {
                        // Each task walks the links from a different place, so that tasks read
                        // and release the same storages at the same time.
                        for k in links.indices {
                            let i = (k + task * 7 + round) % links.count
                            let copy = links[i]
                            if Self.reading(copy, receiver) != expected[i] { mismatches += 1 }
                        }
                    }
                    return mismatches
                }
            }
            return await group.reduce(0, +)
        }
        #expect(mismatches == 0)
        #expect(expected.filter { $0.last == "lookup none" }.count == 12)
    }

    @Test("links made on one task and read on others, each copy dropped on the task that read it")
    func handedAcrossTasks() async throws {
        let receiver = try Self.receiver()
        let outcomes = await withTaskGroup(of: (Int, String).self) { group in
            for (i, text) in Self.texts.enumerated() {
                let outcome = receiver.receive(url: text)
                group.addTask {
                    switch outcome.outcome {
                    case .route(let match): (i, "\(match.route) \(match.link.canonical)")
                    default: (i, "not routed")
                    }
                }
            }
            var outcomes = [String](repeating: "", count: Self.texts.count)
            for await (i, text) in group { outcomes[i] = text }
            return outcomes
        }
        #expect(outcomes[0] == "photo \(Self.texts[0])")
        #expect(outcomes[1] == "search \(Self.texts[1])")
        #expect(outcomes[2] == "album \(Self.texts[2])")
        #expect(outcomes[3] == "not routed")
        #expect(outcomes.filter { $0 == "not routed" }.count == 12)
    }
}
