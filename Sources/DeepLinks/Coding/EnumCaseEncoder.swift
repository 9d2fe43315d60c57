/// Writes one case of an enumeration as Swift's synthesized `Encodable` conformance writes it:
/// `{"case": {"label": value, …}}`, where an unlabeled value's label is `_0`, `_1`, … by
/// position, an absent optional value is left out, and a case without values is `{"case": {}}`.
///
/// The errors, refusals and findings encode through it instead of through synthesized code
/// because the synthesized conformance of an enumeration makes a key type for the enumeration
/// and one more for each case, each with its own conformances, kept in every program that links
/// the module whether it encodes one or not: replacing them took 427 KiB off a small app's
/// 2.9 MiB (`Benchmarks/RESULTS.md`). Here, one key type serves every case of every
/// enumeration, and a case costs a call per value (the generic calls are specialised once per
/// value type, shared by every enumeration). Each module's `EnumCaseEncodingTests` pins every
/// case's text to what the synthesized conformance wrote.
///
/// ```swift
/// public func encode(to encoder: any Encoder) throws {
///     switch self {
///     case .missing: _ = EnumCaseEncoder(encoder, "missing")
///     case .tooLong(let maximum):
///         var values = EnumCaseEncoder(encoder, "tooLong")
///         try values("maximum", maximum)
///     }
/// }
/// ```
package struct EnumCaseEncoder {
    private var values: KeyedEncodingContainer<Label>

    /// Starts the case named `name`: its object of values, written into `encoder`'s object.
    @inline(never)
    package init(_ encoder: any Encoder, _ name: String) {
        var outer = encoder.container(keyedBy: Label.self)
        values = outer.nestedContainer(keyedBy: Label.self, forKey: Label(stringValue: name))
    }

    /// Writes one value of the case under `label` (`_0`, `_1`, … for an unlabeled value).
    ///
    /// An optional value goes through `callAsFunction(_:ifPresent:)`: `Optional` is itself
    /// `Encodable`, so this method would take it and write `null` where the synthesized
    /// conformance leaves the key out (each suite's sample with the value absent catches it).
    @inline(never)
    package mutating func callAsFunction(_ label: String, _ value: some Encodable) throws {
        try values.encode(value, forKey: Label(stringValue: label))
    }

    /// Writes an optional value of the case under `label`, or nothing when it is `nil`.
    @inline(never)
    package mutating func callAsFunction(_ label: String, ifPresent value: (some Encodable)?) throws {
        try values.encodeIfPresent(value, forKey: Label(stringValue: label))
    }

    /// A case's name or a value's label.
    private struct Label: CodingKey {
        let stringValue: String
        init(stringValue: String) { self.stringValue = stringValue }
        var intValue: Int? { nil }
        init?(intValue: Int) { nil }
    }
}
