/// A pattern compiled once into a Thompson automaton, run as a set of states.
///
/// Simulating every live state at once (instead of backtracking through alternatives) bounds
/// the work by the input length times the number of states, so a hostile pattern such as
/// `*a*a*a*a*a*a*a*a*b` against ten thousand `a` costs a few hundred thousand steps, not an
/// exponential number.
struct PatternAutomaton: Sendable, Hashable {
    /// What a consuming state accepts.
    enum Test: Sendable, Hashable {
        case scalar(UInt32)
        case any
        case set(ScalarSet)

        /// The scalar a literal test accepts; `nil` for `?` and sets.
        var literal: UInt32? {
            if case .scalar(let scalar) = self { return scalar }
            return nil
        }

        func accepts(_ scalar: UInt32) -> Bool {
            switch self {
            case .scalar(let expected): scalar == expected
            case .any: true
            case .set(let set): set.contains(scalar)
            }
        }
    }

    /// One state: consume a scalar and move on, consume one of several scalars and move to
    /// the state for that scalar (a trie level of a long alternation), fork without consuming,
    /// or accept.
    enum State: Sendable, Hashable {
        case accept
        case consume(Test, next: Int)
        case table([UInt32: Int])
        case fork([Int])
    }

    /// The states; state 0 is the only accepting one.
    private(set) var states: [State]
    /// Where matching starts.
    private(set) var start: Int
    /// Whether the pattern is a lone `*`, which matches every string.
    let isUniversal: Bool
    /// The literal scalars every match starts with.
    let prefix: [UInt32]
    /// The literal scalars every match ends with.
    let suffix: [UInt32]
    /// Whether the pattern is nothing but literal scalars (then ``prefix`` is the whole of it).
    let isLiteral: Bool
    /// The same automaton with each set of states as the bits of one word, when it has at
    /// most 64 states: the common case, simulated without any buffer.
    private(set) var bitParallel: BitParallel?
    /// The pattern as Shift-And when it has no alternation: a fixed number of word operations
    /// per scalar, however many `*` it has. Preferred over ``bitParallel``, whose work per
    /// scalar grows with the number of live states.
    let glob: GlobMatcher?
    /// The pattern piece by piece when it refers to substitution variables: their values are
    /// shared, not copied into ``states`` (which then hold no path to acceptance); validation
    /// expands them on demand (``expanded(budget:)``).
    let segmented: SegmentedPattern?

    init(_ node: PatternNode) {
        self.init(node, expandingVariables: false)
    }

    /// An automaton for `node`; with `expandingVariables`, every variable reference becomes
    /// states for all its values (what validation's analyses explore).
    private init(_ node: PatternNode, expandingVariables: Bool) {
        states = [.accept]
        start = 0
        isUniversal = node == .star || node == .sequence([.star])
        let parts: [PatternNode]
        switch node {
        case .sequence(let sequence): parts = sequence
        default: parts = [node]
        }
        var prefix: [UInt32] = []
        for part in parts {
            guard case .scalar(let scalar) = part else { break }
            prefix.append(scalar)
        }
        var suffix: [UInt32] = []
        for part in parts.reversed() {
            guard case .scalar(let scalar) = part else { break }
            suffix.append(scalar)
        }
        self.prefix = prefix
        self.suffix = suffix.reversed()
        isLiteral = prefix.count == parts.count
        segmented = expandingVariables ? nil : SegmentedPattern(node)
        if segmented != nil {
            glob = nil
            states.append(.fork([]))
            start = 1
            bitParallel = nil
            return
        }
        glob = GlobMatcher(node)
        start = build(node, next: 0)
        bitParallel = glob == nil ? BitParallel(states: states, start: start) : nil
    }

    /// The same pattern with its variable references expanded into states, for validation;
    /// the states built are charged to `budget`, and `nil` means the budget cannot pay for
    /// them (it is then spent). A pattern without references is returned as it is.
    func expanded(budget: PatternLanguage.Budget) -> PatternAutomaton? {
        guard let segmented else { return self }
        let cost = Self.stateCount(of: segmented.node)
        guard cost < budget.remaining else {
            budget.remaining = 0
            return nil
        }
        budget.remaining -= cost
        return PatternAutomaton(segmented.node, expandingVariables: true)
    }

