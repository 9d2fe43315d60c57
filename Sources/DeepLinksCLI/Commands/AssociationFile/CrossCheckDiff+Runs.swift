import DeepLinks
import DeepLinksJSON

extension CrossCheckDiff {
    /// The runs of a diff, one for each domain's file: `findings` cross-checks one file and
    /// names its items, each `about` led by `prefix` (the domain and a space when there are
    /// several domains, else nothing); each run's header and identity name the table, the file,
    /// the app (`subject`, under `key`: `appId` or `packageName`) and the domain.
    static func runs(
        _ files: [(domain: String, file: String)], table tablePath: String, subject: String, key: String,
        findings: (_ domain: String, _ filePath: String, _ prefix: String) throws -> [Item]
    ) throws -> [Run] {
        try files.map { domain, filePath in
            let items = try findings(domain, filePath, files.count > 1 ? domain + " " : "")
            return Run(
                header: "\(tablePath) against \(filePath) for \(subject) on \(domain)",
                identity: ["domain": .string(domain), key: .string(subject)], items: items)
        }
    }

    /// The cross-check `make` builds from the route table read from `tablePath`; a table it
    /// refuses is an input error about that file.
    static func crossCheck<Check>(of tablePath: String, _ make: () throws(RouteTableError) -> Check)
        throws(ToolError) -> Check
    {
        do {
            return try make()
        } catch {
            throw .invalidInput(source: tablePath, reason: error.description)
        }
    }
}
