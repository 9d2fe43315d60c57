/// Finds the declarations ``ReaderGenerator`` needs in one file of Swift source.
///
/// This is not a Swift parser: it reads the declarations of type bodies (the modifiers and
/// attributes, the names, the type annotations, the first label of each initialiser, enum
/// cases) and skips everything else by counting brackets. Function, initialiser and accessor
/// bodies are skipped unread, so a type declared inside one is not seen. What it cannot read
/// surely, it marks (``TypeDeclaration/unreadMember``, ``TypeDeclaration/isConditional``) so
/// that the generator declines the type rather than guessing.
///
/// Cost: ``SourceLexer`` reads the bytes once; the scanner moves forward through the tokens,
/// never back, looking at each a bounded number of times, with its nesting on explicit stacks;
/// a type's path holds at most ``maximumNesting`` names, an extension's is as long as its name.
/// Time and memory are linear in the length of the source, and no input (unbalanced brackets,
/// a file cut short, deep nesting) can make it loop or overflow the stack: unbalanced closing
/// braces are ignored, and a file cut short ends its open declarations.
public enum SourceScanner {
    /// How deeply types may nest to be read: a type inside this many others is skipped with
    /// its body, so that recording each type's path costs at most this many names.
    public static let maximumNesting = 16

    /// The declarations of `source`, the text of the file at `path`.
    public static func scan(_ source: String, path: String) -> ScannedFile {
        var scanner = DeclarationScanner(
            tokens: SourceLexer.tokens(of: source), file: ScannedFile(path: path))
        scanner.run()
        return scanner.file
    }
}

/// The scanner's state: the tokens, where it is, what it has recorded and the open bodies.
struct DeclarationScanner {
    let tokens: [SourceToken]
    var file: ScannedFile
    var index = 0
    /// How many `#if` blocks are open.
    var conditionalDepth = 0

    /// A body being read: a type's (its index in `file.types`) or an extension's.
    enum Scope {
        case type(Int)
        case extensionBody(Int)
    }
    var scopes: [Scope] = []

    init(tokens: [SourceToken], file: ScannedFile) {
        self.tokens = tokens
        self.file = file
    }

    func token(_ offset: Int = 0) -> SourceToken? {
        let position = index + offset
        return position < tokens.count ? tokens[position] : nil
    }

    /// The enclosing names and the enclosing extension's access modifier.
    var enclosing: (path: [String], extensionAccess: String?) {
        switch scopes.last {
        case .type(let i)?: (file.types[i].path, nil)
        case .extensionBody(let i)?: (file.extensions[i].path, file.extensions[i].access)
        case nil: ([], nil)
        }
    }

    mutating func markConditional() {
        guard conditionalDepth > 0, case .type(let i)? = scopes.last else { return }
        file.types[i].isConditional = true
    }

    mutating func run() {
        while let current = token() {
            if current.isPunctuation("}") {
                if !scopes.isEmpty { scopes.removeLast() }
                index += 1
                continue
            }
            if current.isPunctuation("{") {
                skipBraces()
                continue
            }
            if current.kind == .directive {
                switch current.text {
                case "if": conditionalDepth += 1
                case "endif": conditionalDepth = max(0, conditionalDepth - 1)
                default: break
                }
                markConditional()
                index += 1
                while let next = token(), !next.startsLine { index += 1 }  // the condition
                continue
            }
            declaration()
        }
    }

    /// Reads one declaration (or skips one token that starts none).
    mutating func declaration() {
        let (modifiers, attributes) = modifiersAndAttributes()
        guard let keyword = token() else { return }
        guard keyword.kind == .word, !keyword.isBackticked else {
            index += 1
            return
        }
        let access = modifiers.first { accessWords.contains($0) }
        switch keyword.text {
        case "import" where scopes.isEmpty:
            importDeclaration(modifiers: modifiers, attributes: attributes)
        case "struct", "enum", "class", "actor", "protocol":
            typeDeclaration(keyword.text, access: access)
        case "extension":
            extensionDeclaration(access: access)
        case "typealias":
            typeAlias(keyword, access: access)
        case "var", "let":
            index += 1
            properties(isLet: keyword.text == "let", modifiers: modifiers, attributes: attributes)
        case "init":
            index += 1
            recordInitializer()
            skipToBody()
        case "func", "subscript", "deinit", "operator", "precedencegroup", "macro":
            index += 1
            skipToBody()
        case "case":
            index += 1
            enumCases()
        default:
            index += 1
        }
    }

