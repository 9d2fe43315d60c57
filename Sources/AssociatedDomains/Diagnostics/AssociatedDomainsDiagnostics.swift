import DeepLinks

extension Diagnostic {
    /// The diagnostic for an association-file finding: its code (`AASA111`), its severity, and
    /// the JSON path it is about as the location.
    ///
    /// ```swift
    /// let diagnostics = AssociationFileValidator().validate(bytes: bytes).map(Diagnostic.init)
    /// ```
    public init(_ finding: AssociationFinding) {
        self.init(
            code: finding.code.rawValue, severity: finding.severity,
            location: finding.path.isEmpty ? nil : finding.path, message: finding.message)
    }

    /// The diagnostic for an entitlement finding: its code (`ENT002`), its severity, and the
    /// entry it is about (`entry 3`, counted from 0 like ``EntitlementFinding/entryIndex``).
    public init(_ finding: EntitlementFinding) {
        self.init(
            code: finding.code.rawValue, severity: finding.severity,
            location: finding.entryIndex.map { "entry \($0)" }, message: finding.message)
    }

    /// The diagnostic for a disagreement between a route table and an association file of
    /// either platform: its stable code (`AASA301`, `ASSETLINKS301`, …), its severity
    /// (``CrossCheckFinding/Kind/severity``), and the rule's JSON path, else the route, as the
    /// location.
    public init(_ finding: CrossCheckFinding) {
        self.init(
            code: finding.code, severity: finding.severity,
            location: finding.location.isEmpty ? nil : finding.location, message: finding.message)
    }
}
