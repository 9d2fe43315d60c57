import Foundation

/// The query: items split, each decoded and checked, with the policy's limits.
extension LinkParser {
    // MARK: - Query

    /// The query from `start` (after `?`): it ends at the first `#` or at `limit`. Returns
    /// its items, without those sanitising removes when `sanitizing`, whether any was left out,
    /// and where the query ends.
    func parseQuery(
        _ bytes: ByteView, _ start: Int, _ limit: Int, checked check: Result<ComponentCheck, LinkError>,
        escapes: Bool, sanitizing: Bool, into storage: borrowing Link.StorageBuilder
    ) throws(LinkError) -> (Bool, Int) {
        // One function: the gate's one pass over a hostile query's bytes, whose item count,
        // sanitising state and storage each item updates; split, that state would go in and out of
        // a call per item of every link.
        // A query over the limit is refused as such before anything in it.
        func checkLength(_ end: Int) throws(LinkError) {
            guard end - start <= limits.maxQueryLength else {
                throw LinkError(
                    .componentTooLong, at: start,
                    detail: "query of \(end - start) bytes, limit \(limits.maxQueryLength)")
            }
        }
        let checked: ComponentCheck
        switch check {
        case .success(let value): checked = value
        case .failure(let error):
            try checkLength(componentEnd(bytes, from: start, limit, ends: .atFragment))
            throw error
        }
        let end = checked.end
        try checkLength(end)
        if let quote = checked.quote {
            throw LinkError(
                .invalidCharacter, at: quote, detail: "\"'\" in the query, which browsers send as %27")
        }
        let removedNames = compiled.removedNames
        let stops = compiled.queryItemStopTable
        var total = 0
        var isSanitized = false
        var itemStart = start
        while itemStart <= end {
            var itemEnd = itemStart
            var equals: Int?
            var percent = false
            if !escapes {
                // Nothing escaped in the link: only `&` and the first `=` matter, which the C
                // library finds many bytes at a time, without a branch per byte.
                itemEnd = bytes.firstIndex(of: UInt8(ascii: "&"), in: itemStart..<end) ?? end
                equals = bytes.firstIndex(of: UInt8(ascii: "="), in: itemStart..<itemEnd)
            } else {
                // One table look-up per byte; only `&`, `=` and `%` need a second look.
                while true {
                    itemEnd = bytes.firstIndex(in: itemEnd..<end, where: stops, hasAny: 1)
                    guard itemEnd < end else { break }
                    let b = bytes[itemEnd]
                    if b == UInt8(ascii: "&") { break }
                    if b == UInt8(ascii: "=") {
                        if equals == nil { equals = itemEnd }
                    } else {
                        percent = true
                    }
                    itemEnd &+= 1
                }
            }
            if itemEnd > itemStart {
                total += 1
                let escaped = escapes && percent
                // Nothing escaped: the name is its bytes, which the component check passed, and
                // an item left out needs no string at all.
                if sanitizing, !escaped,
                    removedNames.matches(
                        printableASCII: bytes.slice(itemStart..<(equals ?? itemEnd)))
                {
                    isSanitized = true
                } else {
                    let item = try queryItem(bytes, itemStart, itemEnd, equals: equals, escapes: escaped)
                    if sanitizing, escaped, removedNames.matches(item.name) {
                        isSanitized = true
                    } else {
                        storage.append(item)
                    }
                }
                guard total <= limits.maxQueryItems else {
                    throw LinkError(
                        .tooManyQueryItems, at: itemStart, detail: "limit \(limits.maxQueryItems)")
                }
            }
            itemStart = itemEnd + 1
        }
        return (isSanitized, end)
    }

    func queryItem(
        _ bytes: ByteView, _ start: Int, _ end: Int, equals: Int?, escapes: Bool
    ) throws(LinkError) -> QueryItem {
        let nameEnd = equals ?? end
        let rawName = string(bytes, start, nameEnd)
        let rawValue = equals.map { string(bytes, $0 + 1, end) } ?? ""
        return QueryItem(
            rawName: rawName, rawValue: rawValue,
            name: escapes ? try decodeQueryText(rawName, at: start) : rawName,
            value: escapes ? try decodeQueryText(rawValue, at: (equals ?? end) + 1) : rawValue,
            hasValue: equals != nil)
    }

    func decodeQueryText(_ raw: String, at position: Int) throws(LinkError) -> String {
        guard ASCII.containsPercent(raw) else { return raw }
        guard let (decoded, control) = PercentEncoding.decodeNoting(raw) else {
            throw LinkError(.invalidPercentEscape, at: position, detail: "'\(raw)' does not decode to UTF-8")
        }
        if let control {
            throw LinkError(
                .whitespaceOrControl, at: position,
                detail: "encoded \(Self.name(ofControl: control)) in the query")
        }
        return decoded
    }
}
