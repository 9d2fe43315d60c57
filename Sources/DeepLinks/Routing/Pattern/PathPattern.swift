/// The path part of a route: literal segments, typed or untyped parameters, and an optional
/// trailing catch-all, written as text that reads the same in Swift and JSON.
///
/// ```text
/// /albums/:album(slug)/photos/:index(int 0...9999)/*rest
/// ```
///
/// - A literal segment is written as it appears in a link (`albums`, `caf%C3%A9`) and matches
///   the decoded segment (`café`). A literal that starts with `:` or `*` is written `%3A…`/`%2A…`.
/// - `:name` is an untyped parameter: any non-empty segment without control or bidi characters.
/// - `:name(type)` is a typed parameter; the type text is described in ``ParameterType``.
/// - `*name` or `*name(type)` is a catch-all: **one or more** segments, the rest of the path,
///   each checked against the type when given. A catch-all never matches zero segments, so
///   `/files/*rest` does not match `/files` or `/files/`.
/// - `:name?` or `:name(type)?` is an **optional** parameter: the route matches with the
///   segment (`/c/shoes/2`, `page` is 2) and without it (`/c/shoes`, `page` is absent from
///   ``RouteParameters``). Any parameter segment may be optional, the first as well as the
///   last (`/:locale(enum de|fr)?/title/:id` matches `/de/title/42` and `/title/42`), at most
///   ``maximumOptionalSegments`` per pattern; never a catch-all or a literal, and an optional
///   last segment is never followed by a trailing slash. The pattern stands for one plain
///   pattern per combination of present and absent optional segments, its ``readings``, and
///   the table refuses a route two of whose readings can match the same link
///   (``RouteTableFinding/ambiguousOptionalSegment(route:parameter:reading:other:)``), so
///   that every link has exactly one reading. An absent optional segment has no default
///   (write `parameters["page"]?.intValue ?? 1`), so that one value always has one link.
///   Reverse routing leaves the segment out when no value is given.
/// - `/` alone is the root. A trailing `/` (`/albums/`) matters only when the table's
///   ``RoutingOptions/trailingSlash`` is ``RoutingOptions/TrailingSlash/significant``.
///
/// For a custom-scheme link (`newsapp://doc/ABC`) the host is the first segment of the path
/// that is matched, so `/doc/:id` scoped to the scheme `newsapp` matches it (see ``Router``).
///
/// A pattern written as a literal never traps: a malformed one keeps its ``syntaxError`` and
/// the table reports it when it is built. In JSON a pattern is its text.
///
/// ```swift
/// let pattern: PathPattern = "/albums/:album(slug)/photos/:index(int 0...9999)"
/// pattern.parameterNames    // ["album", "index"]
///
/// let listing: PathPattern = "/c/:slug/:page(int 1...)?"
/// listing.hasOptionalLastSegment    // true: matches /c/shoes and /c/shoes/2
///
/// let localized: PathPattern = "/:locale(enum de|fr)?/title/:id"
/// localized.readings    // ["/:locale(enum de|fr)/title/:id", "/title/:id"]
/// ```
public struct PathPattern: Sendable, Hashable, CustomStringConvertible {
    // Out of line, so that a segment is one reference: a table keeps its routes' segment lists,
    // and equal segments of its routes share one copy (`RouteTable.sharingEqualParts()`).
    /// One segment of a pattern.
    public indirect enum Segment: Sendable, Hashable {
        /// A literal, decoded (`café` for `caf%C3%A9`).
        case literal(String)
        /// A parameter; `type` is `nil` for an untyped `:name`.
        case parameter(name: String, type: ParameterType?)
        /// A catch-all over one or more trailing segments; `type`, when given, applies to each.
        case catchAll(name: String, type: ParameterType?)
    }

    /// The text as written.
    public var text: String {
        writtenText
            ?? Self.text(of: segments, trailingSlash: hasTrailingSlash, optional: optionalSegmentPositions)
    }
    /// The text as written when it differs from what ``segments`` print
    /// (``text(of:trailingSlash:optional:)``), `nil` when it does not: most patterns are written
    /// that way, and a table keeps thousands, so their text is printed again when it is read
    /// instead of kept.
    var writtenText: String? { details?.text }
    /// The parse error, the optional positions and the text as written, out of line and `nil`
    /// when there are none: most patterns have none, and a table keeps thousands (a pattern is
    /// then 23 bytes: this reference, its segments and a flag).
    private let details: Details?
    /// The parsed segments, without the trailing empty one; empty for the root and for a
    /// pattern with a ``syntaxError``.
    public let segments: Segments
    /// Whether the text ends with `/` after at least one segment.
    public let hasTrailingSlash: Bool
    /// The positions in ``segments`` of the optional parameters (`:page(int 1...)?`), in
    /// increasing order: the pattern matches paths with and without each of them.
    public var optionalSegmentPositions: [Int] { details?.optional ?? [] }
    /// Why the text could not be parsed, or `nil`.
    public var syntaxError: PatternSyntaxError? { details?.failure }

