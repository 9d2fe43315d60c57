/// The precedence key of one pattern segment: kind first (literal, typed, untyped, typed
/// catch-all, untyped catch-all), then the type's rank, then its text.
struct SegmentKey: Comparable, Hashable, Sendable {
    let kind: Int
    let typeRank: Int
    let text: String

    static func < (a: SegmentKey, b: SegmentKey) -> Bool {
        (a.kind, a.typeRank, a.text) < (b.kind, b.typeRank, b.text)
    }
}

/// One validator per distinct parameter type of a table, one compiled query parameter per
/// distinct declaration, one extraction list per distinct list, and one object holding a
/// route's three parameter lists per distinct three, created while compiling it: routes that
/// declare the same query parameter or read their parameters from the same places share them,
/// so that a large table keeps each once.
///
/// Equal types share one validator, so the identity of a route segment's validator tells
/// its type apart from every other type of the table (the trie and the overlap index use it
/// as the edge key).
///
/// A pool serves one table check or compilation, on one thread, and no access to its lists
/// overlaps another (scratch lists are swapped out while in use).
final class ValidatorPool {
    private let caseSensitive: Bool
    private let registry: ParameterTypeRegistry
    private var byType: [ParameterType: ParameterValidator] = [:]
    private var untyped: ParameterValidator?
    /// The validators most recently handed out, checked first: neighbouring segments and
    /// routes often share a few types, and comparing a type is cheaper than hashing it.
    private var recent: [(type: ParameterType, validator: ParameterValidator)] = []
    private static let recentTypeLimit = 8
    var parameters: [QueryParameter: CompiledRoute.Parameter] = [:]
    /// The lists of the route being compiled, before they are shared (``shared(_:)``).
    var scratchValidators: [ParameterValidator] = []
    var scratchExtraction: [(name: String, source: CompiledRoute.Source)] = []
    private var extractions: [[ExtractionKey]: [(name: String, source: CompiledRoute.Source)]] = [:]

    init(options: RoutingOptions, registry: ParameterTypeRegistry) {
        caseSensitive = options.caseSensitivity == .sensitive
        self.registry = registry
    }

    func validator(for type: ParameterType?) -> ParameterValidator {
        guard let type else {
            if let untyped { return untyped }
            let made = CompiledRoute.untypedValidator(registry: registry)
            untyped = made
            return made
        }
        // By position: iterating the list would copy each entry's type.
        for i in recent.indices where recent[i].type == type { return recent[i].validator }
        let validator: ParameterValidator
        if let known = byType[type] {
            validator = known
        } else {
            validator = ParameterValidator(type, caseSensitive: caseSensitive, registry: registry)
            byType[type] = validator
        }
        if recent.count == Self.recentTypeLimit { recent.removeFirst() }
        recent.append((type, validator))
        return validator
    }

    private var validatorLists: [[ObjectIdentifier]: [ParameterValidator]] = [:]
    /// Compiled query lists by the declared list's storage: routes of a table share equal
    /// lists (``RouteTable/sharingEqualParts()``), and the table keeps every list alive while
    /// it is compiled, so a storage identity names one list.
    private var queryLists: [StorageIdentity: [CompiledRoute.Parameter]] = [:]

    /// The compiled form of a declared query list, made by `compile` once per shared list.
    func compiledQuery(
        _ declared: [QueryParameter], _ compile: ([QueryParameter]) -> [CompiledRoute.Parameter]
    ) -> [CompiledRoute.Parameter] {
        if declared.isEmpty { return [] }
        guard let address = StorageIdentity(of: declared) else { return compile(declared) }
        if let known = queryLists[address] { return known }
        let made = compile(declared)
        queryLists[address] = made
        return made
    }

    /// The identity of each of a route's three lists (`nil` for an empty one), which are
    /// shared lists already: equal lists are one storage, so the three identities name the
    /// three lists.
    private struct ListsKey: Hashable {
        let validators: StorageIdentity?
        let extraction: StorageIdentity?
        let query: StorageIdentity?
    }

    /// Every object handed out, by its three lists.
    private var parameterLists: [ListsKey: CompiledRoute.ParameterLists] = [:]
    /// The object handed out last and its key, compared before hashing.
    private var recentLists: (key: ListsKey, lists: CompiledRoute.ParameterLists)?

    /// The one object for three shared lists (as `shared(_:)`, `sortedExtraction(_:)` and
    /// `compiledQuery(_:_:)` hand them out): the same object for every route whose three lists
    /// are these. Each object keeps its lists alive as long as the pool keeps the object, so
    /// an identity in a key names one list.
    func lists(
        validators: [ParameterValidator], extraction: [(name: String, source: CompiledRoute.Source)],
        query: [CompiledRoute.Parameter]
    ) -> CompiledRoute.ParameterLists {
        let key = ListsKey(
            validators: Self.identity(validators), extraction: Self.identity(extraction),
            query: Self.identity(query))
        // Routes of one kind are often declared together: the last object answers most of them.
        if let recent = recentLists, recent.key == key { return recent.lists }
        let found: CompiledRoute.ParameterLists
        if let known = parameterLists[key] {
            found = known
        } else {
            found = CompiledRoute.ParameterLists(validators: validators, extraction: extraction, query: query)
            parameterLists[key] = found
        }
        recentLists = (key, found)
        return found
    }

