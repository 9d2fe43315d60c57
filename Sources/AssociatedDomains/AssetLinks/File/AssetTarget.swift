import DeepLinks
import DeepLinksJSON

/// The asset a statement is about: an Android app, or a website.
///
/// ```swift
/// let app = AssetTarget.androidApp(AndroidAppTarget(packageName: "com.example.app", fingerprints: [fingerprint]))
/// app.namespace   // "android_app"
/// ```
public enum AssetTarget: Sendable, Hashable, Codable {
    /// `"namespace": "android_app"`: an app, by package name and signing certificates.
    case androidApp(AndroidAppTarget)
    /// `"namespace": "web"`: a website, by its origin (`https://example.com`).
    case web(site: String)

    /// The namespace the target is written with.
    public var namespace: String {
        switch self {
        case .androidApp: "android_app"
        case .web: "web"
        }
    }

    /// The Android app, when the target is one.
    public var androidApp: AndroidAppTarget? {
        if case .androidApp(let app) = self { return app }
        return nil
    }

    /// Decodes a target from its `assetlinks.json` form, strictly (see ``AssetLinksFile``).
    public init(from decoder: any Decoder) throws {
        let value = try JSONValue(from: decoder)
        var reader = AssetLinksReader()
        let target = reader.target(value, at: "$")
        guard reader.findings.allSatisfy({ $0.severity < .error }), let target else {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(
                    codingPath: decoder.codingPath,
                    debugDescription: AssetLinksError.invalid(reader.findings).description))
        }
        self = target
    }

    /// Encodes the target in its `assetlinks.json` form.
    public func encode(to encoder: any Encoder) throws {
        try json.encode(to: encoder)
    }

    /// The target as JSON.
    public var json: JSONValue {
        switch self {
        case .androidApp(let app):
            [
                "namespace": "android_app", "package_name": .string(app.packageName),
                "sha256_cert_fingerprints": .array(app.fingerprints.map { .string($0.description) }),
            ]
        case .web(let site): ["namespace": "web", "site": .string(site)]
        }
    }
}

/// An Android app as a statement names it: its package name (the application ID) and the
/// SHA-256 fingerprints of the certificates it may be signed with (release, debug, Play app
/// signing).
///
/// ```swift
/// let app = AndroidAppTarget(packageName: "com.example.app", fingerprints: [releaseFingerprint])
/// ```
public struct AndroidAppTarget: Sendable, Hashable, Codable {
    /// `package_name`: the application ID (`com.example.app`).
    public var packageName: String
    /// `sha256_cert_fingerprints`: the signing certificates' fingerprints.
    public var fingerprints: [CertificateFingerprint]

    /// Creates an app target.
    public init(packageName: String, fingerprints: [CertificateFingerprint]) {
        self.packageName = packageName
        self.fingerprints = fingerprints
    }

    /// Why a package name is not one Android accepts, or `nil` when it is: at least two
    /// segments joined by dots, each starting with an ASCII letter and going on with letters,
    /// digits or underscores.
    ///
    /// ```swift
    /// AndroidAppTarget.packageNameProblem("com.example.app")   // nil
    /// AndroidAppTarget.packageNameProblem("example")           // "… at least two segments …"
    /// ```
    public static func packageNameProblem(_ name: String) -> String? {
        guard !name.isEmpty else { return "the package name is empty" }
        let segments = name.split(separator: ".", omittingEmptySubsequences: false)
        guard segments.count >= 2 else {
            return
                "the package name '\(name)' must have at least two segments joined by dots (com.example.app)"
        }
        for segment in segments {
            guard let first = segment.unicodeScalars.first else {
                return "the package name '\(name)' has an empty segment"
            }
            guard first.isASCII, first.properties.isAlphabetic else {
                return
                    "the segment '\(segment)' of the package name '\(name)' must start with an ASCII letter"
            }
            if let bad = segment.unicodeScalars.first(where: {
                !($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_"))
            }) {
                return "the package name '\(name)' has the character '\(bad)'; segments hold ASCII letters, "
                    + "digits and underscores"
            }
        }
        return nil
    }
}

extension AndroidAppTarget {
    /// The keys of the JSON form.
    private static let codingKeys: Set<String> = ["packageName", "fingerprints"]

    /// Decodes an app target, refusing a key it does not know and a package name Android would
    /// not accept (``packageNameProblem(_:)``); each fingerprint is checked as
    /// ``CertificateFingerprint`` decodes it.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.strictContainer(allowing: Self.codingKeys, what: "an Android app target")
        let name = try c.decode(String.self, forKey: "packageName")
        if let problem = Self.packageNameProblem(name) {
            throw DecodingError.dataCorruptedError(forKey: "packageName", in: c, debugDescription: problem)
        }
        self.init(
            packageName: name,
            fingerprints: try c.decode([CertificateFingerprint].self, forKey: "fingerprints"))
    }

    /// Encodes the package name and the fingerprints.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: AnyCodingKey.self)
        try c.encode(packageName, forKey: "packageName")
        try c.encode(fingerprints, forKey: "fingerprints")
    }
}