    /// At most how many states building `node` adds (variables expanded).
    static func stateCount(of node: PatternNode) -> Int {
        switch node {
        case .scalar, .any, .set: 1
        case .star: 2
        case .sequence(let parts): parts.reduce(0) { $0 + stateCount(of: $1) }
        case .alternation(let choices): choices.reduce(1) { $0 + stateCount(of: $1) }
        case .optional(let inner): 1 + stateCount(of: inner)
        case .variable(let values): values.expandedStateCount
        }
    }

    /// An automaton of at most 64 states as bit masks: bit `i` stands for state `i`, and
    /// bit 0 for the accepting state.
    struct BitParallel: Sendable, Hashable {
        /// What a live consuming state does with the next scalar: the states it leads to,
        /// reached through forks, when it accepts the scalar.
        enum Step: Sendable, Hashable {
            case none
            case test(Test, follow: UInt64)
            case table([UInt32: UInt64])
        }

        /// The states reachable from the start without input.
        let initial: UInt64
        /// The consuming states (plain and table).
        let consuming: UInt64
        /// One step per state.
        let steps: [Step]

        init?(states: [State], start: Int) {
            guard states.count <= 64 else { return nil }
            var steps: [Step] = []
            var consuming: UInt64 = 0
            steps.reserveCapacity(states.count)
            for (index, state) in states.enumerated() {
                switch state {
                case .accept, .fork:
                    steps.append(.none)
                case .consume(let test, let next):
                    consuming |= 1 << UInt64(index)
                    steps.append(.test(test, follow: Self.closure(of: next, in: states)))
                case .table(let targets):
                    consuming |= 1 << UInt64(index)
                    steps.append(.table(targets.mapValues { Self.closure(of: $0, in: states) }))
                }
            }
            self.initial = Self.closure(of: start, in: states)
            self.consuming = consuming
            self.steps = steps
        }

        /// The accepting and consuming states reachable from `state` through forks.
        static func closure(of state: Int, in states: [State]) -> UInt64 {
            var reached: UInt64 = 0
            var visited: UInt64 = 0
            var stack = [state]
            while let top = stack.popLast() {
                let bit: UInt64 = 1 << UInt64(top)
                guard visited & bit == 0 else { continue }
                visited |= bit
                switch states[top] {
                case .accept, .consume, .table: reached |= bit
                case .fork(let targets): stack.append(contentsOf: targets.reversed())
                }
            }
            return reached
        }

        /// Whether the whole input matches: one word of live states, updated per scalar.
        func matches(_ input: [UInt32]) -> Bool {
            var current = initial
            for scalar in input {
                var live = current & consuming
                if live == 0 { return false }
                var next: UInt64 = 0
                repeat {
                    let state = live.trailingZeroBitCount
                    live &= live &- 1
                    switch steps[state] {
                    case .test(let test, let follow): if test.accepts(scalar) { next |= follow }
                    case .table(let targets): if let follow = targets[scalar] { next |= follow }
                    case .none: break
                    }
                } while live != 0
                current = next
            }
            return current & 1 != 0
        }
    }

    /// Two automata are equal when their states and start are (everything else is derived).
    static func == (lhs: PatternAutomaton, rhs: PatternAutomaton) -> Bool {
        lhs.start == rhs.start && lhs.states == rhs.states && lhs.segmented?.node == rhs.segmented?.node
    }

    /// Hashes the states and start.
    func hash(into hasher: inout Hasher) {
        hasher.combine(start)
        hasher.combine(states)
        hasher.combine(segmented?.node)
    }

    /// Adds the states for `node`, ending in `next`, and returns the state to start from.
    private mutating func build(_ node: PatternNode, next: Int) -> Int {
        switch node {
        case .scalar(let scalar): return add(.consume(.scalar(scalar), next: next))
        case .any: return add(.consume(.any, next: next))
        case .set(let set): return add(.consume(.set(set), next: next))
        case .star:
            let loop = add(.fork([]))
            let consume = add(.consume(.any, next: loop))
            states[loop] = .fork([consume, next])
            return loop
        case .sequence(let parts):
            var entry = next
            for part in parts.reversed() { entry = build(part, next: entry) }
            return entry
        case .alternation(let choices):
            var heads: [UInt32: PatternNode] = [:]
            for choice in choices {
                guard case .sequence(let parts) = choice, case .scalar(let head)? = parts.first,
                    heads[head] == nil
                else { break }
                heads[head] = .sequence(Array(parts.dropFirst()))
            }
            if choices.count > 2 && heads.count == choices.count {
                return add(.table(heads.mapValues { build($0, next: next) }))
            }
            return add(.fork(choices.map { build($0, next: next) }))
        case .optional(let inner):
            return add(.fork([build(inner, next: next), next]))
        case .variable(let values):
            return build(values.node, next: next)
        }
    }

