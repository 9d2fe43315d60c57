/// The candidate pairs of routes that the table check compares, found by walking the trie of
/// the routes' paths instead of comparing every route with every other: the one overlap walk.
///
/// The table check adds each route to the trie and walks it at once over the routes added
/// before it. The route walks the trie along its own segments: at each level it follows the
/// same literal, the parameter edges that may accept its literal, the literal edges its
/// parameter may accept, parameter edges whose type may share a value with its own, and
/// catch-alls. Routes found that way are only candidates; ``RouteRelations`` decides each pair
/// exactly, so the walk may find more than the pairs that overlap (a route with optional
/// segments ends at one node per reading) but never fewer. The walk is symmetric, so walking
/// the later route of each pair over the earlier ones finds every pair, each once, while the
/// route's declaration is still at hand. The same walk, reading the route's own parameters as
/// accepting anything and keeping every route it meets, finds the routes that may take a link
/// shaped like a guarded route's (``shapeCandidates(of:relations:budget:into:)``).
///
/// It finds only the pairs that can make a problem, which keeps the check near-linear when
/// routes overlap without conflicting. A pair is a problem only when its routes tie in
/// precedence or the one tried first covers the other (``RouteRelations/problem(earlier:later:)``),
/// so along each branch the walk keeps how the walked route's path and the branch's compare
/// (``PathRelation``): which is tried first (decided by their first different segment) and
/// whether each can still cover the other. A branch on which neither route can precede and
/// cover the other, at any priority found below it, is not followed. Routes that end at one
/// node (one path, many scopes or query lists) are indexed once the node has many of them
/// (``TerminalIndex``): by exact host, by query names and by precedence key, so a route
/// compares only those that share a host or a query name with it, or tie with it.
extension RouteTrie.Builder {
    /// How the walked route and a branch of the trie compare so far, segment by segment.
    struct PathRelation {
        enum Order {
            /// Every segment so far is the same on both.
            case same
            /// The first different segment puts the walked route first, the branch's first.
            case walkerFirst, edgeFirst
            /// The first different segments are two types of the same rank.
            case tie
        }
        var order: Order
        /// Whether the walked route's path may cover the branch's, and the other way round.
        var walkerCovers = true
        var edgeCovers = true
    }

    /// What one walk gathers: the positions found, and the steps taken (``CheckBudget``).
    struct Walk {
        var found: [Int]
        var steps = 0
        /// The steps the budget had left when the walk began.
        let left: Int

        /// Counts a step, and returns whether the walk may go on.
        @inline(__always)
        mutating func step() -> Bool {
            steps += 1
            return steps <= left
        }
    }

    /// The route being walked, read from its declared segments.
    private struct OverlapWalker {
        let route: CompiledRoute
        /// Whether the route's own parameters are read as accepting anything, and every route
        /// met is kept (``shapeCandidates(of:relations:budget:into:)``).
        let shapeOnly: Bool
        let path: PathPattern.Segments
        let validators: [ParameterValidator]
        let count: Int
        let folds: Bool
        let priority: Int
        let relations: RouteRelations

        /// Whether a route of the walked route's priority on a branch so related can make a
        /// problem with it: they tie, or the one tried first may cover the other.
        func sameLevelHolds(_ relation: PathRelation) -> Bool {
            switch relation.order {
            case .same, .tie: true
            case .walkerFirst: relation.walkerCovers
            case .edgeFirst: relation.edgeCovers
            }
        }
    }

    /// The positions of the routes added so far that may make an overlap problem with
    /// `route` (share a link with it, and tie with it or cover it or be covered by it),
    /// written to `found` (emptied first, its storage kept); may name a position more than
    /// once, and `route`'s own when it was added. Every pair that ``RouteRelations/problem(earlier:later:)``
    /// reports is among them, unless the walk spends `budget`: it charges its steps there and
    /// stops where the budget is spent, and the table is then refused (``CheckBudget``).
    func overlapCandidates(
        of route: CompiledRoute, relations: RouteRelations, budget: inout CheckBudget, into found: inout [Int]
    ) {
        found.removeAll(keepingCapacity: true)
        walk(route, shapeOnly: false, relations: relations, budget: &budget, into: &found)
    }

