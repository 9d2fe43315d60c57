import Foundation
@_exported import TestSupport

/// The public test corpora kept in the repository (`Tests/Corpora`, sources in its `SOURCES.md`),
/// located through the shared ``PackageFiles``.
enum Corpus {
    /// The package root.
    static let packageRoot: URL = PackageFiles.root

    /// `Tests/Corpora` under the package root.
    static let directory: URL = PackageFiles.corpora

    /// The bytes of a corpus file, by path relative to the corpora folder.
    static func data(_ relativePath: String) throws -> Data {
        try PackageFiles.data("Tests/Corpora/" + relativePath)
    }

    /// The lines of a text corpus file, without empty lines.
    static func lines(_ relativePath: String) throws -> [String] {
        try PackageFiles.lines("Tests/Corpora/" + relativePath)
    }
}
