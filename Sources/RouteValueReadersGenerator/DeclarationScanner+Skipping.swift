// Skipping what the scanner does not read: bodies, argument lists, initial values, the rest
// of a line. Each moves only forward and keeps its nesting in a counter, never on the call stack.
extension DeclarationScanner {
    /// At `{`: moves past its matching `}` (or to the end of the file).
    mutating func skipBraces() {
        var depth = 0
        while let current = token() {
            index += 1
            if current.isPunctuation("{") {
                depth += 1
            } else if current.isPunctuation("}") {
                depth -= 1
                if depth <= 0 { return }
            }
        }
    }

    /// At `(`: moves past its matching `)`.
    mutating func skipParentheses() {
        var depth = 0
        while let current = token() {
            index += 1
            if current.isPunctuation("(") {
                depth += 1
            } else if current.isPunctuation(")") {
                depth -= 1
                if depth <= 0 { return }
            }
        }
    }

    /// Moves past a function's or initialiser's signature and body; stops before a `}` that
    /// closes the enclosing body (a declaration without a body).
    mutating func skipToBody() {
        var depth = 0
        while let current = token() {
            if current.isPunctuation("(") || current.isPunctuation("[") {
                depth += 1
            } else if current.isPunctuation(")") || current.isPunctuation("]") {
                depth = max(0, depth - 1)
            } else if current.isPunctuation("{") {
                if depth == 0 {
                    skipBraces()
                    return
                }
                skipBraces()
                continue
            } else if current.isPunctuation("}") {
                return
            } else if depth == 0, current.startsLine, current.kind == .word,
                declarationWords.contains(current.text) || modifierWords.contains(current.text)
            {
                return  // a declaration without a body, then the next one
            }
            index += 1
        }
    }

    /// Moves past an expression: to a `,` or `;` outside brackets, a `}` that closes the
    /// enclosing body, or a line that does not continue it (one that starts with neither a dot
    /// nor an operator).
    mutating func skipExpression() {
        var depth = 0
        var first = true
        while let current = token() {
            if depth == 0, !first, current.startsLine {
                let continues = current.kind == .punctuation && ".?:+-*/%&|^=<>!~".contains(current.text)
                if !continues { return }
            }
            first = false
            if current.kind == .directive { return }
            if current.isPunctuation("(") || current.isPunctuation("[") {
                depth += 1
            } else if current.isPunctuation(")") || current.isPunctuation("]") {
                depth = max(0, depth - 1)
            } else if current.isPunctuation("{") {
                skipBraces()
                continue
            } else if current.isPunctuation("}") {
                return
            } else if depth == 0, current.isPunctuation(",") || current.isPunctuation(";") {
                return
            }
            index += 1
        }
    }

    /// Moves to the first token of the next line.
    mutating func skipToLineEnd() {
        while let next = token(), !next.startsLine { index += 1 }
    }
}
