// The words of Swift the scanner tells apart.

let modifierWords: Set<String> = [
    "public", "package", "internal", "fileprivate", "private", "open", "final", "static", "lazy",
    "mutating", "nonmutating", "nonisolated", "weak", "unowned", "override", "indirect", "required",
    "convenience", "dynamic", "optional", "consuming", "borrowing", "distributed", "isolated", "prefix",
    "postfix", "infix", "__consuming",
]
let accessWords: Set<String> = ["public", "package", "internal", "fileprivate", "private", "open"]
let declarationWords: Set<String> = [
    "var", "let", "func", "init", "deinit", "subscript", "struct", "enum", "class", "actor", "protocol",
    "extension", "typealias", "associatedtype", "case", "import", "operator", "precedencegroup", "macro",
]
