import AssociatedDomains
import LinkPreviews
import Testing

@Suite("Serving the association file")
struct AssociationFileEndpointTests {
    let file: AssociationFile

    init() throws {
        file = try AssociationFile(
            parsing:
                #"{"applinks":{"details":[{"appIDs":["ABCDE12345.com.example.photoalbum"],"components":[{"/":"/albums/*"}]}]}}"#
        )
    }

    @Test("“Serving the association file”: the exact bytes at the exact path, as application/json")
    func spec4ServesTheExactBytes() throws {
        let endpoint = try AssociationFileEndpoint(file: file, format: .associationFileCompact)
        let body = Array(
            (#"{"applinks":{"details":[{"appIDs":["ABCDE12345.com.example.photoalbum"],"components":[{"/":"/albums/*"}]}]}}"#
                + "\n").utf8)
        #expect(
            endpoint.respond(method: "GET", path: "/.well-known/apple-app-site-association")
                == .serve(
                    status: 200,
                    headers: [
                        ResponseHeader("Content-Type", "application/json"),
                        ResponseHeader("Content-Length", String(body.count)),
                        ResponseHeader("Cache-Control", "public, max-age=3600"),
                        ResponseHeader("X-Content-Type-Options", "nosniff"),
                    ], body: body))
    }

    @Test("HEAD gets the headers and no body")
    func headRequest() throws {
        let endpoint = try AssociationFileEndpoint(file: file)
        guard
            case .serve(200, let headers, let body) = endpoint.respond(
                method: "HEAD", path: AssociationFileEndpoint.path)
        else {
            Issue.record("expected a served response")
            return
        }
        #expect(body.isEmpty)
        #expect(headers.contains(ResponseHeader("Content-Length", String(endpoint.body.count))))
    }

    @Test("“Serving the association file”: near-miss paths are not the file and are never redirected to it")
    func spec4NoRedirectForNearMisses() throws {
        let endpoint = try AssociationFileEndpoint(file: file)
        for path in [
            "/.well-known/apple-app-site-association/", "/.well-known/apple-app-site-association.json",
            "/.well-known/Apple-App-Site-Association", "/.well-known/", "/",
        ] {
            #expect(endpoint.respond(method: "GET", path: path) == .notThisEndpoint, "\(path)")
        }
    }

    @Test("the legacy root path is served unless turned off")
    func legacyPath() throws {
        let endpoint = try AssociationFileEndpoint(file: file)
        #expect(endpoint.answers(path: "/apple-app-site-association"))
        let strict = try AssociationFileEndpoint(file: file, servesLegacyPath: false)
        #expect(strict.respond(method: "GET", path: "/apple-app-site-association") == .notThisEndpoint)
    }

    @Test("methods other than GET and HEAD get 405 with Allow")
    func otherMethods() throws {
        let endpoint = try AssociationFileEndpoint(file: file)
        #expect(
            endpoint.respond(method: "POST", path: AssociationFileEndpoint.path)
                == .methodNotAllowed(allow: "GET, HEAD"))
    }

    @Test("“Serving the association file”: a file over 128 KB is refused before it is served")
    func spec4SizeLimit() throws {
        let padding = String(repeating: "x", count: 131_072)
        let big = Array(#"{"applinks":{"details":[],"comment":"\#(padding)"}}"#.utf8)
        #expect(throws: AssociationServingError.tooLarge(byteCount: big.count)) {
            try AssociationFileEndpoint(bytes: big)
        }
        let limit = Array(#"{"applinks":{"details":[]}}"#.utf8)
        #expect(try AssociationFileEndpoint(bytes: limit).body == limit)
    }

    @Test("bytes that are not an association file are refused with the reader's error")
    func unreadableBytes() {
        #expect(throws: AssociationServingError.unreadable(.notAnObject(found: "an array"))) {
            try AssociationFileEndpoint(bytes: Array("[]".utf8))
        }
        #expect(throws: AssociationServingError.unreadable(.empty)) {
            try AssociationFileEndpoint(bytes: [])
        }
    }

    @Test("every serving rule has a sentence")
    func rules() {
        #expect(AssociationServingRule.allCases.count == 6)
        #expect(
            AssociationServingRule.noRedirect.sentence
                == "answer with status 200 directly; Apple does not follow redirects, not even to the same host"
        )
    }
}
