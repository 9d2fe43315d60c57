// Expected: refused. A view of bytes kept past the closure that lends them would read memory
// that may be gone.
func probeKeepsAByteView(_ bytes: [UInt8]) -> Int {
    let kept: ByteView = ByteView.withBytes(of: bytes) { $0 }
    return kept.count
}
