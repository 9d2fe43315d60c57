/// RFC 3492 Punycode, for checking `xn--` labels in hosts.
///
/// A browser decodes an `xn--` label and refuses the host when the label is not valid
/// Punycode of a proper Unicode label. The gate applies the same test so that it never accepts
/// a host a browser would refuse.
enum Punycode {
    private static let base = 36
    private static let tMin = 1
    private static let tMax = 26
    private static let skew = 38
    private static let damp = 700
    private static let initialBias = 72
    private static let initialN = 128

    /// Decodes the part of a label after `xn--`; `nil` when it is not valid Punycode.
    static func decode(_ input: String) -> [Unicode.Scalar]? {
        let bytes = Array(input.utf8)
        var output: [UInt32] = []
        var basicEnd = 0
        if let delimiter = bytes.lastIndex(of: UInt8(ascii: "-")) {
            for b in bytes[..<delimiter] {
                guard b < 0x80 else { return nil }
                output.append(UInt32(b))
            }
            basicEnd = delimiter + 1
        }
        var n = initialN
        var bias = initialBias
        var i = 0
        var position = basicEnd
        while position < bytes.count {
            let oldI = i
            var w = 1
            var k = base
            while true {
                guard position < bytes.count, let digit = digitValue(bytes[position]) else { return nil }
                position += 1
                let (product, overflow1) = digit.multipliedReportingOverflow(by: w)
                guard !overflow1 else { return nil }
                let (sum, overflow2) = i.addingReportingOverflow(product)
                guard !overflow2, sum < 0x7FFF_FFFF else { return nil }
                i = sum
                let t = k <= bias ? tMin : (k >= bias + tMax ? tMax : k - bias)
                if digit < t { break }
                let (nextW, overflow3) = w.multipliedReportingOverflow(by: base - t)
                guard !overflow3, nextW < 0x7FFF_FFFF else { return nil }
                w = nextW
                k += base
            }
            let length = output.count + 1
            bias = adapt(delta: i - oldI, length: length, first: oldI == 0)
            n += i / length
            guard n <= 0x10FFFF else { return nil }
            i %= length
            output.insert(UInt32(n), at: i)
            i += 1
        }
        var scalars: [Unicode.Scalar] = []
        for value in output {
            guard let scalar = Unicode.Scalar(value) else { return nil }
            scalars.append(scalar)
        }
        return scalars
    }

    /// The Unicode form of `xn--` + `input`: `nil` when it is not valid Punycode, is empty, or
    /// decodes to ASCII only (such a label has no business being encoded, and browsers refuse it).
    static func decodeLabel(_ input: String) -> [Unicode.Scalar]? {
        guard !input.isEmpty, let scalars = decode(input), scalars.contains(where: { !$0.isASCII }) else {
            return nil
        }
        return scalars
    }

    /// The first decoded character that is not a letter, mark, digit or hyphen, or a non-ASCII
    /// character that IDNA mapping would change; `nil` when there is none.
    ///
    /// Browsers accept symbols such as emoji in labels; the gate does not, to keep look-alike
    /// and confusable hosts out.
    static func firstNonHostCharacter(in scalars: [Unicode.Scalar]) -> Unicode.Scalar? {
        scalars.first { scalar in
            if scalar.isASCII {
                let b = UInt8(scalar.value)
                return
                    !(ASCII.isDigit(b) || (ASCII.isAlpha(b) && b >= UInt8(ascii: "a"))
                    || b == UInt8(ascii: "-"))
            }
            let properties = scalar.properties
            guard !properties.changesWhenNFKCCaseFolded else { return true }
            switch properties.generalCategory {
            case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
                .nonspacingMark, .spacingMark, .enclosingMark, .decimalNumber, .letterNumber, .otherNumber:
                return false
            default:
                return true
            }
        }
    }

    /// Whether `xn--` + `input` decodes to a label the gate accepts: valid Punycode with at least
    /// one non-ASCII character, meeting the IDNA validity criteria of ``IDNAValidity`` for the
    /// label alone, without deviation characters, made of letters, marks, digits and hyphens.
    static func isValidLabel(_ input: String) -> Bool {
        guard let scalars = decodeLabel(input) else { return false }
        return IDNAValidity.problem(in: scalars, encoded: "xn--" + input) == nil
            && IDNAValidity.firstDeviation(in: scalars) == nil && firstNonHostCharacter(in: scalars) == nil
    }

    private static func digitValue(_ b: UInt8) -> Int? {
        switch b {
        case UInt8(ascii: "a")...UInt8(ascii: "z"): Int(b - UInt8(ascii: "a"))
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): Int(b - UInt8(ascii: "A"))
        case UInt8(ascii: "0")...UInt8(ascii: "9"): Int(b - UInt8(ascii: "0")) + 26
        default: nil
        }
    }

    private static func adapt(delta: Int, length: Int, first: Bool) -> Int {
        var delta = first ? delta / damp : delta / 2
        delta += delta / length
        var k = 0
        while delta > ((base - tMin) * tMax) / 2 {
            delta /= base - tMin
            k += base
        }
        return k + (base - tMin + 1) * delta / (delta + skew)
    }
}
