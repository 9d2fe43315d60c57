/// Something the generator says about one type: why it wrote no reader for it.
public struct ReaderDiagnostic: Sendable, Hashable, CustomStringConvertible {
    /// How loud the message is.
    public enum Severity: String, Sendable, Hashable {
        /// The type is read through `Decodable`, more slowly, because of something that can be
        /// changed (a `private` property, a type the module does not declare readable, …).
        case warning
        /// The type is read as it asks: it has its own `init(parameters:)` or `init(from:)`, or
        /// it is generic, or not a struct.
        case note
    }

    /// How loud the message is.
    public var severity: Severity
    /// The file that declares the type.
    public var file: String
    /// The 1-based line of the type's declaration.
    public var line: Int
    /// The type's name, dotted (`Outer.Inner`).
    public var type: String
    /// Why no reader was written.
    public var reason: String

    /// `file:line: warning: …`, the form compilers print, so that build logs and editors show it
    /// at the declaration.
    public var description: String {
        "\(file):\(line): \(severity.rawValue): RouteValueReaders: no reader generated for \(type): \(reason)"
    }
}

/// What ``ReaderGenerator/generate(_:)`` writes: the source of the generated file, and a
/// diagnostic for each route value it declined.
public struct GeneratedReaders: Sendable, Equatable {
    /// The Swift source: the files' imports, then one extension with
    /// `init(parameters: borrowing RouteParameters) throws` per route value.
    public var source: String
    /// The names of the types a reader was written for, dotted, in order.
    public var types: [String]
    /// Why each other route value got none.
    public var diagnostics: [ReaderDiagnostic]
}

/// Writes `init(parameters:)` for each struct of a module that conforms to `RouteValue`,
/// reading each stored property with `RouteParameters.read(_:)` under the name its `Decodable`
/// conformance decodes it by: the property's name, or its `CodingKeys` case's raw value.
///
/// A type is declined, with a ``ReaderDiagnostic``, whenever the generated reader might read
/// differently from its `Decodable` conformance, or not compile (a note when the type is read as
/// it asks: its own initialisers, generic, not a struct; a warning otherwise):
/// - it is not a struct, or it is generic, or nested in a generic type;
/// - it, or a type it is nested in, is `private` or `fileprivate`;
/// - it declares `init(from:)`, or already declares `init(parameters:)` (a note, not a warning);
/// - its declaration, or one of its members, sits inside `#if`, or it is declared twice;
/// - a stored property is `private` or `fileprivate` (or has a `private(set)` setter), `lazy`,
///   has an attribute (a property wrapper), has no type annotation, or has a type that is not
///   one `RouteParameters.read` reads: a fixed-width integer, `String`, `Bool`, `UUID`,
///   `[String]`, an `Optional` of one of these, or a type the module declares (or extends)
///   as `RouteParameterReadable`;
/// - its `CodingKeys` is not an enumeration, or gives a key that is not a plain string literal.
///
/// Properties the `Decodable` conformance leaves alone (`let` with an initial value, a property
/// `CodingKeys` does not list) are left alone by the reader too. Cost: linear in the number of
/// declarations scanned (each type, extension and property is looked at a bounded number of
/// times, through dictionaries keyed by name).
public enum ReaderGenerator {
    /// The types `RouteParameters.read` reads without a conformance of the module's own.
    static let readableTypes: Set<String> = [
        "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64", "String",
        "Bool", "UUID", "[String]", "Array<String>",
    ]

