/// Word-at-a-time scans over bytes and scalars, for the parts of matching that read a whole
/// URL part: splitting it, checking that it is ASCII, and finding the next occurrence of a
/// literal scalar between two stars.
///
/// Each scan reads 16 bytes (or 8 scalars) per step and falls back to one element at a time
/// for the last few, so its cost is a fraction of an instruction per byte on long input.
///
/// This file holds the module's only unsafe code. Everything it offers takes and gives safe
/// values: a `Span` lent to a closure for the time of the call, indices, counts and copies.
/// No address leaves a function here. Each unsafe read is marked `unsafe` beside the
/// invariant that keeps it in bounds, checked by a precondition where one check per call
/// covers the loop (a range outside the span would be a bug in this module, not bad input).
enum Scan {
    /// Calls `body` with the UTF-8 bytes of `text` where they are stored; `nil` when the text
    /// is not stored contiguously (a string bridged from Objective-C), which callers read
    /// another way.
    static func withUTF8<Result>(_ text: String, _ body: (Span<UInt8>) -> Result) -> Result? {
        // The buffer is valid for the closure's duration, and the span lent to `body` cannot
        // outlive it (a span is non-escapable).
        unsafe text.utf8.withContiguousStorageIfAvailable { buffer in body(unsafe buffer.span) }
    }

    /// ``withUTF8(_:_:)-(String,_)`` for a substring: its own bytes only.
    static func withUTF8<Result>(_ text: Substring, _ body: (Span<UInt8>) -> Result) -> Result? {
        // As above: the buffer covers the substring's bytes and lives for the closure.
        unsafe text.utf8.withContiguousStorageIfAvailable { buffer in body(unsafe buffer.span) }
    }

    /// Whether every byte is below 0x80.
    static func isASCII(_ bytes: Span<UInt8>) -> Bool {
        unsafe bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return true }
            let raw = unsafe UnsafeRawPointer(base)
            let count = buffer.count
            var index = 0
            var seen: UInt64 = 0
            // Every load below reads bytes `index..<index + 8` (or `+ 32`) with that end at most
            // `count`: inside the buffer. Unaligned loads of an integer have no other condition.
            while index + 32 <= count {
                seen |= unsafe raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
                seen |= unsafe raw.loadUnaligned(fromByteOffset: index + 8, as: UInt64.self)
                seen |= unsafe raw.loadUnaligned(fromByteOffset: index + 16, as: UInt64.self)
                seen |= unsafe raw.loadUnaligned(fromByteOffset: index + 24, as: UInt64.self)
                index += 32
            }
            while index + 8 <= count {
                seen |= unsafe raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
                index += 8
            }
            while index < count {
                seen |= UInt64(unsafe base[index])
                index += 1
            }
            return seen & 0x8080_8080_8080_8080 == 0
        }
    }

    /// The first index in `range` (inside the span) whose byte is `byte`.
    static func firstIndex(of byte: UInt8, in bytes: Span<UInt8>, _ range: Range<Int>) -> Int? {
        precondition(range.lowerBound >= 0 && range.upperBound <= bytes.count, "range outside the bytes")
        return unsafe bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress, !range.isEmpty else { return nil }
            let raw = unsafe UnsafeRawPointer(base)
            let needle = SIMD16<UInt8>(repeating: byte)
            var index = range.lowerBound
            // Loads bytes `index..<index + 16`, ending at most at `range.upperBound <= count`.
            while index + 16 <= range.upperBound {
                let chunk = unsafe raw.loadUnaligned(fromByteOffset: index, as: SIMD16<UInt8>.self)
                if any(chunk .== needle) { break }
                index += 16
            }
            // `range.lowerBound <= index < range.upperBound <= count`.
            while index < range.upperBound {
                if unsafe base[index] == byte { return index }
                index += 1
            }
            return nil
        }
    }

    /// The first index in `range` (inside the span) whose scalar is `scalar`.
    static func firstIndex(of scalar: UInt32, in scalars: Span<UInt32>, _ range: Range<Int>) -> Int? {
        precondition(range.lowerBound >= 0 && range.upperBound <= scalars.count, "range outside the scalars")
        return unsafe scalars.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress, !range.isEmpty else { return nil }
            let raw = unsafe UnsafeRawPointer(base)
            let needle = SIMD8<UInt32>(repeating: scalar)
            var index = range.lowerBound
            // Loads scalars `index..<index + 8`, ending at most at `range.upperBound <= count`.
            while index + 8 <= range.upperBound {
                let chunk = unsafe raw.loadUnaligned(fromByteOffset: index * 4, as: SIMD8<UInt32>.self)
                if any(chunk .== needle) { break }
                index += 8
            }
            // `range.lowerBound <= index < range.upperBound <= count`.
            while index < range.upperBound {
                if unsafe base[index] == scalar { return index }
                index += 1
            }
            return nil
        }
    }

    /// The scalars of ASCII bytes, one per byte.
    static func widened(_ bytes: Span<UInt8>) -> [UInt32] {
        let count = bytes.count
        return unsafe bytes.withUnsafeBufferPointer { source in
            // Writes elements `0..<count` of a buffer of capacity `count`, each once, before
            // saying that `count` are initialised.
            unsafe [UInt32](unsafeUninitializedCapacity: count) { target, initialized in
                for index in 0..<count { unsafe target[index] = UInt32(unsafe source[index]) }
                initialized = count
            }
        }
    }

    /// The text of UTF-8 bytes (ill-formed sequences replaced, as `String(decoding:as:)` does).
    static func string(_ bytes: Span<UInt8>) -> String {
        // The string copies the bytes while the buffer is valid.
        unsafe bytes.withUnsafeBufferPointer { buffer in unsafe String(decoding: buffer, as: UTF8.self) }
    }
}

