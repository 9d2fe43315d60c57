import Foundation
import Testing

@testable import DeepLinks

/// A match is read into the app's type by one decoder: without bookkeeping when the value
/// reads, with the exact error when it does not. Its values come from the same conversions as
/// `RouteParameters.read(_:)`, and a probe of the same parameters reads the same value.
@Suite("Typed routes: the one decoder reads what the probe and read(_:) read")
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

    /// What a route carrying `parameters` declares: every parameter, the optionals too.
    static let declared: [String: DeclaredParameter] = {
        func declare(_ name: String, _ type: ParameterType?, catchAll: Bool = false, always: Bool = true)
            -> (String, DeclaredParameter)
        {
            (name, DeclaredParameter(name: name, type: type, isCatchAll: catchAll, alwaysPresent: always))
        }
        return Dictionary(uniqueKeysWithValues: [
            declare("id", .integer(1...99)), declare("small", .integer(1...9)), declare("name", nil),
            declare("flag", .boolean), declare("token", .uuid),
            declare("mode", .enumeration(["light", "dark"])),
            declare("level", .integer(1...2)), declare("rest", nil, catchAll: true),
            declare("missing", .integer(1...9), always: false), declare("note", nil, always: false),
            declare("optionalMode", .enumeration(["light", "dark"]), always: false),
        ])
    }()

    @Test("every kind of value, more than three parameters, and absent optionals read alike")
    func sameValue() throws {
        let lean = try Everything(parameters: Self.parameters)
        let probe = ParameterDecoder.Probe(declared: Self.declared)
        let checked = try Everything(
            from: ParameterDecoder(parameters: Self.parameters, of: Everything.self, probe: probe))
        #expect(lean == checked)
        #expect(probe.reads == Set(Self.parameters.names))
        #expect(probe.optionalReads == ["missing", "note", "optionalMode"])
        #expect(
            lean
                == Everything(
                    id: 42, small: 7, name: "summer", flag: true,
                    token: UUID(uuidString: "6BA7B810-9DAD-11D1-80B4-00C04FD430C8")!, mode: .dark,
                    level: .two,
                    rest: ["a", "b"], missing: nil, note: "n", optionalMode: .light))
    }

    @Test("a value that does not read is refused with the exact error, found where it fails")
    func failureFallsBack() {
        var parameters = Self.parameters
        parameters["mode"] = "dim"
        #expect(throws: ParameterDecoder.Failure.self) { try Everything(parameters: parameters) }
        #expect(
            throws: TypedRoutesError.valueNotReadable(
                type: "Everything", route: "everything",
                reason: "parameter 'mode' holds string \"dim\", which is not a Mode")
        ) {
            try Everything.value(from: parameters, route: "everything")
        }
    }

    @Test("a value read through Decodable is the value read(_:) gives, type by type")
    func sameConversions() throws {
        let values: [ParameterValue] = [
            .integer(7), .integer(300), .integer(-1), .string("dark"), .boolean(true),
            .uuid(UUID(uuidString: "6BA7B810-9DAD-11D1-80B4-00C04FD430C8")!), .segments(["a"]),
        ]
        for value in values {
            #expect(Self.decoded(Int.self, value) == Int(parameter: value))
            #expect(Self.decoded(UInt8.self, value) == UInt8(parameter: value))
            #expect(Self.decoded(Int16.self, value) == Int16(parameter: value))
            #expect(Self.decoded(String.self, value) == String(parameter: value))
            #expect(Self.decoded(Bool.self, value) == Bool(parameter: value))
            #expect(Self.decoded(UUID.self, value) == UUID(parameter: value))
            #expect(Self.decoded([String].self, value) == [String](parameter: value))
        }
    }

    /// A value read as `T` through the decoder's conversion, or `nil`.
    private static func decoded<T: Decodable>(_ type: T.Type, _ value: ParameterValue) -> T? {
        let decoder = ParameterDecoder(parameters: ["v": value], of: Everything.self)
        return try? decoder.read(T.self, named: "v", from: value)
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
