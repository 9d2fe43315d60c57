import Foundation

extension NSNumber {
    /// The Objective-C type encoding of the stored value (`c` for a Boolean, `d` for a
    /// double, `q` for a 64-bit integer, ...), copied into a string.
    ///
    /// The only unsafe read of the user-activity sources: `objCType` is a pointer.
    var objCTypeEncoding: String {
        // `objCType` points at a NUL-terminated C string that the number owns and keeps for
        // its whole life; the number is alive for this call, and the string copies the bytes.
        unsafe String(cString: objCType)
    }
}
