/// What the search keeps of the path parameters it checked, by segment position, for the
/// first ``capacity`` positions: held inline, so a lookup allocates nothing for it, and
/// passed down the walk by reference. Positions past ``count`` read ``KeptValue/none``, and
/// their parameters are validated again when the winner's values are built.
struct KeptValues {
    /// How many positions can be kept.
    static let capacity = 16

    private var values:
        (
            KeptValue, KeptValue, KeptValue, KeptValue, KeptValue, KeptValue, KeptValue, KeptValue,
            KeptValue, KeptValue, KeptValue, KeptValue, KeptValue, KeptValue, KeptValue, KeptValue
        ) = (
            .none, .none, .none, .none, .none, .none, .none, .none,
            .none, .none, .none, .none, .none, .none, .none, .none
        )
    /// How many positions are kept: the link's segments, at most ``capacity``.
    let count: Int

    /// Room for the values of `segmentCount` segments (at most ``capacity``), each ``KeptValue/none``.
    init(segmentCount: Int) {
        count = min(max(segmentCount, 0), Self.capacity)
    }

    /// The value kept at a position; ``KeptValue/none`` past ``count``, where a value set is
    /// not kept.
    subscript(position: Int) -> KeptValue {
        get {
            guard position < count else { return .none }
            return switch position {
            case 0: values.0
            case 1: values.1
            case 2: values.2
            case 3: values.3
            case 4: values.4
            case 5: values.5
            case 6: values.6
            case 7: values.7
            case 8: values.8
            case 9: values.9
            case 10: values.10
            case 11: values.11
            case 12: values.12
            case 13: values.13
            case 14: values.14
            case 15: values.15
            default: .none
            }
        }
        set {
            guard position < count else { return }
            switch position {
            case 0: values.0 = newValue
            case 1: values.1 = newValue
            case 2: values.2 = newValue
            case 3: values.3 = newValue
            case 4: values.4 = newValue
            case 5: values.5 = newValue
            case 6: values.6 = newValue
            case 7: values.7 = newValue
            case 8: values.8 = newValue
            case 9: values.9 = newValue
            case 10: values.10 = newValue
            case 11: values.11 = newValue
            case 12: values.12 = newValue
            case 13: values.13 = newValue
            case 14: values.14 = newValue
            case 15: values.15 = newValue
            default: break
            }
        }
    }
}