    /// The attributes (`@MainActor`, their arguments skipped) and modifiers (`private(set)`)
    /// before a declaration's keyword.
    mutating func modifiersAndAttributes() -> (modifiers: [String], attributes: [String]) {
        var modifiers: [String] = []
        var attributes: [String] = []
        while let current = token() {
            if current.isPunctuation("@"), let name = token(1), name.kind == .word {
                attributes.append(name.text)
                index += 2
                if let open = token(), open.isPunctuation("("), !open.startsLine { skipParentheses() }
            } else if current.kind == .word, !current.isBackticked,
                modifierWords.contains(current.text)
                    || (current.text == "class"
                        && token(1).map { declarationWords.contains($0.text) } == true)
            {
                var modifier = current.text
                index += 1
                if let open = token(), open.isPunctuation("("), let word = token(1), let close = token(2),
                    close.isPunctuation(")")
                {
                    modifier += "(\(word.text))"
                    index += 3
                }
                modifiers.append(modifier)
            } else {
                break
            }
        }
        return (modifiers, attributes)
    }

    /// At a file's `import`: records it, unless it sits inside `#if` (its condition is not
    /// known, so it is kept out).
    mutating func importDeclaration(modifiers: [String], attributes: [String]) {
        index += 1
        guard conditionalDepth == 0 else {
            skipToLineEnd()
            return
        }
        var words = attributes.map { "@" + $0 } + modifiers + ["import"]
        var path = ""
        while let next = token(), !next.startsLine, next.kind == .word || next.isPunctuation(".") {
            path += next.text
            index += 1
        }
        words.append(path)
        file.imports.append(words.joined(separator: " "))
    }

    /// At `typealias`: records the name as a type of its scope, and skips the rest of the line.
    mutating func typeAlias(_ keyword: SourceToken, access: String?) {
        if let name = token(1), name.kind == .word, enclosing.path.count < SourceScanner.maximumNesting {
            let (path, extensionAccess) = enclosing
            file.types.append(
                TypeDeclaration(
                    kind: "typealias", path: path + [name.text], access: access ?? extensionAccess,
                    isConditional: conditionalDepth > 0, line: keyword.line))
        }
        index += 1
        skipToLineEnd()
    }

    // MARK: Declarations

    /// After `struct` (or `enum`, …): records the type and opens its body.
    mutating func typeDeclaration(_ kind: String, access: String?) {
        let line = token()?.line ?? 0
        index += 1
        guard let name = token(), name.kind == .word else { return }
        index += 1
        let (path, extensionAccess) = enclosing
        guard path.count < SourceScanner.maximumNesting else {  // too deep to read: skipped whole
            if header() != nil { skipBraces() }
            return
        }
        var declaration = TypeDeclaration(
            kind: kind, path: path + [name.text], access: access ?? extensionAccess,
            isConditional: conditionalDepth > 0, line: line)
        if let open = token(), open.isPunctuation("<") { declaration.isGeneric = true }
        guard let inherits = header() else {
            file.types.append(declaration)
            return
        }
        declaration.inherits = inherits
        file.types.append(declaration)
        if kind == "protocol" {
            skipBraces()
        } else {
            index += 1
            scopes.append(.type(file.types.count - 1))
        }
    }

    /// After `extension`: records it and opens its body.
    mutating func extensionDeclaration(access: String?) {
        let line = token()?.line ?? 0
        index += 1
        var path: [String] = []
        while let name = token(), name.kind == .word {
            path.append(name.text)
            index += 1
            guard let dot = token(), dot.isPunctuation(".") else { break }
            index += 1
        }
        guard !path.isEmpty else { return }
        var declaration = ExtensionDeclaration(
            path: path, access: access, isConditional: conditionalDepth > 0, line: line)
        guard let inherits = header() else {
            file.extensions.append(declaration)
            return
        }
        declaration.inherits = inherits
        file.extensions.append(declaration)
        index += 1
        scopes.append(.extensionBody(file.extensions.count - 1))
    }

