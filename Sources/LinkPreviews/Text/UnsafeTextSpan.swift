/// A text's UTF-8 bytes lent as a span: the one place where this module's text checks read a
/// string's bytes through a pointer.
///
/// Reading a `String.UTF8View` one byte at a time costs tens of instructions a byte; a span
/// reads each byte with one bounds check, and cannot outlive the call that lends it.
///
/// `DeepLinks` lends spans the same way (`TextBytes.read`, internal to it): a generic function
/// that takes a closure, called from another module, runs unspecialised there (measured: the
/// page's checks cost more through it than without a span), so this module keeps its own.
enum TextSpan {
    /// Calls `body` with the text's UTF-8 bytes, read in place: a native string's storage, a
    /// small string's bytes copied on the stack (no allocation), any other string made native
    /// first.
    @inline(__always)
    static func read<Result>(_ text: String, _ body: (Span<UInt8>) -> Result) -> Result {
        // Safe: each buffer is valid for its whole closure only, and the span made from it
        // cannot outlive the closure (the compiler ties the span's lifetime to the buffer's).
        if let result = unsafe text.utf8.withContiguousStorageIfAvailable({ bytes in unsafe body(bytes.span) }
        ) {
            return result
        }
        // A small string (up to 15 bytes, kept in the value) lends a copy on the stack; any
        // other is made native first.
        var copy = text
        return copy.withUTF8 { bytes in unsafe body(bytes.span) }
    }
}
