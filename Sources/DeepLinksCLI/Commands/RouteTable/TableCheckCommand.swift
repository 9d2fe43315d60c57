import AssociatedDomains
import DeepLinks

/// `deeplinks table check <file>`: every problem that would stop a route table from being
/// built, before the app ships.
enum TableCheckCommand: ToolCommand {
    static let spec = CommandSpec(
        path: ["table", "check"],
        summary: "Check a route table: the build-time errors the SDK would raise, and its routes.",
        usage: "[options] <file>",
        discussion: """
            Reads a route table (JSON) and reports what would make Router refuse it: invalid
            or duplicate names, malformed patterns, unknown parameter types, impossible bounds,
            invalid defaults and scopes, and overlaps (duplicate, shadowed and ambiguous
            routes). With a policy (--policy, --allow-host, --allow-scheme) it also reports
            routes the gate would never let a link reach. Each problem is an error, except a
            navigate route that can take links shaped like a sensitive or destructive route's
            (TABLE015), a warning: the router refuses such links at run time.
            """,
        arguments: [ArgumentSpec(name: "<file>", help: "The route table ('-' for standard input).")],
        options: [
            .value("--policy", alias: "-p", "FILE", help: "Also check against this link policy (JSON)."),
            .value("--allow-host", "NAME", repeatable: true, help: "Add a host to the policy."),
            .value("--allow-scheme", "NAME", repeatable: true, help: "Add a scheme to the policy."),
            .flag("--json", help: "Print the report as JSON."),
        ],
        positionalCount: 1...1,
        examples: ["table check routes.json", "table check routes.json --allow-scheme photos --json"],
        exitStatuses: [
            (.success, "the table builds"),
            (.checkFailed, "the table has at least one problem"),
            (.usage, ExitStatus.usage.meaning),
            (.invalidInput, "the table or policy is unreadable or not a route table"),
        ]
    )

    static func run(_ arguments: ParsedArguments, in environment: ToolEnvironment) async throws
        -> CommandOutcome
    {
        let path = arguments.positionals[0]
        let table = try environment.loadRouteTable(path)
        let policy = try policy(arguments, in: environment)
        let findings = table.problems(policy: policy).map(Diagnostic.init)
        let status = findings.exitStatus(strict: false)
        let source = ToolEnvironment.sourceName(path)
        if arguments.has("--json") {
            let routes: [JSONValue] = table.routes.map { route in
                [
                    "name": .string(route.name), "path": .string(route.path.text),
                    "query": .array(route.query.map { .string($0.description) }),
                    "safety": .string(route.safety.rawValue), "scope": .string(route.scope.description),
                    "priority": .number(JSONNumber(route.priority)),
                ]
            }
            let report: JSONValue = [
                "command": "table check", "input": .string(source),
                "status": status == .success ? "passed" : "failed", "routes": .array(routes),
                "findings": findings.json, "summary": VerifyDomainCommand.summaryJSON(findings),
            ]
            return .finished(CommandOutput(ReportJSON.text(report), status: status))
        }
        var routes = TextTable(["ROUTE", "PATTERN", "SAFETY", "SCOPE"])
        for route in table.routes {
            var pattern = route.path.text
            if !route.query.isEmpty { pattern += "?" + route.query.map(\.description).joined(separator: "&") }
            routes.append([route.name, pattern, route.safety.rawValue, route.scope.description])
        }
        let verdict = status == .success ? "PASSED" : "FAILED"
        var out = "\(source): \(table.routes.count) route\(table.routes.count == 1 ? "" : "s")\n\n"
        out += routes.rendered + "\n" + findings.table + "\n\(verdict): \(findings.tally).\n"
        return .finished(CommandOutput(out, status: status))
    }

    /// The policy the options describe, or `nil` when none is given.
    static func policy(_ arguments: ParsedArguments, in environment: ToolEnvironment) throws -> LinkPolicy? {
        let hosts = arguments.allValues("--allow-host")
        let schemes = arguments.allValues("--allow-scheme")
        guard arguments.value("--policy") != nil || !hosts.isEmpty || !schemes.isEmpty else { return nil }
        var policy = try arguments.value("--policy").map(environment.loadPolicy) ?? LinkPolicy()
        policy.allowedHosts += hosts.map { HostPattern($0) }
        for scheme in schemes { policy.allowedSchemes.insert(scheme.lowercased()) }
        return policy
    }
}
