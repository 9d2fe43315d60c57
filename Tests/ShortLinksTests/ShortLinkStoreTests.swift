import DeepLinks
import Foundation
import LinkPreviews
import ShortLinks
import Testing

@testable import ShortLinkServer

/// The conformance every store passes, run against the in-memory and the SQLite store.
@Suite("Short-link stores")
struct ShortLinkStoreTests {
    enum Kind: String, CaseIterable, CustomTestStringConvertible {
        case memory, sqlite
        var testDescription: String { rawValue }
    }

    static func withStore(_ kind: Kind, _ body: (any ShortLinkStore) async throws -> Void) async throws {
        switch kind {
        case .memory: try await body(InMemoryShortLinkStore())
        case .sqlite:
            let database = TemporaryDatabase()
            defer { database.remove() }
            try await body(try SQLiteShortLinkStore(path: database.path))
        }
    }

    static func link(_ code: String, _ link: String = "https://shop.example.com/p/1", key: String? = nil)
        throws
        -> ShortLink
    {
        ShortLink(
            expansion: ShortLinkExpansion(
                code: try ShortCode(code), link: link, route: "product",
                fallbacks: ShortLinkFallbacks(
                    appStore: "https://apps.apple.com/app/id1", playStore: nil, web: "https://w"),
                minimumAppVersion: "2.4", expiresAt: 1_900_000_000),
            createdAt: 1_800_000_000, requestKey: key)
    }

    @Test("the conformance every store must pass", arguments: Kind.allCases)
    func conformance(_ kind: Kind) async throws {
        let databases = Mutex<[TemporaryDatabase]>([])
        defer { for database in databases.value { database.remove() } }
        let failures = await ShortLinkStoreConformance.failures { () async throws -> any ShortLinkStore in
            switch kind {
            case .memory: return InMemoryShortLinkStore()
            case .sqlite:
                let database = TemporaryDatabase()
                databases.value.append(database)
                return try SQLiteShortLinkStore(path: database.path)
            }
        }
        #expect(failures == [])
    }

    @Test("concurrent creation through the service never hands out one code twice", arguments: Kind.allCases)
    func concurrentVanity(_ kind: Kind) async throws {
        try await Self.withStore(kind) { store in
            let fixture = try ShortLinkFixture(store: store)
            let service = fixture.service
            // 40 tasks race for one vanity code, each for its own product: exactly one wins.
            let results = await withTaskGroup(of: Result<ShortLink, ShortLinkError>.self) { group in
                for id in 1...40 {
                    group.addTask {
                        do {
                            return .success(
                                try await service.create(
                                    ShortLinkRequest(
                                        link: "https://shop.example.com/p/\(id)", code: "flash-sale")))
                        } catch {
                            return .failure(error as! ShortLinkError)
                        }
                    }
                }
                return await group.reduce(into: []) { $0.append($1) }
            }
            let winners = results.compactMap { try? $0.get() }
            #expect(winners.count == 1)
            #expect(results.filter { $0 == .failure(.codeTaken(try! ShortCode("flash-sale"))) }.count == 39)
            // 100 tasks make random codes: 100 different links.
            let codes = await withTaskGroup(of: ShortCode?.self) { group in
                for id in 1...100 {
                    group.addTask {
                        try? await service.create(ShortLinkRequest(link: "https://shop.example.com/p/\(id)"))
                            .code
                    }
                }
                return await group.reduce(into: [ShortCode?]()) { $0.append($1) }
            }
            #expect(Set(codes.compactMap { $0 }).count == 100)
            #expect(try await store.links(after: nil, limit: 1_000).count == 101)
        }
    }

