import CSQLite

/// The SQLite connection the short-link store uses: the module's only calls into C.
///
/// SQLite's handles are raw pointers, so every call is `unsafe`. The invariants that make the
/// safe API below sound are kept here:
///
/// - `handle` is opened in `init` and closed only in `deinit`; the class is not `Sendable` and
///   not exposed, and ``SQLiteShortLinkStore`` (an actor) owns the one instance, so no two
///   threads use a connection at once (SQLite is also opened in its serialised mode).
/// - A ``SQLiteStatement`` keeps its connection alive (a strong reference) and finalises its
///   handle in its `deinit`, so a statement never outlives the connection it was prepared on.
/// - Text is bound with `SQLITE_TRANSIENT` (SQLite copies it during the call), so the Swift
///   string's buffer need live only for the call; column text is copied into a `String`
///   before the next step, the only time SQLite may free it.
/// - Column and parameter indices are checked against the statement's counts before each
///   call, in every build.
@safe final class SQLiteConnection {
    private let handle: OpaquePointer

    /// Opens (creating when missing) the database file at `path`.
    init(path: String) throws(SQLiteFailure) {
        var opened: OpaquePointer?
        let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_FULLMUTEX
        let status = unsafe sqlite3_open_v2(path, &opened, flags, nil)
        guard status == SQLITE_OK, let opened = unsafe opened else {
            let message = unsafe opened.map { unsafe String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
            if let opened = unsafe opened { _ = unsafe sqlite3_close_v2(opened) }
            throw SQLiteFailure(message: "cannot open \(path): \(message)")
        }
        unsafe handle = opened
        _ = unsafe sqlite3_busy_timeout(handle, 5_000)
    }

    deinit { _ = unsafe sqlite3_close_v2(handle) }

    /// The last error's message.
    var lastMessage: String { unsafe String(cString: sqlite3_errmsg(handle)) }

    /// Runs statements that return no rows.
    func execute(_ sql: String) throws(SQLiteFailure) {
        let status = unsafe sqlite3_exec(handle, sql, nil, nil, nil)
        guard status == SQLITE_OK else { throw SQLiteFailure(message: lastMessage) }
    }

    /// Prepares one statement.
    func prepare(_ sql: String) throws(SQLiteFailure) -> SQLiteStatement {
        var statement: OpaquePointer?
        let status = unsafe sqlite3_prepare_v2(handle, sql, -1, &statement, nil)
        guard status == SQLITE_OK, let statement = unsafe statement else {
            throw SQLiteFailure(message: lastMessage)
        }
        return unsafe SQLiteStatement(connection: self, handle: statement)
    }

    /// The number of rows the last statement changed.
    var changes: Int { Int(unsafe sqlite3_changes(handle)) }
}

/// One prepared statement; see ``SQLiteConnection`` for the invariants.
@safe final class SQLiteStatement {
    private let connection: SQLiteConnection
    private let handle: OpaquePointer
    private let parameterCount: Int32

    fileprivate init(connection: SQLiteConnection, handle: OpaquePointer) {
        self.connection = connection
        unsafe self.handle = handle
        parameterCount = unsafe sqlite3_bind_parameter_count(handle)
    }

    deinit { _ = unsafe sqlite3_finalize(handle) }

    /// A value to bind.
    enum Value {
        case text(String)
        case integer(Int64)
        case null
    }

    /// Binds values to the parameters 1, 2, … in order (after resetting the statement).
    func bind(_ values: [Value]) throws(SQLiteFailure) {
        guard values.count == Int(parameterCount) else {
            throw SQLiteFailure(message: "\(values.count) values for \(parameterCount) parameters")
        }
        _ = unsafe sqlite3_reset(handle)
        _ = unsafe sqlite3_clear_bindings(handle)
        for (offset, value) in values.enumerated() {
            let index = Int32(offset + 1)
            let status: Int32
            switch value {
            case .text(let text):
                var text = text
                status = text.withUTF8 { bytes in
                    unsafe bytes.withMemoryRebound(to: CChar.self) { chars in
                        unsafe csqlite_bind_text_copied(handle, index, chars.baseAddress, Int32(chars.count))
                    }
                }
            case .integer(let number): status = unsafe sqlite3_bind_int64(handle, index, number)
            case .null: status = unsafe sqlite3_bind_null(handle, index)
            }
            guard status == SQLITE_OK else { throw SQLiteFailure(message: connection.lastMessage) }
        }
    }

    /// Ends the current run, so that a kept statement holds no read snapshot open.
    func reset() { _ = unsafe sqlite3_reset(handle) }

    /// Steps once: `true` when a row is ready, `false` when the statement is done.
    func step() throws(SQLiteFailure) -> Bool {
        switch unsafe sqlite3_step(handle) {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        case let status:
            let message = connection.lastMessage
            _ = unsafe sqlite3_reset(handle)
            throw SQLiteFailure(message: message, isConstraint: status & 0xFF == SQLITE_CONSTRAINT)
        }
    }

    /// The column's text of the current row, or `nil` for NULL.
    func text(_ column: Int32) -> String? {
        let columns = unsafe sqlite3_column_count(handle)
        guard column >= 0, column < columns else { return nil }
        let type = unsafe sqlite3_column_type(handle, column)
        guard type != SQLITE_NULL, let bytes = unsafe sqlite3_column_text(handle, column) else { return nil }
        let count = Int(unsafe sqlite3_column_bytes(handle, column))
        return unsafe String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
    }

    /// The column's integer of the current row, or `nil` for NULL.
    func integer(_ column: Int32) -> Int64? {
        let columns = unsafe sqlite3_column_count(handle)
        guard column >= 0, column < columns else { return nil }
        let type = unsafe sqlite3_column_type(handle, column)
        guard type != SQLITE_NULL else { return nil }
        return unsafe sqlite3_column_int64(handle, column)
    }
}

/// What SQLite said when a call failed.
struct SQLiteFailure: Error, CustomStringConvertible {
    var description: String { message }
    /// SQLite's message.
    let message: String
    /// Whether a constraint (a unique code or request key) refused the change.
    var isConstraint = false
}
