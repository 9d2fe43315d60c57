import AssociatedDomains
import DeepLinks

/// `deeplinks resolve`: what the app's receiver decides for each incoming link, against the
/// route table and the configuration the app uses.
enum ResolveCommand: ToolCommand {
    static let spec = CommandSpec(
        path: ["resolve"],
        summary: "Decide links as the app does: outcome, route, parameters, reason, source.",
        usage: "[options] [<link>...]",
        discussion: """
            Each link goes through the same receiver the app builds (LinkReceiver): the gate
            (malformed or hostile text is rejected), the custom scheme's rules, sanitising
            (tracking and credential query items are dropped), then the route table. The
            outcome is one of:
              route          a route matched; its typed parameters are shown
              confirm        a sensitive or destructive route matched, or the scheme confirms
                             every route: the app must ask first
              openInBrowser  a valid web link the app does not present: open it in the browser
              reject         malformed, hostile, a refused activity or banner, or a
                             custom-scheme link nothing presents
            --config reads the app's receiver configuration (JSON with "policy", "schemes",
            "activities"); --policy, --allow-host and --allow-scheme adjust its policy.
            Without --table the table is empty, so every valid web link falls back to the
            browser. Without links, or with the link '-', they are read from standard input,
            one per line.

            --jsonl reads standard input as lines, each an object with an "id" (any JSON) and
            one of "url": "<text>", "activity": {<user activity>} or "banner": "<meta content>",
            and answers each with one line. An activity is UserActivity's JSON form; each
            userInfo value names its kind, as parameters do:
              {"activityType": "com.example.watching", "webpageURL": "https://…",
               "userInfo": {"id": {"string": "tt0111161"}, "position": {"integer": 754},
                            "hd": {"boolean": true}, "tags": {"array": [{"string": "a"}]}}}
            Each line is answered with:
              {"id": <same>, "outcome": "route"|"confirm"|"openInBrowser"|"reject",
               "route": <name or null>, "parameters": {<name>: {"<kind>": <value>}} or null,
               "host": <parsed host or null>, "reason": <string or null>,
               "source": "universalLink"|"handoff"|"smartAppBanner"|"customScheme" or null}
            A line that is not valid JSON is answered with "reject" (and "id": null).
            Answers are written and flushed line by line, in input order. The exit status
            follows the same rule as for links given as arguments: 1 when any line was
            answered with "reject", else 0.

            --expect FILE (with --jsonl) compares each answer with the same line of FILE, as
            JSON (key order and spacing aside): the exit status is 0 when every line agrees,
            rejections included, and 1 when a line differs or the counts differ, each
            difference written to standard error (the expected line, then the answer). The
            answers still go to standard output. To write FILE, record the answers once:
              deeplinks resolve --jsonl -t routes.json < links.jsonl > answers.jsonl
            """,
        arguments: [
            ArgumentSpec(name: "<link>", help: "A link to resolve (any number; else standard input).")
        ],
        options: [
            .value("--table", alias: "-t", "FILE", help: "The route table (JSON). Default: an empty table."),
            .value(
                "--config", alias: "-c", "FILE",
                help: "The receiver configuration (JSON: policy, schemes, activities) the app uses."),
            .value(
                "--policy", alias: "-p", "FILE",
                help: "The link policy (JSON). Default: the SDK's default policy."),
            .value(
                "--allow-host", "NAME", repeatable: true,
                help: "Allow this host (example.com or *.example.com)."),
            .value("--allow-scheme", "NAME", repeatable: true, help: "Allow this scheme (e.g. myapp)."),
            .flag("--explain", help: "Show every route tried for each link, and why it did not match."),
            .flag(
                "--require-route", help: "Fail also when a link would open in the browser instead of the app."
            ),
            .flag("--json", help: "Print the report as JSON."),
            .flag("--jsonl", help: "Speak the line protocol on standard input and output (see above)."),
            .value(
                "--expect", "FILE",
                help: "With --jsonl: compare the answers with FILE's lines; fail and show each that differs."),
        ],
        positionalCount: 0...Int.max,
        examples: [
            "resolve --table routes.json --allow-host example.com https://example.com/albums/summer",
            "resolve --explain --table routes.json --config receiver.json 'myapp://albums/x'",
            #"echo '{"id":1,"url":"https://example.com/a"}' | deeplinks resolve --jsonl --table routes.json"#,
            #"echo '{"id":2,"banner":"app-id=1, app-argument=myapp://a"}' | deeplinks resolve --jsonl -t routes.json -c receiver.json"#,
            "resolve --jsonl -t routes.json -c receiver.json --expect answers.jsonl < links.jsonl",
        ],
        exitStatuses: [
            (.success, "every link was routed, confirmed or (without --require-route) sent to the browser"),
            (
                .checkFailed,
                "at least one link (or --jsonl line) was rejected (or, with --require-route, not routed); "
                    + "with --expect: an answer differs from the expected file"
            ),
            (.usage, ExitStatus.usage.meaning),
            (
                .invalidInput,
                "the table, configuration or policy is unreadable or invalid, or they do not fit together"
            ),
        ]
    )

