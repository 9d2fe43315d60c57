/// An app's own type for one route of the table: its stored properties are the route's
/// parameters, with Swift types.
///
/// A route value is an ordinary `Codable` struct (or enum) that names its route. Its coding
/// keys are the parameter names, and each property's type must fit the parameter's declared
/// type: `Int` (or any fixed-width integer whose range holds the declared range) for `int`,
/// `String` for `string`, `slug` and untyped parameters, a `String`-backed enum for `enum a|b`
/// (every declared value must be one of its cases), `UUID` for `uuid`, `Bool` for `bool` and
/// `[String]` for a catch-all. A parameter that can be absent (an optional query parameter
/// without a default, an optional segment) needs an `Optional` property.
///
/// ``TypedRoutes`` checks all of this when it is built, so a misspelt route or parameter
/// name, or a type that does not fit, is an error at start-up (and in the app's tests), never
/// a silent `nil` when a link comes in.
///
/// ```swift
/// struct Product: RouteValue {
///     static let route = "product"            // Route("product", "/p/:id(int 1...999999)")
///     var id: Int
/// }
/// enum Sort: String, Codable { case price, newest }
/// struct Search: RouteValue {
///     static let route = "search"             // Route("search", "/search", query: ["q(string 1...64)", "sort(enum price|newest)?"])
///     var q: String
///     var sort: Sort?
/// }
/// ```
///
/// A value is read through its `Decodable` conformance unless the type reads itself with
/// ``init(parameters:)``, which is several times cheaper (see ``RouteParameters/read(_:)->Value``).
/// The package's `RouteValueReaders` build-tool plugin writes that initialiser for each route
/// value struct of the module it is applied to (<doc:TypedValuesAndWrittenLinks>).
public protocol RouteValue: Codable, Sendable {
    /// The name of the route in the table that this type stands for.
    static var route: String { get }

    /// Reads a value from its route's parameters.
    ///
    /// The default reads through the type's `Decodable` conformance. A type on a hot path can
    /// implement it to read each property by name, without `Decoder`:
    ///
    /// ```swift
    /// init(parameters: borrowing RouteParameters) throws {
    ///     id = try parameters.read("id")
    /// }
    /// ```
    ///
    /// Building ``TypedRoutes`` (or calling ``Router/typeError(for:)``) checks that an
    /// implementation reads what the `Decodable` conformance reads, from samples of every
    /// declared type; a match's parameters then always read.
    init(parameters: borrowing RouteParameters) throws
}

extension RouteValue {
    /// Reads the value through its `Decodable` conformance.
    ///
    /// The error, when the parameters do not read as this type, says which parameter and why,
    /// in the words of ``TypedRoutesError``.
    public init(parameters: borrowing RouteParameters) throws {
        let decoder = ParameterDecoder(parameters: copy parameters, of: Self.self)
        do {
            try self.init(from: decoder)
        } catch {
            throw decoder.thrown(error)
        }
    }
}
