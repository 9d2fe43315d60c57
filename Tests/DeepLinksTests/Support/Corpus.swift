import Foundation

/// Locates the shared public test corpora beside the repository (`../shared/corpora`).
enum Corpus {
    /// The package root: three levels above this file (`Tests/DeepLinksTests/Support/`).
    static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// `../shared/corpora` relative to the package root.
    static let directory: URL = packageRoot.appendingPathComponent("../shared/corpora").standardized

    /// Whether the corpora folder is present (tests that need it are skipped when it is not).
    static var isAvailable: Bool {
        FileManager.default.fileExists(atPath: directory.path)
    }

    /// The bytes of a corpus file, by path relative to the corpora folder.
    static func data(_ relativePath: String) throws -> Data {
        try Data(contentsOf: directory.appendingPathComponent(relativePath))
    }

    /// The lines of a text corpus file, without empty lines.
    static func lines(_ relativePath: String) throws -> [String] {
        String(decoding: try data(relativePath), as: UTF8.self)
            .split(whereSeparator: { $0 == "\n" || $0 == "\r\n" }).map(String.init)
            .filter { !$0.isEmpty }
    }

    /// The reason shown when a corpus test is skipped.
    static let missingMessage = "../shared/corpora is absent beside the repository: corpus test skipped"
}
