extension ParameterValidator {
    /// Whether some text that the router compares equal to the literal segment `literal`
    /// (itself; under a case-insensitive table, any text with the same lower-case form) may
    /// pass this parameter's checks. `false` is exact: no such text passes, so a link that a
    /// route takes through that literal can never be a value of this parameter. `true` may be
    /// conservative (a type registered in Swift under a case-insensitive table).
    ///
    /// What "shaped like a guarded route" compares, at run time and when the table is checked
    /// alike (``RouteTableProblem/navigationTakesGuardedLinks(route:guarded:safety:)``).
    func mayTake(literal: String) -> Bool {
        guard !literal.isEmpty else { return false }
        if caseSensitive {
            if case .success = validate(literal) { return true }
            return false
        }
        let folded = literal.lowercased()
        switch type {
        case .enumeration:
            // The validator folds case itself.
            if case .success = validate(literal) { return true }
            return false
        case .integer, .uuid, .boolean, .slug:
            // Each accepts a text exactly when it accepts its lower-case form (integers and
            // booleans have no letters, UUIDs take either case, slugs only lower case).
            if case .success = validate(folded) { return true }
            return false
        case .pattern(let pattern):
            // Patterns take only ASCII, whose case variants all fold to `folded`.
            return folded.utf8.allSatisfy { $0 < 0x80 } && pattern.matchesIgnoringCase(folded)
        case .string(let length, let characters) where !characters.isAny:
            guard folded.utf8.allSatisfy({ $0 < 0x80 }), length.contains(folded.utf8.count) else {
                return false
            }
            return folded.unicodeScalars.allSatisfy { scalar in
                characters.contains(scalar)
                    || (scalar.value >= 0x61 && scalar.value <= 0x7A
                        && characters.contains(Unicode.Scalar(UInt8(scalar.value - 0x20))))
            }
        case .string, .custom:
            return true
        }
    }
}
