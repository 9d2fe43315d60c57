extension KeptValue {
    /// Calls `body` with `count` values, each ``none``, kept on the stack: what the search
    /// keeps of the path parameters it checked, without allocating for each lookup.
    @inline(__always)
    static func withScratch<Result>(count: Int, _ body: (inout MutableSpan<KeptValue>) -> Result) -> Result {
        // A value that needs no clean-up: the buffer is released without deinitializing.
        assert(_isPOD(KeptValue.self), "KeptValue must be trivial")
        // Safe: every element is initialized before the span is made; the span's lifetime is
        // tied to the buffer's, which lasts the whole closure, so `body` cannot keep it.
        return unsafe withUnsafeTemporaryAllocation(of: KeptValue.self, capacity: count) { buffer in
            unsafe buffer.initialize(repeating: .none)
            var span = unsafe buffer.mutableSpan
            return body(&span)
        }
    }
}
