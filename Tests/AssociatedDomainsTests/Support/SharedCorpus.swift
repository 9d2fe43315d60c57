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

/// The shared test data beside the package: `<package root>/../shared/corpora`.
enum SharedCorpus {
    /// The corpora folder, `../shared/corpora` from the package root, when it is there.
    static let directory: URL? = {
        guard let root = PackageRoot.directory else { return nil }
        let corpora = root.deletingLastPathComponent().appendingPathComponent("shared/corpora")
        return FileManager.default.fileExists(atPath: corpora.path) ? corpora : nil
    }()

    /// Whether the corpora folder is present (tests that need it are skipped otherwise).
    static var isAvailable: Bool { directory != nil }

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

/// The shared corpora folder is not beside the package.
struct CorpusMissing: Error, CustomStringConvertible {
    let path: String
    var description: String {
        "shared corpus file \(path) not found (expected ../shared/corpora beside the package)"
    }
}

/// The condition trait that skips a test, with a message, when the shared corpora are absent.
let needsSharedCorpus = ConditionTrait.enabled(
    if: SharedCorpus.isAvailable, "the shared corpora folder ../shared/corpora is absent")
