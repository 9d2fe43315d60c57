extension SmartAppBanner {
    /// Parses the `content` of an `apple-itunes-app` meta tag (the attribute's value after
    /// HTML entities are decoded).
    ///
    /// Items are separated by commas; spaces, tabs and line breaks around items, keys and the
    /// `=` are ignored. A value is everything after the first `=`, so affiliate data such as
    /// `at=1000l3V&ct=news` stays whole. The `app-argument` is parsed by `gate`, whose policy
    /// must allow the argument's scheme and host.
    ///
    /// ```swift
    /// let banner = try SmartAppBanner(parsing: " app-id = 432274380 ,app-argument=https://example.com/a ")
    /// banner.appArgument?.canonical    // "https://example.com/a"
    /// ```
    ///
    /// - Throws: ``SmartAppBannerError`` for the first rule the content breaks: first the
    ///   shape of the items in order, then the values.
    public init(parsing content: String, gate: LinkGate = LinkGate()) throws(SmartAppBannerError) {
        let bytes = Array(content.utf8)
        guard bytes.count <= Self.maximumContentLength else { throw .tooLong(bytes: bytes.count) }
        var values: [Key: String] = [:]
        for (index, item) in bytes.split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false)
            .enumerated()
        {
            let trimmed = Self.trimmed(item)
            guard !trimmed.isEmpty else { throw .emptyItem(index: index) }
            guard let equals = trimmed.firstIndex(of: UInt8(ascii: "=")) else {
                throw .missingEquals(item: String(decoding: trimmed, as: UTF8.self), index: index)
            }
            let name = String(decoding: Self.trimmed(trimmed[..<equals]), as: UTF8.self)
            guard let key = Key(rawValue: name) else { throw .unknownKey(name) }
            guard values[key] == nil else { throw .duplicateKey(key) }
            let value = String(decoding: Self.trimmed(trimmed[(equals + 1)...]), as: UTF8.self)
            guard !value.isEmpty else { throw .emptyValue(key) }
            values[key] = value
        }
        guard let appIDText = values[.appID] else { throw .missingAppID }
        guard let appID = Self.appID(appIDText) else { throw .nonNumericAppID(appIDText) }
        var argument: Link?
        if let text = values[.appArgument] {
            do {
                argument = try gate.parse(text)
            } catch {
                throw .invalidAppArgument(text, error)
            }
        }
        var display: AppClipDisplay?
        if let text = values[.appClipDisplay] {
            guard let value = AppClipDisplay(rawValue: text) else { throw .invalidAppClipDisplay(text) }
            display = value
        }
        try self.init(
            appID: appID, appArgument: argument, affiliateData: values[.affiliateData],
            appClipBundleID: values[.appClipBundleID], appClipDisplay: display)
    }

    /// A positive decimal number without sign or leading zeros that fits in `Int`.
    static func appID(_ text: String) -> Int? {
        guard let first = text.utf8.first, first != UInt8(ascii: "0"), text.utf8.allSatisfy(ASCII.isDigit)
        else {
            return nil
        }
        return Int(text)
    }

    /// The bytes without HTML's ASCII whitespace (space, tab, LF, FF, CR) at either end.
    static func trimmed(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0C || b == 0x0D }
        guard let start = bytes.firstIndex(where: { !isSpace($0) }),
            let end = bytes.lastIndex(where: { !isSpace($0) })
        else { return [] }
        return bytes[start...end]
    }
}
