/// Did-you-mean hints for misspelled keys.
extension ValidationRun {
    // MARK: Suggestions

    func hint(_ key: String, _ known: [String]) -> String {
        if let match = known.first(where: { $0.lowercased() == key.lowercased() }) {
            return " (did you mean '\(match)'?)"
        }
        guard key.count >= 4 else { return "" }
        let scored = known.map { ($0, ValidationRun.distance(key.lowercased(), $0.lowercased())) }
        guard let best = scored.min(by: { $0.1 < $1.1 }), best.1 <= 2 else { return "" }
        return " (did you mean '\(best.0)'?)"
    }

    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a)
        let b = Array(b)
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [i] + [Int](repeating: 0, count: b.count)
            for j in 1...b.count {
                current[j] = min(
                    previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }
}
