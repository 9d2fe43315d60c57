import Foundation
import Testing

@testable import AssociatedDomains

/// The package's own folder: the nearest folder above this file with a `Package.swift`.
enum PackageRoot {
    static let directory: URL? = {
        var folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while folder.path != "/" {
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path) {
                return folder
            }
            folder = folder.deletingLastPathComponent()
        }
        return nil
    }()

    /// The bytes of a file of the package, by path relative to its root.
    static func bytes(_ relativePath: String) throws -> [UInt8] {
        guard let directory else { throw CorpusMissing(path: relativePath) }
        return Array(try Data(contentsOf: directory.appendingPathComponent(relativePath)))
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
