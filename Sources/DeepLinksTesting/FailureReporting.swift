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

    /// Records a failure with the running framework, at the assertion's location.
    static func fail(_ message: String, at location: Location) {
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
