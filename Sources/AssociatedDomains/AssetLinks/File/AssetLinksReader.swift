import DeepLinks
import DeepLinksJSON

/// The one walk over an `assetlinks.json` value: builds the typed list and records a finding
/// for each rule the value breaks, so that strict reading (``AssetLinksFile``) and validation
/// (``AssetLinksValidator``) never disagree. Each value is looked at once.
struct AssetLinksReader {
    /// What reading found, in document order.
    var findings: [AssetLinksFinding] = []

    /// Reads bytes: size, JSON syntax and duplicate keys, then the list. Throws only when there
    /// is no list to speak of (empty, too large, not JSON, not an array).
    static func read(bytes: some Sequence<UInt8>) throws(AssetLinksError) -> (
        file: AssetLinksFile, findings: [AssetLinksFinding]
    ) {
        let data = try boundedBytes(bytes)
        guard !data.isEmpty else { throw .empty }
        let parsed: JSONParser.Result
        do {
            parsed = try JSONParser.parse(data)
        } catch {
            throw .invalidJSON(error)
        }
        guard case .array = parsed.value else { throw .notAnArray(found: parsed.value.kindDescription) }
        var reader = AssetLinksReader()
        for position in parsed.duplicateKeys.indices {
            reader.report(
                .duplicateKey, parsed.duplicateKeys[position],
                "this key appears more than once in its object; readers disagree on which value counts")
        }
        let file = reader.file(parsed.value) ?? AssetLinksFile()
        return (file, reader.findings)
    }

    /// The bytes of a sequence when there are at most ``AssetLinksFile/maximumByteCount`` of
    /// them; reads one more at most to tell.
    static func boundedBytes(_ bytes: some Sequence<UInt8>) throws(AssetLinksError) -> [UInt8] {
        let limit = AssetLinksFile.maximumByteCount
        if let count = bytes.withContiguousStorageIfAvailable({ $0.count }), count > limit {
            throw .tooLarge(byteCount: count)
        }
        var data: [UInt8] = []
        data.reserveCapacity(min(bytes.underestimatedCount, limit + 1))
        for byte in bytes {
            guard data.count < limit else { throw .tooLarge(byteCount: nil) }
            data.append(byte)
        }
        return data
    }

    mutating func report(_ code: AssetLinksFinding.Code, _ path: String, _ message: String) {
        findings.append(AssetLinksFinding(code, at: path, message))
    }

    /// A statement, or an `include` of another list.
    enum Entry {
        case statement(AssetStatement)
        case include(String)
    }

    /// The list, or `nil` when the value is not an array (reported).
    mutating func file(_ value: JSONValue) -> AssetLinksFile? {
        guard case .array(let elements) = value else {
            report(
                .notAnArray, "$",
                "assetlinks.json must be a JSON array of statements, but it is \(value.kindDescription)")
            return nil
        }
        var file = AssetLinksFile()
        for (index, element) in elements.enumerated() {
            switch statement(element, at: "$[\(index)]") {
            case .statement(let statement)?: file.statements.append(statement)
            case .include(let url)?: file.includes.append(url)
            case nil: break
            }
        }
        return file
    }

    /// One statement, or `nil` when it cannot be read (reported).
    mutating func statement(_ value: JSONValue, at path: String) -> Entry? {
        guard case .object(let members) = value else {
            report(
                .statementNotAnObject, path,
                "a statement must be a JSON object, but this is \(value.kindDescription)")
            return nil
        }
        if let include = members[AssetLinksKey.include] {
            return self.include(include, members: members, at: path)
        }
        for key in members.keys.sorted() where !AssetLinksKey.statementKeys.contains(key) {
            report(
                .unknownStatementKey, JSONPath.appending(key: key, to: path),
                "'\(key)' is not a statement key (relation, target, relation_extensions, or include alone)")
        }
        let relations = self.relations(
            members[AssetLinksKey.relation], at: JSONPath.appending(key: "relation", to: path))
        let targetPath = JSONPath.appending(key: "target", to: path)
        var target: AssetTarget?
        if let value = members[AssetLinksKey.target] {
            target = self.target(value, at: targetPath)
        } else {
            report(.targetMalformed, path, "the statement has no 'target'")
        }
        var dynamicComponents: [DynamicAppLinkComponent]?
        var other: [String: JSONValue] = [:]
        if let extensions = members[AssetLinksKey.relationExtensions] {
            (dynamicComponents, other) = relationExtensions(
                extensions, relations: relations, target: target,
                at: JSONPath.appending(key: AssetLinksKey.relationExtensions, to: path))
        }
        guard let relations, let target else { return nil }
        return .statement(
            AssetStatement(
                relations: relations, target: target, dynamicComponents: dynamicComponents,
                otherRelationExtensions: other))
    }

