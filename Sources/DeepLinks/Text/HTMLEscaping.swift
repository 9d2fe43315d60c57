/// Escaping for the two places preview text goes in HTML: attribute values and element text.
///
/// Every value is written into a double-quoted attribute or into the text of an ordinary
/// element (`<h1>`, `<p>`, `<title>`), never into `<script>`, `<style>`, a comment, an
/// unquoted attribute or a URL-valued attribute built from text. In those two contexts,
/// escaping the characters below is enough for an HTML5 parser to read back exactly the
/// original text, and for nothing in it to close the tag, open an element or add an
/// attribute:
///
/// | context | escaped |
/// |---|---|
/// | attribute (always double-quoted) | `&` `<` `>` `"` `'` |
/// | text | `&` `<` `>` |
///
/// Escaping does not clean: run text through `PreviewText.clean(_:field:limit:)` (in the
/// `LinkPreviews` module) first, so that control characters and noncharacters never reach
/// the page.
///
/// ```swift
/// HTMLEscaping.attribute(#""><img src=x onerror=alert(1)>"#)
/// // "&quot;&gt;&lt;img src=x onerror=alert(1)&gt;"
/// HTMLEscaping.text("</title><script>")   // "&lt;/title&gt;&lt;script&gt;"
/// ```
public enum HTMLEscaping {
    /// Escapes text for a double-quoted attribute value.
    public static func attribute(_ text: String) -> String {
        escape(text, quotes: true)
    }

    /// Escapes text for the content of an ordinary element.
    public static func text(_ text: String) -> String {
        escape(text, quotes: false)
    }

    private static func escape(_ text: String, quotes: Bool) -> String {
        guard text.utf8.contains(where: { needsEscape($0, quotes: quotes) }) else { return text }
        var out = ""
        out.reserveCapacity(text.utf8.count + 16)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"" where quotes: out += "&quot;"
            case "'" where quotes: out += "&#39;"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    private static func needsEscape(_ byte: UInt8, quotes: Bool) -> Bool {
        switch byte {
        case UInt8(ascii: "&"), UInt8(ascii: "<"), UInt8(ascii: ">"): true
        case UInt8(ascii: "\""), UInt8(ascii: "'"): quotes
        default: false
        }
    }
}
