extension ParameterValidator {
    /// Whether some text that the router compares equal to the literal segment `literal`
    /// (itself; under a case-insensitive table, any text with the same lower-case form) may
    /// pass this parameter's checks. `false` is exact: no such text passes, so a link that a
    /// route takes through that literal can never be a value of this parameter. `true` may be
    /// conservative (a type registered in Swift under a case-insensitive table).
    ///
    /// What "shaped like a guarded route" compares, at run time and when the table is checked
    /// alike (``RouteTableFinding/navigationTakesGuardedLinks(route:guarded:safety:)``).
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

extension ParameterValidator {
    /// Whether every text that the router compares equal to the literal segment `literal`
    /// (itself; under a case-insensitive table, every text with the same lower-case form, such
    /// as `CANCEL`, `Cancel` or `cancel` with a Kelvin sign for `k`) passes this parameter's
    /// checks. `true` is exact: a route whose parameter stands where another has this literal
    /// takes every link the literal takes there. `false` may be conservative (a pattern, a
    /// slug or a registered type beside a literal with letters, under a case-insensitive
    /// table).
    ///
    /// What "covers" compares (a reported shadow is always real), where
    /// ``mayTake(literal:)`` is what "may overlap" compares.
    func takesEveryForm(of literal: String) -> Bool {
        guard !literal.isEmpty, case .success = validate(literal) else { return false }
        if caseSensitive { return true }
        let folded = literal.lowercased()
        guard case .success = validate(folded) else { return false }
        // Only ASCII letters have other forms that fold to an ASCII text: their other case,
        // and the Kelvin sign for `k`.
        let asciiKey = folded.utf8.allSatisfy { $0 < 0x80 }
        if asciiKey, !folded.utf8.contains(where: { $0 >= 0x61 && $0 <= 0x7A }) { return true }
        switch type {
        case .enumeration, .uuid:
            // The enumeration folds case itself; a UUID takes either case of its hex letters.
            return true
        case .string(_, let characters) where characters.isAny:
            // Every form has one character where the literal has one.
            return asciiKey
        case .string(_, let characters):
            guard asciiKey else { return false }
            return folded.unicodeScalars.allSatisfy { scalar in
                guard scalar.value >= 0x61 && scalar.value <= 0x7A else { return characters.contains(scalar) }
                let upper = Unicode.Scalar(UInt8(scalar.value - 0x20))
                let kelvin = scalar == "k" ? characters.contains(Unicode.Scalar(0x212A)!) : true
                return characters.contains(scalar) && characters.contains(upper) && kelvin
            }
        case .integer, .boolean, .slug, .pattern, .custom:
            // None takes both cases of a letter (a pattern or a registered type might, but
            // only by trying every form, which a long literal makes too many).
            return false
        }
    }
}
