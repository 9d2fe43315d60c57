/// Checks a module's list of its `Encodable`-only types (outputs and errors, encoded for
/// callers to read and never decoded, so no decoded value poses as one the SDK computed)
/// against the types themselves and the module's sources.
///
/// ```swift
/// let problems = try EncodableOnlyTypes.problems(inModule: "LinkAudit", listed: [GzipError.self])
/// #expect(problems == [])
/// ```
public enum EncodableOnlyTypes {
    /// What is wrong with the list, one sentence each; empty when nothing is. A listed type must
    /// be `Encodable` and not `Decodable`, and the listed names must be exactly the public types
    /// that `Sources/<module>` declares `Encodable` (``DeclaredTypes``), each compared by its own
    /// name (the last part of a nested type's name).
    public static func problems(inModule module: String, listed: [Any.Type]) throws -> [String] {
        var problems: [String] = []
        for type in listed {
            if type is any Decodable.Type { problems.append("\(type) is Decodable") }
            if !(type is any Encodable.Type) { problems.append("\(type) is not Encodable") }
        }
        let names = Set(listed.map { "\($0)".split(separator: ".").last.map(String.init) ?? "" })
        problems += try DeclaredTypes.differences(
            inModule: module, conformingTo: ["Encodable"], listed: names)
        return problems
    }
}