/// The words of a Shift-And matcher's mask table, read in its inner loop without the release
/// build's bounds check (measured: the checked loops cost up to a quarter more instructions on
/// hostile patterns). A view exists only inside ``Swift/Array/withWords(_:)``'s closure: it is not
/// escapable, so the compiler refuses code that keeps it longer.
@safe struct Words: ~Escapable {
    // The array's storage, alive and unchanged for the whole closure that lends it.
    fileprivate let buffer: UnsafeBufferPointer<UInt64>

    /// A view of `buffer`, which it cannot outlive.
    @_lifetime(borrow buffer)
    fileprivate init(buffer: UnsafeBufferPointer<UInt64>) {
        unsafe self.buffer = buffer
    }

    /// The word at `index`, which must be in the array's bounds (checked in debug builds).
    @inline(__always)
    subscript(index: Int) -> UInt64 {
        unsafe assert(index >= 0 && index < buffer.count, "word index out of range")
        // In range: the matcher computes every index from the table's own dimensions.
        return unsafe buffer[index]
    }
}

/// The live state words of a Shift-And matcher, read and written in its inner loop without the
/// release build's bounds check. A view exists only inside
/// ``Swift/Array/withMutableWords(_:)``'s closure: it is not escapable, so the compiler refuses
/// code that keeps it longer.
@safe struct MutableWords: ~Escapable {
    // The array's storage, alive, uniquely referenced and not otherwise accessed for the whole
    // closure that lends it.
    fileprivate let buffer: UnsafeMutableBufferPointer<UInt64>

    /// A view of `buffer`, which it cannot outlive.
    @_lifetime(borrow buffer)
    fileprivate init(buffer: UnsafeMutableBufferPointer<UInt64>) {
        unsafe self.buffer = buffer
    }

    /// The word at `index`, which must be in the array's bounds (checked in debug builds).
    @inline(__always)
    subscript(index: Int) -> UInt64 {
        get {
            unsafe assert(index >= 0 && index < buffer.count, "word index out of range")
            return unsafe buffer[index]
        }
        nonmutating set {
            unsafe assert(index >= 0 && index < buffer.count, "word index out of range")
            unsafe buffer[index] = newValue
        }
    }
}

extension Array where Element == UInt64 {
    /// Calls `body` with a view of the words, valid only during the call.
    @inline(__always)
    func withWords<R>(_ body: (Words) -> R) -> R {
        // The view does not outlive `body`: it is made here and handed to `body` alone.
        unsafe withUnsafeBufferPointer { unsafe body(Words(buffer: $0)) }
    }

    /// Calls `body` with a writable view of the words, valid only during the call.
    @inline(__always)
    mutating func withMutableWords<R>(_ body: (MutableWords) -> R) -> R {
        // The view does not outlive `body`: it is made here and handed to `body` alone.
        unsafe withUnsafeMutableBufferPointer { unsafe body(MutableWords(buffer: $0)) }
    }
}
