import DeepLinksJSON

/// The keys an association file may use, in the order serialisation writes them.
enum AssociationKey {
    static let appLinks = "applinks"
    static let webCredentials = "webcredentials"
    static let appClips = "appclips"
    static let activityContinuation = "activitycontinuation"
    static let apps = "apps"
    static let details = "details"
    static let defaults = "defaults"
    static let substitutionVariables = "substitutionVariables"
    static let appID = "appID"
    static let appIDs = "appIDs"
    static let components = "components"
    static let paths = "paths"
    static let path = "/"
    static let query = "?"
    static let fragment = "#"
    static let exclude = "exclude"
    static let caseSensitive = "caseSensitive"
    static let percentEncoded = "percentEncoded"
    static let comment = "comment"

    static let services = [appLinks, webCredentials, appClips, activityContinuation]
    static let appLinksKeys = [apps, defaults, substitutionVariables, details]
    static let detailKeys = [appID, appIDs, defaults, components, paths]
    static let componentKeys = [path, query, fragment, exclude, caseSensitive, percentEncoded, comment]

    /// Serialisation order: services, then `applinks` keys, then detail keys, then component keys.
    static let priority = services + appLinksKeys + detailKeys + componentKeys
}

extension JSONFormat {
    /// Compact, with association-file keys in their conventional order.
    public static let associationFileCompact = JSONFormat(keyPriority: AssociationKey.priority)
    /// Indented, with association-file keys in their conventional order.
    public static let associationFilePretty = JSONFormat(isPretty: true, keyPriority: AssociationKey.priority)
}

extension AssociationFile {
    /// Reads the typed model from a JSON value; only a value that is not an object is refused.
    ///
    /// Shape problems below the top level do not fail: the offending key is kept in the nearest
    /// ``additionalKeys`` and ``AssociationFileValidator`` reports it.
    public init(json: JSONValue) throws(AssociationFileError) {
        guard case .object(var members) = json else { throw .notAnObject(found: json.kindDescription) }
        self.init()
        if case .object(let value)? = members[AssociationKey.appLinks] {
            appLinks = AppLinks(members: value)
            members[AssociationKey.appLinks] = nil
        }
        for key in [
            AssociationKey.webCredentials, AssociationKey.appClips, AssociationKey.activityContinuation,
        ] {
            guard case .object(let value)? = members[key] else { continue }
            let list = AppList(members: value)
            switch key {
            case AssociationKey.webCredentials: webCredentials = list
            case AssociationKey.appClips: appClips = list
            default: activityContinuation = list
            }
            members[key] = nil
        }
        additionalKeys = members
    }

    /// Parses a file from JSON text (plain JSON only; for bytes that may be signed, see
    /// ``AssociationFileDocument``).
    public init(parsing text: String) throws(AssociationFileError) {
        let value: JSONValue
        do {
            value = try JSONValue(parsing: text)
        } catch {
            throw .invalidJSON(error)
        }
        try self.init(json: value)
    }

    /// The file as a JSON value, with everything that was read.
    public var json: JSONValue {
        var members = additionalKeys
        if let appLinks { members[AssociationKey.appLinks] = appLinks.json }
        if let webCredentials { members[AssociationKey.webCredentials] = webCredentials.json }
        if let appClips { members[AssociationKey.appClips] = appClips.json }
        if let activityContinuation {
            members[AssociationKey.activityContinuation] = activityContinuation.json
        }
        return .object(members)
    }

    /// The file as JSON text, deterministically: services first, known keys in their usual
    /// order, then every other key in ascending order.
    ///
    /// ```swift
    /// file.serialized()          // one line
    /// file.serialized(.pretty)   // indented
    /// ```
    public func serialized(_ style: SerializationStyle = .compact) -> String {
        json.serialized(style == .pretty ? .associationFilePretty : .associationFileCompact)
    }

