import Foundation
import Testing

@testable import DeepLinks

@Suite("Diagnostics: one shape for every check")
struct DiagnosticTests {
    @Test("a route-table problem becomes an error diagnostic with its stable code, on its route")
    func fromRouteTableFinding() {
        let table = RouteTable {
            Route("album", "/albums/:id")
            Route("album", "/albums/:id(int)")
        }
        let diagnostics = table.findings().map(Diagnostic.init)
        #expect(diagnostics.first?.code == "TABLE002")
        #expect(diagnostics.first?.severity == .error)
        #expect(diagnostics.first?.location == "album")
        #expect(
            diagnostics.first?.description
                == "TABLE002 error at album: the name 'album' is used by more than one route; route names must be unique"
        )
        #expect(RouteTableFinding.invalidCustomType(name: "x", reason: "r").code == "TABLE013")
        #expect(Diagnostic(RouteTableFinding.invalidCustomType(name: "x", reason: "r")).location == nil)
    }

    @Test("the Codable form: camelCase keys, no location key when there is none, unknown keys refused")
    func codableForm() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let diagnostic = Diagnostic(code: "TABLE010", severity: .error, message: "same links")
        #expect(
            String(decoding: try encoder.encode(diagnostic), as: UTF8.self)
                == #"{"code":"TABLE010","message":"same links","severity":"error"}"#)
        let located = Diagnostic(code: "X1", severity: .note, location: "$.a", message: "m")
        #expect(try JSONDecoder().decode(Diagnostic.self, from: encoder.encode(located)) == located)
        let unknown = Data(#"{"code":"X1","severity":"note","message":"m","where":"$"}"#.utf8)
        let error = #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(Diagnostic.self, from: unknown)
        }
        #expect(
            DecodingFailure.line(error)
                == "dataCorrupted: unknown key 'where' in a diagnostic; allowed keys are code, location, message, severity"
        )
    }

    @Test("severities order note < warning < error")
    func severityOrder() {
        #expect(Diagnostic.Severity.allCases.sorted() == [.note, .warning, .error])
    }
}
