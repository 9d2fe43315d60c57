/// A response body read up to a byte limit, as a transport collects it piece by piece: the
/// bytes that fit, and whether any were cut.
struct CappedBody {
    /// The most bytes kept.
    let byteLimit: Int
    /// The bytes kept so far, at most ``byteLimit``.
    private(set) var bytes: [UInt8] = []
    /// Whether a piece went past the limit, so the body was cut there.
    private(set) var isTruncated = false

    /// An empty body that keeps at most `byteLimit` bytes.
    init(byteLimit: Int) { self.byteLimit = byteLimit }

    /// Appends a piece, or as much of it as fits; `false` (stop the transfer) once the limit is
    /// passed.
    mutating func append(_ piece: some Collection<UInt8>) -> Bool {
        let room = byteLimit - bytes.count
        if piece.count > room {
            bytes.append(contentsOf: piece.prefix(max(room, 0)))
            isTruncated = true
            return false
        }
        bytes.append(contentsOf: piece)
        return true
    }
}
