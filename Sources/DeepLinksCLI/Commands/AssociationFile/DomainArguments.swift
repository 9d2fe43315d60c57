import DeepLinks

/// The `--domain` values of the commands that write or check association files, read one way.
enum DomainArguments {
    /// The domains, in order, each once. With `table`, none given means the table's canonical
    /// host (an error when it names none); without, at least one must be given.
    static func domains(
        _ arguments: ParsedArguments, orCanonicalHostOf table: RouteTable? = nil, spec: CommandSpec
    ) throws(UsageError) -> [String] {
        var domains = arguments.allValues("--domain")
        if domains.isEmpty, let host = table?.canonicalHost { domains = [host] }
        guard !domains.isEmpty else {
            throw UsageError(
                table == nil
                    ? .missingArgument("--domain <domain>")
                    : .other("--domain is needed: the table names no canonical host"), command: spec)
        }
        for (index, domain) in domains.enumerated() where domains[..<index].contains(domain) {
            throw UsageError(.other("the domain '\(domain)' is given twice"), command: spec)
        }
        return domains
    }
}