    static func run(_ arguments: ParsedArguments, in environment: ToolEnvironment) async throws
        -> CommandOutcome
    {
        let receiver = try makeReceiver(arguments, in: environment)
        if arguments.has("--jsonl") { return try lineProtocol(receiver, arguments, in: environment) }
        if arguments.value("--expect") != nil {
            throw usage(.other("--expect compares the answers of --jsonl; give --jsonl too"))
        }
        let links = try links(arguments, in: environment)
        let explain = arguments.has("--explain")
        let results: [(String, LinkDecision, RouteExplanation?)] = links.map { link in
            guard explain else { return (link, receiver.receive(url: link), nil) }
            let explanation = receiver.explain(.url(link))
            return (link, explanation.decision, explanation.routing)
        }
        let fields = results.map { OutcomeFields($0.1) }
        let failed = fields.contains {
            $0.outcome == "reject" || (arguments.has("--require-route") && $0.outcome == "openInBrowser")
        }
        let status: ExitStatus = failed ? .checkFailed : .success
        if arguments.has("--json") {
            let entries: [JSONValue] = zip(results, fields).map { result, fields in
                var members = fields.jsonMembers
                members["input"] = .string(result.0)
                if explain { members["explanation"] = explanationJSON(result.2) }
                return .object(members)
            }
            let report: JSONValue = [
                "command": "resolve", "status": status == .success ? "passed" : "failed",
                "results": .array(entries), "summary": summary(fields),
            ]
            return .finished(CommandOutput(ReportJSON.text(report), status: status))
        }
        return .finished(CommandOutput(textReport(results, fields, explain: explain), status: status))
    }

    /// `--jsonl`: the line protocol, or with `--expect FILE` its answers compared with the
    /// recorded ones.
    static func lineProtocol(
        _ receiver: LinkReceiver, _ arguments: ParsedArguments, in environment: ToolEnvironment
    )
        throws -> CommandOutcome
    {
        for other in ["--json", "--explain", "--require-route"] where arguments.has(other) {
            throw usage(.conflictingOptions("--jsonl", other))
        }
        if let link = arguments.positionals.first {
            throw usage(.other("--jsonl reads links from standard input only, but '\(link)' was given"))
        }
        let lineProtocol = ResolveLineProtocol(receiver: receiver)
        let responder = LineResponder(
            maximumLineBytes: ResolveLineProtocol.maximumLineBytes, reply: lineProtocol.reply,
            replyOverlong: lineProtocol.replyOverlong)
        if let path = arguments.value("--expect") {
            guard path != "-" else {
                throw usage(
                    .invalidValue(
                        option: "--expect", value: path,
                        expected: "a file (standard input holds the links)"))
            }
            let expected = try environment.readFile(path)
            return .finished(
                try ResolveExpectation.compare(
                    responder, input: environment.readStandardInput(), expected: expected,
                    path: path))
        }
        return .lineProtocol(responder)
    }

