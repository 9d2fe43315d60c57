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
            routes). With a policy (--config, --policy, --allow-host, --allow-scheme) it also
            reports routes the gate would never let a link reach. --config reads the app's
            receiver configuration (JSON with "policy", "schemes", "activities"): the table
            is checked against its effective policy (every registered scheme allowed), and
            its activity routes against the table. --policy replaces the configuration's
            policy; --allow-host and --allow-scheme add to it. Each problem is an error,
            except two warnings: a navigate route that can take links shaped like a sensitive
            or destructive route's (TABLE015), whose links the router refuses at run time,
            and a navigate route under a sensitive ancestor (TABLE025), whose links ask for
            confirmation as the ancestor's do. --strict makes warnings fail the check too
            (exit status 1), for CI.
            """,
        arguments: [ArgumentSpec(name: "<file>", help: "The route table ('-' for standard input).")],
        options: [
            .value(
                "--config", alias: "-c", "FILE",
                help: "Also check against the receiver configuration (JSON: policy, schemes, activities)."),
            .value("--policy", alias: "-p", "FILE", help: "Also check against this link policy (JSON)."),
            .value("--allow-host", "NAME", repeatable: true, help: "Add a host to the policy."),
            .value("--allow-scheme", "NAME", repeatable: true, help: "Add a scheme to the policy."),
            .flag("--strict", help: "Fail on warnings too (TABLE015, TABLE025), not only on errors."),
            .flag("--json", help: "Print the report as JSON."),
        ],
        positionalCount: 1...1,
        examples: [
            "table check routes.json", "table check routes.json --allow-scheme photos --json",
            "table check --strict --config receiver.json routes.json",
        ],
        exitStatuses: [
            (.success, "the table builds (with --strict: and has no warning)"),
            (.checkFailed, "the table has at least one error (with --strict: or warning)"),
            (.usage, ExitStatus.usage.meaning),
            (
                .invalidInput,
                "the table, configuration or policy is unreadable or invalid, or the configuration's "
                    + "activity routes do not fit the table"
            ),
        ]
    )

    static func run(_ arguments: ParsedArguments, in environment: ToolEnvironment) async throws
        -> CommandOutcome
    {
        let path = arguments.positionals[0]
        let table = try environment.loadRouteTable(path)
        let configuration = try configuration(arguments, in: environment)
        let policy = try policy(arguments, configuration: configuration, in: environment)
        let tableFindings = table.findings(policy: policy)
        if let configuration, let configPath = arguments.value("--config"),
            !tableFindings.contains(where: \.isError)
        {
            var checked = configuration
            if let policy { checked.policy = policy }
            do {
                _ = try LinkReceiver(table: table, configuration: checked)
            } catch {
                throw ToolError.invalidInput(source: configPath, reason: error.description)
            }
        }
        let findings = tableFindings.map(Diagnostic.init)
        let status = findings.exitStatus(strict: arguments.has("--strict"))
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

    /// The receiver configuration `--config` names, or `nil`.
    static func configuration(_ arguments: ParsedArguments, in environment: ToolEnvironment) throws
        -> LinkReceiver.Configuration?
    {
        try arguments.value("--config").map(environment.loadConfiguration)
    }

    /// The policy the options describe, or `nil` when none is given: `--policy`, else the
    /// configuration's effective policy, with `--allow-host` and `--allow-scheme` added.
    static func policy(
        _ arguments: ParsedArguments, configuration: LinkReceiver.Configuration? = nil,
        in environment: ToolEnvironment
    ) throws -> LinkPolicy? {
        let hosts = try allowedHostPatterns(arguments)
        let schemes = arguments.allValues("--allow-scheme")
        guard arguments.value("--policy") != nil || configuration != nil || !hosts.isEmpty || !schemes.isEmpty
        else { return nil }
        var policy =
            try arguments.value("--policy").map(environment.loadPolicy)
            ?? configuration?.policy ?? LinkPolicy()
        if let configuration {
            policy =
                LinkReceiver.Configuration(policy: policy, schemes: configuration.schemes).effectivePolicy
        }
        policy.allowedHosts += hosts
        for scheme in schemes { policy.allowedSchemes.insert(scheme.lowercased()) }
        return policy
    }
}
