import Testing

@testable import DeepLinks

/// The closest failure of a link no route takes is found with the attempts kept in place
/// (`FirstRouteAttempt`) instead of in a list: these tests pin that it keeps exactly what
/// the list's first element would be.
@Suite("Route attempt sinks: the first attempt kept in place is the list's first")
struct RouteAttemptSinkTests {
    static let attempts: [(Int, RouteAttempt)] = [
        (3, RouteAttempt(route: "three", result: .schemeNotInScope("myapp"))),
        (1, RouteAttempt(route: "one", result: .matched)),
        (7, RouteAttempt(route: "seven", result: .hostNotInScope(nil))),
    ]

    @Test("an empty sink holds nothing")
    func empty() {
        #expect(FirstRouteAttempt().first == nil)
    }

    @Test("after any number of appends the sink holds the first, as the list does")
    func keepsFirst() {
        for n in 1...Self.attempts.count {
            var first = FirstRouteAttempt()
            var list: [(Int, RouteAttempt)] = []
            for (route, attempt) in Self.attempts.prefix(n) {
                first.append(route, attempt)
                list.append(route, attempt)
            }
            #expect(first.first?.route == list.first?.0)
            #expect(first.first?.attempt == list.first?.1)
            #expect(list.count == n)
        }
    }
}
