import Foundation
import Testing

@testable import AssociatedDomains

@Suite("Decoding never bypasses validation: association types")
struct AssociatedDomainDecodingTests {
    @Test("a decoded entitlement entry is checked like one parsed from text; a tampered domain is refused")
    func tamperedEntryIsRefused() throws {
        let entry = try AssociatedDomain("applinks:example.com")
        let data = try JSONEncoder().encode(entry)
        #expect(try JSONDecoder().decode(AssociatedDomain.self, from: data) == entry)
        var object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        for tampered in ["example.com:8080", "example.com/path", "EXAMPLE.com", ""] {
            object["domain"] = tampered
            #expect(throws: DecodingError.self, "\(tampered)") {
                try JSONDecoder().decode(
                    AssociatedDomain.self, from: JSONSerialization.data(withJSONObject: object))
            }
        }
    }
}
