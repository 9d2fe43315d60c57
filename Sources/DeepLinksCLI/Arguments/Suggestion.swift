/// "Did you mean" for a mistyped command or option: the closest known name by edit distance.
enum Suggestion {
    /// The known name closest to `word`, when it is close enough to be a typo: at most a third
    /// of the word's length in edits (at least one, at most three). Ties go to the first name.
    static func closest(to word: String, among names: [String]) -> String? {
        let limit = min(max(word.count / 3, 1), 3)
        var best: (name: String, distance: Int)?
        for name in names where name != word {
            let distance = editDistance(word.lowercased(), name.lowercased())
            if distance <= limit, distance < (best?.distance ?? .max) { best = (name, distance) }
        }
        return best?.name
    }

    /// The number of single-character insertions, deletions, substitutions and swaps of two
    /// neighbours that turn one text into the other (optimal string alignment distance).
    static func editDistance(_ first: String, _ second: String) -> Int {
        let a = Array(first)
        let b = Array(second)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var rows = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { rows[i][0] = i }
        for j in 0...b.count { rows[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var value = min(rows[i - 1][j] + 1, rows[i][j - 1] + 1, rows[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    value = min(value, rows[i - 2][j - 2] + 1)
                }
                rows[i][j] = value
            }
        }
        return rows[a.count][b.count]
    }
}
