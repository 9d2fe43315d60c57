import Foundation

/// The path: segments split, each checked for dot segments, encoded separators and its length.
extension LinkParser {
    // MARK: - Path

    /// The segments of the path `start..<end` (its characters already checked), written
    /// into `storage`. `escapes` is whether the link holds any `%`: without one, no segment
    /// needs decoding.
    @inline(__always)
    func parsePath(
        _ bytes: ByteView, _ start: Int, _ end: Int, hasAuthority: Bool, escapes: Bool,
        into storage: borrowing Link.StorageBuilder
    ) throws(LinkError) {
        guard start < end else { return }
        var segStart = bytes[start] == UInt8(ascii: "/") ? start + 1 : start
        if !hasAuthority, bytes[start] == UInt8(ascii: "/"), start + 1 < end,
            bytes[start + 1] == UInt8(ascii: "/")
        {
            throw LinkError(.emptySegment, at: start + 1, detail: "'//' at the start of the path")
        }
        while true {
            // The C library finds the next `/` many bytes at a time, without the branch per
            // byte whose miss at each segment's end costs more than the call (measured on
            // segments of a few bytes too).
            let segEnd = bytes.firstIndex(of: UInt8(ascii: "/"), in: segStart..<end) ?? end
            let isLast = segEnd >= end
            if segStart == segEnd, !isLast, !policy.allowsEmptySegments {
                throw LinkError(.emptySegment, at: segStart, detail: "'//' in the path")
            }
            guard segEnd - segStart <= limits.maxSegmentLength else {
                throw LinkError(
                    .componentTooLong, at: segStart,
                    detail: "path segment of \(segEnd - segStart) bytes, limit \(limits.maxSegmentLength)")
            }
            storage.append(try segment(bytes, segStart, segEnd, escapes: escapes))
            guard storage.segmentCount <= limits.maxPathSegments else {
                throw LinkError(.tooManySegments, at: segStart, detail: "limit \(limits.maxPathSegments)")
            }
            if isLast { break }
            segStart = segEnd + 1
        }
    }

    func segment(
        _ bytes: ByteView, _ start: Int, _ end: Int, escapes: Bool
    ) throws(LinkError) -> PathSegment {
        let raw = string(bytes, start, end)
        var hasEscape = false
        var i = escapes ? start : end
        while i < end {
            if bytes[i] == UInt8(ascii: "%") {
                hasEscape = true
                let value = escapedByte(bytes, at: i)
                if value == UInt8(ascii: "/") || value == UInt8(ascii: "\\") || value == 0 {
                    if !policy.allowsEncodedSeparators {
                        throw LinkError(.encodedSeparator, at: i, detail: "'\(string(bytes, i, i + 3))'")
                    }
                } else if ASCII.isControl(value) {
                    throw LinkError(
                        .whitespaceOrControl, at: i, detail: "encoded \(Self.name(ofControl: value))")
                }
                i &+= 3
            } else {
                i &+= 1
            }
        }
        let decoded: String
        if hasEscape {
            guard let text = PercentEncoding.decodeNoting(raw)?.text else {
                throw LinkError(.invalidPercentEscape, at: start, detail: "'\(raw)' does not decode to UTF-8")
            }
            decoded = text
        } else {
            decoded = raw
        }
        // Without an escape the decoded text is the raw bytes, which are compared directly.
        let isDotSegment =
            hasEscape
            ? decoded == "." || decoded == ".."
            : (end - start == 1 || end - start == 2) && bytes[start] == UInt8(ascii: ".")
                && bytes[end - 1] == UInt8(ascii: ".")
        if isDotSegment {
            throw LinkError(.dotSegment, at: start, detail: "segment '\(raw)'")
        }
        return PathSegment(raw: raw, decoded: decoded)
    }
}
