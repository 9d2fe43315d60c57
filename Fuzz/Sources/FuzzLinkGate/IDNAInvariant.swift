import DeepLinks
import Foundation
import FuzzSupport

/// Every `xn--` label of an accepted host decodes (by this file's own Punycode decoder, written
/// apart from the gate's) to text that a browser accepts: not empty and not all ASCII, in
/// normalization form C, not starting with a combining mark, and made only of code points
/// that IDNA leaves as they are (no mapped, ignored, deviation, unassigned, private-use,
/// control or surrogate code points; ASCII only `a-z`, `0-9`, `-`).
func checkIDNALabels(_ link: Link, input: String) {
    guard let host = link.host, !host.hasPrefix("[") else { return }
    for label in host.split(separator: ".") where label.hasPrefix("xn--") {
        guard let scalars = decodePunycode(Array(label.utf8.dropFirst(4))) else {
            violated("accepted label \(label) is not valid Punycode", input: input)
        }
        require(
            scalars.contains { !$0.isASCII }, "accepted label \(label) decodes to ASCII only", input: input)
        var text = String.UnicodeScalarView()
        text.append(contentsOf: scalars)
        require(
            Array(String(text).precomposedStringWithCanonicalMapping.unicodeScalars) == scalars,
            "accepted label \(label) does not decode to NFC", input: input)
        switch scalars.first?.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark:
            violated("accepted label \(label) decodes to a leading combining mark", input: input)
        default: break
        }
        for scalar in scalars {
            if scalar.isASCII {
                let ok = ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) || scalar == "-"
                require(
                    ok, "accepted label \(label) decodes to ASCII \(scalar.escaped(asASCII: true))",
                    input: input)
                continue
            }
            let properties = scalar.properties
            require(
                !properties.changesWhenNFKCCaseFolded,
                "accepted label \(label) decodes to \(scalar.escaped(asASCII: true)), which IDNA maps or ignores",
                input: input)
            switch properties.generalCategory {
            case .unassigned, .privateUse, .surrogate, .control, .format, .spaceSeparator, .lineSeparator,
                .paragraphSeparator:
                violated(
                    "accepted label \(label) decodes to \(scalar.escaped(asASCII: true)), which IDNA disallows",
                    input: input)
            default: break
            }
        }
    }
}

/// RFC 3492 decoding of the part of a label after `xn--`; `nil` when it is not valid.
func decodePunycode(_ input: [UInt8]) -> [Unicode.Scalar]? {
    let delimiter = input.lastIndex(of: UInt8(ascii: "-"))
    var output: [UInt32] = delimiter.map { input[..<$0].map(UInt32.init) } ?? []
    guard output.allSatisfy({ $0 < 0x80 }) else { return nil }
    var position = delimiter.map { $0 + 1 } ?? 0
    var n: UInt32 = 0x80
    var i: UInt32 = 0
    var bias: UInt32 = 72
    while position < input.count {
        let oldI = i
        var w: UInt32 = 1
        var k: UInt32 = 36
        while true {
            guard position < input.count else { return nil }
            let byte = input[position] | 0x20
            position += 1
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"): digit = UInt32(byte - UInt8(ascii: "a"))
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0")) + 26
            default: return nil
            }
            let (product, o1) = digit.multipliedReportingOverflow(by: w)
            let (sum, o2) = i.addingReportingOverflow(product)
            guard !o1, !o2 else { return nil }
            i = sum
            let t = k <= bias ? 1 : (k >= bias + 26 ? 26 : k - bias)
            if digit < t { break }
            let (next, o3) = w.multipliedReportingOverflow(by: 36 - t)
            guard !o3 else { return nil }
            w = next
            k += 36
        }
        let length = UInt32(output.count + 1)
        var delta = oldI == 0 ? (i - oldI) / 700 : (i - oldI) / 2
        delta += delta / length
        var kk: UInt32 = 0
        while delta > 455 {
            delta /= 35
            kk += 36
        }
        bias = kk + 36 * delta / (delta + 38)
        let (sum, o4) = n.addingReportingOverflow(i / length)
        guard !o4, sum <= 0x10FFFF else { return nil }
        n = sum
        i %= length
        output.insert(n, at: Int(i))
        i += 1
    }
    let scalars = output.compactMap(Unicode.Scalar.init)
    return scalars.count == output.count ? scalars : nil
}