    /// The positions of the routes added so far whose paths may share a link with a link
    /// shaped like `route`'s, whatever its own parameter checks say, written to `found`
    /// (emptied first, its storage kept); may name a position more than once. A route with
    /// optional segments is walked for each of its readings. Its steps are charged to `budget`,
    /// as ``overlapCandidates(of:relations:budget:into:)``'s are.
    func shapeCandidates(
        of route: CompiledRoute, relations: RouteRelations, budget: inout CheckBudget, into found: inout [Int]
    ) {
        found.removeAll(keepingCapacity: true)
        for reading in route.allReadings {
            walk(reading, shapeOnly: true, relations: relations, budget: &budget, into: &found)
        }
    }

    private func walk(
        _ route: CompiledRoute, shapeOnly: Bool, relations: RouteRelations, budget: inout CheckBudget,
        into found: inout [Int]
    ) {
        // The walk counts its steps beside what it finds and charges them when it ends; it
        // stops where the budget left would be spent.
        var out = Walk(found: [], left: budget.left)
        swap(&out.found, &found)
        defer {
            swap(&out.found, &found)
            _ = budget.charge(out.steps)
        }
        let walker = OverlapWalker(
            route: route, shapeOnly: shapeOnly, path: route.route.path.segments,
            validators: route.parameterValidators, count: route.segmentCount, folds: route.foldsLiteralKeys,
            priority: route.route.priority, relations: relations)
        // Under declaration order the earlier route of two of one priority is tried first.
        let start = PathRelation(
            order: relations.options.precedence == .declarationOrder ? .edgeFirst : .same)
        var info: TerminalIndex.RouteInfo?
        walk(node: 0, depth: 0, validator: 0, start, walker, &info, &out)
    }

    /// Whether some route at or below `node` may make a problem with the walked route.
    private func mayHold(_ node: Int32, _ relation: PathRelation, _ w: OverlapWalker) -> Bool {
        if w.shapeOnly { return true }
        let low = minimumPriority[Int(node)]
        let high = maximumPriority[Int(node)]
        if high > w.priority, relation.edgeCovers { return true }
        if low < w.priority, relation.walkerCovers { return true }
        return low <= w.priority && w.priority <= high && w.sameLevelHolds(relation)
    }

    /// Whether the route at terminal `t` may make a problem with the walked route.
    private func mayHold(terminal t: Int, _ relation: PathRelation, _ w: OverlapWalker) -> Bool {
        if w.shapeOnly { return true }
        let priority = terminalPriorities[t]
        if priority > w.priority { return relation.edgeCovers }
        if priority < w.priority { return relation.walkerCovers }
        return w.sameLevelHolds(relation)
    }

    private func appendTerminals(
        of node: Int32, _ relation: PathRelation, _ w: OverlapWalker, _ info: inout TerminalIndex.RouteInfo?,
        _ out: inout Walk
    ) {
        // The index finds the routes that tie with this one on one path, or cover it or
        // are covered by it; a tie decided by the path itself (two types of one rank) is not
        // among them.
        if !w.shapeOnly, relation.order != .tie, terminalIndex.isIndexed(node) {
            if info == nil { info = terminalIndex.info(of: w.route) }
            if let info {
                terminalIndex.appendCandidates(at: node, for: info, to: &out.found)
                return
            }
        }
        var t = Int(firstTerminal[Int(node)])
        while t >= 0, out.step() {
            if mayHold(terminal: t, relation, w) { out.found.append(Int(terminals[t].route)) }
            t = Int(terminals[t].next)
        }
    }

    /// Whether a parameter's validator may accept the literal edge into `child` keyed `key`:
    /// tried on every text that reaches the node when literals ignore case.
    private func accepts(
        _ validator: ParameterValidator, literal key: String, child: Int32, _ w: OverlapWalker
    )
        -> Bool
    {
        // Under a case-insensitive table a link may spell each literal in any case.
        if !literalTexts.isEmpty, let texts = literalTexts[child] {
            return texts.contains { validator.mayTake(literal: $0) }
                || (keyedLiterals.contains(child) && validator.mayTake(literal: key))
        }
        return validator.mayTake(literal: key)
    }

