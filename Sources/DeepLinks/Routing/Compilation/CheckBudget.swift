/// The work a table check may spend finding and comparing the routes that can share a link,
/// and what it has spent: the bound that keeps the check linear in the table's size whatever
/// the table.
///
/// The walks of the trie (``RouteTrie/Builder/overlapCandidates(of:relations:budget:into:)``
/// and ``RouteTrie/Builder/shapeCandidates(of:relations:budget:into:)``) charge one step for
/// each node they enter and each edge or route they look at, and the comparisons
/// ``pairSteps`` for each pair they decide. A table whose routes mostly overlap without
/// conflicting (thousands of routes of one shape told apart only by their parameters' ranges)
/// or whose navigate routes can each take the links of thousands of guarded routes would
/// otherwise cost time that grows with the square of its size. The check passes one budget
/// along, a value, so that counting a step costs no reference counting or access check. Once
/// the budget is spent the walks stop, and the table is refused with
/// ``RouteTableFinding/checkTooCostly(routes:steps:)``: the pairs left unexamined could hide
/// an ambiguity, and the router needs every pair of a navigate and a guarded route.
struct CheckBudget {
    /// The steps the check may take.
    let limit: Int
    /// The steps taken so far (at most one past the limit once it is spent).
    private(set) var spent = 0

    /// A budget of ``steps(forRoutes:)`` for a table of `routeCount` routes.
    init(routeCount: Int) {
        limit = Self.steps(forRoutes: routeCount)
    }

    /// The steps allowed for a table of `routeCount` routes: 1,000,000, and 400 more a route.
    /// A table of 50,000 routes may take 21,000,000 (a step costs tens of nanoseconds, a pair
    /// ``pairSteps``). The hostile shapes the benchmarks build take at most 60 steps a route.
    static func steps(forRoutes routeCount: Int) -> Int {
        1_000_000 + 400 * routeCount
    }

    /// The steps a pair of routes costs when it is decided: deciding a pair costs several times
    /// as much as a step of a walk.
    static let pairSteps = 32

    /// The steps left before the budget is spent (0 once it is).
    var left: Int { max(0, limit - spent) }

    /// Whether the budget is spent: the walks have stopped, and some pairs were not looked at.
    var isSpent: Bool { spent > limit }

    /// Charges `steps`, and returns whether the work may go on.
    @inline(__always)
    mutating func charge(_ steps: Int = 1) -> Bool {
        if spent > limit { return false }
        spent += steps
        return spent <= limit
    }
}
