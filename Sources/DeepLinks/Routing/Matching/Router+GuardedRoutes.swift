/// The run-time half of ``RouteTableFinding/navigationTakesGuardedLinks(route:guarded:safety:)``:
/// a navigate route never takes a link shaped like a sensitive or destructive route's.
///
/// A link is shaped like a route when it is in the route's scope, has the route's number of
/// segments (at least that many for a catch-all; for a route with optional segments, the
/// number of one of its readings) and that reading's literal at each literal position, whatever its
/// parameter values. When the router's winner is a navigate route
/// that the table check paired with a guarded route, and the link is shaped like that
/// guarded route:
/// - if the guarded route accepts the link, the guarded route wins (so the outcome asks
///   first instead of navigating); when several are shaped like the link, the first in
///   table order that accepts it;
/// - otherwise no route matches, and the failure reported is the guarded route's parameter
///   that refused the link: a web link opens in the browser, a custom-scheme link is rejected.
extension Router {
    /// What a guarded route makes of a link its navigate route was about to take.
    enum GuardVerdict {
        /// No guarded route is shaped like the link: the navigate route keeps it.
        case keep
        /// The guarded route at this index accepts the link and wins.
        case take(Int)
        /// The link is shaped like the guarded route, which refuses it.
        case refuse(GuardRefusal)
    }

    /// A guarded route's refusal of a link its navigate route fit. A class, so that a lookup's
    /// optional refusal, nearly always `nil`, is one word that costs nothing to destroy.
    final class GuardRefusal: Sendable {
        let route: String
        let failure: ParameterFailure

        init(route: String, failure: ParameterFailure) {
            self.route = route
            self.failure = failure
        }
    }

    /// The verdict for a link that the route at `winner` matched: the first guarded route
    /// (in table order) shaped like the link that accepts it takes it; when every such route
    /// refuses it, the first one's failure is the reason.
    func guardVerdict(_ input: MatchInput, winner: Int) -> GuardVerdict {
        guard let guarded = guards[winner] else { return .keep }
        var refusal: GuardRefusal?
        for index in guarded {
            // Each reading of a route with optional segments is a shape of its own; the
            // winner's literals are those of the reading that took the link.
            let taker = compiled[winner].reading(fitting: input) ?? compiled[winner]
            for route in compiled[index].allReadings {
                guard route.isShaped(like: input, takenBy: taker) else { continue }
                guard let failure = route.shapeFailure(input) else { return .take(index) }
                if refusal == nil { refusal = GuardRefusal(route: route.name, failure: failure) }
            }
        }
        return refusal.map { .refuse($0) } ?? .keep
    }

    /// The route that decides a link the route at `winner` matched: `winner` itself, or the
    /// guarded route that takes the link; `nil`, with `refusal` set, when a guarded route
    /// refuses it.
    func deciding(_ input: MatchInput, winner: Int, refusal: inout GuardRefusal?) -> Int? {
        switch guardVerdict(input, winner: winner) {
        case .keep: return winner
        case .take(let guarded): return guarded
        case .refuse(let refused):
            refusal = refused
            return nil
        }
    }
}

extension CompiledRoute {
    /// Whether the link, which the reading `winner` took, is in scope, as long as this reading
    /// of the route, and has its literals in place, and whether each parameter of this reading
    /// may take the literal `winner` has there, if it has one
    /// (``ParameterValidator/mayTake(literal:)``, as the table check compares).
    func isShaped(like input: MatchInput, takenBy winner: CompiledRoute) -> Bool {
        guard isShaped(like: input) else { return false }
        let catchAll = winner.catchAllPosition ?? Int.max
        for (i, segment) in segments.enumerated()
        where i < input.count && i < winner.segments.count && i < catchAll {
            guard case .parameter(_, _, let validator) = segment,
                case .literal(let text, _) = winner.segments[i]
            else { continue }
            if !validator.mayTake(literal: text) { return false }
        }
        return true
    }

    /// Whether the link is in scope, as long as this reading of the route, and has its
    /// literals in place.
    func isShaped(like input: MatchInput) -> Bool {
        guard inScope(input) else { return false }
        if catchAllPosition != nil {
            guard input.count >= segmentCount else { return false }
        } else {
            guard input.count == segmentCount else { return false }
        }
        for (i, segment) in segments.enumerated() where i < input.count {
            if case .literal(_, let key) = segment, input.withKey(i, { $0 != key }) { return false }
        }
        return true
    }

    /// The first parameter that refuses a link shaped like this reading of the route, or `nil`
    /// when none does.
    func shapeFailure(_ input: MatchInput) -> ParameterFailure? {
        for (i, segment) in segments.enumerated() where i < input.count {
            switch segment {
            case .literal: continue
            case .parameter(let name, _, let validator):
                let value = input[i]
                if value.isEmpty {
                    return ParameterFailure(parameter: name, location: .path, value: value, reason: .empty)
                }
                if case .failure(let reason) = validator.validate(value) {
                    return ParameterFailure(parameter: name, location: .path, value: value, reason: reason)
                }
            case .catchAll(let name, let type, let validator):
                if let reason = Self.catchAllFailure(
                    input, from: i, validator: validator, untyped: type == nil)
                {
                    return ParameterFailure(
                        parameter: name, location: .path, value: input.suffix(from: i).joined(separator: "/"),
                        reason: reason)
                }
            }
        }
        return queryFailure(input)
    }
}