    /// The relation after a segment of the walked route (its validator, its type, whether it
    /// is a catch-all) meets a parameter or catch-all edge.
    private func relation(
        _ relation: PathRelation, mine validator: ParameterValidator, myType: ParameterType?,
        myCatchAll: Bool,
        edge e: Int, _ w: OverlapWalker
    ) -> PathRelation {
        let edge = parameterEdges[e]
        var next = relation
        let theirType = edge.untyped ? nil : edge.validator.type
        if edge.catchAll != myCatchAll {
            // A parameter (or literal) never covers a catch-all; the catch-all may cover it.
            if myCatchAll { next.edgeCovers = false } else { next.walkerCovers = false }
        } else {
            next.walkerCovers = next.walkerCovers && w.relations.typeCovers(myType, theirType)
            next.edgeCovers = next.edgeCovers && w.relations.typeCovers(theirType, myType)
        }
        if next.order == .same {
            let theirs = edge.key
            // Made only here: a key spells its type, which most steps of the walk never need.
            let mine =
                myCatchAll
                ? CompiledRoute.Segment.catchAll(name: "", type: myType, validator: validator).key
                : CompiledRoute.Segment.parameter(name: "", type: myType, validator: validator).key
            if mine != theirs {
                next.order =
                    mine.kind == theirs.kind && mine.typeRank == theirs.typeRank
                    ? .tie : mine < theirs ? .walkerFirst : .edgeFirst
            }
        }
        return next
    }

    private func walk(
        node: Int32, depth: Int, validator next: Int, _ relation: PathRelation, _ w: OverlapWalker,
        _ info: inout TerminalIndex.RouteInfo?, _ out: inout Walk
    ) {
        guard out.step(), mayHold(node, relation, w) else { return }
        guard depth < w.count else {
            appendTerminals(of: node, relation, w, &info, &out)
            return
        }
        guard depth < w.path.count else {
            // The empty segment of a kept trailing slash.
            walkLiteral(node, "", "", depth: depth, validator: next, relation, w, &info, &out)
            return
        }
        switch w.path[depth] {
        case .literal(let text):
            walkLiteral(
                node, text, w.folds ? text.lowercased() : text, depth: depth, validator: next, relation, w,
                &info, &out)
        case .parameter(_, let declared):
            walkParameter(node, declared: declared, depth: depth, validator: next, relation, w, &info, &out)
        case .catchAll(_, let declared):
            walkCatchAll(node, declared: declared, validator: next, relation, w, &info, &out)
        }
    }

    /// The walk at a parameter of the walked route: each literal child its validator may take,
    /// each parameter edge whose type may overlap its own, and each catch-all edge.
    private func walkParameter(
        _ node: Int32, declared: ParameterType?, depth: Int, validator next: Int, _ relation: PathRelation,
        _ w: OverlapWalker, _ info: inout TerminalIndex.RouteInfo?, _ out: inout Walk
    ) {
        let validator = w.validators[next]
        // What the validator checks: a declared type's definition, as the trie's edges hold.
        let type = declared.map { _ in validator.type }
        let literalRelation = relation.literalEdge(
            coveredBy: true, coversIt: Self.isEnumeration(type), walkerFirst: false)
        // The literal children are skipped at once when no route below this node can make
        // a problem with this one through a literal (checked before each child's text).
        var l = mayHold(node, literalRelation, w) ? Int(firstLiteral[Int(node)]) : -1
        while l >= 0, out.step() {
            let child = literals[l].child
            if mayHold(child, literalRelation, w),
                w.shapeOnly || accepts(validator, literal: literals[l].key, child: child, w)
            {
                walk(
                    node: child, depth: depth + 1, validator: next + 1, literalRelation, w, &info, &out)
            }
            l = Int(literals[l].next)
        }
        var e = Int(firstEdge[Int(node)])
        while e >= 0, out.step() {
            let child = parameterEdges[e].child
            if parameterEdges[e].catchAll {
                let after = self.relation(
                    relation, mine: validator, myType: type, myCatchAll: false, edge: e, w)
                if mayHold(child, after, w) { appendTerminals(of: child, after, w, &info, &out) }
            } else if parameterEdges[e].validator === validator {
                walk(node: child, depth: depth + 1, validator: next + 1, relation, w, &info, &out)
            } else if w.shapeOnly || w.relations.typesMayOverlap(validator, parameterEdges[e].validator) {
                let after = self.relation(
                    relation, mine: validator, myType: type, myCatchAll: false, edge: e, w)
                walk(node: child, depth: depth + 1, validator: next + 1, after, w, &info, &out)
            }
            e = Int(parameterEdges[e].next)
        }
    }

