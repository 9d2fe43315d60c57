extension SmartAppBanner {
    /// The meta tag's `content` value, unescaped: the items in ``Key`` order, separated by `, `.
    ///
    /// Parsing the content with a gate that allows the argument gives back an equal banner
    /// (an `app-argument` with a comma, which would split the item, is refused at creation).
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
        #"<meta name="apple-itunes-app" content=""# + HTMLEscaping.attribute(content) + #"">"#
    }
}
