import DeepLinks
import DeepLinksJSON
import Foundation
import LinkPreviews
import ShortLinkServer
import ShortLinks

/// What the `shortlink` commands share: the store option, reading a code, and writing a link.
enum ShortLinkStoreOptions {
    static let store = OptionSpec.value(
        "--store", "FILE", help: "The SQLite store (created when missing).")
    static let json = OptionSpec.flag("--json", help: "Print the report as JSON.")

    static func open(_ arguments: ParsedArguments, for command: any ToolCommand.Type) throws
        -> SQLiteShortLinkStore
    {
        guard let path = arguments.value("--store") else {
            throw command.usage(.missingArgument("--store <file>"))
        }
        do {
            return try SQLiteShortLinkStore(path: path)
        } catch {
            throw ToolError.invalidInput(source: path, reason: error.description)
        }
    }

    static func code(_ text: String) throws -> ShortCode {
        do {
            return try ShortCode(text)
        } catch {
            throw ToolError.invalidInput(
                source: "the code", reason: ShortLinkError.invalidCode(text, reason: error).description)
        }
    }

    /// A value as the report's JSON.
    static func json(_ value: some Encodable) throws -> JSONValue {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return try JSONValue(parsing: Array(encoder.encode(value)))
    }

    /// A link as lines of text.
    static func text(_ link: ShortLink, url: String?) -> String {
        let e = link.expansion
        var lines = [
            url ?? e.code.text, "  link:    \(e.link)", "  route:   \(e.route)",
            "  created: \(link.createdAt)",
        ]
        if let expiry = e.expiresAt { lines.append("  expires: \(expiry)") }
        if let version = e.minimumAppVersion { lines.append("  minimum app version: \(version)") }
        for (name, value) in [
            ("App Store", e.fallbacks.appStore), ("Play", e.fallbacks.playStore), ("web", e.fallbacks.web),
        ] {
            if let value { lines.append("  \(name) fallback: \(value)") }
        }
        if let preview = link.preview {
            if let title = preview.title { lines.append("  preview title: \(title)") }
            if let description = preview.description { lines.append("  preview description: \(description)") }
            if let image = preview.image { lines.append("  preview image: \(image.url)") }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}

/// `deeplinks shortlink create`: a short link for a link the table routes.
enum ShortLinkCreateCommand: ToolCommand {
    static let spec = CommandSpec(
        path: ["shortlink", "create"],
        summary: "Make a short link for a link the app's table routes, in a SQLite store.",
        usage: "--store <file> --table <file> --host <host> [options] <link>",
        discussion: """
            The link goes through the app's receiver (--table, --config) exactly as in the app:
            it must route to a screen on --host (or another --host), through a route that is
            not destructive. The table must hold the short-link route (name shortLink, path
            <prefix>/:code(slug 3...40)). Without --code the code is random (13 letters and
            digits). A --request-key makes a retry print the first link instead of making a
            second.
            """,
        arguments: [ArgumentSpec(name: "<link>", help: "The long link.")],
        options: [
            ShortLinkStoreOptions.store,
            .value("--table", alias: "-t", "FILE", help: "The route table (JSON)."),
            .value("--config", alias: "-c", "FILE", help: "The receiver configuration (JSON)."),
            .value(
                "--host", "HOST", repeatable: true,
                help: "A host of the site; the first makes the short links."),
            .value("--prefix", "PATH", help: "The short links' path prefix. Default: /s"),
            .value("--code", "CODE", help: "A vanity code instead of a random one."),
            .value("--app-store", "URL", help: "The App Store fallback."),
            .value("--play-store", "URL", help: "The Google Play fallback."),
            .value("--web", "URL", help: "The web fallback."),
            .value("--minimum-app-version", "VERSION", help: "The oldest app version that opens the link."),
            .value("--expires-at", "SECONDS", help: "When the link stops answering (seconds since 1970)."),
            .value("--request-key", "KEY", help: "A key that makes retrying safe."),
            .value("--title", "TEXT", help: "The landing page's title instead of the long link's preview's."),
            .value("--description", "TEXT", help: "The landing page's description instead of the preview's."),
            .value("--image", "URL", help: "The landing page's image (https) instead of the preview's."),
            .value("--qr", "FILE", help: "Also write the short link's QR code, as SVG, to this file."),
            ShortLinkStoreOptions.json,
        ],
        positionalCount: 1...1,
        examples: [
            "shortlink create --store links.sqlite --table routes.json --host shop.example.com https://shop.example.com/p/42",
            "shortlink create --store links.sqlite --table routes.json --host shop.example.com --code spring-sale https://shop.example.com/p/42",
        ],
        exitStatuses: [
            (.success, "the short link was made (or a retry found it)"),
            (.checkFailed, "the link or a field was refused, or the code is taken"),
            (.usage, ExitStatus.usage.meaning),
            (.invalidInput, "the table, configuration or store is unreadable or invalid"),
        ]
    )

    static func run(_ arguments: ParsedArguments, in environment: ToolEnvironment) async throws
        -> CommandOutcome
    {
        let siteHosts = try self.siteHosts(arguments)
        let receiver = try ResolveCommand.makeReceiver(arguments, in: environment)
        let route = try self.route(arguments, receiver: receiver)
        let store = try ShortLinkStoreOptions.open(arguments, for: self)
        let service: ShortLinkService
        do {
            service = try ShortLinkService(receiver: receiver, route: route, hosts: siteHosts, store: store)
        } catch {
            throw ToolError.invalidInput(
                source: arguments.value("--table") ?? "the route table", reason: error.description)
        }
        let request = ShortLinkRequest(
            link: arguments.positionals[0], code: arguments.value("--code"),
            fallbacks: ShortLinkFallbacks(
                appStore: arguments.value("--app-store"), playStore: arguments.value("--play-store"),
                web: arguments.value("--web")),
            minimumAppVersion: arguments.value("--minimum-app-version"), expiresAt: try expiresAt(arguments),
            requestKey: arguments.value("--request-key"), preview: Self.preview(arguments))
        let link: ShortLink
        do {
            link = try await service.create(request)
        } catch {
            if case .storeFailed = error {
                throw ToolError.invalidInput(source: store.path, reason: error.description)
            }
            if arguments.has("--json") {
                let report: JSONValue = [
                    "command": "shortlink create", "status": "failed", "reason": .string(error.description),
                ]
                return .finished(CommandOutput(ReportJSON.text(report), status: .checkFailed))
            }
            return .finished(CommandOutput("REFUSED: \(error.description)\n", status: .checkFailed))
        }
        let url = service.url(for: link.code)
        if let path = arguments.value("--qr") {
            do {
                try environment.writeFile(path, Array(try QRCode(url).svg().utf8))
            } catch let error as QRCodeError {
                throw ToolError.invalidInput(source: url, reason: error.description)
            }
        }
        if arguments.has("--json") {
            let report: JSONValue = [
                "command": "shortlink create", "status": "passed", "url": .string(url),
                "link": try ShortLinkStoreOptions.json(link),
            ]
            return .finished(CommandOutput(ReportJSON.text(report)))
        }
        return .finished(CommandOutput(ShortLinkStoreOptions.text(link, url: url)))
    }

    /// The hosts `--host` names, at least one.
    private static func siteHosts(_ arguments: ParsedArguments) throws -> [SiteHost] {
        let hosts = arguments.allValues("--host")
        guard !hosts.isEmpty else { throw usage(.missingArgument("--host <host>")) }
        return try hosts.map { (name) throws in
            do { return try SiteHost(name) } catch {
                throw usage(
                    .invalidValue(
                        option: "--host", value: name, expected: "a host name such as shop.example.com"))
            }
        }
    }

    /// The short links' route: under `--prefix` (`/s` by default), on the hosts of the table's
    /// `shortLink` route.
    private static func route(_ arguments: ParsedArguments, receiver: LinkReceiver) throws -> ShortLinkRoute {
        do {
            return try ShortLinkRoute(
                prefix: arguments.value("--prefix") ?? "/s",
                hosts: receiver.router.route(named: "shortLink")?.scope.hosts ?? [])
        } catch {
            throw usage(
                .invalidValue(
                    option: "--prefix", value: arguments.value("--prefix") ?? "", expected: error.description)
            )
        }
    }

    /// The moment `--expires-at` names, in seconds since 1970, if it names one.
    private static func expiresAt(_ arguments: ParsedArguments) throws -> Int64? {
        guard let text = arguments.value("--expires-at") else { return nil }
        guard let seconds = Int64(text) else {
            throw usage(.invalidValue(option: "--expires-at", value: text, expected: "seconds since 1970"))
        }
        return seconds
    }
}

extension ShortLinkCreateCommand {
    /// The preview override the options give, or `nil` when they give none.
    static func preview(_ arguments: ParsedArguments) -> PreviewOverride? {
        let title = arguments.value("--title")
        let description = arguments.value("--description")
        let image = arguments.value("--image").map { PreviewImage(url: $0) }
        guard title != nil || description != nil || image != nil else { return nil }
        return PreviewOverride(title: title, description: description, image: image)
    }
}

/// `deeplinks shortlink show`: one short link.
enum ShortLinkShowCommand: ToolCommand {
    static let spec = CommandSpec(
        path: ["shortlink", "show"],
        summary: "Print a short link of a SQLite store.",
        usage: "--store <file> [--json] <code>",
        discussion: "Prints the link whether or not it has expired; exit status 1 when no link has the code.",
        arguments: [ArgumentSpec(name: "<code>", help: "The short link's code.")],
        options: [ShortLinkStoreOptions.store, ShortLinkStoreOptions.json],
        positionalCount: 1...1,
        examples: ["shortlink show --store links.sqlite spring-sale"],
        exitStatuses: [
            (.success, "the link was printed"), (.checkFailed, "no link has the code"),
            (.usage, ExitStatus.usage.meaning), (.invalidInput, "the store or the code is invalid"),
        ]
    )

    static func run(_ arguments: ParsedArguments, in environment: ToolEnvironment) async throws
        -> CommandOutcome
    {
        let store = try ShortLinkStoreOptions.open(arguments, for: self)
        let code = try ShortLinkStoreOptions.code(arguments.positionals[0])
        guard let link = try await store.link(for: code) else {
            let reason = ShortLinkError.unknownCode(code).description
            if arguments.has("--json") {
                let report: JSONValue = [
                    "command": "shortlink show", "status": "failed", "reason": .string(reason),
                ]
                return .finished(CommandOutput(ReportJSON.text(report), status: .checkFailed))
            }
            return .finished(CommandOutput("NOT FOUND: \(reason)\n", status: .checkFailed))
        }
        if arguments.has("--json") {
            let report: JSONValue = [
                "command": "shortlink show", "status": "passed", "link": try ShortLinkStoreOptions.json(link),
            ]
            return .finished(CommandOutput(ReportJSON.text(report)))
        }
        return .finished(CommandOutput(ShortLinkStoreOptions.text(link, url: nil)))
    }
}

/// `deeplinks shortlink list`: the store's links in code order.
enum ShortLinkListCommand: ToolCommand {
    static let spec = CommandSpec(
        path: ["shortlink", "list"],
        summary: "List the short links of a SQLite store, in code order.",
        usage: "--store <file> [--after <code>] [--limit <n>] [--json]",
        discussion: "Lists up to --limit links (default 100) after the code --after names.",
        arguments: [],
        options: [
            ShortLinkStoreOptions.store, .value("--after", "CODE", help: "Start after this code."),
            .value("--limit", "N", help: "At most this many links (1 to 100000). Default: 100"),
            ShortLinkStoreOptions.json,
        ],
        positionalCount: 0...0,
        examples: ["shortlink list --store links.sqlite --limit 20"],
        exitStatuses: [
            (.success, "the links were listed"), (.usage, ExitStatus.usage.meaning),
            (.invalidInput, "the store or the code is invalid"),
        ]
    )

    static func run(_ arguments: ParsedArguments, in environment: ToolEnvironment) async throws
        -> CommandOutcome
    {
        let store = try ShortLinkStoreOptions.open(arguments, for: self)
        let after = try arguments.value("--after").map(ShortLinkStoreOptions.code)
        var limit = 100
        if let text = arguments.value("--limit") {
            guard let number = Int(text), (1...100_000).contains(number) else {
                throw usage(
                    .invalidValue(option: "--limit", value: text, expected: "a number from 1 to 100000"))
            }
            limit = number
        }
        let links = try await store.links(after: after, limit: limit)
        if arguments.has("--json") {
            let report: JSONValue = [
                "command": "shortlink list", "status": "passed",
                "links": try ShortLinkStoreOptions.json(links),
            ]
            return .finished(CommandOutput(ReportJSON.text(report)))
        }
        return .finished(CommandOutput(links.map { ShortLinkStoreOptions.text($0, url: nil) }.joined()))
    }
}

/// `deeplinks shortlink expire`: ends a short link now.
enum ShortLinkExpireCommand: ToolCommand {
    static let spec = CommandSpec(
        path: ["shortlink", "expire"],
        summary: "Expire a short link of a SQLite store now (the site then answers 410).",
        usage: "--store <file> [--json] <code>",
        discussion: "A link that already expired keeps its earlier expiry.",
        arguments: [ArgumentSpec(name: "<code>", help: "The short link's code.")],
        options: [ShortLinkStoreOptions.store, ShortLinkStoreOptions.json],
        positionalCount: 1...1,
        examples: ["shortlink expire --store links.sqlite spring-sale"],
        exitStatuses: [
            (.success, "the link is expired"), (.checkFailed, "no link has the code"),
            (.usage, ExitStatus.usage.meaning), (.invalidInput, "the store or the code is invalid"),
        ]
    )

    static func run(_ arguments: ParsedArguments, in environment: ToolEnvironment) async throws
        -> CommandOutcome
    {
        let store = try ShortLinkStoreOptions.open(arguments, for: self)
        let code = try ShortLinkStoreOptions.code(arguments.positionals[0])
        let now = Int64(Date().timeIntervalSince1970)
        guard var link = try await store.link(for: code) else {
            return .finished(
                CommandOutput("NOT FOUND: \(ShortLinkError.unknownCode(code))\n", status: .checkFailed))
        }
        if link.isLive(at: now), let changed = try await store.setExpiry(of: code, to: now) { link = changed }
        if arguments.has("--json") {
            let report: JSONValue = [
                "command": "shortlink expire", "status": "passed",
                "link": try ShortLinkStoreOptions.json(link),
            ]
            return .finished(CommandOutput(ReportJSON.text(report)))
        }
        return .finished(CommandOutput(ShortLinkStoreOptions.text(link, url: nil)))
    }
}

/// `deeplinks shortlink stats`: the counters.
enum ShortLinkStatsCommand: ToolCommand {
    static let spec = CommandSpec(
        path: ["shortlink", "stats"],
        summary: "Print the short links' counters: per day, client class and event.",
        usage: "--store <file> [--code <code>] [--route <name>] [--from <day>] [--to <day>] [--json]",
        discussion: """
            Days are whole days since 1970 (UTC). Client classes are iOS, android, desktop and
            crawler; events pageShown, expandedByApp and deferredResolved. Nothing about any
            person is stored.
            """,
        arguments: [],
        options: [
            ShortLinkStoreOptions.store, .value("--code", "CODE", help: "One short link."),
            .value("--route", "NAME", help: "One route."), .value("--from", "DAY", help: "The first day."),
            .value("--to", "DAY", help: "The last day."), ShortLinkStoreOptions.json,
        ],
        positionalCount: 0...0,
        examples: ["shortlink stats --store links.sqlite --route product"],
        exitStatuses: [
            (.success, "the counters were printed"), (.usage, ExitStatus.usage.meaning),
            (.invalidInput, "the store or the code is invalid"),
        ]
    )

    static func run(_ arguments: ParsedArguments, in environment: ToolEnvironment) async throws
        -> CommandOutcome
    {
        let store = try ShortLinkStoreOptions.open(arguments, for: self)
        var query = ShortLinkCountQuery(route: arguments.value("--route"))
        query.code = try arguments.value("--code").map(ShortLinkStoreOptions.code)
        for (option, day) in [("--from", \ShortLinkCountQuery.fromDay), ("--to", \ShortLinkCountQuery.toDay)]
        {
            guard let text = arguments.value(option) else { continue }
            guard let number = Int64(text) else {
                throw usage(
                    .invalidValue(option: option, value: text, expected: "a day number (days since 1970)"))
            }
            query[keyPath: day] = number
        }
        let counts = try await store.counts(query)
        if arguments.has("--json") {
            let report: JSONValue = [
                "command": "shortlink stats", "status": "passed",
                "counts": try ShortLinkStoreOptions.json(counts),
            ]
            return .finished(CommandOutput(ReportJSON.text(report)))
        }
        let rows = counts.map {
            "\($0.day)  \($0.code)  \($0.route)  \($0.platform.rawValue)  \($0.event.rawValue)  \($0.count)"
        }
        return .finished(CommandOutput(rows.isEmpty ? "no counts\n" : rows.joined(separator: "\n") + "\n"))
    }
}
