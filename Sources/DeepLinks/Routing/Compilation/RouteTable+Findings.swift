extension RouteTable {
    /// Every finding of the table, in declaration order; empty when the table is sound.
    ///
    /// A finding whose ``RouteTableFinding/isError`` is `false` is a warning: it is listed
    /// here, but ``Router`` still builds the table.
    ///
    /// With a `policy`, the table is also checked against the gate that will feed it: schemes
    /// and hosts the policy refuses, patterns longer than its segment limit, and query
    /// parameters that sanitising removes are reported as routes that can never match.
    public func findings(
        registry: ParameterTypeRegistry = ParameterTypeRegistry(), policy: LinkPolicy? = nil
    ) -> [RouteTableFinding] {
        RouteTableValidation(table: self, registry: registry, policy: policy).run().findings
    }
}
