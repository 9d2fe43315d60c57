/// The declarations of one Swift file that ``ReaderGenerator`` needs: its imports, its types
/// (with their stored properties, initialisers and enumeration cases) and its extensions.
public struct ScannedFile: Sendable, Equatable {
    /// The file's path, as given to ``SourceScanner/scan(_:path:)``.
    public var path: String
    /// Each `import` declaration outside `#if`, as its words joined by spaces
    /// (`@testable import DeepLinks`).
    public var imports: [String] = []
    /// Every type declared at the top level or inside another type or extension (types inside
    /// function bodies are local, and not read).
    public var types: [TypeDeclaration] = []
    /// Every extension.
    public var extensions: [ExtensionDeclaration] = []
}

/// A struct, enum, class, actor or protocol declaration, or a `typealias`.
public struct TypeDeclaration: Sendable, Equatable {
    /// The declaration's keyword: `struct`, `enum`, `class`, `actor`, `protocol` or `typealias`.
    public var kind: String
    /// The names from the outermost enclosing type (or extended type) to this one.
    public var path: [String]
    /// The access modifier written on it, or the one of the extension it is declared in.
    public var access: String?
    /// Whether it has generic parameters of its own.
    public var isGeneric = false
    /// The words of its inheritance clause (`Codable`, `DeepLinks`, `RouteValue`, …).
    public var inherits: [String] = []
    /// Its stored instance properties, in order.
    public var properties: [StoredProperty] = []
    /// The first argument labels of its initialisers (`parameters`, `from`, `_`).
    public var initializerLabels: [String] = []
    /// Its enumeration cases with their raw values: the literal's text for a string literal
    /// without escapes, `nil` for none, and `"\u{0}"` for a raw value of another kind.
    public var cases: [EnumCase] = []
    /// Whether the declaration, or any member read from it, sits inside `#if`.
    public var isConditional = false
    /// Whether any member is a declaration the scanner could not read (a tuple pattern, say).
    public var unreadMember: String?
    /// The 1-based line of its keyword.
    public var line: Int
}

/// One case of an enumeration.
public struct EnumCase: Sendable, Equatable {
    /// The case's name.
    public var name: String
    /// The raw value when it is a plain string literal; `nil` when there is none.
    public var rawString: String?
    /// Whether a raw value is written that is not a plain string literal.
    public var hasOtherRawValue = false
}

/// A stored instance property of a type.
public struct StoredProperty: Sendable, Equatable {
    /// The property's name, without backticks.
    public var name: String
    /// Whether the name was written in backticks.
    public var isBackticked = false
    /// `let` or `var`.
    public var isLet: Bool
    /// The type annotation's tokens joined without spaces (`[String]`, `Sort?`), or `nil`.
    public var type: String?
    /// Whether it has an initial value.
    public var hasInitializer = false
    /// Its modifiers (`private`, `private(set)`, `lazy`, …).
    public var modifiers: [String] = []
    /// Its attributes' names (`available`, `Clamped`, …).
    public var attributes: [String] = []
    /// The 1-based line of its name.
    public var line: Int
}

/// An extension of a type.
public struct ExtensionDeclaration: Sendable, Equatable {
    /// The extended type's name, split at dots.
    public var path: [String]
    /// The access modifier written on it.
    public var access: String?
    /// The words of the conformances it adds.
    public var inherits: [String] = []
    /// The first argument labels of the initialisers it declares.
    public var initializerLabels: [String] = []
    /// Whether it sits inside `#if`.
    public var isConditional = false
    /// The 1-based line of its keyword.
    public var line: Int
}
