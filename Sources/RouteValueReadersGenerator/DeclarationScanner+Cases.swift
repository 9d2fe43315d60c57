extension DeclarationScanner {
    /// After `case` in an enumeration: its cases and raw values.
    mutating func enumCases() {
        guard case .type(let i)? = scopes.last else { return }
        while let name = token(), name.kind == .word {
            var enumCase = EnumCase(name: name.text)
            index += 1
            if let open = token(), open.isPunctuation("(") { skipParentheses() }
            if let equals = token(), equals.isPunctuation("=") {
                index += 1
                if let value = token(), case .string(let content) = value.kind,
                    let content, token(1).map({ $0.isPunctuation(",") || $0.startsLine }) ?? true
                {
                    enumCase.rawString = content
                    index += 1
                } else {
                    enumCase.hasOtherRawValue = true
                    skipExpression()
                }
            }
            file.types[i].cases.append(enumCase)
            markConditional()
            guard let comma = token(), comma.isPunctuation(",") else { return }
            index += 1
        }
    }
}
