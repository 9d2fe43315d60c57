/// What the table check asks of a compiled route's shape, before any link is matched.
extension CompiledRoute {
    /// Whether a link fitting one of this route's path shapes (the segments of one of its
    /// readings) could still fail the route's checks.
    func canRefuse(shape: [Segment]) -> Bool {
        for segment in shape {
            switch segment {
            case .literal: continue
            case .parameter(_, let type, _), .catchAll(_, let type, _): if type != nil { return true }
            }
        }
        if !query.isEmpty { return true }
        if case .any = fragment { return false }
        return true
    }
}
