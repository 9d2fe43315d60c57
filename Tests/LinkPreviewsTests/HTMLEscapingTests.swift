import DeepLinks
import LinkPreviews
import Testing

@Suite("HTML escaping by context")
struct HTMLEscapingTests {
    @Test("attribute context escapes both quotes, angle brackets and ampersands")
    func attributeEscapesEverythingThatEndsAValue() {
        #expect(HTMLEscaping.attribute(#"a"b'c<d>e&f"#) == "a&quot;b&#39;c&lt;d&gt;e&amp;f")
    }

    @Test("text context escapes angle brackets and ampersands, and keeps quotes readable")
    func textEscapesMarkupOnly() {
        #expect(HTMLEscaping.text(#"a"b'c<d>e&f"#) == #"a"b'c&lt;d&gt;e&amp;f"#)
    }

    @Test(
        "“Every value is cleaned and escaped”: an attribute-breaking payload cannot add an element or an attribute"
    )
    func spec7AttributeInjection() {
        #expect(
            HTMLEscaping.attribute(#""><img src=x onerror=alert(1)>"#)
                == "&quot;&gt;&lt;img src=x onerror=alert(1)&gt;")
        #expect(HTMLEscaping.attribute(#"' autofocus onfocus='x"#) == "&#39; autofocus onfocus=&#39;x")
    }

    @Test("“Every value is cleaned and escaped”: a closing script or title tag in text stays text")
    func spec7ClosingTagsInText() {
        #expect(
            HTMLEscaping.text("</title><script>alert(1)</script>")
                == "&lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt;")
    }

    @Test("an existing character reference is escaped again, so it reads back as typed")
    func characterReferencesAreNotTrusted() {
        #expect(HTMLEscaping.attribute("&quot;") == "&amp;quot;")
        #expect(HTMLEscaping.text("&lt;b&gt;") == "&amp;lt;b&amp;gt;")
    }

    @Test("text without special characters is returned unchanged, non-ASCII included")
    func plainTextIsUnchanged() {
        #expect(HTMLEscaping.attribute("Été à Zürich – 🌅") == "Été à Zürich – 🌅")
        #expect(HTMLEscaping.text("") == "")
    }
}