    @Test("SQLite: the file outlives the store, in WAL mode, at the package's schema version")
    func sqliteFile() async throws {
        let database = TemporaryDatabase()
        defer { database.remove() }
        let link = try Self.link("kept-code")
        do {
            let store = try SQLiteShortLinkStore(path: database.path)
            #expect(try await store.insert(link) == .inserted)
        }
        let reopened = try SQLiteShortLinkStore(path: database.path)
        #expect(try await reopened.link(for: try ShortCode("kept-code")) == link)
        #expect(FileManager.default.fileExists(atPath: database.path + "-wal"))
        #expect(
            try Self.sqlite(database.path, "PRAGMA user_version;") == "\(SQLiteShortLinkStore.schemaVersion)")
        #expect(try Self.sqlite(database.path, "PRAGMA journal_mode;") == "wal")
    }

    @Test("SQLite: every stored column is a field of a link or a counter; nothing about a person is kept")
    func sqliteColumns() throws {
        let database = TemporaryDatabase()
        defer { database.remove() }
        _ = try SQLiteShortLinkStore(path: database.path)
        let columns = try Self.sqlite(database.path, "SELECT name FROM pragma_table_info('short_links');")
        #expect(
            columns.split(separator: "\n") == [
                "code", "link", "route", "app_store", "play_store", "web", "minimum_app_version",
                "expires_at",
                "created_at", "request_key", "preview",
            ])
        let counts = try Self.sqlite(database.path, "SELECT name FROM pragma_table_info('counts');")
        #expect(counts.split(separator: "\n") == ["day", "code", "route", "platform", "event", "count"])
        #expect(
            try Self.sqlite(
                database.path, "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name;")
                == "counts\nshort_links")
    }

    @Test("SQLite: a file of schema 1 or 2 is migrated to 3 when opened, its links kept", arguments: [1, 2])
    func sqliteMigration(from version: Int) async throws {
        let database = TemporaryDatabase()
        defer { database.remove() }
        do {
            let connection = try SQLiteConnection(path: database.path)
            for migration in SQLiteShortLinkStore.migrations.prefix(version) {
                try connection.execute(migration)
            }
            try connection.execute(
                "INSERT INTO short_links (code, link, route, created_at) VALUES ('old-link', 'https://shop.example.com/p/1', 'product', 5); PRAGMA user_version = \(version);"
            )
        }
        let store = try SQLiteShortLinkStore(path: database.path)
        #expect(try Self.sqlite(database.path, "PRAGMA user_version;") == "3")
        let old = try #require(try await store.link(for: try ShortCode("old-link")))
        #expect(old.expansion.link == "https://shop.example.com/p/1")
        #expect(old.preview == nil)
        try await store.record(.pageShown, for: old, platform: .iOS, day: 3)
        #expect(try await store.counts(ShortLinkCountQuery(code: old.code)).map(\.count) == [1])
        var new = old
        new.expansion.code = try ShortCode("new-link")
        new.preview = PreviewOverride(title: "New")
        #expect(try await store.insert(new) == .inserted)
        #expect(try await store.link(for: new.code) == new)
    }

    @Test("SQLite: counters wait in memory and are written together, within a second or before a read")
    func sqliteCounterBatches() async throws {
        let database = TemporaryDatabase()
        defer { database.remove() }
        let store = try SQLiteShortLinkStore(path: database.path)
        let link = ShortLinkStoreConformance.link("batched")
        let written = "SELECT count FROM counts WHERE code = 'batched' AND event = 'pageShown';"
        for _ in 0..<5 { try await store.record(.pageShown, for: link, platform: .iOS, day: 9) }
        // Not yet on disk: another connection sees nothing.
        #expect(try Self.sqlite(database.path, written) == "")
        // Within the delay (polled for up to ten seconds on a loaded machine), all five at once.
        var seen = ""
        for _ in 0..<100 where seen.isEmpty {
            try await Task.sleep(for: .milliseconds(100))
            seen = try Self.sqlite(database.path, written)
        }
        #expect(seen == "5")
        // A read writes what waits first.
        try await store.record(.pageShown, for: link, platform: .iOS, day: 9)
        #expect(try await store.counts(ShortLinkCountQuery(code: link.code)).map(\.count) == [6])
        #expect(try Self.sqlite(database.path, written) == "6")
        // Past the most that may wait, the increments are written at once.
        for index in 0..<SQLiteShortLinkStore.mostPendingCounters {
            try await store.record(.pageShown, for: link, platform: .android, day: Int64(100 + index))
        }
        #expect(
            try Self.sqlite(database.path, "SELECT COUNT(*) FROM counts WHERE platform = 'android';")
                == "\(SQLiteShortLinkStore.mostPendingCounters)")
    }

    @Test("SQLite: a row whose preview is not a preview override is refused, not read as none")
    func sqliteBadPreview() async throws {
        let database = TemporaryDatabase()
        defer { database.remove() }
        let store = try SQLiteShortLinkStore(path: database.path)
        _ = try Self.sqlite(
            database.path,
            "INSERT INTO short_links (code, link, route, created_at, preview) VALUES ('odd-link', 'https://shop.example.com/p/1', 'product', 5, '{\"titel\": \"x\"}');"
        )
        await #expect(
            throws: ShortLinkError.storeFailed("a row of the store holds a preview that is not one")
        ) {
            try await store.link(for: try ShortCode("odd-link"))
        }
    }

    @Test("SQLite: a file of a newer schema, or not a database, is refused with the reason")
    func sqliteRefusals() throws {
        let database = TemporaryDatabase()
        defer { database.remove() }
        _ = try SQLiteShortLinkStore(path: database.path)
        _ = try Self.sqlite(database.path, "PRAGMA user_version = 99;")
        #expect(
            throws: ShortLinkError.storeFailed("the file's schema is version 99, newer than this package's 3")
        ) {
            try SQLiteShortLinkStore(path: database.path)
        }
        let junk = TemporaryDatabase()
        defer { junk.remove() }
        try Data(repeating: 0x41, count: 4096).write(to: URL(fileURLWithPath: junk.path))
        #expect(throws: ShortLinkError.self) { try SQLiteShortLinkStore(path: junk.path) }
        #expect(throws: ShortLinkError.self) {
            try SQLiteShortLinkStore(path: "/nonexistent-folder/x.sqlite")
        }
    }

    /// Runs a statement on the file through a connection of its own, and returns the rows'
    /// first columns, one a line.
    static func sqlite(_ path: String, _ sql: String) throws -> String {
        let connection = try SQLiteConnection(path: path)
        let statement = try connection.prepare(sql)
        try statement.bind([])
        var rows: [String] = []
        while try statement.step() { rows.append(statement.text(0) ?? "") }
        return rows.joined(separator: "\n")
    }
}
