import Foundation
import Testing

@testable import DeepLinks

/// A match is read into the app's type by a lean reader on the path every link takes; only a
/// value that does not read goes to the checking decoder. Both must give the same value, and a
/// failure must still carry the checking decoder's exact error.
@Suite("Typed routes: the lean reader gives what the checking decoder gives")
struct ParameterReaderTests {
    enum Mode: String, Codable, Sendable { case light, dark }
    enum Level: Int, Codable, Sendable { case one = 1, two = 2 }

    struct Everything: RouteValue, Equatable {
        static let route = "everything"
        var id: Int
        var small: Int16
        var name: String
        var flag: Bool
        var token: UUID
        var mode: Mode
        var level: Level
        var rest: [String]
        var missing: Int?
        var note: String?
        var optionalMode: Mode?
    }

    static let parameters: RouteParameters = [
        "id": 42, "small": 7, "name": "summer", "flag": true,
        "token": .uuid(UUID(uuidString: "6BA7B810-9DAD-11D1-80B4-00C04FD430C8")!), "mode": "dark",
        "level": 2, "rest": .segments(["a", "b"]), "note": "n", "optionalMode": "light",
    ]

    @Test("every kind of value, more than three parameters, and absent optionals read alike")
    func sameValue() throws {
        let lean = try Everything(from: ParameterReader(parameters: Self.parameters))
        let context = ParameterDecoder.Context(
            typeName: "Everything", route: Everything.route, values: Self.parameters, declared: nil)
        let checked = try Everything(from: ParameterDecoder(context: context))
        #expect(lean == checked)
        #expect(
            lean
                == Everything(
                    id: 42, small: 7, name: "summer", flag: true,
                    token: UUID(uuidString: "6BA7B810-9DAD-11D1-80B4-00C04FD430C8")!, mode: .dark,
                    level: .two,
                    rest: ["a", "b"], missing: nil, note: "n", optionalMode: .light))
    }

    @Test("a value that does not read is refused by the lean reader and explained by the checking decoder")
    func failureFallsBack() {
        var parameters = Self.parameters
        parameters["mode"] = "dim"
        #expect(throws: (any Error).self) { try Everything(from: ParameterReader(parameters: parameters)) }
        #expect(
            throws: TypedRoutesError.valueNotReadable(
                type: "Everything", route: "everything",
                reason: "parameter 'mode' holds string \"dim\", which is not a Mode")
        ) {
            try Everything.value(from: parameters, route: "everything")
        }
    }

    @Test("a parameter is found by name among inline and spilled entries, and a missing one is nil")
    func valueNamed() {
        let parameters: RouteParameters = ["a": 1, "b": 2, "c": 3, "d": 4, "e": "five"]
        #expect(parameters.value(named: "a") == .integer(1))
        #expect(parameters.value(named: "c") == .integer(3))
        #expect(parameters.value(named: "d") == .integer(4))
        #expect(parameters.value(named: "e") == .string("five"))
        #expect(parameters.value(named: "f") == nil)
        #expect(RouteParameters().value(named: "a") == nil)
    }
}
