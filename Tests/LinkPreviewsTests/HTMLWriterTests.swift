import DeepLinks
import Testing

@testable import LinkPreviews

/// Pins the page writer that writes into the array it makes (``HTMLWriter``): what it stores,
/// whatever capacity was guessed, and that a writer cannot leave the page it was lent for.
@Suite("Writing a page into its own array")
struct HTMLWriterTests {
    /// A page with every kind of write: literal markup, a short and a long prepared part,
    /// escaped text and attributes, digits, a substring.
    private static func writePage(_ out: inout HTMLWriter) -> UInt64 {
        out.raw("<!DOCTYPE html>\n<title>")
        out.text("Fish & <chips>")
        out.raw(PreparedMarkup(String(repeating: "<meta name=\"x\" content=\"y\">\n", count: 4)))
        out.attribute("https://example.com/a?b=1&c=\"2\"")
        out.raw(PreparedMarkup("</p>"))
        out.decimal(-1_234_567_890_123)
        out.text("caf\u{E9} \u{1F600} 'quoted'"[...])
        out.raw("\n")
        return out.entityTag()
    }

    private static let expected = Array(
        ("<!DOCTYPE html>\n<title>Fish &amp; &lt;chips&gt;"
            + String(repeating: "<meta name=\"x\" content=\"y\">\n", count: 4)
            + "https://example.com/a?b=1&amp;c=&quot;2&quot;</p>-1234567890123caf\u{E9} \u{1F600} 'quoted'\n")
            .utf8)

    @Test("every capacity, from none to more than the page, gives the same bytes and the same tag")
    func everyCapacity() {
        let reference = HTMLWriter.bytes(capacity: 4096, Self.writePage)
        #expect(reference.bytes == Self.expected)
        for capacity in 0...(Self.expected.count + 2) {
            let page = HTMLWriter.bytes(capacity: capacity, Self.writePage)
            #expect(page.bytes == Self.expected, "capacity \(capacity)")
            #expect(page.result == reference.result, "capacity \(capacity)")
        }
    }

    @Test("a page that fits is written once; a longer one is counted, then written once more at its length")
    func writtenAgainAtItsLength() {
        var calls = 0
        let fitting = HTMLWriter.bytes(capacity: Self.expected.count) { out -> UInt64 in
            calls += 1
            return Self.writePage(&out)
        }
        #expect(calls == 1)
        #expect(fitting.bytes == Self.expected)
        calls = 0
        let longer = HTMLWriter.bytes(capacity: Self.expected.count - 1) { out -> UInt64 in
            calls += 1
            return Self.writePage(&out)
        }
        #expect(calls == 2)
        #expect(longer.bytes == Self.expected)
        #expect(longer.bytes.capacity >= Self.expected.count)
    }

    @Test("writers swapped between two pages and swapped back write both pages")
    func swappedBack() {
        var inner: [UInt8] = []
        let outer = HTMLWriter.bytes(capacity: 64) { outer in
            outer.raw("outer ")
            inner = HTMLWriter.bytes(capacity: 64) { inner in
                swap(&outer, &inner)
                inner.raw("still outer")
                outer.raw("inner")
                swap(&outer, &inner)
            }
        }
        #expect(outer == Array("outer still outer".utf8))
        #expect(inner == Array("inner".utf8))
    }

    #if !os(Windows)
        @Test("a writer handed back to another page than its own stops the program (every build)")
        func writerOfAnotherPage() async {
            await #expect(processExitsWith: .failure) {
                _ = HTMLWriter.bytes(capacity: 64) { outer in
                    _ = HTMLWriter.bytes(capacity: 64) { inner in swap(&outer, &inner) }
                }
            }
        }
    #endif
}
