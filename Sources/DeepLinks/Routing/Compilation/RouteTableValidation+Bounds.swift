extension RouteTableValidation {
    /// Reports, through `never`, a route whose parameters' shortest values cannot fit the
    /// gate's limits: a path segment longer than ``LinkLimits/maxSegmentLength``, a path or
    /// query longer than the gate reads, more required query items than it keeps.
    func checkBounds(_ route: Route, against limits: LinkLimits, _ never: (String) -> Void) {
        var pathBytes = 0
        for segment in route.path.segments {
            switch segment {
            case .literal(let text): pathBytes += 1 + text.utf8.count
            case .parameter(let name, let type), .catchAll(let name, let type):
                let shortest = shortestValueBytes(type)
                if shortest > limits.maxSegmentLength {
                    let kind = if case .catchAll = segment { "catch-all" } else { "parameter" }
                    never(
                        "the shortest value of its \(kind) '\(name)' is \(shortest) bytes and the gate's policy "
                            + "allows path segments of at most \(limits.maxSegmentLength)")
                }
                pathBytes += 1 + shortest
            }
        }
        // `https://` and the shortest host (one byte) come before the path.
        if route.path.optionalSegmentPositions.isEmpty, 9 + pathBytes > limits.maxLength {
            never(
                "its shortest link is \(9 + pathBytes) bytes and the gate's policy allows at most \(limits.maxLength)"
            )
        }
        let required = route.query.filter(\.isRequired)
        if required.count > limits.maxQueryItems {
            never(
                "it requires \(required.count) query items and the gate's policy keeps at most \(limits.maxQueryItems)"
            )
        }
        // Each required item is `name=value`, joined by `&`.
        let queryBytes = required.reduce(required.isEmpty ? 0 : -1) { total, item in
            total + 2 + item.name.utf8.count + shortestValueBytes(item.type)
        }
        if queryBytes > limits.maxQueryLength {
            never(
                "its shortest query is \(queryBytes) bytes and the gate's policy allows at most \(limits.maxQueryLength)"
            )
        }
    }

    /// The fewest bytes a value of a declared type (`nil`: untyped) has in a link, the type
    /// resolved through the table's declarations and the registry.
    func shortestValueBytes(_ type: ParameterType?) -> Int {
        type.map { Self.shortestValueBytes(registry.resolved($0)) } ?? 1
    }

    /// The fewest bytes a value of `type` has in a link (its characters unescaped, so a
    /// lower bound), `1` for a type whose values are not known here.
    static func shortestValueBytes(_ type: ParameterType) -> Int {
        switch type {
        case .string(let length, _): max(1, length.lowerBound)
        case .slug(let length): max(1, length.lowerBound)
        case .uuid: 36
        case .boolean: 1
        case .integer(let range): shortestDecimal(range)
        case .enumeration(let values): values.lazy.map(\.utf8.count).min().map { max(1, $0) } ?? 1
        case .pattern(let pattern): max(1, pattern.minimumLength)
        case .custom: 1
        }
    }

    /// The fewest characters of an integer in `range` written in decimal.
    static func shortestDecimal(_ range: ClosedRange<Int>) -> Int {
        if range.contains(0) { return 1 }
        let nearest = range.lowerBound > 0 ? range.lowerBound : range.upperBound
        return String(nearest).utf8.count
    }
}
