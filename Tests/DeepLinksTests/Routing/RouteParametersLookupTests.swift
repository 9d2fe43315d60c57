import DeepLinks
import Testing

/// A parameter set keeps its first three entries in the value and the rest in a list; a name is
/// found by comparing names in order among the first three and by halves past them. Both ways
/// must answer alike, whatever order the names were given in.
@Suite("Route parameters: a name is found the same way among three entries or more")
struct RouteParametersLookupTests {
    /// Names given out of order, one of them spelled with a combining mark.
    private static let names = ["page", "album", "caf\u{E9}", "index", "b", "zeta", "a"]

    @Test("every name present is found with its value, and every absent one is not, for 0 to 7 entries")
    func everySize() {
        for size in 0...Self.names.count {
            let given = Self.names.prefix(size)
            let parameters = RouteParameters(given.enumerated().map { ($1, ParameterValue.integer($0)) })
            #expect(parameters.count == size)
            for (value, name) in given.enumerated() {
                #expect(parameters[name] == .integer(value), "\(name) of \(size)")
                #expect(parameters.integer(name) == value, "\(name) of \(size)")
            }
            for absent in Self.names.dropFirst(size) + ["", "albums", "Album", "cafe"] {
                #expect(parameters[absent] == nil, "\(absent) of \(size)")
            }
            #expect(parameters.names == given.sorted())
        }
    }

    @Test("a name is equal as Swift compares strings: a canonically equivalent spelling finds it")
    func canonicalEquivalence() {
        for size in 3...Self.names.count {
            let parameters = RouteParameters(
                Self.names.prefix(size).map { ($0, ParameterValue.string($0)) })
            #expect(parameters["cafe\u{301}"] == .string("caf\u{E9}"), "\(size) entries")
        }
    }
}