    /// A statement's `relation_extensions`: the dynamic rules of `handle_all_urls`, if any, and
    /// the extensions of other relations, kept as they are.
    private mutating func relationExtensions(
        _ extensions: JSONValue, relations: [String]?, target: AssetTarget?, at extensionsPath: String
    ) -> (dynamicComponents: [DynamicAppLinkComponent]?, other: [String: JSONValue]) {
        var dynamicComponents: [DynamicAppLinkComponent]?
        var other: [String: JSONValue] = [:]
        if case .object(let entries) = extensions {
            for key in entries.keys.sorted() {
                let entryPath = JSONPath.appending(key: key, to: extensionsPath)
                guard let entry = entries[key] else { continue }
                guard case .object(let entryMembers) = entry else {
                    report(
                        .extensionsMalformed, entryPath,
                        "a relation's extension must be a JSON object, but this is \(entry.kindDescription)"
                    )
                    continue
                }
                if let relations, !relations.contains(key) {
                    report(
                        .extensionWithoutRelation, entryPath,
                        "the statement does not grant '\(key)', so this extension is ignored")
                }
                if key == AssetStatement.handleAllURLs {
                    dynamicComponents = self.handleAllURLsExtension(entryMembers, at: entryPath)
                    if dynamicComponents != nil, case .web? = target {
                        report(
                            .dynamicRulesIgnored, entryPath,
                            "dynamic rules apply to Android apps; on a 'web' target they are ignored")
                    }
                } else {
                    other[key] = entry
                }
            }
        } else {
            report(
                .extensionsMalformed, extensionsPath,
                "'relation_extensions' must be a JSON object keyed by relation, but it is "
                    + extensions.kindDescription)
        }
        return (dynamicComponents, other)
    }

    private mutating func include(_ value: JSONValue, members: [String: JSONValue], at path: String) -> Entry?
    {
        let includePath = JSONPath.appending(key: AssetLinksKey.include, to: path)
        for key in members.keys.sorted() where key != AssetLinksKey.include {
            report(
                .includeMalformed, JSONPath.appending(key: key, to: path),
                "an include statement has only the key 'include', but this one also has '\(key)'")
        }
        guard case .string(let url) = value, url.hasPrefix("https://"), url.count > 8 else {
            report(
                .includeMalformed, includePath, "'include' must be the https URL of another statement list")
            return nil
        }
        report(
            .includeStatement, includePath,
            "the statements of \(url) are included; they are not fetched or checked here")
        return .include(url)
    }

    private mutating func relations(_ value: JSONValue?, at path: String) -> [String]? {
        guard let value else {
            report(
                .relationMalformed, String(path.dropLast(".relation".count)),
                "the statement has no 'relation'")
            return nil
        }
        guard let strings = value.stringArrayValue, !strings.isEmpty else {
            report(.relationMalformed, path, "'relation' must be a non-empty array of strings")
            return nil
        }
        var valid = true
        for (index, relation) in strings.enumerated() {
            let parts = relation.split(separator: "/", omittingEmptySubsequences: false)
            if parts.count != 2 || parts.contains(where: \.isEmpty) {
                report(
                    .relationMalformed, "\(path)[\(index)]",
                    "the relation '\(relation)' is not of the form kind/detail "
                        + "(delegate_permission/common.handle_all_urls)")
                valid = false
            } else if relation != AssetStatement.handleAllURLs {
                report(
                    .otherRelation, "\(path)[\(index)]",
                    "the relation '\(relation)' is not the App Links relation; it is kept, and App Links do not use it"
                )
            }
        }
        return valid ? strings : nil
    }

