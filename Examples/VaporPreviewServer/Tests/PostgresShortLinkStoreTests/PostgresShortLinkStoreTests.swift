import Foundation
import Logging
import PostgresNIO
import PostgresShortLinkStore
import ShortLinkServer
import ShortLinks
import Testing

/// The server the tests use, from `POSTGRES_URL` (postgres://user:password@host:port/database).
let postgresURL = ProcessInfo.processInfo.environment["POSTGRES_URL"].flatMap { $0.isEmpty ? nil : $0 }

@Suite(
    .enabled(
        if: postgresURL != nil,
        "POSTGRES_URL is not set: these tests need a PostgreSQL server (scripts/check-postgres-store.sh starts one)"
    ))
struct PostgresShortLinkStoreTests {
    @Test func passesTheConformanceChecks() async throws {
        try await TestDatabase.with { database in
            let failures = await ShortLinkStoreConformance.failures { try await database.freshStore() }
            #expect(failures == [])
        }
    }

    @Test func migratesAVersionOneDatabase() async throws {
        try await TestDatabase.with { database in
            let client = try await database.freshSchema()
            // Version 1, as a store of that version left it: links, no counters.
            try await client.query("CREATE TABLE deeplinks_schema (version integer NOT NULL)")
            try await client.query("INSERT INTO deeplinks_schema (version) VALUES (1)")
            try await client.query(
                """
                CREATE TABLE short_links (
                    code text COLLATE "C" PRIMARY KEY, link text NOT NULL, route text NOT NULL,
                    app_store text, play_store text, web text, minimum_app_version text,
                    expires_at bigint, created_at bigint NOT NULL, request_key text UNIQUE)
                """)
            try await client.query(
                """
                INSERT INTO short_links (code, link, route, created_at, request_key)
                VALUES ('old-link', 'https://shop.example.com/p/7', 'product', 1700000000, 'old-key')
                """)

            let store = PostgresShortLinkStore(client: client)
            try await store.prepare()
            try await store.prepare()  // a second preparation changes nothing

            let old = try #require(try await store.link(for: ShortCode("old-link")))
            #expect(old.expansion.link == "https://shop.example.com/p/7")
            #expect(old.requestKey == "old-key")
            try await store.record(.pageShown, for: old, platform: .iOS, day: 20_000)
            try await store.record(.pageShown, for: old, platform: .iOS, day: 20_000)
            #expect(try await store.counts(ShortLinkCountQuery()).map(\.count) == [2])
            #expect(try await database.versions(in: client) == [PostgresShortLinkStore.schemaVersion])
        }
    }

    @Test func refusesANewerSchema() async throws {
        try await TestDatabase.with { database in
            let client = try await database.freshSchema()
            try await PostgresShortLinkStore(client: client).prepare()
            let newer = PostgresShortLinkStore.schemaVersion + 1
            try await client.query("UPDATE deeplinks_schema SET version = \(newer)")

            await #expect {
                try await PostgresShortLinkStore(client: client).prepare()
            } throws: { error in
                guard case ShortLinkError.storeFailed(let message) = error else { return false }
                return message.contains("newer") && message.contains("\(newer)")
            }
            #expect(try await database.versions(in: client) == [newer])
        }
    }

    @Test func preparesOnceFromManyTasks() async throws {
        try await TestDatabase.with { database in
            let client = try await database.freshSchema()
            try await withThrowingTaskGroup(of: Void.self) { group in
                for _ in 0..<8 {
                    group.addTask { try await PostgresShortLinkStore(client: client).prepare() }
                }
                try await group.waitForAll()
            }
            #expect(try await database.versions(in: client) == [PostgresShortLinkStore.schemaVersion])
        }
    }

    @Test func reportsTheServersAnswerAsAStoreFailure() async throws {
        try await TestDatabase.with { database in
            // A store that was never prepared: the server answers that the table is missing.
            let store = PostgresShortLinkStore(client: try await database.freshSchema())
            await #expect {
                try await store.link(for: ShortCode("missing"))
            } throws: { error in
                // The server's message may be in its own language; its state is not.
                guard case ShortLinkError.storeFailed(let message) = error else { return false }
                return message.hasPrefix("reading a link: the server answered ")
                    && message.hasSuffix("(SQLSTATE 42P01)")
            }
        }
    }
}