    /// The bytes to serve at `/.well-known/apple-app-site-association`: indented UTF-8 JSON
    /// with a final newline, as `aasa generate` writes the file and as a site responder's
    /// association endpoint serves it by default.
    ///
    /// ```swift
    /// let body = generated.file.servedBytes   // respond with Content-Type: application/json
    /// ```
    ///
    /// Apple's CDN refuses a file over 128 KB; a file that large is worth writing
    /// ``SerializationStyle/compact`` instead.
    public var servedBytes: [UInt8] { Array((serialized(.pretty) + "\n").utf8) }

    /// Compact or indented output for ``serialized(_:)``.
    public enum SerializationStyle: String, Sendable, Hashable, Codable {
        /// One line, no spaces.
        case compact
        /// Two-space indentation.
        case pretty
    }
}

extension AssociationFile: Codable {
    /// Decodes a file from any JSON object, keeping unknown keys.
    public init(from decoder: any Decoder) throws {
        let value = try JSONValue(from: decoder)
        self = try DecodingError.corrupted(at: decoder.codingPath) { () throws(AssociationFileError) in
            try AssociationFile(json: value)
        }
    }

    /// Encodes the file as the association-file JSON itself.
    public func encode(to encoder: any Encoder) throws {
        try json.encode(to: encoder)
    }
}

extension AppLinks {
    init(members: [String: JSONValue]) {
        var rest = members
        self.init()
        if let value = rest[AssociationKey.apps], let strings = value.stringArrayValue {
            apps = strings
            rest[AssociationKey.apps] = nil
        }
        if let value = rest[AssociationKey.defaults], case .object(let object) = value {
            defaults = AppLinksComponent(members: object)
            rest[AssociationKey.defaults] = nil
        }
        if case .object(let object)? = rest[AssociationKey.substitutionVariables] {
            var variables: [String: [String]] = [:]
            var wellFormed = true
            for (name, values) in object {
                guard let strings = values.stringArrayValue else {
                    wellFormed = false
                    break
                }
                variables[name] = strings
            }
            if wellFormed {
                substitutionVariables = variables
                rest[AssociationKey.substitutionVariables] = nil
            }
        }
        switch rest[AssociationKey.details] {
        case .array(let elements)?:
            details = elements.map(AppLinksDetail.init(json:))
            detailsStyle = .array
            rest[AssociationKey.details] = nil
        case .object(let object)?:
            detailsStyle = .dictionary
            details = object.keys.sorted { $0.unicodeScalars.lexicographicallyPrecedes($1.unicodeScalars) }
                .map {
                    key in
                    guard case .object(var entry)? = object[key] else {
                        return AppLinksDetail(unreadable: .object([key: object[key] ?? .null]))
                    }
                    entry[AssociationKey.appID] = .string(key)
                    return AppLinksDetail(json: .object(entry))
                }
            rest[AssociationKey.details] = nil
        default:
            break
        }
        additionalKeys = rest
    }

    /// The service as a JSON value.
    public var json: JSONValue {
        var members = additionalKeys
        if let apps { members[AssociationKey.apps] = .array(apps.map(JSONValue.string)) }
        if let defaults { members[AssociationKey.defaults] = defaults.json }
        if let substitutionVariables {
            members[AssociationKey.substitutionVariables] = .object(
                substitutionVariables.mapValues { .array($0.map(JSONValue.string)) })
        }
        if let details {
            switch detailsStyle {
            case .array:
                members[AssociationKey.details] = .array(details.map(\.json))
            case .dictionary:
                var object: [String: JSONValue] = [:]
                for detail in details {
                    if case .object(let wrapped)? = detail.unreadable, wrapped.count == 1,
                        let key = wrapped.keys.first
                    {
                        object[key] = wrapped[key]
                        continue
                    }
                    guard case .object(var entry) = detail.json else { continue }
                    let key = detail.appID ?? ""
                    entry[AssociationKey.appID] = nil
                    object[key] = .object(entry)
                }
                members[AssociationKey.details] = .object(object)
            }
        }
        return .object(members)
    }
}

