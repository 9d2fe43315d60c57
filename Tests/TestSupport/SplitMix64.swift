/// A small, seeded pseudo-random generator (SplitMix64), so that every property test draws the
/// same cases on every run and a failure names the seed that reproduces it.
///
/// ```swift
/// var random = SplitMix64(seed: 7)
/// let length = random.int(1...8)
/// ```
public struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// Creates a generator; the same seed always gives the same sequence.
    public init(seed: UInt64) { state = seed }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A whole number in a range.
    public mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &self) }

    /// `true` with the given probability.
    public mutating func chance(_ probability: Double) -> Bool {
        Double.random(in: 0..<1, using: &self) < probability
    }

    /// One element of a non-empty collection.
    public mutating func pick<C: Collection>(_ choices: C) -> C.Element {
        choices[choices.index(choices.startIndex, offsetBy: int(0...(choices.count - 1)))]
    }

    /// A string of `count` characters drawn from `alphabet`.
    public mutating func string(_ count: Int, from alphabet: [Character]) -> String {
        String((0..<count).map { _ in pick(alphabet) })
    }
}

/// The seeds property tests run with: fixed, so that runs are reproducible, and several, so
/// that one lucky sequence cannot hide a failure.
public enum PropertySeeds {
    /// Every seed, in the order the tests take them.
    public static let all: [UInt64] = [1, 2, 3, 0xDEE9_11AC, 0x5EED_F00D]
}
