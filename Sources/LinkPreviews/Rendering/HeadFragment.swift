import DeepLinks

/// The `<head>` fragment of a preview: the canonical link and every meta tag, one per line.
///
/// Paste it into the `<head>` of the page the link leads to. Every value is escaped for a
/// double-quoted attribute; see `HTMLEscaping` in the `DeepLinks` module.
///
/// ```swift
/// let head = HeadFragment(metadata).html
/// // <link rel="canonical" href="https://photos.example.com/albums/summer-2024">
/// // <meta property="og:title" content="Summer 2024">
/// // …
/// ```
public struct HeadFragment: Sendable, Hashable {
    /// The metadata the fragment is rendered from.
    public let metadata: PreviewMetadata

    /// Creates the fragment for a preview's metadata.
    public init(_ metadata: PreviewMetadata) {
        self.metadata = metadata
    }

    /// The lines of the fragment, without line breaks.
    public var lines: [String] {
        ["<link rel=\"canonical\" href=\"\(HTMLEscaping.attribute(metadata.canonicalURL))\">"]
            + metadata.tags.map(\.html)
    }

    /// The fragment as HTML: every line followed by a line feed.
    public var html: String {
        lines.map { $0 + "\n" }.joined()
    }
}
