import Foundation
@_exported import TestSupport
import Testing

@testable import AssociatedDomains

/// The package's own folder, located through the shared ``PackageFiles``.
enum PackageRoot {
    static let directory: URL? = PackageFiles.root

    /// The bytes of a file of the package, by path relative to its root.
    static func bytes(_ relativePath: String) throws -> [UInt8] {
        Array(try PackageFiles.data(relativePath))
    }
}

/// The public test data kept in the repository: `Tests/Corpora` (sources in its `SOURCES.md`).
enum SharedCorpus {
    /// The corpora folder, `Tests/Corpora` under the package root.
    static let directory: URL? = PackageRoot.directory?.appendingPathComponent("Tests/Corpora")

    /// The bytes of a corpus file, by path relative to the corpora folder.
    static func bytes(_ relativePath: String) throws -> [UInt8] {
        guard let directory else { throw CorpusMissing(path: relativePath) }
        return Array(try Data(contentsOf: directory.appendingPathComponent(relativePath)))
    }

    /// A corpus file parsed as JSON.
    static func json(_ relativePath: String) throws -> JSONValue {
        try JSONValue(parsing: try bytes(relativePath))
    }

    /// A corpus file as UTF-8 text.
    static func text(_ relativePath: String) throws -> String {
        String(decoding: try bytes(relativePath), as: UTF8.self)
    }
}

/// The package folder could not be found above the test sources.
struct CorpusMissing: Error, CustomStringConvertible {
    let path: String
    var description: String {
        "corpus file \(path) not found: no Package.swift above the test sources"
    }
}
