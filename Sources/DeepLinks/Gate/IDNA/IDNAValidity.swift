import Foundation

/// The UTS #46 validity criteria a browser applies to the Unicode form of an `xn--` label.
///
/// The WHATWG host parser runs UTS #46 processing with CheckHyphens=false, CheckBidi=true,
/// CheckJoiners=true, UseSTD3ASCIIRules=false, Transitional=false. For each decoded label it
/// requires: normalization form C; no leading combining mark; no `xn--` prefix; only code
/// points whose status is valid or deviation; ZWNJ and ZWJ only where RFC 5892 allows them
/// (CONTEXTJ); and, when the host is a Bidi domain name, the Bidi rule of RFC 5893 for every
/// label. The gate applies the same checks, and is stricter in three places: ASCII inside a
/// decoded label must be `a-z`, `0-9` or `-`, code points newer than its tables are refused,
/// and the host validator refuses deviation characters after these checks (see
/// ``firstDeviation(in:)``).
enum IDNAValidity {
    /// A broken criterion: the rule and a detail that names the label and the code point.
    struct Problem: Error, Equatable {
        let rule: LinkError.Rule
        let detail: String
    }

    /// The first validity criterion the decoded `label` breaks, or `nil`. `encoded` is the
    /// `xn--` label as it stands in the host, for the detail.
    static func problem(in label: [Unicode.Scalar], encoded: String) -> Problem? {
        guard let first = label.first else { return nil }
        if label.count >= 4, label[0] == "x", label[1] == "n", label[2] == "-", label[3] == "-" {
            return Problem(
                rule: .invalidHost,
                detail: "the label '\(encoded)' decodes to a label that starts with 'xn--' again")
        }
        for scalar in label {
            let status = IDNAProperties(scalar).status
            switch status {
            case .valid, .deviation: continue
            case .refused:
                return Problem(
                    rule: .idnaDisallowedCodePoint,
                    detail: "the label '\(encoded)' decodes to \(code(scalar)), which is not valid in "
                        + "a host name")
            case .newerThanTables:
                return Problem(
                    rule: .idnaDisallowedCodePoint,
                    detail: "the label '\(encoded)' decodes to \(code(scalar)), which is newer than the "
                        + "gate's Unicode \(IDNATables.characterDataVersion) tables")
            }
        }
        if IDNAProperties(first).isMark {
            return Problem(
                rule: .idnaLeadingCombiningMark,
                detail:
                    "the label '\(encoded)' decodes to a string starting with a combining mark \(code(first))"
            )
        }
        if !isNFC(label) {
            return Problem(
                rule: .idnaNotNormalized,
                detail: "the label '\(encoded)' decodes to \(codes(label)), which is not in normalization "
                    + "form C (\(codes(nfc(label))))")
        }
        if let index = ContextJ.violation(in: label) {
            return Problem(
                rule: .idnaJoinerContext,
                detail: "the label '\(encoded)' decodes to \(codes(label)), with \(code(label[index])) at "
                    + "position \(index) outside the context that allows it")
        }
        return nil
    }

    /// The first deviation character (`ß`, `ς`, ZWNJ, ZWJ) in `label`, or `nil`.
    ///
    /// Browsers accept deviations (nontransitional processing), but transitional processing
    /// and IDNA 2003 map them away (`faß.de` becomes `fass.de`), so two parsers can read one
    /// such host as two different hosts. The gate refuses them after the browser's own checks.
    static func firstDeviation(in label: [Unicode.Scalar]) -> Unicode.Scalar? {
        label.first { IDNAProperties($0).status == .deviation }
    }

    /// Whether `label` holds a right-to-left character (Bidi class R, AL or AN): one such label
    /// makes the host a Bidi domain name.
    static func isRightToLeft(_ label: [Unicode.Scalar]) -> Bool {
        label.contains { scalar in
            switch IDNAProperties(scalar).bidiClass {
            case .r, .al, .an: true
            default: false
            }
        }
    }

    /// Whether the scalars are in normalization form C.
    static func isNFC(_ label: [Unicode.Scalar]) -> Bool {
        nfc(label) == label
    }

