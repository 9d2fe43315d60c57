import DeepLinks
import DeepLinksJSON
import Foundation
import Testing

/// Issue: a key repeated in one object was read as its last value by `JSONDecoder`, so a
/// reader that takes the first value (a validator, a proxy) saw another table than the app.
@Suite("Hostile input: duplicate keys are refused, naming the key")
struct JSONDuplicateKeyTests {
    @Test(
        "the scan finds the first repeated key and the path of its object",
        arguments: [
            (#"{"a":1,"a":2}"#, "a", "$"),
            (
                #"{"routes":[{"name":"x","path":"/x"},{"name":"y","path":"/y","name":"z"}]}"#, "name",
                "$.routes[1]"
            ),
            (#"{"o":{"p":{"q":1,"q":[1]}}}"#, "q", "$.o.p"),
            (#"[[1],[2,{"k":1,"k":2}]]"#, "k", "$[1][1]"),
            (#"{"name":"a","n\u0061me":"b"}"#, "name", "$"),
            (#"{"a b":{"x":1,"x":1}}"#, "x", #"$["a b"]"#),
        ])
    func scanFindsDuplicates(json: String, key: String, path: String) throws {
        let found = try #require(JSONDuplicateKeyScan.firstDuplicate(in: Array(json.utf8)))
        #expect(found.key == key)
        #expect(found.path == path)
    }

    @Test(
        "no duplicate: the same key in sibling objects, a key equal to a value, strings holding braces",
        arguments: [
            #"{"routes":[{"name":"a"},{"name":"b"}]}"#, #"{"a":"a","b":{"a":1}}"#,
            #"{"a":"{\"a\":1,\"a\":2}","b":["}",{"a":1}]}"#, "[]", "not json", #"{"a":"#,
        ])
    func noDuplicate(json: String) {
        #expect(JSONDuplicateKeyScan.firstDuplicate(in: Array(json.utf8)) == nil)
    }

    @Test("RouteTable(json:): a route with its name twice is refused, not read as the last name")
    func routeTableDuplicateName() {
        let json = #"{"routes":[{"name":"safe","path":"/a","name":"admin"}]}"#
        #expect(
            throws: RouteTableJSONError.invalid(
                reason:
                    "the key 'name' appears twice in the object at $.routes[0]; a repeated key is refused, "
                    + "because readers disagree on which value counts")
        ) { try RouteTable(json: Data(json.utf8)) }
        // Spelt with an escape, the key is the same key.
        #expect(
            throws: RouteTableJSONError.invalid(
                reason:
                    "the key 'routes' appears twice in the object at $; a repeated key is refused, "
                    + "because readers disagree on which value counts")
        ) {
            try RouteTable(json: Data(#"{"routes":[],"r\u006futes":[]}"#.utf8))
        }
    }
}