    private mutating func add(_ state: State) -> Int {
        states.append(state)
        return states.count - 1
    }

    /// Whether the whole input matches.
    func matches(_ input: [UInt32]) -> Bool {
        var scratch = Scratch()
        return matches(input, scratch: &scratch)
    }

    /// Whether the whole input, ASCII bytes, matches; `nil` when this automaton does not read
    /// bytes (only a lone `*`, a literal and a wildcard pattern matched by segments do).
    func matches(ascii input: Span<UInt8>) -> Bool? {
        if isUniversal { return true }
        if isLiteral {
            guard input.count == prefix.count else { return false }
            for index in prefix.indices where UInt32(input[index]) != prefix[index] { return false }
            return true
        }
        return glob?.matches(ascii: input)
    }

    /// Whether the whole input matches, reusing buffers across calls.
    ///
    /// Literal prefix and suffix are compared first, which settles most non-matches of a large
    /// file without running the automaton at all.
    func matches(_ input: [UInt32], scratch: inout Scratch) -> Bool {
        if isUniversal { return true }
        if isLiteral { return input == prefix }
        if let segmented {
            guard input.count >= max(prefix.count, suffix.count), input.starts(with: prefix),
                input[(input.count - suffix.count)...].elementsEqual(suffix)
            else { return false }
            return segmented.matches(input, scratch: &scratch)
        }
        // Cut at its stars, a wildcard pattern checks its own ends first.
        if let glob, glob.isPlanned { return glob.matches(input) }
        guard input.count >= max(prefix.count, suffix.count), input.starts(with: prefix),
            input[(input.count - suffix.count)...].elementsEqual(suffix)
        else { return false }
        if let glob { return glob.matches(input) }
        if let bitParallel { return bitParallel.matches(input) }
        scratch.prepare(stateCount: states.count)
        var accepted = closure(
            of: start, generation: scratch.generation, marks: &scratch.marks, into: &scratch.current,
            stack: &scratch.stack)
        for scalar in input {
            if scratch.current.isEmpty { return false }
            scratch.following.removeAll(keepingCapacity: true)
            scratch.generation += 1
            accepted = false
            for state in scratch.current {
                let target: Int
                switch states[state] {
                case .consume(let test, let next) where test.accepts(scalar): target = next
                case .table(let targets):
                    guard let next = targets[scalar] else { continue }
                    target = next
                default: continue
                }
                if closure(
                    of: target, generation: scratch.generation, marks: &scratch.marks,
                    into: &scratch.following,
                    stack: &scratch.stack)
                {
                    accepted = true
                }
            }
            swap(&scratch.current, &scratch.following)
        }
        return accepted
    }

    /// Adds the consuming states reachable from `state` without input; returns whether the
    /// accepting state is among them.
    private func closure(
        of state: Int, generation: Int, marks: inout [Int], into list: inout [Int], stack: inout [Int]
    ) -> Bool {
        var accepted = false
        stack.append(state)
        while let top = stack.popLast() {
            guard marks[top] != generation else { continue }
            marks[top] = generation
            switch states[top] {
            case .accept: accepted = true
            case .consume, .table: list.append(top)
            case .fork(let targets): stack.append(contentsOf: targets.reversed())
            }
        }
        return accepted
    }

    /// Buffers for simulation, kept between calls so that matching a URL against many rules
    /// allocates once. Marks hold the generation that last visited a state; the generation
    /// only grows, so the marks never need clearing.
    struct Scratch {
        var marks: [Int] = []
        var generation = 0
        var current: [Int] = []
        var following: [Int] = []
        var stack: [Int] = []
        /// The input the variable passes below were run over.
        var passInput: [UInt32] = []
        /// Where a variable's values end when entered at a set of positions of ``passInput``:
        /// references of one variable reached at the same positions run it once.
        var passes: [PassKey: [UInt64]] = [:]

        /// A variable (by identity) and the positions it was entered at.
        struct PassKey: Hashable {
            var values: ObjectIdentifier
            var entries: [UInt64]
        }

        mutating func prepare(stateCount: Int) {
            if marks.count < stateCount { marks += [Int](repeating: -1, count: stateCount - marks.count) }
            generation += 1
            current.removeAll(keepingCapacity: true)
            following.removeAll(keepingCapacity: true)
            stack.removeAll(keepingCapacity: true)
        }
    }
}