    /// The generated file for the scanned files of one module.
    public static func generate(_ files: [ScannedFile]) -> GeneratedReaders {
        var types: [String: [(TypeDeclaration, String)]] = [:]
        var extensions: [String: [ExtensionDeclaration]] = [:]
        var readable = readableTypes
        var imports: [String] = []
        var seenImports: Set<String> = []
        var ordered: [(TypeDeclaration, String)] = []
        for file in files {
            for line in file.imports where seenImports.insert(line).inserted { imports.append(line) }
            for type in file.types {
                types[type.path.joined(separator: "."), default: []].append((type, file.path))
                ordered.append((type, file.path))
                if type.inherits.contains("RouteParameterReadable") { readable.insert(type.path.last ?? "") }
            }
            for item in file.extensions {
                extensions[item.path.joined(separator: "."), default: []].append(item)
                if item.inherits.contains("RouteParameterReadable") { readable.insert(item.path.last ?? "") }
            }
        }
        if !imports.contains(where: { $0.hasSuffix("import DeepLinks") }) {
            imports.append("import DeepLinks")
        }

        var source = """
            // Generated by the RouteValueReaders plugin from this module's sources: edit those, not this.
            // Each route value below reads itself property by property, under the names its Decodable
            // conformance decodes; TypedRoutes checks that both read the same values when it is built.

            """
        source += imports.joined(separator: "\n") + "\n"
        var written: [String] = []
        var diagnostics: [ReaderDiagnostic] = []
        var done: Set<String> = []
        for (type, path) in ordered {
            let name = type.path.joined(separator: ".")
            let own = extensions[name] ?? []
            guard type.kind != "protocol", type.kind != "typealias",
                type.inherits.contains("RouteValue")
                    || own.contains(where: { $0.inherits.contains("RouteValue") }),
                done.insert(name).inserted
            else { continue }
            let context = Context(types: types, extensions: extensions, readable: readable)
            switch context.reader(for: type, named: name) {
            case .success(let code):
                source += "\n" + code
                written.append(name)
            case .failure(let decline):
                diagnostics.append(
                    ReaderDiagnostic(
                        severity: decline.severity, file: path, line: type.line, type: name,
                        reason: decline.reason))
            }
        }
        if !diagnostics.isEmpty {
            source += "\n// Read through Decodable:\n"
            for diagnostic in diagnostics { source += "// - \(diagnostic.type): \(diagnostic.reason)\n" }
        }
        return GeneratedReaders(source: source, types: written, diagnostics: diagnostics)
    }
}

/// Why a type gets no reader.
private struct Decline: Error {
    var severity: ReaderDiagnostic.Severity = .warning
    var reason: String
}

private struct Context {
    let types: [String: [(TypeDeclaration, String)]]
    let extensions: [String: [ExtensionDeclaration]]
    let readable: Set<String>

    static let accessRank: [String: Int] = [
        "private": 0, "fileprivate": 0, "internal": 1, "package": 2, "public": 3, "open": 3,
    ]

    func reader(for type: TypeDeclaration, named name: String) -> Result<String, Decline> {
        do { return .success(try write(type, named: name)) } catch { return .failure(error) }
    }

    func write(_ type: TypeDeclaration, named name: String) throws(Decline) -> String {
        let rank = try accessRank(ofReadable: type, named: name)
        let lines = try readLines(of: type, named: name)
        let access = rank >= 3 ? "public " : rank == 2 ? "package " : ""
        let extended = type.path.map { Self.needsBackticks($0) ? "`\($0)`" : $0 }.joined(separator: ".")
        return """
            extension \(extended) {
                /// Reads the value property by property (generated by the RouteValueReaders plugin).
                \(access)init(parameters: borrowing RouteParameters) throws {
            \(lines.joined(separator: "\n"))
                }
            }

            """
    }

    /// The access rank a reader of the type gets (its own and its enclosing types' lowest), once
    /// the type is one a generated reader can read: a struct, declared once, outside `#if`, not
    /// generic, not private, without initialisers of its own that a reader would bypass.
    private func accessRank(ofReadable type: TypeDeclaration, named name: String) throws(Decline) -> Int {
        let own = extensions[name] ?? []
        let declarations = types[name] ?? []
        if own.contains(where: { $0.initializerLabels.contains("parameters") })
            || type.initializerLabels.contains("parameters")
        {
            throw Decline(severity: .note, reason: "it declares init(parameters:) itself")
        }
        guard type.kind == "struct" else {
            throw Decline(
                severity: .note,
                reason:
                    "it is \(type.kind == "enum" ? "an" : "a") \(type.kind); readers are generated for structs"
            )
        }
        guard declarations.count == 1 else { throw Decline(reason: "it is declared more than once") }
        if type.isConditional || own.contains(where: \.isConditional) {
            throw Decline(reason: "it, or one of its members or extensions, is declared inside #if")
        }
        var rank = Self.accessRank[type.access ?? "internal"] ?? 1
        for length in 1..<type.path.count {
            guard let (outer, _) = types[type.path.prefix(length).joined(separator: ".")]?.first else {
                continue
            }
            if outer.isGeneric { throw Decline(severity: .note, reason: "it is nested in a generic type") }
            rank = min(rank, Self.accessRank[outer.access ?? "internal"] ?? 1)
        }
        if type.isGeneric { throw Decline(severity: .note, reason: "it is generic") }
        if rank == 0 {
            throw Decline(reason: "it is private or fileprivate, so another file cannot extend it")
        }
        if own.flatMap(\.initializerLabels).contains("from") || type.initializerLabels.contains("from") {
            throw Decline(
                severity: .note, reason: "it declares init(from:), which a generated reader could not follow")
        }
        if let member = type.unreadMember { throw Decline(reason: "it has \(member)") }
        return rank
    }