    /// Reads a type's or extension's header up to its `{` (where it stops): the words of its
    /// inheritance clause. `nil` when no body follows (a `}` or the end of the file comes first).
    mutating func header() -> [String]? {
        var words: [String] = []
        var inInheritance = false
        var depth = 0
        while let current = token() {
            if depth == 0, current.isPunctuation("{") { return words }
            if current.isPunctuation("}") { return nil }
            if current.isPunctuation("(") || current.isPunctuation("[") || current.isPunctuation("<") {
                depth += 1
            } else if current.isPunctuation(")") || current.isPunctuation("]") || current.isPunctuation(">") {
                depth = max(0, depth - 1)
            } else if depth == 0, current.isPunctuation(":"), words.isEmpty, !inInheritance {
                inInheritance = true
            } else if current.isWord("where") {
                inInheritance = false
            } else if inInheritance, current.kind == .word {
                words.append(current.text)
            }
            index += 1
        }
        return nil
    }

    /// After `var` or `let`: the bindings of one declaration, recorded on the enclosing type
    /// when they are stored instance properties.
    mutating func properties(isLet: Bool, modifiers: [String], attributes: [String]) {
        var bindings: [StoredProperty] = []
        var computed = false
        while let name = token() {
            guard name.kind == .word else {  // a tuple pattern, or no name at all
                if case .type(let i)? = scopes.last, !modifiers.contains("static") {
                    file.types[i].unreadMember = "a property declared with a pattern (line \(name.line))"
                }
                skipExpression()
                return
            }
            var property = StoredProperty(
                name: name.text, isBackticked: name.isBackticked, isLet: isLet, modifiers: modifiers,
                attributes: attributes, line: name.line)
            index += 1
            if let colon = token(), colon.isPunctuation(":") {
                index += 1
                property.type = typeAnnotation()
            }
            if let equals = token(), equals.isPunctuation("=") {
                property.hasInitializer = true
                index += 1
                skipExpression()
            } else if let open = token(), open.isPunctuation("{") {
                var next = 1
                while let attribute = token(next), attribute.isPunctuation("@") { next += 2 }
                let accessor = token(next)
                computed = !(accessor?.isWord("willSet") == true || accessor?.isWord("didSet") == true)
                skipBraces()
            }
            bindings.append(property)
            guard let comma = token(), comma.isPunctuation(",") else { break }
            index += 1
        }
        // `let a, b: Int`: a binding without a type takes the next one's.
        var following: String?
        for i in bindings.indices.reversed() {
            if bindings[i].type == nil, !bindings[i].hasInitializer {
                bindings[i].type = following
            } else {
                following = bindings[i].type
            }
        }
        guard case .type(let i)? = scopes.last, !computed,
            !modifiers.contains("static"), !modifiers.contains("class")
        else { return }
        file.types[i].properties += bindings
        markConditional()
    }

    /// Reads a type annotation: tokens up to `=`, `{`, `,`, `;` or `}` outside brackets, or the
    /// end of the line.
    mutating func typeAnnotation() -> String {
        var text = ""
        var depth = 0
        while let current = token() {
            if depth == 0, !text.isEmpty, current.startsLine { break }
            if current.kind == .punctuation {
                switch current.text {
                case "(", "[", "<": depth += 1
                case ")", "]": depth = max(0, depth - 1)
                case ">" where !text.hasSuffix("-"): depth = max(0, depth - 1)
                case "=", "{", ",", ";":
                    if depth == 0 { return text }
                case "}": return text
                default: break
                }
            } else if current.kind == .directive {
                return text
            }
            text += current.isBackticked ? "`\(current.text)`" : current.text
            if current.kind == .word, let next = token(1), next.kind == .word, !next.startsLine {
                text += " "  // `some P`, `any P`, `borrowing T`
            }
            index += 1
        }
        return text
    }

    /// After `init`: records the first argument label on the enclosing type or extension.
    mutating func recordInitializer() {
        var offset = 0
        while let mark = token(offset), mark.isPunctuation("?") || mark.isPunctuation("!") { offset += 1 }
        if let open = token(offset), open.isPunctuation("<") {  // generic parameters
            while let next = token(offset), !next.isPunctuation("("), !next.isPunctuation("{"),
                !next.isPunctuation("}")
            {
                offset += 1
            }
        }
        guard let open = token(offset), open.isPunctuation("(") else { return }
        let label = token(offset + 1).map { $0.kind == .word ? $0.text : "" } ?? ""
        switch scopes.last {
        case .type(let i)?:
            file.types[i].initializerLabels.append(label)
            markConditional()
        case .extensionBody(let i)?: file.extensions[i].initializerLabels.append(label)
        case nil: break
        }
    }

}
