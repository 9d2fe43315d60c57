import Foundation
import LinkPreviews
import ShortLinks

/// The default store: one SQLite file on the site's machine, created on first use.
///
/// The file is opened in write-ahead-log mode, so readers never wait for a writer, and with a
/// busy timeout of five seconds, so that several processes on one machine can share it. A new
/// link is synced to disk before ``insert(_:)`` returns; counters are gathered in memory and
/// written together at most a second later, without waiting for the disk (SQLite's
/// `synchronous=NORMAL`), so a crash or a power cut may lose the last second's counts but never
/// a link, and never the file's consistency. Its
/// schema carries a version (SQLite's `user_version`): opening a file of an older version
/// migrates it in one transaction, and a file of a newer version than this package knows is
/// refused rather than misread.
///
/// One row a short link, holding exactly the fields of ``ShortLink`` (its preview override as
/// JSON), and one row a counter
/// (``ShortLinkCount``: a day, a code, its route, a class of client, an event and a number): no
/// person, address or device is stored.
///
/// ```swift
/// let store = try SQLiteShortLinkStore(path: "/var/lib/shop/short-links.sqlite")
/// ```
///
/// Cost: each call is one indexed statement (by code, or by request key), linear in the
/// fields it reads or writes; a page of a listing is linear in its limit.
public actor SQLiteShortLinkStore: ShortLinkStore {
    /// The schema's version this package writes.
    public static let schemaVersion = 3

    /// Each version's statements, applied in order to a file of a lower version.
    static let migrations: [String] = [
        """
        CREATE TABLE short_links (
            code TEXT PRIMARY KEY NOT NULL,
            link TEXT NOT NULL,
            route TEXT NOT NULL,
            app_store TEXT,
            play_store TEXT,
            web TEXT,
            minimum_app_version TEXT,
            expires_at INTEGER,
            created_at INTEGER NOT NULL,
            request_key TEXT UNIQUE
        );
        """,
        """
        CREATE TABLE counts (
            day INTEGER NOT NULL,
            code TEXT NOT NULL,
            route TEXT NOT NULL,
            platform TEXT NOT NULL,
            event TEXT NOT NULL,
            count INTEGER NOT NULL,
            PRIMARY KEY (day, code, platform, event)
        ) WITHOUT ROWID;
        CREATE INDEX counts_by_route ON counts (route, day);
        """,
        // 3: a link's preview override, as the JSON of `PreviewOverride`.
        """
        ALTER TABLE short_links ADD COLUMN preview TEXT;
        """,
    ]

    private static let columns =
        "code, link, route, app_store, play_store, web, minimum_app_version, expires_at, created_at, request_key, preview"

    private let connection: SQLiteConnection
    /// The statements prepared so far, by their text: each is compiled once per store.
    private var statements: [String: SQLiteStatement] = [:]
    /// Counter increments not written yet, with each counter's route.
    private var pendingCounters: [CounterKey: (route: String, count: Int64)] = [:]
    /// Whether a write of the waiting increments is scheduled.
    private var writeScheduled = false
    /// The file's path.
    public nonisolated let path: String

    /// Opens the store at `path`, creating the file and its schema when missing, and migrating
    /// a file of an older schema.
    ///
    /// - Throws: `ShortLinkError.storeFailed(_:)` when the file cannot be opened or is not
    ///   a store this package can read.
    public init(path: String) throws(ShortLinkError) {
        do {
            connection = try SQLiteConnection(path: path)
            try connection.execute(
                "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL; PRAGMA foreign_keys=ON;")
            try Self.migrate(connection)
        } catch {
            throw .storeFailed(error.message)
        }
        self.path = path
    }

    private static func migrate(_ connection: SQLiteConnection) throws(SQLiteFailure) {
        try connection.execute("BEGIN IMMEDIATE")
        do throws(SQLiteFailure) {
            let read = try connection.prepare("PRAGMA user_version")
            let version = try read.step() ? Int(read.integer(0) ?? 0) : 0
            guard version <= schemaVersion else {
                throw SQLiteFailure(
                    message:
                        "the file's schema is version \(version), newer than this package's \(schemaVersion)")
            }
            for index in version..<schemaVersion {
                try connection.execute(migrations[index])
            }
            if version < schemaVersion { try connection.execute("PRAGMA user_version = \(schemaVersion)") }
            try connection.execute("COMMIT")
        } catch {
            try? connection.execute("ROLLBACK")
            throw error
        }
    }

    /// Adds a link unless its code or its request key is taken, in one transaction.
    public func insert(_ link: ShortLink) throws(ShortLinkError) -> ShortLinkInsertion {
        do throws(SQLiteFailure) {
            // A link is on disk before it is handed out (a printed code must never dangle);
            // counters may lose their last increments to a power cut, never their consistency.
            try connection.execute("PRAGMA synchronous=FULL; BEGIN IMMEDIATE")
            defer { try? connection.execute("PRAGMA synchronous=NORMAL") }
            do throws(SQLiteFailure) {
                let result = try insertInTransaction(link)
                try connection.execute("COMMIT")
                return result
            } catch {
                try? connection.execute("ROLLBACK")
                throw error
            }
        } catch {
            throw .storeFailed(error.message)
        }
    }

    private func insertInTransaction(_ link: ShortLink) throws(SQLiteFailure) -> ShortLinkInsertion {
        if let key = link.requestKey, let existing = try first("WHERE request_key = ?1", [.text(key)]) {
            return .sameRequest(existing)
        }
        if let existing = try first("WHERE code = ?1", [.text(link.code.text)]) {
            return .codeTaken(existing)
        }
        let insert = try statement(
            "INSERT INTO short_links (\(Self.columns)) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)")
        defer { insert.reset() }
        let e = link.expansion
        try insert.bind([
            .text(e.code.text), .text(e.link), .text(e.route), optional(e.fallbacks.appStore),
            optional(e.fallbacks.playStore), optional(e.fallbacks.web), optional(e.minimumAppVersion),
            e.expiresAt.map { .integer($0) } ?? .null, .integer(link.createdAt), optional(link.requestKey),
            optional(try Self.json(link.preview)),
        ])
        _ = try insert.step()
        return .inserted
    }

    /// The link of a code.
    public func link(for code: ShortCode) throws(ShortLinkError) -> ShortLink? {
        do {
            return try first("WHERE code = ?1", [.text(code.text)])
        } catch {
            throw .storeFailed(error.message)
        }
    }

    /// A page of links in the order of their codes.
    public func links(after code: ShortCode?, limit: Int) throws(ShortLinkError) -> [ShortLink] {
        do {
            let select = try statement(
                "SELECT \(Self.columns) FROM short_links WHERE code > ?1 ORDER BY code LIMIT ?2")
            defer { select.reset() }
            try select.bind([.text(code?.text ?? ""), .integer(Int64(max(0, limit)))])
            var links: [ShortLink] = []
            while try select.step() { links.append(try Self.row(select)) }
            return links
        } catch {
            throw .storeFailed(error.message)
        }
    }

    /// Sets the expiry of a code's link.
    public func setExpiry(of code: ShortCode, to time: Int64?) throws(ShortLinkError) -> ShortLink? {
        do {
            let update = try statement("UPDATE short_links SET expires_at = ?1 WHERE code = ?2")
            defer { update.reset() }
            try update.bind([time.map { .integer($0) } ?? .null, .text(code.text)])
            _ = try update.step()
            return try first("WHERE code = ?1", [.text(code.text)])
        } catch {
            throw .storeFailed(error.message)
        }
    }

    /// Adds one to a counter.
    ///
    /// The increment waits in memory with the others and is written with them, in one
    /// transaction, at most ``counterDelay`` later (or at once when
    /// ``mostPendingCounters`` counters wait): a request never waits for a counter's write.
    /// ``counts(_:)`` writes what waits before it reads; call ``writeCounters()`` before the
    /// process ends.
    public func record(_ event: ShortLinkEvent, for link: ShortLink, platform: PlatformClass, day: Int64)
        throws(ShortLinkError)
    {
        let key = CounterKey(day: day, code: link.code.text, platform: platform, event: event)
        pendingCounters[key, default: (link.expansion.route, 0)].count += 1
        if pendingCounters.count >= Self.mostPendingCounters {
            try writeCounters()
        } else if !writeScheduled {
            writeScheduled = true
            Task {
                try? await Task.sleep(for: Self.counterDelay)
                try? self.writeCounters()
            }
        }
    }

    /// The longest an increment waits before it is written: one second.
    public static let counterDelay: Duration = .seconds(1)
    /// The most distinct counters that wait at once; the next increment writes them all.
    public static let mostPendingCounters = 1_024

    /// Writes every waiting increment now, in one transaction.
    ///
    /// When the write fails, the increments keep waiting and the next write tries them again.
    public func writeCounters() throws(ShortLinkError) {
        writeScheduled = false
        guard !pendingCounters.isEmpty else { return }
        do throws(SQLiteFailure) {
            try connection.execute("BEGIN IMMEDIATE")
            do throws(SQLiteFailure) {
                let upsert = try statement(
                    """
                    INSERT INTO counts (day, code, route, platform, event, count) VALUES (?1, ?2, ?3, ?4, ?5, ?6)
                    ON CONFLICT (day, code, platform, event) DO UPDATE SET count = count + ?6
                    """)
                defer { upsert.reset() }
                for (key, value) in pendingCounters {
                    try upsert.bind([
                        .integer(key.day), .text(key.code), .text(value.route), .text(key.platform.rawValue),
                        .text(key.event.rawValue), .integer(value.count),
                    ])
                    _ = try upsert.step()
                    upsert.reset()
                }
                try connection.execute("COMMIT")
            } catch {
                try? connection.execute("ROLLBACK")
                throw error
            }
        } catch {
            throw .storeFailed(error.message)
        }
        pendingCounters = [:]
    }

    /// What identifies one counter.
    private struct CounterKey: Hashable {
        let day: Int64
        let code: String
        let platform: PlatformClass
        let event: ShortLinkEvent
    }

    /// The counters a query matches.
    public func counts(_ query: ShortLinkCountQuery) throws(ShortLinkError) -> [ShortLinkCount] {
        try writeCounters()
        do throws(SQLiteFailure) {
            let select = try statement(
                """
                SELECT day, code, route, platform, event, count FROM counts
                WHERE (?1 IS NULL OR code = ?1) AND (?2 IS NULL OR route = ?2)
                  AND (?3 IS NULL OR day >= ?3) AND (?4 IS NULL OR day <= ?4)
                ORDER BY day, code, platform, event
                """)
            defer { select.reset() }
            try select.bind([
                optional(query.code?.text), optional(query.route),
                query.fromDay.map { .integer($0) } ?? .null,
                query.toDay.map { .integer($0) } ?? .null,
            ])
            var counts: [ShortLinkCount] = []
            while try select.step() {
                guard let day = select.integer(0), let text = select.text(1), let code = try? ShortCode(text),
                    let route = select.text(2),
                    let platform = select.text(3).flatMap(PlatformClass.init(rawValue:)),
                    let event = select.text(4).flatMap(ShortLinkEvent.init(rawValue:)),
                    let count = select.integer(5)
                else { throw SQLiteFailure(message: "a row of the counts is not a counter") }
                counts.append(
                    ShortLinkCount(
                        day: day, code: code, route: route, platform: platform, event: event, count: count))
            }
            return counts
        } catch {
            throw .storeFailed(error.message)
        }
    }

    private func first(_ condition: String, _ values: [SQLiteStatement.Value]) throws(SQLiteFailure)
        -> ShortLink?
    {
        let select = try statement("SELECT \(Self.columns) FROM short_links \(condition) LIMIT 1")
        defer { select.reset() }
        try select.bind(values)
        return try select.step() ? try Self.row(select) : nil
    }

    /// The prepared statement of a text, compiled on first use.
    /// Callers reset it when done (`defer { statement.reset() }`), so that no kept statement
    /// holds a read snapshot open.
    private func statement(_ sql: String) throws(SQLiteFailure) -> SQLiteStatement {
        if let kept = statements[sql] { return kept }
        let prepared = try connection.prepare(sql)
        statements[sql] = prepared
        return prepared
    }

    private func optional(_ text: String?) -> SQLiteStatement.Value { text.map { .text($0) } ?? .null }

    /// A row read back; a row this package did not write (a code that is not one) is an error.
    private static func row(_ s: SQLiteStatement) throws(SQLiteFailure) -> ShortLink {
        guard let text = s.text(0), let code = try? ShortCode(text), let link = s.text(1),
            let route = s.text(2),
            let created = s.integer(8)
        else { throw SQLiteFailure(message: "a row of the store is not a short link") }
        let expansion = ShortLinkExpansion(
            code: code, link: link, route: route,
            fallbacks: ShortLinkFallbacks(appStore: s.text(3), playStore: s.text(4), web: s.text(5)),
            minimumAppVersion: s.text(6), expiresAt: s.integer(7))
        var preview: PreviewOverride? = nil
        if let json = s.text(10) {
            guard let decoded = try? JSONDecoder().decode(PreviewOverride.self, from: Data(json.utf8)) else {
                throw SQLiteFailure(message: "a row of the store holds a preview that is not one")
            }
            preview = decoded
        }
        return ShortLink(expansion: expansion, createdAt: created, requestKey: s.text(9), preview: preview)
    }

    /// A preview override as the JSON the `preview` column holds.
    private static func json(_ preview: PreviewOverride?) throws(SQLiteFailure) -> String? {
        guard let preview else { return nil }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(preview) else {
            throw SQLiteFailure(message: "a preview override could not be written as JSON")
        }
        return String(decoding: data, as: UTF8.self)
    }
}