    /// The links to decide: the arguments, or standard input's lines (`-` or none given).
    static func links(_ arguments: ParsedArguments, in environment: ToolEnvironment) throws -> [String] {
        var links = arguments.positionals
        if links.isEmpty || links == ["-"] {
            if environment.standardInputIsTerminal() {
                throw usage(.other("give links as arguments or on standard input, one per line"))
            }
            let bytes = environment.readStandardInput()
            guard let text = UTF8Text.decode(bytes) else {
                throw ToolError.invalidInput(source: "standard input", reason: "the input is not UTF-8 text")
            }
            links = text.split(
                omittingEmptySubsequences: true, whereSeparator: { $0 == "\n" || $0 == "\r\n" }
            )
            .map(String.init).filter { !$0.isEmpty }
            if links.isEmpty {
                throw ToolError.invalidInput(source: "standard input", reason: "no links were given")
            }
        }
        return links
    }

    /// The terminal report: a row per link, each explanation with `--explain`, the summary.
    static func textReport(
        _ results: [(String, LinkDecision, RouteExplanation?)], _ fields: [OutcomeFields], explain: Bool
    ) -> String {
        var table = TextTable(["LINK", "OUTCOME", "ROUTE", "PARAMETERS", "REASON"])
        for (result, fields) in zip(results, fields) {
            table.append([
                result.0, fields.outcome, fields.route ?? "-", fields.parametersText, fields.reason ?? "",
            ])
        }
        var out = table.rendered
        if explain {
            for result in results {
                out += "\n\(TextTable.singleLine(result.0))\n"
                out += explanationText(result.2)
            }
        }
        out += "\n" + summaryText(fields) + "\n"
        return out
    }

    /// The receiver for the table, configuration and policy the arguments name: the same value
    /// the app builds from the same files.
    static func makeReceiver(_ arguments: ParsedArguments, in environment: ToolEnvironment) throws
        -> LinkReceiver
    {
        let table = try arguments.value("--table").map(environment.loadRouteTable) ?? RouteTable(routes: [])
        var configuration =
            try arguments.value("--config").map(environment.loadConfiguration) ?? LinkReceiver.Configuration()
        var policy = try arguments.value("--policy").map(environment.loadPolicy) ?? configuration.policy
        policy.allowedHosts += try allowedHostPatterns(arguments)
        for scheme in arguments.allValues("--allow-scheme") {
            let valid =
                scheme.first?.isLetter == true
                && scheme.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) }
            guard valid else {
                throw usage(
                    .invalidValue(option: "--allow-scheme", value: scheme, expected: "a scheme such as myapp")
                )
            }
            policy.allowedSchemes.insert(scheme.lowercased())
        }
        configuration.policy = policy
        do {
            return try LinkReceiver(table: table, configuration: configuration)
        } catch {
            throw ToolError.invalidInput(
                source: arguments.value("--table") ?? "the route table", reason: error.description)
        }
    }

    static func explanationJSON(_ explanation: RouteExplanation?) -> JSONValue {
        guard let explanation else { return .null }
        return .array(
            explanation.attempts.map { attempt in
                ["route": .string(attempt.route), "result": .string(attemptText(attempt))]
            })
    }

    static func explanationText(_ explanation: RouteExplanation?) -> String {
        guard let explanation else { return "  the gate refused the link, so no route was tried\n" }
        guard !explanation.attempts.isEmpty else { return "  no route fits the link's path\n" }
        var table = TextTable(["  ROUTE", "RESULT"])
        for attempt in explanation.attempts { table.append(["  " + attempt.route, attemptText(attempt)]) }
        return table.rendered
    }

    static func attemptText(_ attempt: RouteAttempt) -> String {
        let full = attempt.description
        let prefix = attempt.route + ": "
        return full.hasPrefix(prefix) ? String(full.dropFirst(prefix.count)) : full
    }

    static func counts(_ fields: [OutcomeFields]) -> [(String, Int)] {
        ["route", "confirm", "openInBrowser", "reject"].map { name in
            (name, fields.filter { $0.outcome == name }.count)
        }
    }

    static func summary(_ fields: [OutcomeFields]) -> JSONValue {
        var members: [String: JSONValue] = ["links": .number(JSONNumber(fields.count))]
        for (name, count) in counts(fields) { members[name] = .number(JSONNumber(count)) }
        return .object(members)
    }

    static func summaryText(_ fields: [OutcomeFields]) -> String {
        "\(fields.count) link\(fields.count == 1 ? "" : "s"): "
            + counts(fields).map { "\($0.1) \($0.0)" }.joined(separator: ", ") + "."
    }
}
