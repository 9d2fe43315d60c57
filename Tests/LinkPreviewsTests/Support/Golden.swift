import Foundation
import Testing

/// Golden files, compared byte for byte.
///
/// The files live in `Tests/LinkPreviewsTests/Golden/` and are copied into the test bundle as a
/// resource; the tests read the bundle's copy. Set `LINKPREVIEWS_RECORD_GOLDEN=1` to write the
/// current output into the source folder instead; the test then fails, so that a recording is
/// never mistaken for a pass.
enum Golden {
    /// The golden files as copied into the test bundle.
    static let directory: URL? = Bundle.module.url(forResource: "Golden", withExtension: nil)

    /// The source folder recordings are written to.
    static let sourceDirectory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Golden")

    static func check(
        _ actual: String, against name: String, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        if ProcessInfo.processInfo.environment["LINKPREVIEWS_RECORD_GOLDEN"] == "1" {
            do {
                try Data(actual.utf8).write(to: sourceDirectory.appendingPathComponent(name))
                Issue.record(
                    "recorded \(name); unset LINKPREVIEWS_RECORD_GOLDEN and run again",
                    sourceLocation: sourceLocation)
            } catch {
                Issue.record("could not record \(name): \(error)", sourceLocation: sourceLocation)
            }
            return
        }
        guard let url = directory?.appendingPathComponent(name),
            let data = FileManager.default.contents(atPath: url.path)
        else {
            Issue.record("golden file \(name) is missing", sourceLocation: sourceLocation)
            return
        }
        let expected = String(decoding: data, as: UTF8.self)
        #expect(actual == expected, "output differs from golden file \(name)", sourceLocation: sourceLocation)
    }
}
