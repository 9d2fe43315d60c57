import AssociatedDomains
import DeepLinks
import Foundation
import LinkPreviews

/// `deeplinks preview`: the head tags or landing page a server renders for a link.
enum PreviewCommand: ToolCommand {
    static let spec = CommandSpec(
        path: ["preview"],
        summary:
            "Render the preview head (Open Graph, Twitter, App Links, banner) or landing page for a link.",
        usage: "--site <file> [options] <link>",
        discussion: """
            The link goes through the same gate and route table as in the app. A route with a
            preview in --previews gets that preview (title, description, image); every other
            valid link gets the site's generic preview, built from the site alone, never from
            what the link carries. Every value is escaped for HTML. A link the gate refuses
            gets no preview (exit status 1).
            """,
        arguments: [ArgumentSpec(name: "<link>", help: "The link being shared.")],
        options: [
            .value("--site", "FILE", help: "The site: name, home page, generic preview, app listing (JSON)."),
            .value("--table", alias: "-t", "FILE", help: "The route table (JSON). Default: an empty table."),
            .value("--policy", alias: "-p", "FILE", help: "The link policy (JSON)."),
            .value(
                "--config", alias: "-c", "FILE",
                help: "The receiver configuration (JSON: policy, schemes, activities)."),
            .value("--allow-host", "NAME", repeatable: true, help: "Allow this host."),
            .value(
                "--previews", "FILE", help: "Route name to preview (JSON object), for routes with content."),
            .flag("--landing", help: "Print the whole landing page instead of the head tags."),
            .flag("--json", help: "Print the preview metadata as JSON."),
        ],
        positionalCount: 1...1,
        examples: ["preview --site site.json --table routes.json https://photos.example.com/albums/summer"],
        exitStatuses: [
            (.success, "the preview was rendered"),
            (.checkFailed, "the link was refused, so it gets no preview"),
            (.usage, ExitStatus.usage.meaning),
            (.invalidInput, "the site, table, policy or previews file is unreadable or invalid"),
        ]
    )

    static func run(_ arguments: ParsedArguments, in environment: ToolEnvironment) async throws
        -> CommandOutcome
    {
        guard let sitePath = arguments.value("--site") else { throw usage(.missingArgument("--site <file>")) }
        let site = try environment.decode(PreviewSite.self, from: sitePath, what: "preview site")
        let receiver = try ResolveCommand.makeReceiver(arguments, in: environment)
        var providers = PreviewProviders()
        if let path = arguments.value("--previews") {
            let previews = try environment.decode(
                [String: LinkPreview].self, from: path, what: "previews file")
            for (route, preview) in previews { providers.bind(route) { _ in preview } }
        }
        let service: LinkPreviewService
        do {
            service = try LinkPreviewService(receiver: receiver, site: site, providers: providers)
        } catch {
            throw ToolError.invalidInput(
                source: arguments.value("--previews") ?? sitePath, reason: error.description)
        }
        let link = arguments.positionals[0]
        let metadata: PreviewMetadata
        do {
            metadata = try await service.preview(for: link)
        } catch {
            if arguments.has("--json") {
                let report: JSONValue = [
                    "command": "preview", "input": .string(link), "status": "failed",
                    "reason": .string(error.description),
                ]
                return .finished(CommandOutput(ReportJSON.text(report), status: .checkFailed))
            }
            return .finished(CommandOutput("REFUSED: \(error.description)\n", status: .checkFailed))
        }
        if arguments.has("--json") {
            let data = (try? metadata.jsonData()) ?? Data()
            guard let value = try? JSONValue(parsing: Array(data)) else {
                throw ToolError.invalidInput(source: link, reason: "the preview could not be written as JSON")
            }
            let report: JSONValue = [
                "command": "preview", "input": .string(link), "status": "passed", "preview": value,
            ]
            return .finished(CommandOutput(ReportJSON.text(report)))
        }
        let html = arguments.has("--landing") ? LandingPage(metadata).html : HeadFragment(metadata).html
        return .finished(CommandOutput(html.hasSuffix("\n") ? html : html + "\n"))
    }
}