/// The test server, with each store in a schema of its own (`s_` and a random number), named
/// as the first of its client's `search_path` so that every pooled connection uses it; the
/// schemas are dropped at the end.
actor TestDatabase {
    /// A logger that drops everything: the tests read results, not logs.
    static let quiet = Logger(label: "tests", factory: { _ in SwiftLogNoOpLogHandler() })

    private let admin: PostgresClient
    private var schemas: [String] = []
    private var running: [Task<Void, Never>] = []
    /// The run task of the last store's client: a store's check is over when the next store is
    /// asked for, so only one store client has connections open at a time.
    private var lastStore: Task<Void, Never>?

    private init(admin: PostgresClient) { self.admin = admin }

    /// Runs `body` with a database on the test server, then closes every client and drops the
    /// schemas it made.
    static func with(_ body: (TestDatabase) async throws -> Void) async throws {
        var configuration = try configuration()
        configuration.options.maximumConnections = 2
        let admin = PostgresClient(configuration: configuration, backgroundLogger: quiet)
        let adminRunning = Task { await admin.run() }
        let database = TestDatabase(admin: admin)
        do {
            try await body(database)
            try await database.close()
        } catch {
            try? await database.close()
            adminRunning.cancel()
            throw error
        }
        adminRunning.cancel()
    }

    /// The client configuration that `POSTGRES_URL` names, without TLS (the server is on
    /// loopback in CI).
    static func configuration(searchPath: String? = nil) throws -> PostgresClient.Configuration {
        guard let text = postgresURL, let url = URL(string: text), let host = url.host, let user = url.user
        else {
            throw ShortLinkError.invalidConfiguration(
                "POSTGRES_URL is not postgres://user:password@host:port/db")
        }
        let database = url.path.hasPrefix("/") ? String(url.path.dropFirst()) : url.path
        var configuration = PostgresClient.Configuration(
            host: host, port: url.port ?? 5432, username: user, password: url.password,
            database: database.isEmpty ? nil : database, tls: .disable)
        if let searchPath {
            configuration.options.additionalStartupParameters = [("search_path", searchPath)]
        }
        configuration.options.maximumConnections = 10
        return configuration
    }

    /// A running client whose connections use a new, empty schema.
    func freshSchema() async throws -> PostgresClient {
        let schema = "s_\(UInt64.random(in: 1...UInt64.max))"
        try await admin.query("CREATE SCHEMA \(unescaped: schema)")
        schemas.append(schema)
        let client = PostgresClient(
            configuration: try Self.configuration(searchPath: schema), backgroundLogger: Self.quiet)
        running.append(Task { await client.run() })
        return client
    }

    /// A prepared store in a new schema; the previous store's client is closed.
    func freshStore() async throws -> any ShortLinkStore {
        lastStore?.cancel()
        let client = try await freshSchema()
        lastStore = running.last
        let store = PostgresShortLinkStore(client: client)
        try await store.prepare()
        return store
    }

    /// The rows of `deeplinks_schema` in a client's schema.
    func versions(in client: PostgresClient) async throws -> [Int] {
        var versions: [Int] = []
        for try await version in try await client.query("SELECT version::bigint FROM deeplinks_schema")
            .decode(
                Int64.self)
        {
            versions.append(Int(version))
        }
        return versions
    }

    private func close() async throws {
        for task in running { task.cancel() }
        for schema in schemas { try await admin.query("DROP SCHEMA \(unescaped: schema) CASCADE") }
    }
}