    /// The walk at the catch-all of the walked route: one or more further segments, so every
    /// route below this node at a greater depth (a catch-all is last, so the walk ends here).
    private func walkCatchAll(
        _ node: Int32, declared: ParameterType?, validator next: Int, _ relation: PathRelation,
        _ w: OverlapWalker, _ info: inout TerminalIndex.RouteInfo?, _ out: inout Walk
    ) {
        let validator = w.validators[next]
        let type = declared.map { _ in validator.type }
        let literalRelation = relation.literalEdge(coveredBy: true, coversIt: false, walkerFirst: false)
        var l = mayHold(node, literalRelation, w) ? Int(firstLiteral[Int(node)]) : -1
        while l >= 0, out.step() {
            collectBelow(literals[l].child, literalRelation, w, &info, &out)
            l = Int(literals[l].next)
        }
        var e = Int(firstEdge[Int(node)])
        while e >= 0, out.step() {
            let after =
                parameterEdges[e].validator === validator && parameterEdges[e].catchAll
                ? relation
                : self.relation(relation, mine: validator, myType: type, myCatchAll: true, edge: e, w)
            collectBelow(parameterEdges[e].child, after, w, &info, &out)
            e = Int(parameterEdges[e].next)
        }
    }

    /// Every route at or below `node` that may make a problem with the walked route, whose
    /// catch-all took the segment into `node` and takes every later one.
    private func collectBelow(
        _ node: Int32, _ relation: PathRelation, _ w: OverlapWalker, _ info: inout TerminalIndex.RouteInfo?,
        _ out: inout Walk
    ) {
        var stack: [Int32] = [node]
        while let next = stack.popLast(), out.step() {
            guard mayHold(next, relation, w) else { continue }
            appendTerminals(of: next, relation, w, &info, &out)
            var l = Int(firstLiteral[Int(next)])
            while l >= 0 {
                stack.append(literals[l].child)
                l = Int(literals[l].next)
            }
            var e = Int(firstEdge[Int(next)])
            while e >= 0 {
                stack.append(parameterEdges[e].child)
                e = Int(parameterEdges[e].next)
            }
        }
    }

    private static func isEnumeration(_ type: ParameterType?) -> Bool {
        if case .enumeration? = type { true } else { false }
    }

    private func walkLiteral(
        _ node: Int32, _ text: String, _ key: String, depth: Int, validator next: Int,
        _ relation: PathRelation,
        _ w: OverlapWalker, _ info: inout TerminalIndex.RouteInfo?, _ out: inout Walk
    ) {
        let child = existingLiteralChild(node, key)
        if child >= 0 { walk(node: child, depth: depth + 1, validator: next, relation, w, &info, &out) }
        var e = Int(firstEdge[Int(node)])
        while e >= 0, out.step() {
            let edge = parameterEdges[e]
            // A literal is tried first and covers only an enumeration of its one value; the
            // parameter or catch-all accepts it, so may cover it.
            let after = relation.literalEdge(
                coveredBy: true,
                coversIt: !edge.catchAll && edge.isEnumeration,
                walkerFirst: true)
            if mayHold(edge.child, after, w), edge.validator.mayTake(literal: text) {
                if edge.catchAll {
                    if mayHold(edge.child, after, w) {
                        appendTerminals(of: edge.child, after, w, &info, &out)
                    }
                } else {
                    walk(node: edge.child, depth: depth + 1, validator: next, after, w, &info, &out)
                }
            }
            e = Int(edge.next)
        }
    }
}

extension RouteTrie.Builder.PathRelation {
    /// The relation after a literal meets a parameter, or a parameter or catch-all a
    /// literal: the literal's side is tried first (`walkerFirst` when it is the walked
    /// route's); `coveredBy` says whether the other side may still cover the literal's,
    /// `coversIt` whether the literal's may cover the other (an enumeration of one value).
    func literalEdge(coveredBy: Bool, coversIt: Bool, walkerFirst: Bool) -> Self {
        var next = self
        if walkerFirst {
            next.walkerCovers = walkerCovers && coversIt
            next.edgeCovers = edgeCovers && coveredBy
        } else {
            next.walkerCovers = walkerCovers && coveredBy
            next.edgeCovers = edgeCovers && coversIt
        }
        if order == .same { next.order = walkerFirst ? .walkerFirst : .edgeFirst }
        return next
    }
}
