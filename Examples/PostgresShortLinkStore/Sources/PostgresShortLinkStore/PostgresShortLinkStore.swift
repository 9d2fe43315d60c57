import Foundation
import LinkPreviews
import Logging
import PostgresNIO
import ShortLinkServer
import ShortLinks

/// A short-link store in PostgreSQL, for a site whose servers on several machines share one
/// database.
///
/// It keeps the same two tables as ``ShortLinkServer/SQLiteShortLinkStore``: `short_links`, one
/// row a link holding exactly the fields of ``ShortLinkServer/ShortLink``, and `counts`, one row
/// a counter. The schema's version is kept in the one-row table `deeplinks_schema`:
/// ``prepare()`` creates or migrates the schema in one transaction, and refuses a database of a
/// newer version than this package knows rather than misread it.
///
/// The tables live in the first schema of the connections' `search_path` (`public` unless the
/// client's configuration sets another). Codes, classes and events are compared byte by byte
/// (`COLLATE "C"`), so listings and counters come in the order the protocol gives whatever the
/// database's locale.
///
/// ```swift
/// let client = PostgresClient(configuration: configuration)
/// async let running: Void = client.run()
/// let store = PostgresShortLinkStore(client: client)
/// try await store.prepare()
/// ```
///
/// Cost: each call is one statement on a pooled connection, by primary or unique key (an
/// insertion that meets a taken code or request key reads the existing link back with one or
/// two more); a page of a listing is linear in its limit; reading counters may scan the
/// counts table.
public final class PostgresShortLinkStore: ShortLinkStore {
    /// The schema's version this package writes.
    public static let schemaVersion = 3

    /// Each version's statements, applied in order to a database of a lower version.
    static let migrations: [[PostgresQuery]] = [
        [
            """
            CREATE TABLE short_links (
                code text COLLATE "C" PRIMARY KEY,
                link text NOT NULL,
                route text NOT NULL,
                app_store text,
                play_store text,
                web text,
                minimum_app_version text,
                expires_at bigint,
                created_at bigint NOT NULL,
                request_key text UNIQUE
            )
            """
        ],
        [
            """
            CREATE TABLE counts (
                day bigint NOT NULL,
                code text COLLATE "C" NOT NULL,
                route text NOT NULL,
                platform text COLLATE "C" NOT NULL,
                event text COLLATE "C" NOT NULL,
                count bigint NOT NULL,
                PRIMARY KEY (day, code, platform, event)
            )
            """,
            "CREATE INDEX counts_by_route ON counts (route, day)",
        ],
        // 3: a link's preview override, as the JSON of `PreviewOverride`.
        ["ALTER TABLE short_links ADD COLUMN preview text"],
    ]

    /// The key of the advisory lock that keeps two processes from migrating at once.
    static let migrationLock: Int64 = 0x4465_6570_4C69_6E6B

    private static let columns =
        "code, link, route, app_store, play_store, web, minimum_app_version, expires_at, created_at, request_key, preview"

    /// The client the store queries through; the caller runs it.
    public let client: PostgresClient
    private let logger: Logger

    /// A store over a client that the caller runs (`client.run()` in a task or a service group)
    /// for as long as the store is used. Call ``prepare()`` once before the first use.
    ///
    /// - Parameters:
    ///   - client: The connection pool to the database.
    ///   - logger: Where the queries are logged (at debug level).
    public init(client: PostgresClient, logger: Logger = Logger(label: "PostgresShortLinkStore")) {
        self.client = client
        self.logger = logger
    }

    /// Creates the schema when missing and migrates one of an older version, in one transaction
    /// under an advisory lock, so that several processes may prepare at once.
    ///
    /// - Throws: ``ShortLinks/ShortLinkError/storeFailed(_:)`` when the database cannot be
    ///   reached, or its schema is newer than this package's.
    public func prepare() async throws(ShortLinkError) {
        do {
            try await client.withTransaction(logger: logger) { connection in
                try await self.migrate(connection)
            }
        } catch {
            throw Self.failure(error, "preparing the schema")
        }
    }

