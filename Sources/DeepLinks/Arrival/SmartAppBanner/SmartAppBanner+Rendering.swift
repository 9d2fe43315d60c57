extension SmartAppBanner {
    /// The meta tag's `content` value, unescaped: the items in ``Key`` order, separated by `, `.
    ///
    /// Parsing the content with a gate that allows the argument gives back an equal banner.
    public var content: String {
        var items = ["\(Key.appID.rawValue)=\(appID)"]
        if let appArgument { items.append("\(Key.appArgument.rawValue)=\(appArgument.original)") }
        if let affiliateData { items.append("\(Key.affiliateData.rawValue)=\(affiliateData)") }
        if let appClipBundleID { items.append("\(Key.appClipBundleID.rawValue)=\(appClipBundleID)") }
        if let appClipDisplay { items.append("\(Key.appClipDisplay.rawValue)=\(appClipDisplay.rawValue)") }
        return items.joined(separator: ", ")
    }

    /// The whole tag, `<meta name="apple-itunes-app" content="…">`, with the content escaped
    /// for an HTML attribute (`&`, `<`, `>`, `"` and `'` become character references).
    public var metaTag: String {
        #"<meta name="apple-itunes-app" content=""# + HTMLAttribute.escaped(content) + #"">"#
    }
}

/// Escaping of untrusted text for a quoted HTML attribute value.
enum HTMLAttribute {
    /// The text with `&`, `<`, `>`, `"` and `'` replaced by character references, so that it
    /// can neither end the attribute nor open a tag, whichever quote surrounds it.
    static func escaped(_ text: String) -> String {
        guard text.utf8.contains(where: { "&<>\"'".utf8.contains($0) }) else { return text }
        var out = ""
        out.reserveCapacity(text.utf8.count + 16)
        for character in text.unicodeScalars {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.unicodeScalars.append(character)
            }
        }
        return out
    }
}