    private mutating func handleAllURLsExtension(_ members: [String: JSONValue], at path: String)
        -> [DynamicAppLinkComponent]?
    {
        for key in members.keys.sorted() where key != AssetLinksKey.dynamicComponents {
            report(
                .unknownExtensionKey, JSONPath.appending(key: key, to: path),
                "'\(key)' is not a key of the App Links extension (dynamic_app_link_components)")
        }
        guard let value = members[AssetLinksKey.dynamicComponents] else { return nil }
        let listPath = JSONPath.appending(key: AssetLinksKey.dynamicComponents, to: path)
        guard case .array(let elements) = value else {
            report(
                .componentsMalformed, listPath,
                "'dynamic_app_link_components' must be an array of rules, but it is \(value.kindDescription)")
            return nil
        }
        var components: [DynamicAppLinkComponent] = []
        for (index, element) in elements.enumerated() {
            if let component = component(element, at: "\(listPath)[\(index)]") {
                components.append(component)
            }
        }
        return components
    }

    private mutating func component(_ value: JSONValue, at path: String) -> DynamicAppLinkComponent? {
        guard case .object(let members) = value else {
            report(
                .componentsMalformed, path,
                "a rule must be a JSON object, but this is \(value.kindDescription)")
            return nil
        }
        var component = DynamicAppLinkComponent()
        var valid = true
        for key in members.keys.sorted() {
            guard let value = members[key] else { continue }
            let keyPath = JSONPath.appending(key: key, to: path)
            func wrongType(_ expected: String) {
                report(
                    .componentValueMalformed, keyPath,
                    "'\(key)' must be \(expected), but it is \(value.kindDescription)")
                valid = false
            }
            switch key {
            case AssetLinksKey.path:
                guard case .string(let pattern) = value else { wrongType("a string pattern"); continue }
                component.path = pattern
                checkPathPattern(pattern, at: keyPath)
            case AssetLinksKey.query:
                guard case .object(let items) = value else {
                    wrongType("an object of string patterns"); continue
                }
                guard let query = queryPatterns(items, at: keyPath) else { valid = false; continue }
                component.query = query
            case AssetLinksKey.fragment:
                guard case .string(let pattern) = value else { wrongType("a string pattern"); continue }
                component.fragment = pattern
            case AssetLinksKey.exclude:
                guard case .bool(let flag) = value else { wrongType("true or false"); continue }
                component.exclude = flag
            case AssetLinksKey.comments:
                guard case .string(let text) = value else { wrongType("a string"); continue }
                component.comments = text
            default:
                report(
                    .unknownComponentKey, keyPath,
                    "'\(key)' is not a rule key ('/', '?', '#', 'exclude', 'comments')"
                        + (key == "comment" ? "; did you mean 'comments'?" : ""))
                valid = false
            }
        }
        return valid ? component : nil
    }

    /// Reports a rule's path pattern that can match no path.
    private mutating func checkPathPattern(_ pattern: String, at path: String) {
        if let first = pattern.first, first != "/", first != "*", first != "?" {
            report(
                .patternNeverMatches, path,
                "the path pattern '\(pattern)' starts with '\(first)', but every path starts with '/'")
        } else if pattern.isEmpty {
            report(
                .patternNeverMatches, path,
                "the empty path pattern matches no path (paths start with '/')")
        }
    }

    /// A rule's query patterns by parameter name, or `nil` when any of them is not a string
    /// (each reported).
    private mutating func queryPatterns(_ items: [String: JSONValue], at path: String) -> [String: String]? {
        var query: [String: String] = [:]
        var valid = true
        for (name, item) in items {
            guard case .string(let pattern) = item else {
                report(
                    .componentValueMalformed, JSONPath.appending(key: name, to: path),
                    "the pattern for the query parameter '\(name)' must be a string, but it is "
                        + item.kindDescription)
                valid = false
                continue
            }
            query[name] = pattern
        }
        return valid ? query : nil
    }
}