extension AppLinksDetail {
    init(json: JSONValue) {
        guard case .object(var rest) = json else {
            self.init(unreadable: json)
            return
        }
        self.init()
        if case .string(let text)? = rest[AssociationKey.appID] {
            appID = text
            rest[AssociationKey.appID] = nil
        }
        if let strings = rest[AssociationKey.appIDs]?.stringArrayValue {
            appIDs = strings
            rest[AssociationKey.appIDs] = nil
        }
        if case .array(let elements)? = rest[AssociationKey.components] {
            components = elements.map(AppLinksComponent.init(json:))
            rest[AssociationKey.components] = nil
        }
        if let strings = rest[AssociationKey.paths]?.stringArrayValue {
            paths = strings
            rest[AssociationKey.paths] = nil
        }
        if case .object(let object)? = rest[AssociationKey.defaults] {
            defaults = AppLinksComponent(members: object)
            rest[AssociationKey.defaults] = nil
        }
        additionalKeys = rest
    }

    /// The entry as a JSON value.
    public var json: JSONValue {
        if let unreadable { return unreadable }
        var members = additionalKeys
        if let appID { members[AssociationKey.appID] = .string(appID) }
        if let appIDs { members[AssociationKey.appIDs] = .array(appIDs.map(JSONValue.string)) }
        if let components { members[AssociationKey.components] = .array(components.map(\.json)) }
        if let paths { members[AssociationKey.paths] = .array(paths.map(JSONValue.string)) }
        if let defaults { members[AssociationKey.defaults] = defaults.json }
        return .object(members)
    }
}

extension AppLinksComponent {
    init(json: JSONValue) {
        guard case .object(let members) = json else {
            self.init(unreadable: json)
            return
        }
        self.init(members: members)
    }

    init(members: [String: JSONValue]) {
        var rest = members
        self.init()
        func takeString(_ key: String) -> String? {
            guard case .string(let text)? = rest[key] else { return nil }
            rest[key] = nil
            return text
        }
        func takeBool(_ key: String) -> Bool? {
            guard case .bool(let flag)? = rest[key] else { return nil }
            rest[key] = nil
            return flag
        }
        path = takeString(AssociationKey.path)
        fragment = takeString(AssociationKey.fragment)
        comment = takeString(AssociationKey.comment)
        exclude = takeBool(AssociationKey.exclude)
        caseSensitive = takeBool(AssociationKey.caseSensitive)
        percentEncoded = takeBool(AssociationKey.percentEncoded)
        switch rest[AssociationKey.query] {
        case .string(let text)?:
            query = .whole(text)
            rest[AssociationKey.query] = nil
        case .object(let object)?:
            var items: [String: String] = [:]
            for (name, value) in object {
                guard case .string(let text) = value else { break }
                items[name] = text
            }
            query = items.count == object.count ? .items(items) : .itemsWithNonStringValues(object)
            rest[AssociationKey.query] = nil
        default:
            break
        }
        additionalKeys = rest
    }

    /// The component as a JSON value.
    public var json: JSONValue {
        if let unreadable { return unreadable }
        var members = additionalKeys
        if let path { members[AssociationKey.path] = .string(path) }
        if let fragment { members[AssociationKey.fragment] = .string(fragment) }
        if let comment { members[AssociationKey.comment] = .string(comment) }
        if let exclude { members[AssociationKey.exclude] = .bool(exclude) }
        if let caseSensitive { members[AssociationKey.caseSensitive] = .bool(caseSensitive) }
        if let percentEncoded { members[AssociationKey.percentEncoded] = .bool(percentEncoded) }
        switch query {
        case .whole(let text)?: members[AssociationKey.query] = .string(text)
        case .items(let items)?: members[AssociationKey.query] = .object(items.mapValues(JSONValue.string))
        case .itemsWithNonStringValues(let object)?: members[AssociationKey.query] = .object(object)
        case nil: break
        }
        return .object(members)
    }
}

extension AppList {
    init(members: [String: JSONValue]) {
        var rest = members
        self.init()
        if let strings = rest[AssociationKey.apps]?.stringArrayValue {
            apps = strings
            rest[AssociationKey.apps] = nil
        }
        additionalKeys = rest
    }

    /// The service as a JSON value.
    public var json: JSONValue {
        var members = additionalKeys
        if let apps { members[AssociationKey.apps] = .array(apps.map(JSONValue.string)) }
        return .object(members)
    }
}
