import Foundation

extension LinkReceiver {
    /// Everything about how links may arrive, beside the route table: the gate's policy, the
    /// custom schemes and the activity routes. A plain `Codable` value, so that an app, its
    /// tests and the command line read the same file.
    ///
    /// ```json
    /// {
    ///   "policy": {"allowedHosts": ["photos.example.com"]},
    ///   "schemes": [{"name": "photoalbum", "host": "domain", "domains": ["photos.example.com"]}],
    ///   "activities": [{"activityType": "com.example.photos.viewing-photo", "route": "photo",
    ///                   "host": "photos.example.com"}]
    /// }
    /// ```
    ///
    /// Every key may be omitted; unknown keys are refused.
    public struct Configuration: Sendable, Hashable {
        /// The gate's policy; the receiver adds the registered schemes to its allowed schemes
        /// (``LinkReceiver/policy`` is the result).
        public var policy: LinkPolicy
        /// The custom schemes the app registers.
        public var schemes: SchemeRegistry
        /// The activity types the app continues.
        public var activities: [ActivityRoute]

        /// Creates a configuration; every argument has a default.
        public init(
            policy: LinkPolicy = LinkPolicy(), schemes: SchemeRegistry = SchemeRegistry(),
            activities: [ActivityRoute] = []
        ) {
            self.policy = policy
            self.schemes = schemes
            self.activities = activities
        }
    }

    /// Builds a receiver for a table and a configuration.
    ///
    /// - Throws: ``LinkReceiverError`` with every problem of the table, or of the activity routes,
    ///   or the first allowed host pattern that is not a host name.
    public init(
        table: RouteTable, configuration: Configuration,
        registry: ParameterTypeRegistry = ParameterTypeRegistry()
    ) throws(LinkReceiverError) {
        try self.init(
            table: table, policy: configuration.policy, schemes: configuration.schemes,
            activities: configuration.activities, registry: registry)
    }

    /// The configuration in force: the effective policy, every registered scheme (those the
    /// policy implied included) and the activity routes. Building a receiver from it gives
    /// one that decides identically.
    public var configuration: Configuration {
        Configuration(policy: policy, schemes: schemes, activities: activities)
    }
}

extension LinkReceiver.Configuration {
    /// Every scheme in force: the registered ones, plus a default registration for each custom
    /// scheme the policy allows without one.
    public var effectiveSchemes: SchemeRegistry { schemes.implying(policy.allowedSchemes) }

    /// The policy the receiver's gate applies and its route table is checked against: ``policy``
    /// with every scheme of ``effectiveSchemes`` allowed.
    public var effectivePolicy: LinkPolicy { effectiveSchemes.admitting(into: policy) }
}

extension LinkReceiver.Configuration: Codable {
    /// The keys of the JSON form.
    private static let codingKeys: Set<String> = ["policy", "schemes", "activities"]

    /// Decodes a configuration; missing keys take their defaults and unknown keys are refused.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.strictContainer(allowing: Self.codingKeys, what: "a link receiver configuration")
        self.init(
            policy: try c.decode("policy", or: LinkPolicy()),
            schemes: try c.decode("schemes", or: SchemeRegistry()),
            activities: try c.decode("activities", or: []))
    }

    /// Encodes every key.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: AnyCodingKey.self)
        try c.encode(policy, forKey: "policy")
        try c.encode(schemes, forKey: "schemes")
        try c.encode(activities, forKey: "activities")
    }
}