    @inline(__always)
    private static func identity<Element>(_ list: [Element]) -> StorageIdentity? {
        list.isEmpty ? nil : StorageIdentity(of: list)
    }

    /// Lists handed out most recently, compared before hashing: a generated table repeats a
    /// few lists over and over.
    private var recentValidatorLists: [[ParameterValidator]] = []
    private var recentExtractions: [[(name: String, source: CompiledRoute.Source)]] =
        []
    private static let recentLimit = 16

    /// The validator list equal to `list` that an earlier route made, or `list`.
    func shared(_ list: [ParameterValidator]) -> [ParameterValidator] {
        // A fresh empty list holds no storage, where `list` may hold reserved capacity.
        if list.isEmpty { return [] }
        for recent in recentValidatorLists
        where recent.count == list.count && zip(recent, list).allSatisfy({ $0 === $1 }) {
            return recent
        }
        let found = sharedByHash(list)
        if recentValidatorLists.count == Self.recentLimit { recentValidatorLists.removeFirst() }
        recentValidatorLists.append(found)
        return found
    }

    private func sharedByHash(_ list: [ParameterValidator]) -> [ParameterValidator] {
        let key = list.map(ObjectIdentifier.init)
        if let known = validatorLists[key] { return known }
        // A copy of exact size: `list` may be a scratch list with spare capacity.
        let kept = list.map { $0 }
        validatorLists[key] = kept
        return kept
    }

    /// The hashable form of one extraction entry.
    private struct ExtractionKey: Hashable {
        let name: String
        let kind: Int
        let position: Int
    }

    /// The extraction list equal to `list` that an earlier route made, or `list`.
    func shared(_ list: [(name: String, source: CompiledRoute.Source)]) -> [(
        name: String, source: CompiledRoute.Source
    )] {
        // A fresh empty list holds no storage, where `list` may hold reserved capacity.
        if list.isEmpty { return [] }
        for recent in recentExtractions where recent.count == list.count {
            if zip(recent, list).allSatisfy({ $0.name == $1.name && Self.same($0.source, $1.source) }) {
                return recent
            }
        }
        let found = sharedByHash(list)
        if recentExtractions.count == Self.recentLimit { recentExtractions.removeFirst() }
        recentExtractions.append(found)
        return found
    }

    /// Extraction lists in the order a route's parameters are declared, each with the shared
    /// list sorted by name that it gives, most recent last: a route whose parameters are
    /// declared as an earlier route's were takes that route's list without sorting.
    private var recentDeclaredExtractions:
        [(
            declared: [(name: String, source: CompiledRoute.Source)],
            sorted: [(name: String, source: CompiledRoute.Source)]
        )] =
            []

    /// The shared extraction list of a route whose parameters, in declaration order, are
    /// `declared`: the list sorted by name (``CompiledRoute/sortByName(_:)``), equal names
    /// keeping their order.
    func sortedExtraction(_ declared: [(name: String, source: CompiledRoute.Source)]) -> [(
        name: String, source: CompiledRoute.Source
    )] {
        if declared.isEmpty { return [] }
        for recent in recentDeclaredExtractions where recent.declared.count == declared.count {
            if zip(recent.declared, declared).allSatisfy({
                $0.name == $1.name && Self.same($0.source, $1.source)
            }) {
                return recent.sorted
            }
        }
        // A copy of exact size: `declared` may be a scratch list with spare capacity.
        let kept = declared.map { $0 }
        var sorted = kept
        if sorted.count > 1 { CompiledRoute.sortByName(&sorted) }
        let found = shared(sorted)
        if recentDeclaredExtractions.count == Self.recentLimit { recentDeclaredExtractions.removeFirst() }
        recentDeclaredExtractions.append((kept, found))
        return found
    }

    private static func same(_ a: CompiledRoute.Source, _ b: CompiledRoute.Source) -> Bool {
        switch (a, b) {
        case (.path(let x), .path(let y)), (.catchAll(let x), .catchAll(let y)),
            (.query(let x), .query(let y)):
            x == y
        case (.fragment, .fragment): true
        default: false
        }
    }

    private func sharedByHash(_ list: [(name: String, source: CompiledRoute.Source)]) -> [(
        name: String, source: CompiledRoute.Source
    )] {
        let key = list.map { entry -> ExtractionKey in
            switch entry.source {
            case .path(let i): ExtractionKey(name: entry.name, kind: 0, position: i)
            case .catchAll(let i): ExtractionKey(name: entry.name, kind: 1, position: i)
            case .query(let i): ExtractionKey(name: entry.name, kind: 2, position: i)
            case .fragment: ExtractionKey(name: entry.name, kind: 3, position: 0)
            }
        }
        if let known = extractions[key] { return known }
        // A copy of exact size: `list` may be a scratch list with spare capacity.
        let kept = list.map { $0 }
        extractions[key] = kept
        return kept
    }
}

extension Array {
    /// Removes every element and keeps the storage, element by element from the end: for the
    /// few elements of the scratch lists that building a table reuses, cheaper than
    /// `removeAll(keepingCapacity:)`, which replaces a subrange.
    @inline(__always)
    mutating func removeAllKeepingCapacity() {
        while !isEmpty { removeLast() }
    }
}
