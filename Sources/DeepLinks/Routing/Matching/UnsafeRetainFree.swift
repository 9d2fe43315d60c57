/// Calls `body` with `object` without counting a reference for the call.
///
/// A method called on a reference read from an array or a stored property retains and
/// releases it around the call, atomically; the router's search calls a validator for every
/// edge it tries and a route for every terminal, where those counts cost more than the call.
/// Here the reference is lent to `body` as the caller holds it.
///
/// Safe for every caller: `object` is a borrowed argument, so the caller keeps it alive for
/// the whole call, and `body` receives it as a borrowed argument too (a copy it keeps is
/// retained as any copy is).
@inline(__always)
func withoutRetaining<Object: AnyObject, Result>(_ object: Object, _ body: (Object) -> Result) -> Result {
    // Safe: the unmanaged reference is made from `object`, which the caller keeps alive until
    // this function returns, so it is valid for the whole closure (see above).
    unsafe Unmanaged.passUnretained(object)._withUnsafeGuaranteedRef(body)
}
