import Foundation

/// A value that several tasks share, read and written only while a lock is held.
///
/// This file holds the module's only unsafe construct: the `@unchecked Sendable` below. The
/// compiler cannot see that a lock guards `value`, so it cannot prove the class safe to share;
/// the invariant that makes it safe is kept here and nowhere else:
///
/// - `value` is private, and the only way to reach it is ``withLock(_:)``, which holds `lock`
///   for the whole call: no two threads ever read or write it at once.
/// - The closure gets the value `inout`, an access that ends when the closure returns, and
///   `Value` is `Sendable`: what the closure returns is a copy, never a reference into the
///   guarded storage.
/// - The closure must not call ``withLock(_:)`` on the same instance (the lock is not
///   recursive); the callers in this module are one dictionary read or write each, or
///   one read or write of a template's kept site parts.
///
/// `Mutex` from the Synchronization module does the same with a checked conformance, but needs
/// macOS 15 and iOS 18, later than this package's deployment targets.
final class Locked<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` with the value while the lock is held, and returns what `body` returns.
    func withLock<Result: Sendable>(_ body: (inout Value) -> Result) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return body(&value)
    }
}
