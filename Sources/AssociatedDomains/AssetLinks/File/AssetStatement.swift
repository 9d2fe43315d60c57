import DeepLinksJSON

/// One statement of a Digital Asset Links statement list: the site grants `relations` to
/// `target`.
///
/// For Android App Links the relation is ``handleAllURLs`` and the target an Android app; from
/// Android 15 on, the statement's `relation_extensions` may carry dynamic rules
/// (``dynamicComponents``) that say which URLs open the app. Other relations (such as
/// `delegate_permission/common.get_login_creds`, shared sign-in) are kept as written, with
/// their extensions in ``otherRelationExtensions``.
///
/// ```swift
/// let statement = AssetStatement(
///     app: AndroidAppTarget(packageName: "com.example.app", fingerprints: [fingerprint]),
///     dynamicComponents: [DynamicAppLinkComponent(path: "/title/*")])
/// statement.grantsAppLinks   // true
/// ```
public struct AssetStatement: Sendable, Hashable, Codable {
    /// The relation that lets an app open the site's links without asking.
    public static let handleAllURLs = "delegate_permission/common.handle_all_urls"

    /// `relation`: what the site grants, in order.
    public var relations: [String]
    /// `target`: whom it grants it to.
    public var target: AssetTarget
    /// `relation_extensions["delegate_permission/common.handle_all_urls"].dynamic_app_link_components`:
    /// Android 15's dynamic rules, in order; `nil` when the statement has none.
    public var dynamicComponents: [DynamicAppLinkComponent]?
    /// The other entries of `relation_extensions`, by relation, as written.
    public var otherRelationExtensions: [String: JSONValue]

    /// Creates a statement.
    public init(
        relations: [String], target: AssetTarget, dynamicComponents: [DynamicAppLinkComponent]? = nil,
        otherRelationExtensions: [String: JSONValue] = [:]
    ) {
        self.relations = relations
        self.target = target
        self.dynamicComponents = dynamicComponents
        self.otherRelationExtensions = otherRelationExtensions
    }

    /// Creates the App Links statement for an app: ``handleAllURLs`` granted to it, with
    /// dynamic rules when given.
    public init(app: AndroidAppTarget, dynamicComponents: [DynamicAppLinkComponent]? = nil) {
        self.init(
            relations: [Self.handleAllURLs], target: .androidApp(app), dynamicComponents: dynamicComponents)
    }

    /// Whether the statement lets an Android app open the site's links (``handleAllURLs``
    /// granted to an `android_app` target).
    public var grantsAppLinks: Bool {
        relations.contains(Self.handleAllURLs) && target.androidApp != nil
    }

    /// Decodes a statement from its `assetlinks.json` form, strictly (see ``AssetLinksFile``).
    public init(from decoder: any Decoder) throws {
        let value = try JSONValue(from: decoder)
        var reader = AssetLinksReader()
        let entry = reader.statement(value, at: "$")
        guard reader.findings.allSatisfy({ $0.severity < .error }), case .statement(let statement)? = entry
        else {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(
                    codingPath: decoder.codingPath,
                    debugDescription: AssetLinksError.invalid(reader.findings).description))
        }
        self = statement
    }

    /// Encodes the statement in its `assetlinks.json` form.
    public func encode(to encoder: any Encoder) throws {
        try json.encode(to: encoder)
    }

    /// The statement as JSON.
    public var json: JSONValue {
        var members: [String: JSONValue] = [
            AssetLinksKey.relation: .array(relations.map(JSONValue.string)),
            AssetLinksKey.target: target.json,
        ]
        var extensions = otherRelationExtensions
        if let dynamicComponents {
            extensions[Self.handleAllURLs] = [
                AssetLinksKey.dynamicComponents: .array(dynamicComponents.map(\.json))
            ]
        }
        if !extensions.isEmpty { members[AssetLinksKey.relationExtensions] = .object(extensions) }
        return .object(members)
    }
}

extension DynamicAppLinkComponent {
    /// The rule as JSON.
    public var json: JSONValue {
        var members: [String: JSONValue] = [:]
        if let path { members[AssetLinksKey.path] = .string(path) }
        if let query { members[AssetLinksKey.query] = .object(query.mapValues(JSONValue.string)) }
        if let fragment { members[AssetLinksKey.fragment] = .string(fragment) }
        if let exclude { members[AssetLinksKey.exclude] = .bool(exclude) }
        if let comments { members[AssetLinksKey.comments] = .string(comments) }
        return .object(members)
    }
}

/// The keys of `assetlinks.json`, in the order serialisation writes them.
enum AssetLinksKey {
    static let include = "include"
    static let relation = "relation"
    static let target = "target"
    static let relationExtensions = "relation_extensions"
    static let namespace = "namespace"
    static let packageName = "package_name"
    static let fingerprints = "sha256_cert_fingerprints"
    static let site = "site"
    static let dynamicComponents = "dynamic_app_link_components"
    static let path = "/"
    static let query = "?"
    static let fragment = "#"
    static let exclude = "exclude"
    static let comments = "comments"

    static let statementKeys = [relation, target, relationExtensions]
    static let componentKeys = [path, query, fragment, exclude, comments]
    static let priority =
        [include] + statementKeys + [namespace, packageName, fingerprints, site, dynamicComponents]
        + componentKeys
}

extension JSONFormat {
    /// Compact, with `assetlinks.json` keys in their conventional order.
    public static let assetLinksCompact = JSONFormat(keyPriority: AssetLinksKey.priority)
    /// Indented, with `assetlinks.json` keys in their conventional order.
    public static let assetLinksPretty = JSONFormat(isPretty: true, keyPriority: AssetLinksKey.priority)
}
