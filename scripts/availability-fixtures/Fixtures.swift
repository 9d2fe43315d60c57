// The module `check-availability.py --self-test` checks: every line marked `expect: NAME` must be
// reported as NAME, and no other line may be. Not part of the package.
import Synchronization

func unguarded(_ bytes: [UInt8]) -> String? {
    String(validating: bytes, as: UTF8.self)  // expect: String.init(validating:as:)
}

func guardedByIf(_ bytes: [UInt8]) -> String? {
    if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
        return String(validating: bytes, as: UTF8.self)
    }
    return String(decoding: bytes, as: UTF8.self)
}

func guardedByGuard(_ bytes: [UInt8]) -> String? {
    guard #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) else { return nil }
    let note = "a string with } and { and \(bytes.count) inside"
    _ = note
    return String(validating: bytes, as: UTF8.self)
}

@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
func guardedByAttribute(_ bytes: [UInt8]) -> String? {
    String(validating: bytes, as: UTF8.self)
}

func guardedForOnePlatformOnly(_ bytes: [UInt8]) -> String? {
    if #available(macOS 15, *) {
        // Still reported: iOS, tvOS, watchOS and visionOS are not checked for.
        return String(validating: bytes, as: UTF8.self)  // expect: String.init(validating:as:)
    }
    return nil
}

func afterTheGuardedBranch(_ bytes: [UInt8]) -> String? {
    if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
        _ = bytes
    }
    /* if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) { */
    return String(validating: bytes, as: UTF8.self)  // expect: String.init(validating:as:)
}

func lock() -> Int {
    let counter = Mutex(0)  // expect: Mutex.init(_:)
    return counter.withLock { $0 }  // expect: Mutex.withLock
}

func span(_ values: [Int]) -> Int {
    values.span.count  // expect: Array.span
}

func olderAPIsPass(_ values: [Int]) -> Int {
    values.count(where: { $0 > 1 }) + values.reduce(0, +)
}
