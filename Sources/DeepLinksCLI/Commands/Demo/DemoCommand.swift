import AssociatedDomains
import DeepLinks
import Foundation

/// `deeplinks demo`: the SDK's main job on the example apps' own data, with no arguments.
enum DemoCommand: ToolCommand {
    static let spec = CommandSpec(
        path: ["demo"],
        summary: "Resolve good, malformed and hostile sample links of the example apps, from every source.",
        usage: "[options]",
        discussion: """
            Runs the SDK on data bundled from the example apps (a photo album and a news
            reader): each app's route table, link policy, custom schemes, Handoff activities,
            association file and entitlement. Every sample arrives the way it would in an app
            (a universal link, Handoff, a Smart App Banner, a custom scheme, a URL) and the
            table shows what the SDK decides and why, and what the association file decides
            for web links. The run fails if a malformed or hostile sample reaches a route.
            """,
        options: [
            .value("--app", "NAME", help: "Only this example app (PhotoAlbum or NewsReader)."),
            .flag("--json", help: "Print the report as JSON."),
        ],
        examples: ["demo", "demo --app NewsReader --json"],
        exitStatuses: [
            (.success, "every malformed and hostile sample was kept from the app's routes"),
            (.checkFailed, "a malformed or hostile sample reached a route"),
            (.usage, ExitStatus.usage.meaning),
            (.invalidInput, "the bundled example data does not load (a defect of this build)"),
        ]
    )

    /// One sample's result.
    struct Row {
        let kind: String
        let note: String
        let source: String
        let arrival: String
        let fields: OutcomeFields
        let association: String
    }

    static func run(_ arguments: ParsedArguments, in environment: ToolEnvironment) async throws
        -> CommandOutcome
    {
        var apps = ExampleData.apps
        if let name = arguments.value("--app") {
            apps = apps.filter { $0.name.lowercased() == name.lowercased() }
            guard !apps.isEmpty else {
                let names = ExampleData.apps.map(\.name).joined(separator: " or ")
                throw usage(.invalidValue(option: "--app", value: name, expected: names))
            }
        }
        var text = ""
        var reports: [JSONValue] = []
        var leaks = 0
        for app in apps {
            let demo = try ExampleApp(name: app.name, files: app.files)
            let rows = demo.rows()
            leaks +=
                rows.filter { $0.kind != "good" && ["route", "confirm"].contains($0.fields.outcome) }.count
            text += demo.header + "\n" + table(rows) + "\n" + tally(rows) + "\n\n"
            reports.append(demo.json(rows))
        }
        let status: ExitStatus = leaks == 0 ? .success : .checkFailed
        if arguments.has("--json") {
            let report: JSONValue = [
                "command": "demo", "status": status == .success ? "passed" : "failed",
                "apps": .array(reports),
            ]
            return .finished(CommandOutput(ReportJSON.text(report), status: status))
        }
        text +=
            leaks == 0
            ? "Every malformed and hostile sample was kept from the apps' routes.\n"
            : "\(leaks) malformed or hostile sample\(leaks == 1 ? "" : "s") reached a route.\n"
        return .finished(CommandOutput(text, status: status))
    }

    /// The widest line the demo prints, in characters.
    static let lineWidth = 120

    /// Rows, then each row's parameters or reason on the line below, under ARRIVAL.
    ///
    /// The ARRIVAL column takes what the other columns leave of ``lineWidth``; a longer link or
    /// reason continues on the next lines of the column, so no line is wider than the limit.
    static func table(_ rows: [Row]) -> String {
        let header = ["KIND", "SOURCE", "OUTCOME", "ROUTE", "AASA"]
        let cells = rows.map { row in
            [row.kind, row.source, row.fields.outcome, row.fields.route ?? "-", row.association]
                .map(TextTable.singleLine)
        }
        var widths = header.map(\.count)
        for row in cells {
            for (column, cell) in row.enumerated() { widths[column] = max(widths[column], cell.count) }
        }
        let indent = 2
        let room = max(lineWidth - indent - widths.reduce(0, +) - 2 * widths.count, 24)
        let blank = Array(repeating: "", count: header.count)
        var table = TextTable(header + ["ARRIVAL"])
        for (row, fixed) in zip(rows, cells) {
            let arrival = wrap(TextTable.singleLine(row.arrival), width: room)
            table.append(fixed + [arrival[0]])
            for line in arrival.dropFirst() { table.append(blank + [line]) }
            let detail =
                row.fields.route != nil && !row.fields.parametersText.isEmpty
                ? row.fields.parametersText : row.fields.reason ?? ""
            guard !detail.isEmpty else { continue }
            for line in wrap(TextTable.singleLine(detail), width: room - 2) {
                table.append(blank + ["  " + line])
            }
        }
        return table.rendered.split(separator: "\n").map { String(repeating: " ", count: indent) + $0 }
            .joined(separator: "\n") + "\n"
    }

