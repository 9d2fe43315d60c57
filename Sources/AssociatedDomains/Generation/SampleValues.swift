import DeepLinks
import Foundation

/// Valid sample values for parameter types, for writing sample links.
enum SampleValues {
    static func value(for type: ParameterType?, variant: Int) -> ParameterValue? {
        guard let type else { return .string(variant == 0 ? "sample" : "other") }
        switch type {
        case .integer(let range):
            let preferred = variant == 0 ? 1 : 2
            return .integer(
                range.contains(preferred) ? preferred : variant == 0 ? range.lowerBound : range.upperBound)
        case .string(let length, let characters):
            let candidates =
                variant == 0
                ? "abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ-_."
                : "zyxwvutsrqponmlkjihgfedcba9876543210ZYXWVUTSRQPONMLKJIHGFEDCBA"
            guard let character = candidates.first(where: { characters.contains($0) }) else { return nil }
            return .string(String(repeating: character, count: max(1, length.lowerBound)))
        case .slug(let length):
            return .string(String(repeating: variant == 0 ? "a" : "b", count: max(1, length.lowerBound)))
        case .uuid:
            return UUID(
                uuidString: variant == 0
                    ? "123e4567-e89b-12d3-a456-426614174000" : "00000000-0000-4000-8000-000000000001"
            ).map(ParameterValue.uuid)
        case .boolean:
            return .boolean(variant == 0)
        case .enumeration(let values):
            return (variant < values.count ? values[variant] : values.first).map(ParameterValue.string)
        case .pattern(let pattern):
            return pattern.shortestMatch.map(ParameterValue.string)
        case .custom:
            return nil
        }
    }
}
