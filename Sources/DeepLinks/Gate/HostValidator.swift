/// Validates the host of a link: a DNS name, or (where allowed) a canonical IP literal.
///
/// The rules follow what both RFC 3986 and WHATWG accept, so that no accepted host is read
/// differently by a browser:
/// - names are letters, digits and hyphens in dot-separated labels of 1–63 bytes, 253 in all,
///   no label starting or ending with a hyphen, no trailing dot;
/// - a host whose last label is a number is an IPv4 address to a browser, so it must be the
///   canonical dotted quad (`127.0.0.1`), never `0x7f.1`, `127.1`, `2130706433` or `010.0.0.1`;
/// - an IPv6 literal must be in its canonical RFC 5952 spelling, the one browsers print, but
///   for letter case: its hex digits are lower-cased like the letters of any host (`[::A]` is
///   `[::a]`), while `[0::1]` or `[0:0:0:0:0:0:0:1]` for `[::1]` is refused;
/// - `xn--` labels must be valid Punycode of a Unicode label that meets the UTS #46 validity
///   criteria browsers apply (see ``IDNAValidity``): normalization form C, no leading combining
///   mark, only valid code points, joiners in context, and the Bidi rule across the host.
///
/// The validator reads the bytes it is given in place, so it cannot outlive them
/// (`~Escapable`).
struct HostValidator: ~Escapable {
    let bytes: ByteView
    let start: Int
    let end: Int
    let allowsIPLiterals: Bool
    /// Custom-scheme route names (`myapp://user_profile`) may use `_`; domains may not.
    let allowsUnderscore: Bool

    /// A validator of the host at `start..<end` of `bytes`.
    @_lifetime(copy bytes)
    init(bytes: ByteView, start: Int, end: Int, allowsIPLiterals: Bool, allowsUnderscore: Bool) {
        self.bytes = bytes
        self.start = start
        self.end = end
        self.allowsIPLiterals = allowsIPLiterals
        self.allowsUnderscore = allowsUnderscore
    }

    /// Validates the host. Returns its text for an IP literal, and `nil` for a DNS name,
    /// whose text is its bytes lower-cased: the caller then writes it, or finds it among the
    /// allowed hosts, without a second copy.
    func validate() throws(LinkError) -> String? {
        if bytes[start] == UInt8(ascii: "[") { return try validateIPv6() }
        if let last = lastNonEmptyLabel(), endsInNumber(last) {
            return try validateIPv4(hostText, labels: labels())
        }
        // A name is at most 253 bytes, whatever the policy's limit (the longest DNS name):
        // checked first, so that the labels' checks, the Bidi rule's among them, read at most
        // that many bytes.
        guard end - start <= 253 else {
            throw LinkError(
                .invalidHost, at: start,
                detail: "host of \(end - start) bytes, limit 253 (the longest DNS name)")
        }
        // One pass over the labels, without collecting them; only `xn--` labels are kept, in
        // their Unicode form, for the Bidi rule that spans the whole host.
        var labelStart = start
        var encodedLabels: [(range: Range<Int>, scalars: [Unicode.Scalar])] = []
        var i = start
        while true {
            if i == end || bytes[i] == UInt8(ascii: ".") {
                if let scalars = try validateLabel(labelStart..<i) {
                    encodedLabels.append((labelStart..<i, scalars))
                }
                if i == end { break }
                labelStart = i + 1
            }
            i += 1
        }
        if !encodedLabels.isEmpty { try checkBidiRule(encodedLabels) }
        return nil
    }

    /// The host lower-cased, for messages and IP literals.
    private var hostText: String {
        bytes.lowercasedString(start..<end)
    }

