extension TextBytes {
    /// Appends `value` in decimal digits, a `-` first when it is negative: the bytes of
    /// `String(value)`, without making the string. Cost: two passes over at most 19 digits.
    static func appendDecimal(_ value: Int, to out: inout [UInt8]) {
        if value < 0 { out.append(UInt8(ascii: "-")) }
        var rest = value.magnitude
        // The largest power of ten not above the value (at most 10¹⁸: `Int.min`'s magnitude is
        // below 10¹⁹, so the power never overflows).
        var power: UInt = 1
        while rest / power >= 10 { power &*= 10 }
        repeat {
            out.append(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest / power))
            rest %= power
            power /= 10
        } while power > 0
    }
}
