import Foundation

/// The shared public test corpora beside the repository (`../shared/corpora`).
enum SharedCorpus {
    /// The package root: three levels above this file (`Tests/LinkPreviewsTests/Support/`).
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// `../shared/corpora` relative to the package root.
    static let directory = packageRoot.appendingPathComponent("../shared/corpora").standardized

    /// Whether the corpora folder is present.
    static var isAvailable: Bool { FileManager.default.fileExists(atPath: directory.path) }

    /// The non-empty lines of a corpus file, decoded leniently (the payload lists hold bytes
    /// that are not UTF-8 on purpose).
    static func lines(_ relativePath: String) throws -> [String] {
        let data = try Data(contentsOf: directory.appendingPathComponent(relativePath))
        return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init).filter {
            !$0.isEmpty
        }
    }

    /// The reason shown when a corpus test is skipped.
    static let missingMessage = "../shared/corpora is absent beside the repository: corpus test skipped"
}
