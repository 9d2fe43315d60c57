import Foundation

/// Locates the public test corpora kept in the repository (`Tests/Corpora`, sources in its `SOURCES.md`).
enum Corpus {
    /// The package root: three levels above this file (`Tests/DeepLinksTests/Support/`).
    static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// `Tests/Corpora` under the package root.
    static let directory: URL = packageRoot.appendingPathComponent("Tests/Corpora")

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
}
