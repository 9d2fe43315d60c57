import DeepLinks
import DeepLinksJSON
import Testing

/// The incoming-link line protocol: one JSON object per line, an optional `id` and exactly one
/// link, read strictly.
@Suite("Incoming-link lines: read strictly, refused with the reason and the id")
struct IncomingLinkLineTests {
    func read(_ text: String) throws(IncomingLinkLineError) -> IncomingLinkLine {
        try IncomingLinkLine(parsing: Array(text.utf8))
    }

    func refusal(_ text: String) -> IncomingLinkLineError? {
        do {
            _ = try read(text)
            return nil
        } catch {
            return error
        }
    }

    @Test("each kind of link is read, with its id as written")
    func readsEachKind() throws {
        #expect(
            try read(#"{"id":7,"url":"https://example.com/a"}"#)
                == IncomingLinkLine(id: 7, link: .url("https://example.com/a")))
        #expect(
            try read(#"{"id":"b","banner":"app-id=1, app-argument=https://example.com/a"}"#)
                == IncomingLinkLine(
                    id: "b", link: .smartAppBanner(content: "app-id=1, app-argument=https://example.com/a")))
        #expect(
            try read(#"{"smartAppBanner":"app-id=1"}"#)
                == IncomingLinkLine(id: .null, link: .smartAppBanner(content: "app-id=1")))
        let activity = try read(
            #"{"id":[1],"activity":{"activityType":"com.example.watching","userInfo":{"t":{"integer":754}}}}"#
        )
        #expect(activity.id == [1])
        guard case .activity(let value) = activity.link else {
            Issue.record("not an activity: \(activity.link)")
            return
        }
        #expect(value.activityType == "com.example.watching")
        #expect(value.userInfo["t"] == .integer(754))
    }

    @Test("a repeated key is refused, naming it: two readers could see two links")
    func duplicateKeyRefused() {
        let error = refusal(#"{"id":1,"url":"https://example.com/a","url":"https://evil.example/"}"#)
        guard case .notJSON(let syntax)? = error?.reason else {
            Issue.record("not refused as JSON: \(String(describing: error))")
            return
        }
        #expect(syntax.description.hasPrefix(#"the key "url" appears twice in one object"#))
        #expect(error?.id == .null)
    }

    @Test("a key the protocol does not define is refused, naming it, with the line's id")
    func unknownKeyRefused() {
        let error = refusal(#"{"id":3,"url":"https://example.com/a","URL":"https://evil.example/"}"#)
        #expect(error == IncomingLinkLineError(.unknownKey("URL"), id: 3))
        #expect(
            error?.description
                == "the input object has a key 'URL' the protocol does not define; its keys are activity, banner, id, smartAppBanner, url"
        )
    }

    @Test("no link, two links, a link of the wrong kind, an activity that is not one")
    func shapesRefused() {
        #expect(refusal(#"{"id":1}"#) == IncomingLinkLineError(.noLink, id: 1))
        #expect(
            refusal(#"{"id":1,"url":"https://a.example/","banner":"app-id=1"}"#)
                == IncomingLinkLineError(.severalLinks(["url", "banner"]), id: 1))
        #expect(refusal(#"{"url":3}"#) == IncomingLinkLineError(.wrongKind(key: "url", kind: "a number")))
        #expect(
            refusal(#"{"activity":"x"}"#)?.description == "the input's 'activity' is a string, not an object")
        let activity = refusal(#"{"id":2,"activity":{"activityType":"a.b","requiredUserInfoKey":["k"]}}"#)
        #expect(activity?.id == 2)
        #expect(activity?.description.hasPrefix("the input's 'activity' is not a user activity: ") == true)
        #expect(activity?.description.contains("unknown key 'requiredUserInfoKey'") == true)
    }

    @Test("text that is not a JSON object, and a line over the limit, are refused")
    func notObjectsAndOverlong() {
        #expect(refusal("[1]") == IncomingLinkLineError(.notAnObject(kind: "an array")))
        guard case .notJSON? = refusal("{oops")?.reason else {
            Issue.record("not refused as JSON")
            return
        }
        let long = Array(repeating: UInt8(ascii: " "), count: IncomingLinkLine.maximumBytes + 1)
        #expect(throws: IncomingLinkLineError(.tooLong(byteCount: IncomingLinkLine.maximumBytes + 1))) {
            try IncomingLinkLine(parsing: long)
        }
    }
}
