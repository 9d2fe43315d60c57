import Foundation
import Testing

@testable import DeepLinksCLI

/// Both generate commands hold what they write to the 128 KB their own validators accept.
@Suite("aasa generate and assetlinks generate: no file over 128 KB")
struct GeneratedFileLimitTests {
    static let fingerprint =
        "14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"

    /// A table of `count` routes, each with a path of its own.
    static func table(routes count: Int) -> String {
        let routes = (0..<count).map { #"{"name": "r\#($0)", "path": "/section-\#($0)/:id(int 1...)"}"# }
        return #"{"routes": ["# + routes.joined(separator: ", ") + "]}"
    }

    static let commands: [[String]] = [
        [
            "aasa", "generate", "--table", "-", "--app-id", "ABCDE12345.com.example.app", "--domain",
            "example.com",
        ],
        [
            "assetlinks", "generate", "--table", "-", "--app", "com.example.app=\(fingerprint)", "--domain",
            "example.com",
        ],
    ]

    @Test(
        "pins: 3,000 routes make a file over the limit even without spaces: exit 3 naming the limit, nothing written"
    )
    func overTheLimitIsAnError() async {
        let table = Self.table(routes: 3_000)
        for (command, file) in zip(Self.commands, ["apple-app-site-association", "assetlinks.json"]) {
            let run = await runInProcess(command, standardInput: table)
            #expect(run.status == 3)
            #expect(run.standardOutput.isEmpty)
            #expect(run.standardError.contains("the \(file) file for example.com: the generated file is "))
            #expect(run.standardError.contains("over the limit of 131072 bytes (128 KB)"))
        }
    }

    @Test(
        "1,500 routes fit only without spaces: the compact file is written, with a note, and validates --strict"
    )
    func compactWhenOnlyCompactFits() async throws {
        let table = Self.table(routes: 1_500)
        for (command, validate) in zip(Self.commands, [["aasa", "validate"], ["assetlinks", "validate"]]) {
            let run = await runInProcess(command, standardInput: table)
            #expect(run.status == 0)
            #expect(run.standardOutput.utf8.count <= 131_072)
            #expect(!run.standardOutput.contains("\n  "))
            #expect(run.standardError.contains("is written without spaces: pretty-printed it would be "))
            let validated = await runInProcess(
                validate + ["--strict", "-"], standardInput: run.standardOutput)
            #expect(validated.status == 0)
        }
    }

    @Test("a small table's file is pretty-printed, with no note about its size")
    func prettyWhenItFits() async {
        let run = await runInProcess(Self.commands[0], standardInput: Self.table(routes: 3))
        #expect(run.status == 0)
        #expect(run.standardOutput.contains("\n  "))
        // The one note names the routes whose patterns match more than their links.
        #expect(run.standardError.hasPrefix("deeplinks: note: 3 routes' patterns also match links"))
        #expect(run.standardError.components(separatedBy: "\n").count == 2)
    }
}
