/// The median and the middle half of repeated measurements.
///
/// The median resists the odd slow round that a shared machine produces; the interquartile
/// range (p25–p75) shows how much the rounds disagreed.
struct Spread: CustomStringConvertible {
    let median: Double
    let lower: Double
    let upper: Double

    init(_ values: [Double]) {
        let sorted = values.sorted()
        median = Self.quantile(sorted, 0.5)
        lower = Self.quantile(sorted, 0.25)
        upper = Self.quantile(sorted, 0.75)
    }

    init(median: Double, lower: Double, upper: Double) {
        self.median = median
        self.lower = lower
        self.upper = upper
    }

    /// Linear interpolation between the closest ranks.
    static func quantile(_ sorted: [Double], _ q: Double) -> Double {
        guard !sorted.isEmpty else { return .nan }
        let position = q * Double(sorted.count - 1)
        let below = Int(position.rounded(.down))
        let above = min(below + 1, sorted.count - 1)
        let weight = position - Double(below)
        return sorted[below] * (1 - weight) + sorted[above] * weight
    }

    var description: String { "\(Format.number(median)) (\(Format.number(lower))–\(Format.number(upper)))" }
}

/// Number formatting for the result table.
enum Format {
    /// Three significant figures, grouped thousands, no exponent.
    static func number(_ value: Double) -> String {
        guard value.isFinite else { return "n/a" }
        let magnitude = abs(value)
        let decimals = magnitude >= 100 ? 0 : magnitude >= 10 ? 1 : magnitude >= 1 ? 2 : 3
        return grouped(value, decimals: decimals)
    }

    static func grouped(_ value: Double, decimals: Int) -> String {
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let scaled = (abs(value) * scale).rounded()
        let whole = Int(scaled / scale)
        let fraction = Int(scaled) - whole * Int(scale)
        var digits = String(whole)
        var groups: [Substring] = []
        while digits.count > 3 {
            groups.insert(digits.suffix(3), at: 0)
            digits.removeLast(3)
        }
        groups.insert(Substring(digits), at: 0)
        var text = (value < 0 ? "-" : "") + groups.joined(separator: ",")
        if decimals > 0 {
            let padded = String(fraction)
            text += "." + String(repeating: "0", count: decimals - padded.count) + padded
        }
        return text
    }

    static func count(_ value: Int) -> String { grouped(Double(value), decimals: 0) }

    static func ratio(_ value: Double) -> String {
        guard value.isFinite else { return "n/a" }
        return grouped(value, decimals: value >= 100 ? 0 : value >= 10 ? 1 : 2) + "×"
    }

    static func bytes(_ value: Double) -> String {
        if value >= 1024 * 1024 { return grouped(value / 1024 / 1024, decimals: 1) + " MiB" }
        if value >= 1024 { return grouped(value / 1024, decimals: 1) + " KiB" }
        return grouped(value, decimals: 0) + " B"
    }
}