    /// Text cut into lines of at most `width` characters: after a space, `&`, `/`, `?` or `,`
    /// when one is in the second half of the line, else exactly at the width (a link with no
    /// such place is still cut, never left wider).
    static func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var rest = Substring(text)
        while rest.count > width {
            let window = rest.prefix(width)
            var cut = window.endIndex
            if let place = window.lastIndex(where: { " &/?,".contains($0) }),
                window.distance(from: window.startIndex, to: place) >= width / 2
            {
                cut = window.index(after: place)
            }
            var line = String(rest[..<cut])
            while line.last == " " { line.removeLast() }
            lines.append(line)
            rest = rest[cut...].drop { $0 == " " }
        }
        if !rest.isEmpty || lines.isEmpty { lines.append(String(rest)) }
        return lines
    }

    static func tally(_ rows: [Row]) -> String {
        let kinds = ["good", "malformed", "hostile"]
        let parts = kinds.map { kind -> String in
            let subset = rows.filter { $0.kind == kind }
            let routed = subset.filter { ["route", "confirm"].contains($0.fields.outcome) }.count
            return "\(subset.count) \(kind) (\(routed) reached a route)"
        }
        return "  " + parts.joined(separator: ", ") + "."
    }
}

/// One example app's data, loaded and checked, ready to receive its samples.
struct ExampleApp {
    let name: String
    let receiver: LinkReceiver
    let samples: [(kind: String, note: String, source: String, arrival: Result<IncomingLink, ToolError>)]
    let association: CompiledAssociationFile
    let associationFindings: [Finding]
    let entitlementEntries: [AssociatedDomain]
    let entitlementFindings: [EntitlementFinding]
    let domain: String
    let appID: String
    let routeCount: Int

    init(name: String, files: [String: String]) throws(ToolError) {
        self.name = name
        func file(_ fileName: String) throws(ToolError) -> [UInt8] {
            guard let text = files[fileName] else {
                throw .invalidInput(source: "\(name)/\(fileName)", reason: "the bundled file is missing")
            }
            return Array(text.utf8)
        }
        let environment = ToolEnvironment.inMemory(files.mapValues { Array($0.utf8) })
        let table = try environment.loadRouteTable("routes.json")
        let configuration = try environment.loadConfiguration("receiver.json")
        do {
            receiver = try LinkReceiver(table: table, configuration: configuration)
        } catch {
            throw .invalidInput(source: "\(name)/routes.json", reason: error.description)
        }
        routeCount = table.routes.count
        let sampleJSON = try file("samples.json")
        guard case .array(let entries)? = try? JSONValue(parsing: sampleJSON) else {
            throw .invalidInput(source: "\(name)/samples.json", reason: "not a JSON array of samples")
        }
        samples = entries.map { entry in
            let kind = entry["kind"]?.stringValue ?? "?"
            let note = entry["note"]?.stringValue ?? ""
            let arrival = Result<IncomingLink, any Error> {
                try (entry["incoming"] ?? .null).decode(IncomingLink.self)
            }.mapError {
                ToolError.invalidInput(source: "incoming link", reason: ToolEnvironment.describe($0))
            }
            return (kind, note, Self.source(of: entry["incoming"]), arrival)
        }
        let associationBytes = try file("apple-app-site-association")
        associationFindings = AssociationFileValidator().validate(bytes: associationBytes).map(Finding.init)
        do {
            association = CompiledAssociationFile(try AssociationFileDocument(bytes: associationBytes).file)
        } catch {
            throw .invalidInput(source: "\(name)/apple-app-site-association", reason: error.description)
        }
        let entitlementTexts = try EntitlementsCheckCommand.entries(
            in: file("\(name).entitlements"), source: "\(name).entitlements")
        entitlementEntries = entitlementTexts.compactMap { try? AssociatedDomain($0) }
        entitlementFindings = AssociatedDomainsEntitlement(entries: entitlementEntries).findings(
            for: .release)
        domain = entitlementEntries.first { $0.service == .appLinks }?.domain ?? ""
        appID = association.appIDs.first ?? ""
    }

