/// Answers the declaration checks repeat for every route that declares the same type or
/// default (a large table declares a few types thousands of times).
///
/// A cache serves one table check, on one thread.
final class DeclarationCache {
    /// The scope most recently found sound.
    private(set) var soundScope: RouteScope?
    /// The storage of the lists of ``soundScope``: the table keeps every list alive while it
    /// is checked, so a pair of storage identities names one scope.
    private var soundScopeStorage: (StorageIdentity?, StorageIdentity?)?

    /// Whether `scope` holds the very lists of the scope most recently found sound.
    func isSoundScope(_ scope: borrowing RouteScope) -> Bool {
        guard let soundScopeStorage else { return false }
        return soundScopeStorage.0 == StorageIdentity(of: scope.schemes)
            && soundScopeStorage.1 == StorageIdentity(of: scope.hosts)
    }

    /// Notes that `scope` is sound.
    func noteSoundScope(_ scope: RouteScope) {
        soundScope = scope
        soundScopeStorage = (StorageIdentity(of: scope.schemes), StorageIdentity(of: scope.hosts))
    }

    /// Query lists whose defaults were all found valid, by their storage: the table keeps
    /// every list alive while it is checked, so a storage identity names one list.
    private var soundDefaultLists: Set<StorageIdentity> = []
    /// The lists most recently found or noted sound, compared before hashing: neighbouring
    /// routes take turns among a few lists.
    private var recentSoundDefaults: [StorageIdentity] = []
    private static let recentSoundDefaultsLimit = 8

    /// Whether every default of this very list (the same storage) was found valid.
    func hasSoundDefaults(_ list: [QueryParameter]) -> Bool {
        guard let address = StorageIdentity(of: list) else { return list.isEmpty }
        if recentSoundDefaults.contains(address) { return true }
        guard soundDefaultLists.contains(address) else { return false }
        noteRecentSoundDefaults(address)
        return true
    }

    /// Notes that every default of the list is valid.
    func noteSoundDefaults(_ list: [QueryParameter]) {
        guard let address = StorageIdentity(of: list) else { return }
        soundDefaultLists.insert(address)
        noteRecentSoundDefaults(address)
    }

    private func noteRecentSoundDefaults(_ address: StorageIdentity) {
        if recentSoundDefaults.count == Self.recentSoundDefaultsLimit { recentSoundDefaults.removeFirst() }
        recentSoundDefaults.append(address)
    }
    /// The bounds problem of each type checked so far.
    private var bounds: [ParameterType: String?] = [:]
    /// The types most recently checked, compared before hashing: neighbouring routes take
    /// turns among a few enumerations, whose hashing reads every case.
    private var recentBounds: [(type: ParameterType, problem: String?)] = []
    private static let recentBoundsLimit = 8

    /// ``ParameterType/boundsProblem``, computed once per distinct type.
    func boundsProblem(of type: ParameterType) -> String? {
        switch type {
        case .integer, .uuid, .boolean, .pattern, .custom: return nil
        case .string, .slug: return type.boundsProblem
        case .enumeration: break
        }
        for entry in recentBounds where entry.type == type { return entry.problem }
        let problem: String?
        if let known = bounds[type] {
            problem = known
        } else {
            problem = type.boundsProblem
            bounds[type] = problem
        }
        if recentBounds.count == Self.recentBoundsLimit { recentBounds.removeFirst() }
        recentBounds.append((type, problem))
        return problem
    }

    /// Why a declaration's default is not a valid value of its type, or `nil` (also when it
    /// has no default).
    func defaultProblem(of declaration: QueryParameter, validators: ValidatorPool) -> ParameterFailure.Reason?
    {
        guard case .defaulted(let text) = declaration.requirement else { return nil }
        if case .failure(let reason) = validators.validator(for: declaration.type).validate(text) {
            return reason
        }
        return nil
    }
}
