import Foundation

#if canImport(Testing)
    import Testing
#endif
#if canImport(XCTest)
    import XCTest
#endif

/// Where a failed assertion is reported: to Swift Testing inside a `@Test`, else to XCTest.
enum FailureReporting {
    /// The test framework a failure goes to.
    enum Framework: Sendable, Equatable {
        case swiftTesting
        case xcTest
    }

    /// Where the assertion was written.
    struct Location: Sendable, Equatable {
        let fileID: String
        let filePath: StaticString
        let line: UInt
        let column: UInt

        static func == (a: Location, b: Location) -> Bool {
            a.fileID == b.fileID && "\(a.filePath)" == "\(b.filePath)" && a.line == b.line
                && a.column == b.column
        }
    }

    /// Replaces reporting within a task, so that this module's own tests can observe it.
    @TaskLocal static var observer: (@Sendable (Framework, String, Location) -> Void)?

    /// The framework running the current test.
    static var currentFramework: Framework {
        #if canImport(Testing)
            if Test.current != nil { return .swiftTesting }
        #endif
        return .xcTest
    }

    /// The longest run of characters without a space or line break that a failure shows
    /// whole: a link of several kilobytes in a failure is shown by its start and its end.
    /// Two values that differ only in the middle of a longer run print alike.
    static let longestWord = 500
    /// The characters a longer run keeps at its start, and at its end.
    static let keptAtStart = 300
    static let keptAtEnd = 100

    /// The message with each run longer than ``longestWord`` characters (a link, as a rule)
    /// cut to its first ``keptAtStart`` and last ``keptAtEnd`` characters, with how many were
    /// left out between them; the sentence around it is kept whole. Cost: linear in the
    /// message.
    static func readable(_ message: String) -> String {
        // A message of at most `longestWord` bytes has no longer run of characters.
        guard message.utf8.count > longestWord else { return message }
        var out = ""
        var word = Substring()
        func flush() {
            let count = word.count
            if count > longestWord {
                out += word.prefix(keptAtStart)
                out += "…[\(count - keptAtStart - keptAtEnd) characters]…"
                out += word.suffix(keptAtEnd)
            } else {
                out += word
            }
        }
        var start = message.startIndex
        for index in message.indices where message[index] == " " || message[index].isNewline {
            word = message[start..<index]
            flush()
            out.append(message[index])
            start = message.index(after: index)
        }
        word = message[start...]
        flush()
        return out
    }

    /// Records a failure with the running framework, at the assertion's location; each very
    /// long run of characters in the message is shortened (``readable(_:)``).
    static func fail(_ message: String, at location: Location) {
        let message = readable(message)
        let framework = currentFramework
        if let observer {
            observer(framework, message, location)
            return
        }
        switch framework {
        case .swiftTesting:
            #if canImport(Testing)
                Issue.record(
                    Comment(rawValue: message),
                    sourceLocation: SourceLocation(
                        fileID: location.fileID, filePath: "\(location.filePath)", line: Int(location.line),
                        column: Int(location.column)))
            #endif
        case .xcTest:
            #if canImport(XCTest)
                XCTFail(message, file: location.filePath, line: location.line)
            #else
                print("DeepLinksTesting failure: \(message) (\(location.fileID):\(location.line))")
            #endif
        }
    }
}