    /// Checks one label; returns the Unicode form of an `xn--` label, `nil` for the others.
    private func validateLabel(_ label: Range<Int>) throws(LinkError) -> [Unicode.Scalar]? {
        guard !label.isEmpty else {
            throw LinkError(.invalidHost, at: label.lowerBound, detail: "empty label in '\(hostText)'")
        }
        guard label.count <= 63 else {
            throw LinkError(
                .invalidHost, at: label.lowerBound, detail: "label of \(label.count) bytes, limit 63")
        }
        for i in label {
            let b = bytes[i]
            guard
                ASCII.isAlpha(b) || ASCII.isDigit(b) || b == UInt8(ascii: "-")
                    || (allowsUnderscore && b == UInt8(ascii: "_"))
            else {
                throw LinkError(
                    .invalidHost, at: i, detail: "'\(Character(Unicode.Scalar(b)))' in host '\(hostText)'")
            }
        }
        if bytes[label.lowerBound] == UInt8(ascii: "-") || bytes[label.upperBound - 1] == UInt8(ascii: "-") {
            throw LinkError(.invalidHost, at: label.lowerBound, detail: "label starts or ends with '-'")
        }
        // Hyphens in the third and fourth places mark an encoded label, which must be Punycode.
        if label.count >= 4, bytes[label.lowerBound + 2] == UInt8(ascii: "-"),
            bytes[label.lowerBound + 3] == UInt8(ascii: "-")
        {
            let text = bytes.lowercasedString(label)
            guard text.hasPrefix("xn--"), let scalars = Punycode.decodeLabel(String(text.dropFirst(4))) else {
                throw LinkError(
                    .invalidHost, at: label.lowerBound, detail: "label '\(text)' is not valid Punycode")
            }
            if let problem = IDNAValidity.problem(in: scalars, encoded: text) {
                throw LinkError(problem.rule, at: label.lowerBound, detail: problem.detail)
            }
            if let deviation = IDNAValidity.firstDeviation(in: scalars) {
                throw LinkError(
                    .idnaDisallowedCodePoint, at: label.lowerBound,
                    detail: "the label '\(text)' decodes to \(IDNAValidity.code(deviation)), a deviation "
                        + "character that transitional IDNA processing reads as another host")
            }
            if let other = Punycode.firstNonHostCharacter(in: scalars) {
                throw LinkError(
                    .invalidHost, at: label.lowerBound,
                    detail: "the label '\(text)' decodes to \(IDNAValidity.code(other)), a symbol, "
                        + "punctuation or other character the gate does not accept in host names")
            }
            return scalars
        }
        return nil
    }

    /// The Bidi rule (RFC 5893): when one label holds right-to-left text, the host is a Bidi
    /// domain name and every label, plain ASCII ones included, must meet the rule.
    private func checkBidiRule(_ encodedLabels: [(range: Range<Int>, scalars: [Unicode.Scalar])])
        throws(LinkError)
    {
        guard encodedLabels.contains(where: { IDNAValidity.isRightToLeft($0.scalars) }) else { return }
        for label in labels() {
            let text = bytes.lowercasedString(label)
            let decoded = encodedLabels.first { $0.range == label }?.scalars
            let scalars = decoded ?? text.unicodeScalars.map { $0 }
            guard let reason = BidiRule.violation(in: scalars) else { continue }
            let shown =
                decoded.map { "the label '\(text)' decodes to \(IDNAValidity.codes($0))" }
                ?? "the label '\(text)'"
            throw LinkError(
                .idnaBidiRule, at: label.lowerBound,
                detail: "\(shown) in a host with right-to-left text, and \(reason)")
        }
    }

    /// The last label that is not empty (a trailing dot leaves an empty one), or `nil`.
    private func lastNonEmptyLabel() -> Range<Int>? {
        var labelEnd = end
        var i = end
        while i > start {
            i -= 1
            if bytes[i] == UInt8(ascii: ".") {
                if labelEnd > i + 1 { return (i + 1)..<labelEnd }
                labelEnd = i
            }
        }
        return labelEnd > start ? start..<labelEnd : nil
    }

    /// Every label, empty ones included.
    private func labels() -> [Range<Int>] {
        var labels: [Range<Int>] = []
        var labelStart = start
        for i in start...end where i == end || bytes[i] == UInt8(ascii: ".") {
            labels.append(labelStart..<i)
            labelStart = i + 1
        }
        return labels
    }

    /// WHATWG's "ends in a number": the last label is all digits or `0x` followed by hex digits.
    private func endsInNumber(_ label: Range<Int>) -> Bool {
        if label.allSatisfy({ ASCII.isDigit(bytes[$0]) }) { return true }
        guard label.count >= 2, bytes[label.lowerBound] == UInt8(ascii: "0"),
            bytes[label.lowerBound + 1] | 0x20 == UInt8(ascii: "x")
        else { return false }
        return label.dropFirst(2).allSatisfy { ASCII.hexValue(bytes[$0]) != nil }
    }

    private func validateIPv4(_ host: String, labels: [Range<Int>]) throws(LinkError) -> String {
        let canonical =
            labels.count == 4
            && labels.allSatisfy { label in
                !label.isEmpty && label.count <= 3 && label.allSatisfy { ASCII.isDigit(bytes[$0]) }
                    && (label.count == 1 || bytes[label.lowerBound] != UInt8(ascii: "0"))
                    && label.reduce(0, { $0 * 10 + Int(bytes[$1] - UInt8(ascii: "0")) }) <= 255
            }
        guard canonical else {
            throw LinkError(
                .nonCanonicalIPv4, at: start, detail: "'\(host)' is read as an IPv4 address by browsers")
        }
        guard allowsIPLiterals else { throw LinkError(.ipLiteralNotAllowed, at: start, detail: "'\(host)'") }
        return host
    }