    var header: String {
        let errors = associationFindings.filter { $0.severity == .error }.count
        let warnings = associationFindings.filter { $0.severity == .warning }.count
        return """
            \(name): \(domain), App ID \(appID)
              \(routeCount) routes; entitlement: \(entitlementEntries.count) entries, \(entitlementFindings.count) findings; \
            association file: \(errors) errors, \(warnings) warnings

            """
    }

    /// Every sample, received as it would arrive in the app.
    func rows() -> [DemoCommand.Row] {
        samples.map { sample in
            switch sample.arrival {
            case .failure(let error):
                let reason: String
                if case .invalidInput(_, let text) = error {
                    reason = text
                } else {
                    reason = error.description
                }
                return DemoCommand.Row(
                    kind: sample.kind, note: sample.note, source: sample.source,
                    arrival: "(refused as it arrived)",
                    fields: OutcomeFields(rejectingInput: reason), association: "-")
            case .success(let incoming):
                let received = receiver.receive(incoming)
                let fields = OutcomeFields(received.outcome)
                let link = Self.linkText(incoming)
                var decision = "-"
                if let link, link.lowercased().hasPrefix("https:") || link.lowercased().hasPrefix("http:") {
                    decision = association.match(link, appID: appID, domain: domain).decision.rawValue
                }
                return DemoCommand.Row(
                    kind: sample.kind, note: sample.note, source: received.source.rawValue,
                    arrival: Self.arrivalText(incoming), fields: fields, association: decision)
            }
        }
    }

    /// The source an arrival would be recorded as, read from its JSON (for arrivals that
    /// cannot even be created, such as an activity with a non-web `webpageURL`).
    static func source(of arrival: JSONValue?) -> String {
        if let activity = arrival?["activity"] {
            return activity["activityType"]?.stringValue == "NSUserActivityTypeBrowsingWeb"
                ? LinkSource.universalLink.rawValue : LinkSource.handoff.rawValue
        }
        if arrival?["smartAppBanner"] != nil { return LinkSource.smartAppBanner.rawValue }
        if let url = arrival?["url"]?.stringValue {
            let lower = url.lowercased()
            return lower.hasPrefix("https:") || lower.hasPrefix("http:")
                ? LinkSource.universalLink.rawValue : LinkSource.customScheme.rawValue
        }
        return "-"
    }

    /// The link an arrival carries as text, when it carries one.
    static func linkText(_ incoming: IncomingLink) -> String? {
        switch incoming {
        case .url(let text): text
        case .activity(let activity): activity.webpageURL
        case .smartAppBanner(let content):
            content.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
                .first { $0.hasPrefix("app-argument=") }.map { String($0.dropFirst("app-argument=".count)) }
        }
    }

    /// The arrival in a few words: the link, or the activity type and its values.
    static func arrivalText(_ incoming: IncomingLink) -> String {
        switch incoming {
        case .url(let text): return text
        case .smartAppBanner(let content): return "banner: " + content
        case .activity(let activity):
            if let url = activity.webpageURL { return url }
            return "activity \(activity.activityType)"
        }
    }

    func json(_ rows: [DemoCommand.Row]) -> JSONValue {
        [
            "app": .string(name), "domain": .string(domain), "appId": .string(appID),
            "associationFindings": associationFindings.json,
            "samples": .array(
                rows.map { row in
                    var members = row.fields.jsonMembers
                    members["kind"] = .string(row.kind)
                    members["note"] = .string(row.note)
                    members["source"] = .string(row.source)
                    members["input"] = .string(row.arrival)
                    members["association"] = .string(row.association)
                    return .object(members)
                }),
        ]
    }
}

extension ToolEnvironment {
    /// An environment whose files are the given bytes, by name; no standard input, no network.
    static func inMemory(_ files: [String: [UInt8]]) -> ToolEnvironment {
        ToolEnvironment(
            readFile: { path throws(ToolError) in
                guard let bytes = files[path] else {
                    throw .unreadableFile(path: path, reason: "no such file")
                }
                return bytes
            },
            readFilePrefix: { path, limit throws(ToolError) in
                guard let bytes = files[path] else {
                    throw .unreadableFile(path: path, reason: "no such file")
                }
                return Array(bytes.prefix(limit))
            },
            readStandardInput: { [] },
            standardInputIsTerminal: { true },
            makeTransport: { _, _ throws(ToolError) in throw .network("no network in this environment") },
            writeFile: { path, _ throws(ToolError) in
                throw .invalidInput(source: path, reason: "no file can be written in this environment")
            },
            makeFolder: { path throws(ToolError) in
                throw .invalidInput(source: path, reason: "no folder can be created in this environment")
            })
    }
}
