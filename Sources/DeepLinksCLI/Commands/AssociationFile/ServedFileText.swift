import DeepLinks
import DeepLinksJSON

/// The text a generate command writes for an association file: pretty-printed when that fits
/// the 128 KB both platforms' files are held to, compact when only that fits (with a note
/// saying so), and an error naming the limit when neither does, so that no command writes a
/// file its own validator refuses.
enum ServedFileText {
    /// What to write, and the note to print when the file had to be written compact.
    struct Chosen {
        var text: String
        var note: String?
    }

    /// The text for a file of `what` (for messages: "the apple-app-site-association file for
    /// example.com"), from its two serialisations (each without a final newline), held to
    /// `limit` bytes with the newline written after it.
    static func choose(
        what: String, limit: Int, pretty: () -> String, compact: () -> String
    ) throws(ToolError) -> Chosen {
        let prettyText = pretty() + "\n"
        if prettyText.utf8.count <= limit { return Chosen(text: prettyText) }
        let compactText = compact() + "\n"
        guard compactText.utf8.count <= limit else {
            throw .invalidInput(
                source: what,
                reason: "the generated file is \(compactText.utf8.count) bytes even without spaces, over the "
                    + "limit of \(limit) bytes (128 KB) that the platform reads; serve fewer routes on this "
                    + "domain, or give routes that share a shape one pattern")
        }
        return Chosen(
            text: compactText,
            note:
                "\(what) is written without spaces: pretty-printed it would be \(prettyText.utf8.count) bytes, "
                + "over the limit of \(limit) bytes (128 KB)")
    }
}

/// What `aasa generate` and `assetlinks generate` do with one generated file per domain: hold
/// every file to the platform's limit before any is written, write each to
/// `DIR/<domain>/<file name>` with `--output-dir`, then print the one file, the paths written,
/// or the `--json` report (one domain's, or every domain's under `domains`), with the notes on
/// standard error.
enum GeneratedFiles {
    /// One domain's generated file.
    struct File {
        /// The domain it is for.
        let domain: String
        /// Its two serialisations, each without a final newline.
        let pretty: () -> String
        let compact: () -> String
        /// Its `--json` report (without `path`, which is added when the file is written).
        let report: [String: JSONValue]
        /// Notes about it (routes left out, widened, over-reaching), without the prefix.
        let notes: [String]
        /// How many rules it holds, for the line saying it was written.
        let ruleCount: Int
    }

    /// Refuses several domains without `--output-dir` or `--json`: they make several files, and
    /// standard output holds one.
    static func checkDestination(
        domains: [String], directory: String?, json: Bool, name: String, spec: CommandSpec
    ) throws(UsageError) {
        guard domains.count > 1, directory == nil, !json else { return }
        throw UsageError(
            .other(
                "\(domains.count) domains make \(domains.count) files: give --output-dir DIR to write "
                    + "DIR/<domain>/\(name), or --json"), command: spec)
    }

    /// Where a domain's file goes: `<dir>/<domain>/<name>`.
    static func path(of domain: String, named name: String, in directory: String) -> String {
        folder(of: domain, in: directory) + "/" + name
    }

    /// The folder of a domain's file: `<dir>/<domain>`.
    static func folder(of domain: String, in directory: String) -> String {
        (directory.hasSuffix("/") ? directory : directory + "/") + domain
    }

    /// Holds, writes and reports the files of `command` (`aasa generate`): each named `name`, held
    /// to `limit` bytes, its rules called `noun` (`component`, `rule`).
    static func finish(
        _ files: [File], command: String, name: String, noun: String, limit: Int, directory: String?,
        json: Bool,
        in environment: ToolEnvironment
    ) throws(ToolError) -> CommandOutcome {
        var texts: [ServedFileText.Chosen] = []
        for file in files {
            texts.append(
                try ServedFileText.choose(
                    what: "the \(name) file for \(file.domain)", limit: limit, pretty: file.pretty,
                    compact: file.compact))
        }
        if let directory {
            for (file, text) in zip(files, texts) {
                try environment.makeFolder(folder(of: file.domain, in: directory))
                try environment.writeFile(
                    path(of: file.domain, named: name, in: directory), Array(text.text.utf8))
            }
        }
        if json {
            var reports = files.map { file in
                var members = file.report
                if let directory {
                    members["path"] = .string(path(of: file.domain, named: name, in: directory))
                }
                return members
            }
            guard reports.count > 1 else {
                return .finished(CommandOutput(ReportJSON.text(.object(reports.removeFirst()))))
            }
            let combined: JSONValue = [
                "command": .string(command), "status": "passed",
                "domains": .array(
                    reports.map { members in
                        var entry = members
                        entry["command"] = nil
                        entry["status"] = nil
                        return .object(entry)
                    }),
            ]
            return .finished(CommandOutput(ReportJSON.text(combined)))
        }
        let notes = (files.flatMap(\.notes) + texts.compactMap(\.note)).map { "deeplinks: note: \($0)\n" }
            .joined()
        guard let directory else { return .finished(CommandOutput(texts[0].text, standardError: notes)) }
        let lines = files.map { file in
            "wrote \(path(of: file.domain, named: name, in: directory)) "
                + "(\(file.ruleCount) \(noun)\(file.ruleCount == 1 ? "" : "s"))\n"
        }
        return .finished(CommandOutput(lines.joined(), standardError: notes))
    }
}
