import Foundation

/// Files of the package itself, found from the test sources: the package root, the public
/// corpora in `Tests/Corpora` (sources in its `SOURCES.md`) and the fixtures in `Tests/Fixtures`.
///
/// Tests read these from the source tree rather than from a resource bundle: the corpora are
/// shared by several test targets and by the fuzzing package, so they belong to none of them.
///
/// ```swift
/// let lines = try PackageFiles.lines("Tests/Corpora/payloads/Fuzzing-SSRF_hacktricks.txt")
/// ```
public enum PackageFiles {
    /// The package root: the nearest folder above this file that holds a `Package.swift`.
    public static let root: URL = {
        var folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while folder.path != "/" {
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path) {
                return folder
            }
            folder = folder.deletingLastPathComponent()
        }
        // The sources always sit inside the package; this only happens if they were moved out.
        return URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
    }()

    /// `Tests/Corpora` under the package root.
    public static let corpora: URL = root.appendingPathComponent("Tests/Corpora")

    /// `Tests/Fixtures` under the package root.
    public static let fixtures: URL = root.appendingPathComponent("Tests/Fixtures")

    /// A file of the package, by path relative to its root.
    public static func url(_ relativePath: String) -> URL { root.appendingPathComponent(relativePath) }

    /// The bytes of a file of the package, by path relative to its root.
    public static func data(_ relativePath: String) throws -> Data {
        try Data(contentsOf: url(relativePath))
    }

    /// The non-empty lines of a text file of the package (`\n` or `\r\n` ends a line), decoded
    /// leniently: the payload lists hold bytes that are not UTF-8 on purpose.
    public static func lines(_ relativePath: String) throws -> [String] {
        String(decoding: try data(relativePath), as: UTF8.self)
            .split(whereSeparator: { $0 == "\n" || $0 == "\r\n" }).map(String.init)
            .filter { !$0.isEmpty }
    }
}