    /// One line a stored property: the property read under its `Decodable` key.
    private func readLines(of type: TypeDeclaration, named name: String) throws(Decline) -> [String] {
        let keys = try codingKeys(of: name)
        var lines: [String] = []
        for property in type.properties {
            if property.isLet && property.hasInitializer { continue }  // never decoded
            let key: String
            if let keys {
                guard let listed = keys[property.name] else {
                    guard property.hasInitializer else {
                        throw Decline(
                            reason: "its CodingKeys leaves out '\(property.name)', which has no initial value"
                        )
                    }
                    continue
                }
                key = listed
            } else {
                key = property.name
            }
            try check(property)
            let member = property.isBackticked ? "`\(property.name)`" : property.name
            lines.append("        self.\(member) = try parameters.read(\(Self.literal(key)))")
        }
        return lines
    }

    /// Whether a stored property can be read by `RouteParameters.read` from another file.
    func check(_ property: StoredProperty) throws(Decline) {
        let name = "property '\(property.name)'"
        if let hidden = property.modifiers.first(where: {
            $0.hasPrefix("private") || $0.hasPrefix("fileprivate")
        }) {
            throw Decline(reason: "\(name) is \(hidden), so another file cannot set it")
        }
        if property.modifiers.contains("lazy") { throw Decline(reason: "\(name) is lazy") }
        if let attribute = property.attributes.first {
            throw Decline(
                reason:
                    "\(name) has the attribute @\(attribute) (a property wrapper decodes itself; attributes are not told apart)"
            )
        }
        guard var type = property.type, !type.isEmpty else {
            throw Decline(reason: "\(name) has no type annotation")
        }
        if type.hasSuffix("?") {
            type.removeLast()
        } else if type.hasPrefix("Optional<"), type.hasSuffix(">") {
            type = String(type.dropFirst("Optional<".count).dropLast())
        } else if type.hasSuffix("!") {
            throw Decline(reason: "\(name) is an implicitly unwrapped Optional")
        }
        for prefix in ["Swift.", "Foundation."] where type.hasPrefix(prefix) {
            type.removeFirst(prefix.count)
        }
        if Self.isSimpleName(type) || type == "[String]" || type == "Array<String>" {
            let last = type.split(separator: ".").last.map(String.init) ?? type
            if readable.contains(type) || readable.contains(last) { return }
        }
        let hint =
            Self.isSimpleName(type)
            ? " (if it is a String-backed enum, declare `extension \(type): RouteParameterReadable {}`)" : ""
        throw Decline(
            reason: "\(name) has type \(property.type ?? ""), which RouteParameters.read does not read\(hint)"
        )
    }

    /// The property names `CodingKeys` maps to keys, or `nil` when the type has no `CodingKeys`.
    func codingKeys(of name: String) throws(Decline) -> [String: String]? {
        guard let declarations = types[name + ".CodingKeys"] else { return nil }
        guard declarations.count == 1, let (keys, _) = declarations.first, keys.kind == "enum",
            keys.inherits.contains("CodingKey"), !keys.isConditional
        else {
            throw Decline(
                reason: "its CodingKeys is not one plain enum (the generator reads only enum cases)")
        }
        var map: [String: String] = [:]
        for item in keys.cases {
            if item.hasOtherRawValue && keys.inherits.contains("String") {
                throw Decline(
                    reason: "CodingKeys.\(item.name) has a raw value that is not a plain string literal")
            }
            map[item.name] = item.rawString ?? item.name
        }
        return map
    }

    static func isSimpleName(_ type: String) -> Bool {
        !type.isEmpty && type.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." || $0 == "`" }
    }

    static let keywords: Set<String> = [
        "Type", "Protocol", "Self", "Any", "class", "struct", "enum", "protocol", "extension", "func", "var",
        "let", "in", "is", "as", "default", "case", "switch", "if", "else", "for", "while", "return",
    ]
    static func needsBackticks(_ name: String) -> Bool { keywords.contains(name) }

    /// A Swift string literal of `text`, escaped.
    static func literal(_ text: String) -> String {
        var escaped = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": escaped += "\\\\"
            case "\"": escaped += "\\\""
            case "\n": escaped += "\\n"
            case "\r": escaped += "\\r"
            case "\t": escaped += "\\t"
            default:
                if scalar.value < 0x20 {
                    escaped += "\\u{\(String(scalar.value, radix: 16))}"
                } else {
                    escaped.unicodeScalars.append(scalar)
                }
            }
        }
        return "\"\(escaped)\""
    }
}
