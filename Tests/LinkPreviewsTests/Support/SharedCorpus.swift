import Foundation

/// The public test corpora kept in the repository (`Tests/Corpora`, sources in its `SOURCES.md`).
enum SharedCorpus {
    /// The package root: three levels above this file (`Tests/LinkPreviewsTests/Support/`).
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// `Tests/Corpora` under the package root.
    static let directory = packageRoot.appendingPathComponent("Tests/Corpora")

    /// The non-empty lines of a corpus file, decoded leniently (the payload lists hold bytes
    /// that are not UTF-8 on purpose).
    static func lines(_ relativePath: String) throws -> [String] {
        let data = try Data(contentsOf: directory.appendingPathComponent(relativePath))
        return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init).filter {
            !$0.isEmpty
        }
    }
}
