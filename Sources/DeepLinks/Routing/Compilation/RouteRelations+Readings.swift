/// The check that makes an optional segment unambiguous.
///
/// A route with optional segments stands for one plain pattern per combination of present
/// and absent optional segments (``PathPattern/readings``). Every link must have exactly one
/// reading, so no two readings of one route may match the same link. Readings of different
/// lengths never do unless a catch-all makes their lengths meet; readings of the same length
/// (two optional segments, one left out from each) must differ at some position where their
/// segments cannot accept the same text. The comparison is the one the overlap check makes
/// between routes (``RouteRelations/pathsMayOverlap(_:_:)``): when it cannot prove two
/// readings apart (two untyped parameters, two overlapping types), the route is refused.
extension RouteRelations {
    /// ``RouteTableFinding/ambiguousOptionalSegment(route:parameter:reading:other:)`` for each
    /// optional parameter of `route` whose presence two readings that can share a link
    /// disagree on (the first such pair of readings for each parameter).
    func optionalSegmentFindings(_ route: CompiledRoute) -> [RouteTableFinding] {
        let readings = route.allReadings
        guard readings.count > 1 else { return [] }
        let path = route.route.path
        let kept = path.readingSegments.map { Set($0.positions) }
        let shapes = readings.map(\.segments)
        let texts = path.readings.map(\.text)
        var findings: [RouteTableFinding] = []
        var reported: Set<Int> = []
        for i in readings.indices {
            for j in (i + 1)..<readings.count where pathsMayOverlap(shapes[i], shapes[j]) {
                // The first optional segment that one reading has and the other leaves out.
                guard
                    let position = path.optionalSegmentPositions.first(where: {
                        kept[i].contains($0) != kept[j].contains($0)
                    }),
                    !reported.contains(position),
                    case .parameter(let name, _) = path.segments[position]
                else { continue }
                reported.insert(position)
                let (with, without) = kept[i].contains(position) ? (i, j) : (j, i)
                findings.append(
                    .ambiguousOptionalSegment(
                        route: route.name, parameter: name, reading: texts[with], other: texts[without]))
            }
        }
        return findings
    }
}