    /// What few patterns have: a parse error, optional segments, a text that the segments do
    /// not print back.
    private final class Details: Sendable {
        let failure: PatternSyntaxError?
        let optional: [Int]
        /// ``PathPattern/writtenText``.
        let text: String?

        init(failure: PatternSyntaxError?, optional: [Int], text: String?) {
            self.failure = failure
            self.optional = optional
            self.text = text
        }
    }

    /// Parses a pattern.
    ///
    /// - Throws: ``PatternSyntaxError`` for a malformed text.
    public init(_ text: String) throws(PatternSyntaxError) {
        self.init(parsing: text)
        if let syntaxError { throw syntaxError }
    }

    /// Parses a pattern, keeping any error in ``syntaxError`` instead of throwing.
    public init(parsing text: String) {
        switch Self.parse(text) {
        case .success(let parsed):
            segments = Segments(parsed.segments)
            hasTrailingSlash = parsed.trailingSlash
            let printed = Self.bytes(
                of: parsed.segments, trailingSlash: parsed.trailingSlash, optional: parsed.optional)
            // Most patterns print back as written and have no optional segment: no details.
            let written = UTF8Text.sameBytes(text, printed) ? nil : text
            details =
                parsed.optional.isEmpty && written == nil
                ? nil : Details(failure: nil, optional: parsed.optional, text: written)
        case .failure(let error):
            segments = []
            hasTrailingSlash = false
            details = Details(failure: error, optional: [], text: text)
        }
    }

    /// Creates a pattern from segments, writing its text.
    ///
    /// The parameters at `optionalPositions` (positions in `segments`) are written optional
    /// (`:page?`), and with `optionalLastSegment` the last one too; the text is then parsed
    /// like any other, so a segment that cannot be optional keeps a ``syntaxError``.
    public init(
        segments: some Collection<Segment>, trailingSlash: Bool = false, optionalLastSegment: Bool = false,
        optionalPositions: Set<Int> = []
    ) {
        var optional = optionalPositions
        if optionalLastSegment, !segments.isEmpty { optional.insert(segments.count - 1) }
        self.init(parsing: Self.text(of: segments, trailingSlash: trailingSlash, optional: optional.sorted()))
    }

    /// The text that writes `segments`, the parameters at the positions `optional` (in
    /// increasing order) optional, with a trailing slash when `trailingSlash` (the root is `/`).
    static func text(of segments: some Collection<Segment>, trailingSlash: Bool, optional: [Int]) -> String {
        String(decoding: bytes(of: segments, trailingSlash: trailingSlash, optional: optional), as: UTF8.self)
    }

    /// The UTF-8 bytes of ``text(of:trailingSlash:optional:)``. Every pattern a table parses is
    /// printed to tell whether its text needs keeping: written as bytes, each name and literal
    /// in one copy, this costs about a third of appending the pieces to a `String`.
    static func bytes(of segments: some Collection<Segment>, trailingSlash: Bool, optional: [Int]) -> [UInt8]
    {
        var text: [UInt8] = []
        text.reserveCapacity(24 * segments.count + 1)
        var nextOptional = 0
        for (position, segment) in segments.enumerated() {
            text.append(UInt8(ascii: "/"))
            switch segment {
            case .literal(let value):
                if isWrittenAsIs(value) {
                    TextBytes.append(value, from: 0, to: &text)
                } else {
                    var encoded = PercentEncoding.encode(value, allowing: .pathSegment)
                    if encoded.hasPrefix(":") { encoded = "%3A" + encoded.dropFirst() }
                    if encoded.hasPrefix("*") { encoded = "%2A" + encoded.dropFirst() }
                    TextBytes.append(encoded, from: 0, to: &text)
                }
            case .parameter(let name, let type), .catchAll(let name, let type):
                let marker = if case .catchAll = segment { UInt8(ascii: "*") } else { UInt8(ascii: ":") }
                text.append(marker)
                TextBytes.append(name, from: 0, to: &text)
                if let type {
                    text.append(UInt8(ascii: "("))
                    TextBytes.append(type.description, from: 0, to: &text)
                    text.append(UInt8(ascii: ")"))
                }
            }
            while nextOptional < optional.count, optional[nextOptional] < position { nextOptional += 1 }
            if nextOptional < optional.count, optional[nextOptional] == position {
                text.append(UInt8(ascii: "?"))
            }
        }
        if text.isEmpty || (trailingSlash && !segments.isEmpty) { text.append(UInt8(ascii: "/")) }
        return text
    }

