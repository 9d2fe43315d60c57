import DeepLinks
import Testing

/// Inputs the fuzzing harnesses (`Fuzz/`) found breaking an invariant, kept as regression
/// tests once fixed. Each names the harness and the invariant.
@Suite("Regressions found by fuzzing")
struct FuzzFindingTests {
    /// FuzzLinkGate, "decoded fragment changed": a fragment escape that is not UTF-8 was
    /// accepted, `Link.fragment` fell back to the raw text, and canonicalising (which decodes
    /// `%67` to `g`) changed that "decoded" value. The path and query already refused such
    /// escapes; the fragment now does too (“Malformed links are discarded, never repaired”: a malformed URL is discarded, not repaired).
    @Test("a fragment escape that does not decode to UTF-8 is refused, as in the path and query")
    func fragmentEscapeNotUTF8() {
        let found =
            "https://www.white024?index=%2E%2e3&utm_source=x#tolisteddomain.tld/%2f%5c%f2%67%6f%6f%67%6c%65%2e%63%6f%6d/"
        #expect(
            refusal(found)
                == LinkError(
                    .invalidPercentEscape, at: 48,
                    detail:
                        "'tolisteddomain.tld/%2f%5c%f2%67%6f%6f%67%6c%65%2e%63%6f%6d/' does not decode to UTF-8"
                ))
        do {
            _ = try LinkGate().parse("https://example.com/#%FF")
            Issue.record("a fragment that is not UTF-8 was accepted")
        } catch {
            #expect(
                error == LinkError(.invalidPercentEscape, at: 21, detail: "'%FF' does not decode to UTF-8"))
        }
        #expect((try? LinkGate().parse("https://example.com/#%C3%A9"))?.fragment == "é")
    }
}
