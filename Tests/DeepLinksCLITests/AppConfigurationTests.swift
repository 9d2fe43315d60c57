import Foundation
import Testing

@testable import DeepLinksCLI

/// A folder of its own for one test, removed by the caller.
private func scratchFolder() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("deeplinks-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

/// Writes text to a file in a folder and returns its path.
private func write(_ text: String, _ name: String, in folder: URL) throws -> String {
    let url = folder.appendingPathComponent(name)
    try Data(text.utf8).write(to: url)
    return url.path
}

@Suite("The command line reads the app's configuration: --config, --strict, several domains, exit statuses")
struct AppConfigurationTests {
    /// A navigate route that takes links shaped like a destructive route's: a TABLE015 warning.
    static let warningTable = """
        {"routes": [
          {"name": "albumAction", "path": "/albums/:album/:action"},
          {"name": "deleteAlbum", "path": "/albums/:album(slug)/delete", "safety": "destructive"}
        ]}
        """

    /// Web links on two hosts and a custom scheme, and a Handoff type whose key `position` is `t`.
    static let streamingTable = """
        {"routes": [
          {"name": "watch", "path": "/watch/:id(string 1...16)", "query": ["t(int 0...86400)?"],
           "scope": {"schemes": ["https", "tv"], "hosts": ["tv.example.com", "www.tv.example.com"]}},
          {"name": "help", "path": "/help", "scope": {"schemes": ["https"], "hosts": ["tv.example.com"]}}
        ]}
        """
    static let streamingConfig = """
        {"policy": {"allowedHosts": ["tv.example.com", "www.tv.example.com"]},
         "schemes": [{"name": "tv"}],
         "activities": [{"activityType": "com.example.tv.watching", "route": "watch",
                         "host": "tv.example.com", "userInfoKeys": {"position": "t"}}]}
        """

    @Test("table check --strict fails on a warning (exit 1) that passes without it (exit 0)")
    func strict() async throws {
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let table = try write(Self.warningTable, "routes.json", in: folder)
        let lenient = await runInProcess(["table", "check", "--json", table])
        #expect(lenient.status == 0)
        let findings = try #require(try lenient.json()["findings"] as? [[String: String]])
        #expect(findings.map { $0["code"] } == ["TABLE015"])
        #expect(findings.map { $0["severity"] } == ["warning"])
        let strict = await runInProcess(["table", "check", "--strict", "--json", table])
        #expect(strict.status == 1)
        #expect(try strict.json()["status"] as? String == "failed")
        let text = await runInProcess(["table", "check", "--strict", table])
        #expect(text.status == 1)
        #expect(text.standardOutput.contains("FAILED"))
    }

    /// A navigate route under a sensitive account page: a TABLE025 warning.
    static let guardedAncestorTable = """
        {"routes": [
          {"name": "account", "path": "/account", "safety": "sensitive", "requires": ["signedIn"]},
          {"name": "orders", "path": "/account/orders", "parent": "account"}
        ]}
        """

    @Test(
        "table check --strict fails on a navigate route under a sensitive parent; resolve confirms its links")
    func guardedAncestor() async throws {
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let table = try write(Self.guardedAncestorTable, "routes.json", in: folder)
        let lenient = await runInProcess(["table", "check", "--json", table])
        #expect(lenient.status == 0)
        let findings = try #require(try lenient.json()["findings"] as? [[String: String]])
        #expect(findings.map { $0["code"] } == ["TABLE025"])
        #expect(findings.map { $0["severity"] } == ["warning"])
        #expect(await runInProcess(["table", "check", "--strict", "--json", table]).status == 1)
        let resolved = await runInProcess([
            "resolve", "--json", "--table", table, "--allow-host", "shop.example",
            "https://shop.example/account/orders",
        ])
        let results = try #require(try resolved.json()["results"] as? [[String: Any]])
        #expect(results.map { $0["outcome"] as? String } == ["confirm"])
        #expect(
            results.first?["reason"] as? String
                == "route 'orders' is sensitive: ask the user before running it")
    }

    @Test("table check refuses a destructive parent (TABLE024, an error)")
    func destructiveParent() async throws {
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let table = try write(
            """
            {"routes": [
              {"name": "deleteAlbum", "path": "/albums/:album(slug)/delete", "safety": "destructive"},
              {"name": "deleted", "path": "/albums/:album(slug)/delete/done", "parent": "deleteAlbum"}
            ]}
            """, "routes.json", in: folder)
        let run = await runInProcess(["table", "check", "--json", table])
        #expect(run.status == 1)
        let findings = try #require(try run.json()["findings"] as? [[String: String]])
        #expect(findings.map { $0["code"] } == ["TABLE024"])
        #expect(findings.map { $0["severity"] } == ["error"])
    }

    @Test("table check --config: the custom scheme it registers is allowed, so the table passes")
    func configPolicy() async throws {
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let table = try write(Self.streamingTable, "routes.json", in: folder)
        let config = try write(Self.streamingConfig, "receiver.json", in: folder)
        // With the hosts alone the `tv` scheme is never admitted: TABLE009 on the watch route.
        let hostsOnly = await runInProcess([
            "table", "check", "--json", table, "--allow-host", "tv.example.com", "--allow-host",
            "www.tv.example.com",
        ])
        #expect(hostsOnly.status == 1)
        let findings = try #require(try hostsOnly.json()["findings"] as? [[String: String]])
        #expect(findings.map { $0["code"] } == ["TABLE009"])
        let configured = await runInProcess(["table", "check", "--strict", "--config", config, table])
        #expect(configured.status == 0)
        #expect(configured.standardOutput.contains("PASSED"))
        #expect(
            await runInProcess(["resolve", "--table", table, "--config", config, "tv://watch/tt1"]).status
                == 0)
    }

    @Test("table check --config refuses a configuration over 4 MiB before decoding it (3)")
    func configTooLarge() async throws {
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let table = try write(Self.streamingTable, "routes.json", in: folder)
        let config = try write(String(repeating: " ", count: 4_194_305), "receiver.json", in: folder)
        let run = await runInProcess(["table", "check", "--config", config, table])
        #expect(run.status == 3)
        #expect(
            run.standardError
                == "deeplinks: error: \(config): the receiver configuration is 4194305 bytes of JSON; "
                + "at most 4194304 are read\n")
    }

    @Test("table check --config: activity routes that do not fit the table are an input error (3)")
    func configActivities() async throws {
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let table = try write(Self.streamingTable, "routes.json", in: folder)
        let config = try write(
            Self.streamingConfig.replacingOccurrences(of: #""position": "t""#, with: #""position": "time""#),
            "receiver.json", in: folder)
        let run = await runInProcess(["table", "check", "--config", config, table])
        #expect(run.status == 3)
        #expect(
            run.standardError
                == "deeplinks: error: \(config): the activity routes have 1 finding:\n- the activity type "
                + "'com.example.tv.watching' maps userInfo key 'position' to 'time', which is not a parameter of "
                + "route 'watch'\n")
    }

    @Test(
        "resolve --jsonl reads mapped userInfo keys in the tagged form; exit 1 only when a line is rejected")
    func jsonlActivities() async throws {
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let table = try write(Self.streamingTable, "routes.json", in: folder)
        let config = try write(Self.streamingConfig, "receiver.json", in: folder)
        let good =
            #"{"id":1,"activity":{"activityType":"com.example.tv.watching","userInfo":{"id":{"string":"tt0111161"},"position":{"integer":754}}}}"#
        let misspelt =
            #"{"id":2,"activity":{"activityType":"com.example.tv.watching","userInfo":{"id":{"string":"tt0111161"},"positon":{"integer":754}}}}"#
        let accepted = await runInProcess(
            ["resolve", "--jsonl", "-t", table, "-c", config], standardInput: good + "\n")
        #expect(accepted.status == 0)
        #expect(
            accepted.lines == [
                #"{"id":1,"outcome":"route","route":"watch","parameters":{"id":{"string":"tt0111161"},"t":{"integer":754}},"host":"tv.example.com","reason":null,"source":"handoff"}"#
            ])
        let rejected = await runInProcess(
            ["resolve", "--jsonl", "-t", table, "-c", config], standardInput: good + "\n" + misspelt + "\n")
        #expect(rejected.status == 1)
        #expect(rejected.lines.count == 2)
        #expect(rejected.lines[1].hasPrefix(#"{"id":2,"outcome":"reject","route":null,"#))
        #expect(
            rejected.lines[1].contains(
                "userInfo key 'positon' is neither a parameter of the route nor mapped to one"))
    }

    @Test("aasa generate: --domain repeated writes one file per domain under --output-dir")
    func severalDomains() async throws {
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let table = try write(Self.streamingTable, "routes.json", in: folder)
        let site = folder.appendingPathComponent("site").path
        let run = await runInProcess([
            "aasa", "generate", "--table", table, "--app-id", "ABCDE12345.com.example.tv",
            "--domain", "tv.example.com", "--domain", "www.tv.example.com", "--output-dir", site,
        ])
        #expect(run.status == 0)
        #expect(
            run.lines == [
                "wrote \(site)/tv.example.com/apple-app-site-association (2 components)",
                "wrote \(site)/www.tv.example.com/apple-app-site-association (1 component)",
            ])
        // The notes come domain by domain, as the files do.
        let overReach = { (domain: String) in
            "deeplinks: note: 1 route's patterns for \(domain) also match links the route refuses, because the "
                + "patterns cannot say one path segment or a parameter's type (watch); the app sends such links "
                + "back to the browser, and --json lists why\n"
        }
        #expect(
            run.standardError
                == overReach("tv.example.com")
                + "deeplinks: note: route 'help' was left out of www.tv.example.com: it is scoped to other hosts\n"
                + overReach("www.tv.example.com"))
        for domain in ["tv.example.com", "www.tv.example.com"] {
            let path = "\(site)/\(domain)/apple-app-site-association"
            #expect(await runInProcess(["aasa", "validate", "--strict", path]).status == 0)
            let single = await runInProcess([
                "aasa", "generate", "--table", table, "--app-id", "ABCDE12345.com.example.tv", "--domain",
                domain,
            ])
            #expect(try String(contentsOfFile: path, encoding: .utf8) == single.standardOutput)
        }
    }

    @Test("aasa generate: several domains need --output-dir or --json; --json lists one entry per domain")
    func severalDomainsUsage() async throws {
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let table = try write(Self.streamingTable, "routes.json", in: folder)
        let base = ["aasa", "generate", "--table", table, "--app-id", "ABCDE12345.com.example.tv"]
        let toStandardOutput = await runInProcess(
            base + ["--domain", "tv.example.com", "--domain", "www.tv.example.com"])
        #expect(toStandardOutput.status == 2)
        #expect(
            toStandardOutput.standardError.hasPrefix(
                "deeplinks: error: 2 domains make 2 files: give --output-dir DIR to write "
                    + "DIR/<domain>/apple-app-site-association, or --json"))
        let twice = await runInProcess(
            base + ["--domain", "tv.example.com", "--domain", "tv.example.com", "--json"])
        #expect(twice.status == 2)
        #expect(try twice.json()["error"] as? String == "the domain 'tv.example.com' is given twice")
        let json = await runInProcess(
            base + ["--domain", "tv.example.com", "--domain", "www.tv.example.com", "--json"])
        #expect(json.status == 0)
        let report = try json.json()
        #expect(report["command"] as? String == "aasa generate")
        let domains = try #require(report["domains"] as? [[String: Any]])
        #expect(domains.map { $0["domain"] as? String } == ["tv.example.com", "www.tv.example.com"])
        #expect(domains.map { ($0["components"] as? [Any])?.count } == [2, 1])
        #expect(domains.map { $0["path"] == nil } == [true, true])
    }

    @Test("help shows a repeatable option as repeatable, never as 'NAME ...'")
    func repeatableInHelp() async {
        for command in [["table", "check"], ["resolve"], ["aasa", "generate"]] {
            let help = await runInProcess(command + ["--help"])
            #expect(help.status == 0)
            #expect(!help.standardOutput.contains(" ..."), "\(command)")
        }
        let resolve = await runInProcess(["resolve", "--help"])
        #expect(resolve.standardOutput.contains("  --allow-host NAME (repeatable)"))
        #expect(resolve.standardOutput.contains(#""position": {"integer": 754}"#))
        #expect(resolve.standardOutput.contains(#"answered with "reject", else 0."#))
        let check = await runInProcess(["table", "check", "--help"])
        #expect(check.standardOutput.contains("--strict"))
        #expect(check.standardOutput.contains("-c, --config FILE"))
        let generate = await runInProcess(["aasa", "generate", "--help"])
        #expect(generate.standardOutput.contains("--domain DOMAIN (repeatable)"))
        #expect(generate.standardOutput.contains("-o, --output-dir DIR"))
    }

    @Test("completion scripts offer the new options: --strict, --config, --output-dir")
    func completion() async {
        let bash = await runInProcess(["completion", "bash"]).standardOutput
        #expect(
            bash.contains(
                #"options="--config -c --policy -p --allow-host --allow-scheme --strict --json --help -h""#))
        #expect(bash.contains("--output-dir -o"))
        let fish = await runInProcess(["completion", "fish"]).standardOutput
        #expect(fish.contains("-l output-dir -s o -r -F"))
        #expect(fish.contains("-l strict -d"))
    }
}
