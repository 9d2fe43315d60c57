import Foundation

/// The public types a module's sources declare with a given conformance, found by reading the
/// sources, so an inventory test notices a new type that nobody listed.
///
/// ```swift
/// let decodable = try DeclaredTypes.names(inModule: "DeepLinks", conformingTo: ["Codable", "Decodable"])
/// ```
public enum DeclaredTypes {
    /// The names of the public types (`public struct`, `public enum`, `public final class`, or an
    /// `extension`) whose declaration line in `Sources/<module>` names one of `conformances`.
    /// Nested types appear by their own name.
    public static func names(inModule module: String, conformingTo conformances: [String]) throws -> Set<
        String
    > {
        try names(inModules: [module], conformingTo: conformances)
    }

    /// ``names(inModule:conformingTo:)`` over several modules' sources, for an inventory of
    /// types that one module's tests cover for the modules beside it.
    public static func names(inModules modules: [String], conformingTo conformances: [String]) throws -> Set<
        String
    > {
        let files = modules.flatMap { module in
            FileManager.default.enumerator(
                at: PackageFiles.url("Sources/\(module)"), includingPropertiesForKeys: nil)?
                .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" } ?? []
        }
        let alternatives = conformances.joined(separator: "|")
        let declaration = try Regex(
            #"(?m)^\s*(?:public (?:struct|enum|final class) |extension )([A-Za-z.]+)\b[^{\n]*\b(?:"#
                + alternatives + #")\b"#
        )
        var names: Set<String> = []
        for file in files {
            let text = try String(contentsOf: file, encoding: .utf8)
            for match in text.matches(of: declaration) {
                if let name = match.output[1].substring { names.insert(String(name)) }
            }
        }
        return names
    }

    /// How `listed` differs from the public types of `Sources/<module>` declared with one of
    /// `conformances` (``names(inModule:conformingTo:)``), one sentence a name, sorted: empty
    /// when the list is complete and holds nothing else.
    public static func differences(
        inModule module: String, conformingTo conformances: [String], listed: Set<String>
    ) throws -> [String] {
        try differences(inModules: [module], conformingTo: conformances, listed: listed)
    }

    /// ``differences(inModule:conformingTo:listed:)`` over several modules' sources.
    public static func differences(
        inModules modules: [String], conformingTo conformances: [String], listed: Set<String>
    ) throws -> [String] {
        let declared = try names(inModules: modules, conformingTo: conformances)
        let module = modules.joined(separator: " and Sources/")
        let kind = conformances.joined(separator: " or ")
        let unlisted = declared.subtracting(listed).sorted().map {
            "\($0) is declared \(kind) in Sources/\(module) but not listed"
        }
        let stale = listed.subtracting(declared).sorted().map {
            "\($0) is listed but Sources/\(module) does not declare it \(kind)"
        }
        return unlisted + stale
    }
}

/// Checks that a keyed `Decodable` type refuses a key it does not know, naming it.
///
/// ```swift
/// try UnknownKeys.refuse(PreviewLimits())   // encodes, adds "unexpectedKey", expects refusal
/// ```
public enum UnknownKeys {
    /// Why a check failed, as a sentence.
    public struct Failure: Error, CustomStringConvertible {
        /// The sentence.
        public let description: String
        /// Creates a failure.
        public init(_ description: String) { self.description = description }
    }

    /// Encodes `value`, checks the encoding decodes, then decodes it again with the key
    /// `unexpectedKey` added and expects a refusal that names the key.
    public static func refuse<T: Codable>(_ value: T) throws {
        let encoded = try JSONEncoder().encode(value)
        var text = String(decoding: encoded, as: UTF8.self)
        guard text.first == "{" else { throw Failure("\(T.self) does not encode as an object: \(text)") }
        text.insert(contentsOf: #""unexpectedKey":1,"#, at: text.index(after: text.startIndex))
        if text.hasSuffix(",}") { text = String(text.dropLast(2)) + "}" }
        _ = try JSONDecoder().decode(T.self, from: encoded)  // the value itself decodes
        try expectRefused(T.self, text, "unknown key 'unexpectedKey'")
    }

    /// Expects decoding `json` as `T` to fail with an error whose text contains `sentence`
    /// (any error when `sentence` is empty). A `DecodingError` is read as
    /// ``DecodingFailure/line(_:)`` gives it: its kind, the place and its sentence.
    public static func expectRefused<T: Decodable>(_ type: T.Type, _ json: String, _ sentence: String) throws
    {
        do {
            _ = try JSONDecoder().decode(T.self, from: Data(json.utf8))
        } catch {
            let text = DecodingFailure.line(error as? DecodingError) ?? "\(error)"
            guard sentence.isEmpty || text.contains(sentence) else {
                throw Failure("\(T.self): refused \(json), but with: \(text)")
            }
            return
        }
        throw Failure("\(T.self) accepted \(json)")
    }
}
