/// The strong entity tag of a body, read eight bytes at a time from the body's storage and
/// written in the text's own storage: the one place where a body is hashed, or a tag's text
/// written, through a pointer. It sits with the rendering, which works out a landing page's tag
/// as it writes the page; the responder uses it for every answer's tag.
///
/// A byte at a time (64-bit FNV-1a, one multiply per byte) cost a landing page of 5 KB about as
/// much as deciding its link. The tag is a 64-bit hash of the bytes and their count:
///
/// - each little-endian 8-byte word `w` is mixed in as `h = rotl(h ^ (w × k₁), 31) × k₂`, so a
///   change in any bit of a word reaches every bit of the state within two words;
/// - the last 1 to 7 bytes are one word, padded with zeros, and the count is mixed in after
///   them, so bodies that differ only in trailing zeros differ in their tags;
/// - the state is finished with MurmurHash3's 64-bit finaliser.
///
/// The tag depends on the bytes alone (no per-process seed, the same on every platform), so
/// identical bodies always get the same tag, from any copy of the responder; different bodies
/// get different tags but for a chance of one in 2⁶⁴ per pair.
///
/// A landing page's tag is made while the page is written (``HTMLWriter/entityTag()``), and
/// a part of 64 bytes or more prepared once (``PreparedMarkup``: the style sheet, the site's and
/// the app's markup) enters it as one word, its own tag, instead of its bytes: the bytes written between such
/// parts are mixed in as above, followed by their count, and the tag is finished with the
/// page's whole count. Two pages with different bytes get different tags (but for the same
/// chance); the same page written from the same parts gets the same tag from any copy of the
/// responder.
enum EntityTag {
    /// The state before any byte is mixed in.
    static let seed: UInt64 = 0x243F_6A88_85A3_08D3

    /// The hash of `bytes`, as described above.
    static func hash(_ bytes: [UInt8]) -> UInt64 {
        // Safe: the buffer is the array's own storage, valid and unchanged for the closure.
        let state = unsafe bytes.withUnsafeBytes { unsafe mixing(seed, $0) }
        return finish(state ^ UInt64(bytes.count))
    }

    /// `state` with the bytes of `buffer` mixed in as words, the last 1 to 7 bytes as one word
    /// padded with zeros; `state` itself when there are none. `buffer` must be valid for the
    /// call.
    @unsafe
    static func mixing(_ state: UInt64, _ buffer: UnsafeRawBufferPointer) -> UInt64 {
        // Safe: every load below reads eight bytes at an offset at most `count - 8` (the four
        // loads of a step at offsets up to `offset + 24`, with `offset + 32 <= count`), and
        // every single byte read is at `offset < count`: inside the buffer.
        let count = buffer.count
        var state = state
        var offset = 0
        @inline(__always)
        func word(_ at: Int) -> UInt64 {
            UInt64(littleEndian: unsafe buffer.loadUnaligned(fromByteOffset: at, as: UInt64.self))
        }
        // Four words a step, mixed in the same order as one at a time (the same tag): the
        // loop's own count and test are paid once for 32 bytes.
        while count - offset >= 32 {
            state = mix(state, word(offset))
            state = mix(state, word(offset + 8))
            state = mix(state, word(offset + 16))
            state = mix(state, word(offset + 24))
            offset += 32
        }
        while count - offset >= 8 {
            state = mix(state, word(offset))
            offset += 8
        }
        if offset < count {
            var word: UInt64 = 0
            var shift: UInt64 = 0
            while offset < count {
                word |= UInt64(unsafe buffer[offset]) << shift
                shift += 8
                offset += 1
            }
            state = mix(state, word)
        }
        return state
    }

    /// `value` as 16 lower-case hexadecimal digits between double quotes, a digit per four
    /// bits from the top: the 18 bytes written in the string's own storage, where building
    /// them in an array first costs a second allocation and a UTF-8 check.
    static func quotedHexadecimal(_ value: UInt64) -> String {
        unsafe String(unsafeUninitializedCapacity: 18) { out in
            // Safe: `out` has room for at least the 18 bytes asked for; the indices written are
            // 0 through 17, each once, and 18 are reported written, all ASCII.
            unsafe out[0] = UInt8(ascii: "\"")
            for position in 0..<16 {
                let nibble = UInt8(truncatingIfNeeded: value >> UInt64(60 - 4 * position)) & 0x0F
                unsafe out[position + 1] =
                    nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") - 10 + nibble
            }
            unsafe out[17] = UInt8(ascii: "\"")
            return 18
        }
    }

    /// Mixes one word into the state.
    @inline(__always)
    static func mix(_ state: UInt64, _ word: UInt64) -> UInt64 {
        let mixed = state ^ (word &* 0x9E37_79B9_7F4A_7C15)
        return (mixed << 31 | mixed >> 33) &* 0xC2B2_AE3D_27D4_EB4F
    }

    /// MurmurHash3's 64-bit finaliser: every bit of the state reaches every bit of the tag.
    static func finish(_ state: UInt64) -> UInt64 {
        var value = state
        value ^= value >> 33
        value &*= 0xFF51_AFD7_ED55_8CCD
        value ^= value >> 33
        value &*= 0xC4CE_B9FE_1A85_EC53
        value ^= value >> 33
        return value
    }
}
