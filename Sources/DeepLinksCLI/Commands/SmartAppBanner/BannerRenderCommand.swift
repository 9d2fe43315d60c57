import AssociatedDomains
import DeepLinks

/// `deeplinks banner render`: writes a Smart App Banner meta tag from checked values.
enum BannerRenderCommand: ToolCommand {
    static let spec = CommandSpec(
        path: ["banner", "render"],
        summary: "Render a Smart App Banner meta tag, escaped for HTML.",
        usage: "--app-id <digits> [options]",
        discussion: """
            Every value is checked as the parser checks it, so the rendered tag parses back to
            the same banner; the tag is escaped for an HTML attribute.
            """,
        options: [
            .value("--app-id", "DIGITS", help: "The App Store ID (required)."),
            .value("--app-argument", "LINK", help: "The link handed to the app."),
            .value("--affiliate-data", "TEXT", help: "Affiliate data."),
            .value("--app-clip-bundle-id", "ID", help: "The App Clip's bundle identifier."),
            .value("--app-clip-display", "card", help: "How the App Clip is offered (card)."),
            .value("--allow-scheme", "NAME", repeatable: true, help: "Allow this scheme in app-argument."),
            .flag("--json", help: "Print the content and the tag as JSON."),
        ],
        examples: [
            "banner render --app-id 1234567890 --app-argument https://photos.example.com/albums/summer"
        ],
        exitStatuses: [
            (.success, "the tag was rendered"),
            (.usage, "usage error, or a value the banner format does not allow"),
        ]
    )

    static func run(_ arguments: ParsedArguments, in environment: ToolEnvironment) async throws
        -> CommandOutcome
    {
        guard let appIDText = arguments.value("--app-id") else {
            throw usage(.missingArgument("--app-id <digits>"))
        }
        guard let appID = Int(appIDText), appID > 0, appIDText.allSatisfy(\.isASCII) else {
            throw usage(
                .invalidValue(
                    option: "--app-id", value: appIDText, expected: "the digits of the App Store ID"))
        }
        var policy = LinkPolicy()
        for scheme in arguments.allValues("--allow-scheme") {
            policy.allowedSchemes.insert(scheme.lowercased())
        }
        var argument: Link?
        if let text = arguments.value("--app-argument") {
            do {
                argument = try LinkGate(policy: policy).parse(text)
            } catch {
                throw usage(
                    .other("--app-argument '\(text)' is not an acceptable link: \(error.description)"))
            }
        }
        var display: SmartAppBanner.AppClipDisplay?
        if let text = arguments.value("--app-clip-display") {
            guard let value = SmartAppBanner.AppClipDisplay(rawValue: text) else {
                let choices = SmartAppBanner.AppClipDisplay.allCases.map(\.rawValue).joined(separator: ", ")
                throw usage(.invalidValue(option: "--app-clip-display", value: text, expected: choices))
            }
            display = value
        }
        let banner: SmartAppBanner
        do {
            banner = try SmartAppBanner(
                appID: appID, appArgument: argument, affiliateData: arguments.value("--affiliate-data"),
                appClipBundleID: arguments.value("--app-clip-bundle-id"), appClipDisplay: display)
        } catch {
            throw usage(.other(error.description))
        }
        if arguments.has("--json") {
            let report: JSONValue = [
                "command": "banner render", "status": "passed", "content": .string(banner.content),
                "metaTag": .string(banner.metaTag),
            ]
            return .finished(CommandOutput(ReportJSON.text(report)))
        }
        return .finished(CommandOutput(banner.metaTag + "\n"))
    }
}
