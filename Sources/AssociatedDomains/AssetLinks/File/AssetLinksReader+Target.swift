import DeepLinks
import DeepLinksJSON

/// The reading of a statement's `target`: a `web` site, or an `android_app` with its package
/// name and certificate fingerprints.
extension AssetLinksReader {
    /// A target, or `nil` when it cannot be read (reported).
    mutating func target(_ value: JSONValue, at path: String) -> AssetTarget? {
        guard case .object(let members) = value else {
            report(
                .targetMalformed, path, "'target' must be a JSON object, but it is \(value.kindDescription)")
            return nil
        }
        guard case .string(let namespace)? = members[AssetLinksKey.namespace] else {
            report(.targetMalformed, path, "the target has no string 'namespace' (android_app or web)")
            return nil
        }
        let allowed: [String]
        switch namespace {
        case "android_app":
            allowed = [AssetLinksKey.namespace, AssetLinksKey.packageName, AssetLinksKey.fingerprints]
        case "web": allowed = [AssetLinksKey.namespace, AssetLinksKey.site]
        default:
            report(
                .unknownNamespace, JSONPath.appending(key: AssetLinksKey.namespace, to: path),
                "the namespace '\(namespace)' is not 'android_app' or 'web'")
            return nil
        }
        for key in members.keys.sorted() where !allowed.contains(key) {
            report(
                .unknownTargetKey, JSONPath.appending(key: key, to: path),
                "'\(key)' is not a key of a '\(namespace)' target (\(allowed.joined(separator: ", ")))")
        }
        if namespace == "web" {
            return webTarget(members, at: path)
        }
        let packageName = self.packageName(members[AssetLinksKey.packageName], at: path)
        let fingerprints = self.fingerprints(members[AssetLinksKey.fingerprints], at: path)
        guard let packageName, let fingerprints else { return nil }
        return .androidApp(AndroidAppTarget(packageName: packageName, fingerprints: fingerprints))
    }

    /// A `web` target, or `nil` when its `site` is missing or not an origin (reported).
    private mutating func webTarget(_ members: [String: JSONValue], at path: String) -> AssetTarget? {
        let sitePath = JSONPath.appending(key: AssetLinksKey.site, to: path)
        guard case .string(let site)? = members[AssetLinksKey.site] else {
            report(.siteMalformed, path, "a 'web' target needs a string 'site' (https://example.com)")
            return nil
        }
        if let problem = Self.siteProblem(site) {
            report(.siteMalformed, sitePath, problem)
            return nil
        }
        return .web(site: site)
    }

    /// An `android_app` target's `package_name`, or `nil` when it is missing or malformed
    /// (reported).
    private mutating func packageName(_ value: JSONValue?, at path: String) -> String? {
        let namePath = JSONPath.appending(key: AssetLinksKey.packageName, to: path)
        switch value {
        case .string(let name)?:
            if let problem = AndroidAppTarget.packageNameProblem(name) {
                report(.packageNameMalformed, namePath, problem)
                return nil
            }
            return name
        case let other?:
            report(
                .packageNameMalformed, namePath,
                "'package_name' must be a string, but it is \(other.kindDescription)")
        case nil:
            report(.packageNameMalformed, path, "an 'android_app' target needs a 'package_name'")
        }
        return nil
    }

    /// An `android_app` target's `sha256_cert_fingerprints`, or `nil` when it is missing or any
    /// of them is malformed (reported, as is a fingerprint listed twice).
    private mutating func fingerprints(_ value: JSONValue?, at path: String) -> [CertificateFingerprint]? {
        let fingerprintsPath = JSONPath.appending(key: AssetLinksKey.fingerprints, to: path)
        guard let value else {
            report(.fingerprintsMalformed, path, "an 'android_app' target needs 'sha256_cert_fingerprints'")
            return nil
        }
        guard let texts = value.stringArrayValue, !texts.isEmpty else {
            report(
                .fingerprintsMalformed, fingerprintsPath,
                "'sha256_cert_fingerprints' must be a non-empty array of strings")
            return nil
        }
        var read: [CertificateFingerprint] = []
        var seen: Set<CertificateFingerprint> = []
        for (index, text) in texts.enumerated() {
            do {
                let fingerprint = try CertificateFingerprint(text)
                if !seen.insert(fingerprint).inserted {
                    report(
                        .duplicateFingerprint, "\(fingerprintsPath)[\(index)]",
                        "this fingerprint is listed earlier in the same target")
                }
                read.append(fingerprint)
            } catch {
                report(.fingerprintMalformed, "\(fingerprintsPath)[\(index)]", error.description)
            }
        }
        return read.count == texts.count ? read : nil
    }

    /// Why a `site` is not an origin, or `nil`.
    static func siteProblem(_ site: String) -> String? {
        let scheme: String
        if site.hasPrefix("https://") {
            scheme = "https://"
        } else if site.hasPrefix("http://") {
            scheme = "http://"
        } else {
            return "the site '\(site)' must start with https:// or http://"
        }
        let authority = site.dropFirst(scheme.count)
        guard !authority.isEmpty else { return "the site '\(site)' has no host" }
        if authority.contains(where: { "/?#@ ".contains($0) }) {
            return "the site '\(site)' must be an origin: scheme, host and optional port, without path, "
                + "query, fragment or user"
        }
        return nil
    }
}