    private static func nfc(_ label: [Unicode.Scalar]) -> [Unicode.Scalar] {
        var text = String.UnicodeScalarView()
        text.append(contentsOf: label)
        return Array(String(text).precomposedStringWithCanonicalMapping.unicodeScalars)
    }

    /// `U+0300`.
    static func code(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }

    /// `U+0065 U+0301`.
    static func codes(_ scalars: [Unicode.Scalar]) -> String {
        scalars.map(code).joined(separator: " ")
    }
}

/// The CONTEXTJ rules of RFC 5892 (Appendix A.1 and A.2) for ZERO WIDTH NON-JOINER and
/// ZERO WIDTH JOINER.
///
/// Either joiner is allowed right after a virama. A ZWNJ is also allowed between a left- or
/// dual-joining character and a right- or dual-joining one, with transparent characters
/// between: `(L|D) T* ZWNJ T* (R|D)`.
enum ContextJ {
    /// The index of the first joiner out of context, or `nil` when every joiner is allowed.
    static func violation(in label: [Unicode.Scalar]) -> Int? {
        for (index, scalar) in label.enumerated() where scalar.value == 0x200C || scalar.value == 0x200D {
            if index > 0, IDNAProperties(label[index - 1]).isVirama { continue }
            guard scalar.value == 0x200C else { return index }
            var before = index - 1
            while before >= 0, IDNAProperties(label[before]).joiningType == .transparent { before -= 1 }
            guard before >= 0, [.left, .dual].contains(IDNAProperties(label[before]).joiningType) else {
                return index
            }
            var after = index + 1
            while after < label.count, IDNAProperties(label[after]).joiningType == .transparent { after += 1 }
            guard after < label.count, [.right, .dual].contains(IDNAProperties(label[after]).joiningType)
            else {
                return index
            }
        }
        return nil
    }
}

/// The Bidi rule of RFC 5893 (section 2), which every label of a Bidi domain name must meet.
enum BidiRule {
    /// Why `label` breaks the rule, or `nil` when it meets it.
    static func violation(in label: [Unicode.Scalar]) -> String? {
        guard let first = label.first else { return nil }
        let classes = label.map { IDNAProperties($0).bidiClass }
        var last = classes.count - 1
        while last >= 0, classes[last] == .nsm { last -= 1 }
        switch classes[0] {
        case .r, .al:
            if let bad = classes.firstIndex(where: { !isAllowedRightToLeft($0) }) {
                return "a right-to-left label holds \(IDNAValidity.code(label[bad])), "
                    + "of Bidi class \(name(classes[bad]))"
            }
            guard last >= 0, [.r, .al, .en, .an].contains(classes[last]) else {
                return "a right-to-left label ends with \(IDNAValidity.code(label[max(last, 0)]))"
            }
            if classes.contains(.en), classes.contains(.an) {
                return "a right-to-left label mixes European and Arabic-Indic digits"
            }
        case .l:
            if let bad = classes.firstIndex(where: { !isAllowedLeftToRight($0) }) {
                return "a left-to-right label holds \(IDNAValidity.code(label[bad])), "
                    + "of Bidi class \(name(classes[bad]))"
            }
            guard last >= 0, [.l, .en].contains(classes[last]) else {
                return "a left-to-right label ends with \(IDNAValidity.code(label[max(last, 0)]))"
            }
        default:
            return "the label starts with \(IDNAValidity.code(first)), of Bidi class \(name(classes[0])), "
                + "neither left-to-right nor right-to-left"
        }
        return nil
    }

    /// Rule 2: the classes allowed in a right-to-left label.
    private static func isAllowedRightToLeft(_ bidiClass: IDNAProperties.BidiClass) -> Bool {
        switch bidiClass {
        case .r, .al, .an, .en, .es, .cs, .et, .on, .bn, .nsm: true
        default: false
        }
    }

    /// Rule 5: the classes allowed in a left-to-right label.
    private static func isAllowedLeftToRight(_ bidiClass: IDNAProperties.BidiClass) -> Bool {
        switch bidiClass {
        case .l, .en, .es, .cs, .et, .on, .bn, .nsm: true
        default: false
        }
    }

    private static func name(_ bidiClass: IDNAProperties.BidiClass) -> String {
        String(describing: bidiClass).uppercased()
    }
}
