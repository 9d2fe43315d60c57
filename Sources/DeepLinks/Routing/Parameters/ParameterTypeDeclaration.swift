/// A parameter type that the route table itself declares: a name for a built-in type with its
/// bounds (`rating` for `int 1...5`) or for a ``TextPattern`` (`titleID` for
/// `pattern tt[0-9]{7,8}`).
///
/// Routes use a declared type by name, exactly like a built-in (`/title/:id(titleID)`), and
/// since the declaration travels with the table, in Swift and in JSON alike, every consumer
/// knows it: the app, its tests, the command line, previews and the association-file
/// generator (which turns a pattern into the tightest file pattern it can). A type registered
/// in Swift (``CustomParameterType``) still works; a name may not be both.
///
/// ```swift
/// let table = RouteTable(types: [
///     ParameterTypeDeclaration("titleID", "pattern tt[0-9]{7,8}"),
///     ParameterTypeDeclaration("rating", .integer(1...5)),
/// ]) {
///     Route("title", "/title/:id(titleID)")
///     Route("rate", "/title/:id(titleID)/rate/:stars(rating)")
/// }
/// ```
///
/// In JSON a declaration is `{"name": "titleID", "type": "pattern tt[0-9]{7,8}"}`, in the
/// table's `types` list. A malformed declaration does not stop the table from being read: it
/// is reported when the table is checked (``RouteTableFinding/invalidTypeDeclaration(name:reason:)``).
public struct ParameterTypeDeclaration: Sendable, Hashable {
    /// The name routes use: a letter, then letters, digits, `_`, `-` or `.`; not a built-in
    /// name (``ParameterType/reservedNames``).
    public let name: String
    /// The definition as written: a built-in type's text form or `pattern …`.
    public let definition: String
    /// The parsed definition, or why it cannot be parsed.
    public let type: Result<ParameterType, ParameterTypeSyntaxError>

    /// Declares a type from the text form of its definition (`"int 1...5"`,
    /// `"pattern [A-Z0-9]{4}(-[A-Z0-9]{4}){2}"`); a malformed text is reported when the table
    /// is checked.
    public init(_ name: String, _ definition: String) {
        self.name = name
        self.definition = definition
        do {
            type = .success(try ParameterType(parsing: definition))
        } catch {
            type = .failure(error)
        }
    }

    /// Declares a type from a definition.
    public init(_ name: String, _ type: ParameterType) {
        self.name = name
        definition = type.description
        self.type = .success(type)
    }

    /// What is wrong with the declaration on its own, if anything: a malformed or reserved
    /// name, a malformed definition, a definition that names another type, or bounds no
    /// value can satisfy.
    var problem: String? {
        if ParameterType.reservedNames.contains(name) { return "the name is reserved for a built-in type" }
        if !ParameterType.isTypeName(name) {
            return "a type name is a letter followed by letters, digits, '_', '-' or '.'"
        }
        switch type {
        case .failure(let error): return error.description
        case .success(.custom(let other)):
            return "'\(other)' is not a built-in type; a declared type is a built-in type with its bounds "
                + "or a pattern, not another named type"
        case .success(let type):
            return type.boundsProblem.map { "it can never be satisfied: \($0)" }
        }
    }
}

extension ParameterTypeDeclaration: Codable {
    /// The keys of a declaration's JSON, which the route-table reader reads too.
    package enum CodingKeys: String, CodingKey, CaseIterable { case name, type }

    /// Decodes `{"name": …, "type": …}`, refusing unknown keys; the definition is parsed
    /// later, when the table is checked.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.strictContainer(keyedBy: CodingKeys.self, what: "a type declaration")
        self.init(try c.decode(String.self, forKey: .name), try c.decode(String.self, forKey: .type))
    }

    /// Encodes the name and the definition as written.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(name, forKey: .name)
        try c.encode(definition, forKey: .type)
    }
}

extension ParameterTypeDeclaration {
    /// Two declarations are equal when their names and definitions are.
    public static func == (a: ParameterTypeDeclaration, b: ParameterTypeDeclaration) -> Bool {
        a.name == b.name && a.definition == b.definition
    }

    /// Hashes the name and the definition.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(name)
        hasher.combine(definition)
    }
}

extension ParameterTypeRegistry {
    /// This registry with the table's valid declarations added (the first of a name; a name
    /// also registered in Swift stays the registered type).
    func declaring(_ declarations: [ParameterTypeDeclaration]) -> ParameterTypeRegistry {
        guard !declarations.isEmpty else { return self }
        var registry = self
        for declaration in declarations
        where declaration.problem == nil && registry.declared[declaration.name] == nil
            && self[declaration.name] == nil
        {
            if case .success(let type) = declaration.type { registry.declared[declaration.name] = type }
        }
        return registry
    }

    /// The type's definition when the table declares it, else the type itself.
    func resolved(_ type: ParameterType) -> ParameterType {
        if case .custom(let name) = type, let definition = declared[name] { return definition }
        return type
    }

    /// Whether a type name is declared by the table or registered.
    func knows(_ name: String) -> Bool { declared[name] != nil || self[name] != nil }

    /// The problems of a table's declarations, in declaration order.
    func findings(of declarations: [ParameterTypeDeclaration]) -> [RouteTableFinding] {
        var seen: Set<String> = []
        var findings: [RouteTableFinding] = []
        for declaration in declarations {
            if let reason = declaration.problem {
                findings.append(.invalidTypeDeclaration(name: declaration.name, reason: reason))
            } else if !seen.insert(declaration.name).inserted {
                findings.append(
                    .invalidTypeDeclaration(
                        name: declaration.name, reason: "the table declares it more than once"))
            } else if self[declaration.name] != nil {
                findings.append(.typeDeclaredAndRegistered(name: declaration.name))
            }
        }
        return findings
    }
}

extension RouteTable {
    /// A type with a name the table declares replaced by its definition (the first valid
    /// declaration of the name); any other type, and `nil`, as it is.
    package func resolved(_ type: ParameterType?) -> ParameterType? {
        guard case .custom(let name)? = type,
            let declaration = types.first(where: { $0.name == name && $0.problem == nil }),
            case .success(let definition) = declaration.type
        else { return type }
        return definition
    }
}
