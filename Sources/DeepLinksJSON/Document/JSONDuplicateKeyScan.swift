import DeepLinks

/// Finds the first key that appears twice in one object of a JSON text.
///
/// Foundation's `JSONDecoder` keeps one of the values of a repeated key without a word, so two
/// readers of the same text (a validator in CI, the app, a server) can see different values.
/// The package's JSON entry points refuse such text instead, naming the key and where it is.
/// Keys are compared after their escapes are resolved (`"n\u0061me"` repeats `"name"`).
///
/// Cost: one pass over the bytes, without recursion; one set of keys per open object.
/// Text that is not well-formed JSON gives `nil`, leaving its error to the decoder.
package enum JSONDuplicateKeyScan {
    /// A repeated key and the path of the object that holds it (`$`, `$.routes[3]`).
    package struct Duplicate: Sendable, Hashable, CustomStringConvertible {
        /// The repeated key, escapes resolved.
        package let key: String
        /// The path of the object holding it.
        package let path: String

        /// "the key 'name' appears twice in the object at $.routes[3]".
        package var description: String {
            "the key '\(key)' appears twice in the object at \(path); a repeated key is refused, "
                + "because readers disagree on which value counts"
        }
    }

    private enum Frame {
        case object(keys: Set<String>, current: String?)
        case array(index: Int)
    }

    /// The first repeated key of the text, in reading order, or `nil` when every object's
    /// keys are distinct (or the text is not JSON).
    ///
    /// The walk is lenient, as a decoder may be: about punctuation (a trailing comma) and raw
    /// control characters in strings. It reads every string with
    /// ``JSONScanner/readString(allowsControlCharacters:)``, so a broken escape or bytes that are
    /// not UTF-8 end the scan.
    package static func firstDuplicate(in bytes: some Collection<UInt8>) -> Duplicate? {
        var scanner = JSONScanner(Array(bytes))
        var stack: [Frame] = []
        // After `{` or `,` inside an object, the next string is a key.
        var expectingKey = false
        while let byte = scanner.next {
            switch byte {
            case UInt8(ascii: "{"):
                markValue(in: &stack)
                stack.append(.object(keys: [], current: nil))
                expectingKey = true
                scanner.index += 1
            case UInt8(ascii: "["):
                markValue(in: &stack)
                stack.append(.array(index: -1))
                expectingKey = false
                scanner.index += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                guard !stack.isEmpty else { return nil }
                stack.removeLast()
                expectingKey = false
                scanner.index += 1
            case UInt8(ascii: ","):
                if case .object? = stack.last { expectingKey = true }
                scanner.index += 1
            case UInt8(ascii: "\""):
                guard let text = try? scanner.readString(allowsControlCharacters: true) else { return nil }
                guard expectingKey, case .object(var keys, _)? = stack.last else {
                    markValue(in: &stack)
                    continue
                }
                // Off the stack while it grows, so that the set is not copied for each key.
                stack.removeLast()
                guard keys.insert(text).inserted else {
                    return Duplicate(key: text, path: path(of: stack[...]))
                }
                stack.append(.object(keys: keys, current: text))
                expectingKey = false
            default:
                if byte != UInt8(ascii: ":") && !isWhitespace(byte) { markValue(in: &stack) }
                scanner.index += 1
            }
        }
        return nil
    }

    /// Counts a value in the array being read (its position names the path below it).
    private static func markValue(in stack: inout [Frame]) {
        if case .array(let index)? = stack.last { stack[stack.count - 1] = .array(index: index + 1) }
    }

    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    /// The path of the innermost frame of `frames`: each object's current key, each array's
    /// current position.
    private static func path(of frames: ArraySlice<Frame>) -> String {
        var path = "$"
        for frame in frames {
            switch frame {
            case .object(_, let key?):
                let plain =
                    !key.isEmpty
                    && key.utf8.allSatisfy { ASCII.isAlpha($0) || ASCII.isDigit($0) || $0 == 0x5F }
                path += plain ? "." + key : "[" + key.debugDescription + "]"
            case .object(_, nil): continue
            case .array(let index): path += "[\(max(index, 0))]"
            }
        }
        return path
    }
}