    /// Whether a literal segment is written as it is: it does not start as a parameter or a
    /// catch-all would, and every byte may stand in a path segment unencoded.
    private static func isWrittenAsIs(_ value: String) -> Bool {
        let first = value.utf8.first
        guard first != UInt8(ascii: ":"), first != UInt8(ascii: "*") else { return false }
        return TextBytes.read(value) { bytes in
            for index in bytes.indices where !PercentEncoding.Allowed.pathSegment.allows(bytes[index]) {
                return false
            }
            return true
        }
    }

    /// The same pattern with its segments read from `segments`, equal ones (a stretch of a
    /// table's shared list).
    func keeping(_ segments: Segments) -> PathPattern {
        PathPattern(self, segments: segments)
    }

    private init(_ pattern: PathPattern, segments: Segments) {
        self.segments = segments
        details = pattern.details
        hasTrailingSlash = pattern.hasTrailingSlash
    }

    /// The most optional segments a pattern may have: each one doubles the number of
    /// ``readings``, which every check and the router's trie hold.
    public static let maximumOptionalSegments = 3

    /// Whether the last segment is an optional parameter (`:page(int 1...)?`): the pattern
    /// then matches paths with and without it. The parameter is still in ``segments``.
    public var hasOptionalLastSegment: Bool {
        !segments.isEmpty && optionalSegmentPositions.last == segments.count - 1
    }

    /// Whether the segment at a position is an optional parameter.
    public func isOptionalSegment(at position: Int) -> Bool { optionalSegmentPositions.contains(position) }

    /// The plain patterns the pattern stands for, one per combination of present and absent
    /// optional segments: every optional segment present first, every one absent last (a
    /// pattern without optional segments is its only reading). A link matches the pattern
    /// when it matches one of them.
    ///
    /// ```swift
    /// let pattern: PathPattern = "/:locale(enum de|fr)?/c/:slug/:page(int 1...)?"
    /// pattern.readings.map(\.text)
    /// // ["/:locale(enum de|fr)/c/:slug/:page(int 1...)", "/:locale(enum de|fr)/c/:slug",
    /// //  "/c/:slug/:page(int 1...)", "/c/:slug"]
    /// ```
    public var readings: [PathPattern] {
        guard !optionalSegmentPositions.isEmpty else { return [self] }
        return readingSegments.map { PathPattern(segments: $0.segments, trailingSlash: hasTrailingSlash) }
    }

    /// The segments of each reading (``readings``), in the same order, with the positions in
    /// ``segments`` they were taken from.
    var readingSegments: [(segments: [Segment], positions: [Int])] {
        let optional = optionalSegmentPositions
        guard !optional.isEmpty else { return [(Array(segments), Array(segments.indices))] }
        let count = 1 << optional.count
        var made: [(segments: [Segment], positions: [Int])] = []
        made.reserveCapacity(count)
        // Bit k of `absent` leaves out the optional segment k, counted from the last one, so
        // that the readings run from all present to all absent with the last one left out first.
        for absent in 0..<count {
            var kept: [Segment] = []
            var positions: [Int] = []
            for (position, segment) in segments.enumerated() {
                if let k = optional.firstIndex(of: position), absent & (1 << (optional.count - 1 - k)) != 0 {
                    continue
                }
                kept.append(segment)
                positions.append(position)
            }
            made.append((kept, positions))
        }
        return made
    }

    /// The names of the path parameters, in order.
    public var parameterNames: [String] {
        segments.compactMap {
            switch $0 {
            case .literal: nil
            case .parameter(let name, _), .catchAll(let name, _): name
            }
        }
    }

    /// The segment lists the pattern matches: the segments of each of its ``readings``, in
    /// the same order.
    public var shapes: [[Segment]] { readingSegments.map(\.segments) }

    /// Whether the pattern ends with a catch-all.
    public var endsWithCatchAll: Bool {
        if case .catchAll = segments.last { true } else { false }
    }

    /// The text as written.
    public var description: String { text }

    private typealias Parsed = (segments: ContiguousArray<Segment>, trailingSlash: Bool, optional: [Int])