    private func validateIPv6() throws(LinkError) -> String {
        // bytes[start] == "[" and bytes[end - 1] == "]" (the caller found the bracket).
        let inner = bytes.bytes((start + 1)..<(end - 1))
        let given = String(decoding: inner.map(ASCII.lowercased), as: UTF8.self)
        if let first = inner.first, first | 0x20 == UInt8(ascii: "v") {
            throw LinkError(.invalidIPv6, at: start + 1, detail: "IPvFuture literals are not supported")
        }
        guard let pieces = Self.parseIPv6(inner) else {
            throw LinkError(.invalidIPv6, at: start, detail: "'[\(given)]'")
        }
        let canonical = Self.serializeIPv6(pieces)
        guard canonical == given else {
            throw LinkError(
                .invalidIPv6, at: start, detail: "'[\(given)]' is not in canonical form '[\(canonical)]'")
        }
        guard allowsIPLiterals else {
            throw LinkError(.ipLiteralNotAllowed, at: start, detail: "'[\(given)]'")
        }
        return "[" + canonical + "]"
    }

    /// The WHATWG IPv6 parser: eight 16-bit pieces, or `nil` when the text is not an address.
    static func parseIPv6(_ input: [UInt8]) -> [UInt16]? {
        // One function: the WHATWG IPv6 parser in the standard's own shape, one pass over hostile
        // bytes whose piece index, compression point and position every step reads, so that it can
        // be checked against the standard step by step.
        var address = [UInt16](repeating: 0, count: 8)
        var pieceIndex = 0
        var compress: Int?
        var p = 0
        let colon = UInt8(ascii: ":")
        if p < input.count, input[p] == colon {
            guard p + 1 < input.count, input[p + 1] == colon else { return nil }
            p += 2
            pieceIndex += 1
            compress = pieceIndex
        }
        while p < input.count {
            guard pieceIndex < 8 else { return nil }
            if input[p] == colon {
                guard compress == nil else { return nil }
                p += 1
                pieceIndex += 1
                compress = pieceIndex
                continue
            }
            var value: UInt16 = 0
            var length = 0
            while length < 4, p < input.count, let digit = ASCII.hexValue(input[p]) {
                value = value << 4 | UInt16(digit)
                p += 1
                length += 1
            }
            if p < input.count, input[p] == UInt8(ascii: ".") {
                guard length > 0 else { return nil }
                p -= length
                guard pieceIndex <= 6 else { return nil }
                var numbersSeen = 0
                while p < input.count {
                    var ipv4Piece: Int?
                    if numbersSeen > 0 {
                        guard input[p] == UInt8(ascii: "."), numbersSeen < 4 else { return nil }
                        p += 1
                    }
                    guard p < input.count, ASCII.isDigit(input[p]) else { return nil }
                    while p < input.count, ASCII.isDigit(input[p]) {
                        let number = Int(input[p] - UInt8(ascii: "0"))
                        if let current = ipv4Piece {
                            guard current != 0 else { return nil }
                            ipv4Piece = current * 10 + number
                        } else {
                            ipv4Piece = number
                        }
                        guard (ipv4Piece ?? 0) <= 255 else { return nil }
                        p += 1
                    }
                    address[pieceIndex] = address[pieceIndex] * 0x100 + UInt16(ipv4Piece ?? 0)
                    numbersSeen += 1
                    if numbersSeen == 2 || numbersSeen == 4 { pieceIndex += 1 }
                }
                guard numbersSeen == 4 else { return nil }
                break
            } else if p < input.count, input[p] == colon {
                p += 1
                guard p < input.count else { return nil }
            } else if p < input.count {
                return nil
            }
            address[pieceIndex] = value
            pieceIndex += 1
        }
        if let compress {
            var swaps = pieceIndex - compress
            pieceIndex = 7
            while pieceIndex != 0, swaps > 0 {
                address.swapAt(pieceIndex, compress + swaps - 1)
                pieceIndex -= 1
                swaps -= 1
            }
        } else if pieceIndex != 8 {
            return nil
        }
        return address
    }

    /// The WHATWG (RFC 5952) serialisation: lower-case hex, longest zero run of two or more
    /// pieces compressed to `::` (the first such run on ties).
    static func serializeIPv6(_ pieces: [UInt16]) -> String {
        var bestStart = -1
        var bestLength = 1
        var i = 0
        while i < 8 {
            if pieces[i] == 0 {
                var j = i
                while j < 8, pieces[j] == 0 { j += 1 }
                if j - i > bestLength {
                    bestStart = i
                    bestLength = j - i
                }
                i = j
            } else {
                i += 1
            }
        }
        var out = ""
        var ignore0 = false
        for index in 0..<8 {
            if ignore0, pieces[index] == 0 { continue }
            ignore0 = false
            if index == bestStart {
                out += index == 0 ? "::" : ":"
                ignore0 = true
                continue
            }
            out += String(pieces[index], radix: 16)
            if index != 7 { out += ":" }
        }
        return out
    }
}
