import Foundation

extension PreviewMetadata {
    /// The metadata as JSON for API consumers: keys sorted, indented, slashes unescaped.
    ///
    /// The JSON carries the same cleaned values and tags as the HTML renderings, plus the
    /// source and every text adjustment. Metadata is `Encodable` only: a decoded value would
    /// carry tags (a `javascript:` canonical URL, say) that no preview service made.
    ///
    /// ```swift
    /// let data = try metadata.jsonData()
    /// ```
    public func jsonData() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        return try encoder.encode(self)
    }
}