    private func migrate(_ connection: PostgresConnection) async throws {
        try await connection.query("SELECT pg_advisory_xact_lock(\(Self.migrationLock))", logger: logger)
        try await connection.query(
            "CREATE TABLE IF NOT EXISTS deeplinks_schema (version integer NOT NULL)", logger: logger)
        var version: Int64?
        for try await (value) in try await connection.query(
            "SELECT version::bigint FROM deeplinks_schema", logger: logger
        ).decode(Int64.self) {
            version = max(version ?? value, value)
        }
        let current = Int(version ?? 0)
        guard current <= Self.schemaVersion else {
            throw ShortLinkError.storeFailed(
                "the database's schema is version \(current), newer than this package's \(Self.schemaVersion)"
            )
        }
        for statements in Self.migrations[current...] {
            for statement in statements { try await connection.query(statement, logger: logger) }
        }
        if version == nil {
            try await connection.query(
                "INSERT INTO deeplinks_schema (version) VALUES (\(Self.schemaVersion))", logger: logger)
        } else if current < Self.schemaVersion {
            try await connection.query(
                "UPDATE deeplinks_schema SET version = \(Self.schemaVersion)", logger: logger)
        }
    }

    /// Adds a link unless its code or its request key is taken, in one statement
    /// (`INSERT … ON CONFLICT DO NOTHING`); when either is taken, reads the existing link back.
    public func insert(_ link: ShortLink) async throws(ShortLinkError) -> ShortLinkInsertion {
        do {
            let e = link.expansion
            let rows = try await client.query(
                """
                INSERT INTO short_links (\(unescaped: Self.columns))
                VALUES (\(e.code.text), \(e.link), \(e.route), \(e.fallbacks.appStore), \
                \(e.fallbacks.playStore), \(e.fallbacks.web), \(e.minimumAppVersion), \(e.expiresAt), \
                \(link.createdAt), \(link.requestKey), \(try Self.json(link.preview)))
                ON CONFLICT DO NOTHING RETURNING code
                """, logger: logger)
            var inserted = false
            for try await _ in rows { inserted = true }
            if inserted { return .inserted }
            // A link that conflicts is never deleted, so it is there to read back.
            if let key = link.requestKey, let existing = try await first("request_key", key) {
                return .sameRequest(existing)
            }
            if let existing = try await first("code", link.code.text) { return .codeTaken(existing) }
            throw ShortLinkError.storeFailed("the insertion of '\(link.code)' conflicted with no link")
        } catch {
            throw Self.failure(error, "inserting a link")
        }
    }

    /// The link of a code.
    public func link(for code: ShortCode) async throws(ShortLinkError) -> ShortLink? {
        do {
            return try await first("code", code.text)
        } catch {
            throw Self.failure(error, "reading a link")
        }
    }

    /// A page of links in the order of their codes.
    public func links(after code: ShortCode?, limit: Int) async throws(ShortLinkError) -> [ShortLink] {
        do {
            return try await shortLinks(
                """
                SELECT \(unescaped: Self.columns) FROM short_links WHERE code > \(code?.text ?? "")
                ORDER BY code LIMIT \(Int64(max(0, limit)))
                """)
        } catch {
            throw Self.failure(error, "listing links")
        }
    }

    /// Sets the expiry of a code's link, in one statement.
    public func setExpiry(of code: ShortCode, to time: Int64?) async throws(ShortLinkError) -> ShortLink? {
        do {
            return try await shortLinks(
                """
                UPDATE short_links SET expires_at = \(time) WHERE code = \(code.text)
                RETURNING \(unescaped: Self.columns)
                """
            ).first
        } catch {
            throw Self.failure(error, "setting an expiry")
        }
    }

    /// Adds one to a counter, in one statement (`INSERT … ON CONFLICT … DO UPDATE`).
    public func record(_ event: ShortLinkEvent, for link: ShortLink, platform: PlatformClass, day: Int64)
        async throws(ShortLinkError)
    {
        do {
            try await client.query(
                """
                INSERT INTO counts (day, code, route, platform, event, count)
                VALUES (\(day), \(link.code.text), \(link.expansion.route), \(platform.rawValue), \
                \(event.rawValue), 1)
                ON CONFLICT (day, code, platform, event) DO UPDATE SET count = counts.count + 1
                """, logger: logger)
        } catch {
            throw Self.failure(error, "recording an event")
        }
    }

