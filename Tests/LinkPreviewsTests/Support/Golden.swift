import Foundation
import Testing

/// Golden files under `Tests/LinkPreviewsTests/Golden/`, compared byte for byte.
///
/// Set `LINKPREVIEWS_RECORD_GOLDEN=1` to write the current output instead; the test then
/// fails, so that a recording is never mistaken for a pass.
enum Golden {
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Golden")

    static func check(
        _ actual: String, against name: String, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let url = directory.appendingPathComponent(name)
        if ProcessInfo.processInfo.environment["LINKPREVIEWS_RECORD_GOLDEN"] == "1" {
            do {
                try Data(actual.utf8).write(to: url)
                Issue.record(
                    "recorded \(name); unset LINKPREVIEWS_RECORD_GOLDEN and run again",
                    sourceLocation: sourceLocation)
            } catch {
                Issue.record("could not record \(name): \(error)", sourceLocation: sourceLocation)
            }
            return
        }
        guard let data = FileManager.default.contents(atPath: url.path) else {
            Issue.record("golden file \(name) is missing", sourceLocation: sourceLocation)
            return
        }
        let expected = String(decoding: data, as: UTF8.self)
        #expect(actual == expected, "output differs from golden file \(name)", sourceLocation: sourceLocation)
    }
}
