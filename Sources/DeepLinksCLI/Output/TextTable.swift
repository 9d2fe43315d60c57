/// A table for people: a header row and data rows, columns padded to their widest cell.
///
/// The last column is never padded, so lines carry no trailing spaces. Cells are single lines:
/// line breaks and other control characters in untrusted text are shown escaped, so a hostile
/// link cannot forge extra rows.
struct TextTable: Sendable {
    /// Column titles.
    var header: [String]
    /// Data rows; a short row is padded with empty cells.
    var rows: [[String]] = []

    init(_ header: [String], rows: [[String]] = []) {
        self.header = header
        self.rows = rows
    }

    mutating func append(_ row: [String]) { rows.append(row) }

    /// The table as text, one line per row, ending with a newline.
    var rendered: String {
        let all = ([header] + rows).map { row in
            (0..<header.count).map { $0 < row.count ? TextTable.singleLine(row[$0]) : "" }
        }
        var widths = Array(repeating: 0, count: header.count)
        for row in all {
            for (column, cell) in row.enumerated() { widths[column] = max(widths[column], cell.count) }
        }
        var out = ""
        for row in all {
            var line = ""
            for (column, cell) in row.enumerated() {
                if column == row.count - 1 {
                    line += cell
                } else {
                    line += cell.padded(to: widths[column]) + "  "
                }
            }
            while line.last == " " { line.removeLast() }
            out += line + "\n"
        }
        return out
    }

    /// Text with control characters escaped, so it stays on one line.
    static func singleLine(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{00}"..."\u{1F}", "\u{7F}"..."\u{9F}", "\u{2028}", "\u{2029}":
                out += "\\u{" + String(scalar.value, radix: 16) + "}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}

extension String {
    /// The string followed by spaces up to `width` characters (unchanged when already wider).
    func padded(to width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }
}