    /// The counters a query matches, ordered by day, code, platform and event.
    public func counts(_ query: ShortLinkCountQuery) async throws(ShortLinkError) -> [ShortLinkCount] {
        do {
            let rows = try await client.query(
                """
                SELECT day, code, route, platform, event, count FROM counts
                WHERE (\(query.code?.text)::text IS NULL OR code = \(query.code?.text))
                  AND (\(query.route)::text IS NULL OR route = \(query.route))
                  AND (\(query.fromDay)::bigint IS NULL OR day >= \(query.fromDay))
                  AND (\(query.toDay)::bigint IS NULL OR day <= \(query.toDay))
                ORDER BY day, code, platform, event
                """, logger: logger)
            var counts: [ShortLinkCount] = []
            for try await (day, text, route, platformText, eventText, count) in rows.decode(
                (Int64, String, String, String, String, Int64).self)
            {
                guard let code = try? ShortCode(text), let platform = PlatformClass(rawValue: platformText),
                    let event = ShortLinkEvent(rawValue: eventText)
                else { throw ShortLinkError.storeFailed("a row of the counts is not a counter") }
                counts.append(
                    ShortLinkCount(
                        day: day, code: code, route: route, platform: platform, event: event, count: count)
                )
            }
            return counts
        } catch {
            throw Self.failure(error, "reading counters")
        }
    }

    /// The link whose `column` (`code` or `request_key`) is `value`.
    private func first(_ column: String, _ value: String) async throws -> ShortLink? {
        try await shortLinks(
            "SELECT \(unescaped: Self.columns) FROM short_links WHERE \(unescaped: column) = \(value) LIMIT 1"
        ).first
    }

    /// The links a statement returns, read back in the order of ``columns``.
    private func shortLinks(_ statement: PostgresQuery) async throws -> [ShortLink] {
        var links: [ShortLink] = []
        for try await row in try await client.query(statement, logger: logger).decode(
            (String, String, String, String?, String?, String?, String?, Int64?, Int64, String?, String?).self
        ) {
            let (
                text, link, route, appStore, playStore, web, minimumAppVersion, expiresAt, createdAt, key,
                preview
            ) =
                row
            guard let code = try? ShortCode(text) else {
                throw ShortLinkError.storeFailed(
                    "a row of the store is not a short link: \(text.debugDescription)")
            }
            let expansion = ShortLinkExpansion(
                code: code, link: link, route: route,
                fallbacks: ShortLinkFallbacks(appStore: appStore, playStore: playStore, web: web),
                minimumAppVersion: minimumAppVersion, expiresAt: expiresAt)
            links.append(
                ShortLink(
                    expansion: expansion, createdAt: createdAt, requestKey: key,
                    preview: try preview.map { try Self.preview(fromJSON: $0, code: text) }))
        }
        return links
    }

    /// A preview override as the JSON the `preview` column holds.
    private static func json(_ preview: PreviewOverride?) throws -> String? {
        guard let preview else { return nil }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(preview), as: UTF8.self)
    }

    /// The preview override a `preview` column holds.
    private static func preview(fromJSON json: String, code: String) throws -> PreviewOverride {
        guard let preview = try? JSONDecoder().decode(PreviewOverride.self, from: Data(json.utf8)) else {
            throw ShortLinkError.storeFailed(
                "the row of \(code.debugDescription) holds a preview that is not one")
        }
        return preview
    }

    /// A store failure that says what was being done and what went wrong.
    ///
    /// PostgresNIO keeps the details out of its errors' descriptions; this reads the server's
    /// message and state, or the client's error code, which name no value of the query.
    static func failure(_ error: any Error, _ doing: String) -> ShortLinkError {
        .storeFailed("\(doing): \(reason(error))")
    }

    private static func reason(_ error: any Error) -> String {
        switch error {
        case ShortLinkError.storeFailed(let message): return message
        case let error as ShortLinkError: return error.description
        case let error as PostgresTransactionError:
            if let failure = error.beginError ?? error.closureError ?? error.commitError {
                return reason(failure)
            }
            return "the transaction failed"
        case let error as PSQLError:
            if let message = error.serverInfo?[.message] {
                return
                    "the server answered \(message) (SQLSTATE \(error.serverInfo?[.sqlState] ?? "unknown"))"
            }
            return "the client failed (\(error.code))" + (error.underlying.map { ": \($0)" } ?? "")
        case let error as PostgresDecodingError:
            return "the column '\(error.columnName)' could not be read (\(error.code))"
        default: return "\(error)"
        }
    }
}
