import Dispatch

/// Monotonic nanoseconds.
enum Clock {
    static func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }
}

/// Keeps a result alive so that the optimiser cannot drop the work that produced it.
@_optimize(none)
@inline(never)
func blackHole<T>(_ value: T) {}
