/// The text a generate command writes for an association file: pretty-printed when that fits
/// the 128 KB both platforms' files are held to, compact when only that fits (with a note
/// saying so), and an error naming the limit when neither does, so that no command writes a
/// file its own validator refuses.
enum ServedFileText {
    /// What to write, and the note to print when the file had to be written compact.
    struct Chosen {
        var text: String
        var note: String?
    }

    /// The text for a file of `what` (for messages: "the apple-app-site-association file for
    /// example.com"), from its two serialisations (each without a final newline), held to
    /// `limit` bytes with the newline written after it.
    static func choose(
        what: String, limit: Int, pretty: () -> String, compact: () -> String
    ) throws(ToolError) -> Chosen {
        let prettyText = pretty() + "\n"
        if prettyText.utf8.count <= limit { return Chosen(text: prettyText) }
        let compactText = compact() + "\n"
        guard compactText.utf8.count <= limit else {
            throw .invalidInput(
                source: what,
                reason: "the generated file is \(compactText.utf8.count) bytes even without spaces, over the "
                    + "limit of \(limit) bytes (128 KB) that the platform reads; serve fewer routes on this "
                    + "domain, or give routes that share a shape one pattern")
        }
        return Chosen(
            text: compactText,
            note:
                "\(what) is written without spaces: pretty-printed it would be \(prettyText.utf8.count) bytes, "
                + "over the limit of \(limit) bytes (128 KB)")
    }
}