    private static func parse(_ text: String) -> Result<Parsed, PatternSyntaxError> {
        // One function: one pass over the pattern's bytes, whose position, segments and optional
        // positions every step reads and extends; split, that state would go in and out of each
        // step, for every route of every table built.
        let bytes = Array(text.utf8)
        func fail(_ offset: Int, _ reason: PatternSyntaxError.Reason, _ parameter: String? = nil) -> Result<
            Parsed, PatternSyntaxError
        > {
            .failure(PatternSyntaxError(text: text, offset: offset, parameter: parameter, reason: reason))
        }
        guard bytes.first == UInt8(ascii: "/") else { return fail(0, .missingLeadingSlash) }
        if bytes.count == 1 { return .success(([], false, [])) }

        var segments: ContiguousArray<Segment> = []
        var optional: [Int] = []
        // Room for one segment per `/` (an upper bound), so that the list is allocated once.
        var slashes = 0
        for b in bytes where b == UInt8(ascii: "/") { slashes &+= 1 }
        segments.reserveCapacity(slashes)
        var i = 1
        while i <= bytes.count {
            if i == bytes.count {
                // The text ended with '/': a trailing slash.
                if case .catchAll = segments.last { return fail(i - 1, .catchAllNotLast) }
                if optional.last == segments.count - 1 { return fail(i - 1, .optionalBeforeTrailingSlash) }
                return .success((segments, true, optional))
            }
            if case .catchAll = segments.last { return fail(i - 1, .catchAllNotLast) }
            let start = i
            let sigil = bytes[i]
            if sigil == UInt8(ascii: ":") || sigil == UInt8(ascii: "*") {
                var end = i + 1
                while end < bytes.count, PatternScanner.isNameByte(bytes[end], first: end == i + 1) {
                    end += 1
                }
                let name = PatternScanner.string(bytes[(i + 1)..<end])
                if name.isEmpty {
                    if end < bytes.count, bytes[end] != UInt8(ascii: "/"), bytes[end] != UInt8(ascii: "(") {
                        var stop = end
                        while stop < bytes.count, bytes[stop] != UInt8(ascii: "/") { stop += 1 }
                        return fail(end, .invalidName(PatternScanner.string(bytes[(i + 1)..<stop])))
                    }
                    return fail(end, .missingParameterName)
                }
                var type: ParameterType?
                if end < bytes.count, bytes[end] == UInt8(ascii: "(") {
                    guard let close = PatternScanner.closingParenthesis(bytes, from: end) else {
                        return fail(end, .unclosedParenthesis, name)
                    }
                    do {
                        type = try ParameterType(parsing: PatternScanner.string(bytes[(end + 1)..<close]))
                    } catch {
                        return fail(end + 1, .invalidType(error), name)
                    }
                    end = close + 1
                }
                if end < bytes.count, bytes[end] == UInt8(ascii: "?") {
                    if sigil == UInt8(ascii: "*") { return fail(end, .optionalCatchAll, name) }
                    guard optional.count < Self.maximumOptionalSegments else {
                        return fail(end, .tooManyOptionalSegments(limit: Self.maximumOptionalSegments), name)
                    }
                    optional.append(segments.count)
                    end += 1
                }
                if end < bytes.count, bytes[end] != UInt8(ascii: "/") {
                    var stop = end
                    while stop < bytes.count, bytes[stop] != UInt8(ascii: "/") { stop += 1 }
                    let extra = PatternScanner.string(bytes[end..<stop])
                    if type == nil, !PatternScanner.isNameByte(bytes[end], first: false) {
                        return fail(end, .invalidName(name + extra), name)
                    }
                    return fail(end, .textAfterParameter(extra), name)
                }
                segments.append(
                    sigil == UInt8(ascii: ":")
                        ? .parameter(name: name, type: type) : .catchAll(name: name, type: type))
                i = end + 1
            } else {
                var end = i
                while end < bytes.count, bytes[end] != UInt8(ascii: "/") { end += 1 }
                if end == start { return fail(start, .emptySegment) }
                var j = start
                while j < end {
                    let byte = bytes[j]
                    if byte == UInt8(ascii: "%") {
                        guard j + 2 < end, ASCII.hexValue(bytes[j + 1]) != nil,
                            ASCII.hexValue(bytes[j + 2]) != nil
                        else {
                            return fail(j, .invalidPercentEscape)
                        }
                        j += 3
                    } else if ASCII.isPathCharacter(byte) {
                        j += 1
                    } else {
                        var scalarEnd = j + 1
                        while scalarEnd < end, bytes[scalarEnd] & 0xC0 == 0x80 { scalarEnd += 1 }
                        return fail(j, .invalidCharacter(PatternScanner.string(bytes[j..<scalarEnd])))
                    }
                }
                guard let decoded = PercentEncoding.decode(PatternScanner.string(bytes[start..<end])) else {
                    return fail(start, .invalidPercentEscape)
                }
                if decoded == "." || decoded == ".." { return fail(start, .dotSegment) }
                segments.append(.literal(decoded))
                i = end + 1
            }
        }
        return .success((segments, false, optional))
    }
}
