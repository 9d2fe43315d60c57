import Foundation
@_exported import TestSupport

/// The public test corpora kept in the repository (`Tests/Corpora`, sources in its `SOURCES.md`),
/// located through the shared ``PackageFiles``.
enum SharedCorpus {
    /// The package root.
    static let packageRoot = PackageFiles.root

    /// `Tests/Corpora` under the package root.
    static let directory = PackageFiles.corpora

    /// The non-empty lines of a corpus file, decoded leniently (the payload lists hold bytes
    /// that are not UTF-8 on purpose).
    static func lines(_ relativePath: String) throws -> [String] {
        try PackageFiles.lines("Tests/Corpora/" + relativePath)
    }
}
