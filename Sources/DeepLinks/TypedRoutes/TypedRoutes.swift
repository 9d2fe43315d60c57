/// The route table mapped to the app's own destination type, checked when it is built.
///
/// Each entry maps one route to a destination: a ``RouteValue`` type whose properties are the
/// route's parameters, or a fixed destination for a route without parameters. Building the
/// mapping checks every entry against the compiled table (route names, parameter names,
/// Swift types, optionality) and that every route is mapped, so a typo is a start-up error
/// with a sentence, and ``destination(for:)`` never silently returns `nil` for a mapped table.
///
/// ```swift
/// enum Screen: Sendable { case product(Product), search(Search), cart }
///
/// let screens = try TypedRoutes<Screen>(router: receiver.router, [
///     .route(Product.self, Screen.product),
///     .route(Search.self, Screen.search),
///     .route("cart", .cart),
/// ])
/// if let match = receiver.receive(url: "https://shop.example.com/p/42").match {
///     screens.destination(for: match)       // .product(Product(id: 42))
/// }
/// try receiver.router.link(for: Product(id: 42))   // "https://shop.example.com/p/42"
/// ```
public struct TypedRoutes<Destination: Sendable>: Sendable {
    /// One route mapped to a destination.
    public struct Entry: Sendable {
        let route: String
        let typeName: String
        /// Checks the entry against a compiled route; `nil` when it fits.
        let check: @Sendable (CompiledRoute) -> TypedRoutesError?
        /// Reads the destination from a match's parameters.
        let read: @Sendable (RouteParameters) throws(TypedRoutesError) -> Destination

        /// Maps the route a ``RouteValue`` type names to a destination made from its value.
        public static func route<Value: RouteValue>(
            _ type: Value.Type, _ destination: @escaping @Sendable (Value) -> Destination
        ) -> Entry {
            let typeName = String(describing: Value.self)
            return Entry(
                route: Value.route, typeName: typeName,
                check: { compiled in TypedRoutes.probe(Value.self, typeName: typeName, route: compiled) },
                read: { parameters throws(TypedRoutesError) in
                    destination(try TypedRoutes.value(Value.self, typeName: typeName, from: parameters))
                })
        }

        /// Maps a route without parameters to a fixed destination.
        public static func route(_ name: String, _ destination: Destination) -> Entry {
            Entry(
                route: name, typeName: "route '\(name)'",
                check: { compiled in
                    let names = compiled.declaredParameters.keys.sorted()
                    return names.isEmpty ? nil : .routeHasParameters(route: name, parameters: names)
                },
                read: { _ in destination })
        }
    }

    /// How one route's destination is read from its parameters. (A struct, not a bare
    /// closure: a closure handed out of generic storage into the app's specialised code would be
    /// wrapped in a thunk, allocated on every call.)
    @usableFromInline struct Reader: Sendable {
        @usableFromInline let read: @Sendable (RouteParameters) throws(TypedRoutesError) -> Destination
    }

    /// The readers by the position of their route in the router's table (`nil` for a route
    /// left unmapped): a match from the router says where its route sits, so finding its
    /// reader is one comparison of the route's name, not a hash of it. (Readers, not whole
    /// entries: handing out an entry would retain each of its parts.)
    @usableFromInline let readers: [Reader?]
    /// The route names by position: the router's own strings, so that a match's name compares
    /// by identity.
    @usableFromInline let names: [String]
    /// The router the mapping was checked against: it knows each route's parent.
    let router: Router

    /// The reader for a match's route, or `nil` when the route is unmapped or not in the table.
    /// Inlinable, like ``destination(for:)``, so that the app's code is specialised for its
    /// destination type: generic code would look up the metadata of `Optional` on every call.
    @inlinable
    func reader(for match: RouteMatch) -> Reader? {
        // The match's hint, checked: the route there must be the match's route.
        let hint = match.routeIndex
        if hint >= 0, hint < names.count, names[hint] == match.route { return readers[hint] }
        return reader(for: match.route)
    }

    /// The reader for a route's name, or `nil` when the route is unmapped or not in the table.
    @inlinable
    func reader(for route: String) -> Reader? {
        guard let position = position(of: route), position < readers.count else { return nil }
        return readers[position]
    }

    /// The position of a route in the router's table, by its name.
    @usableFromInline
    func position(of route: String) -> Int? { router.indexByName[route] }

    /// Builds the mapping and checks it against the router's table.
    ///
    /// - Parameters:
    ///   - router: the compiled table (``LinkReceiver/router``).
    ///   - entries: one entry per mapped route.
    ///   - unmapped: routes deliberately left without a destination (for them
    ///     ``destination(for:)`` is `nil`).
    /// - Throws: ``TypedRoutesError`` for the first entry that does not fit, or a route that is
    ///   neither mapped nor listed as unmapped.
    public init(router: Router, _ entries: [Entry], unmapped: Set<String> = []) throws(TypedRoutesError) {
        var byName: [String: Entry] = [:]
        for entry in entries {
            guard let compiled = router.compiledRoute(named: entry.route) else {
                throw .unknownRoute(type: entry.typeName, route: entry.route)
            }
            guard byName[entry.route] == nil else { throw .duplicateRoute(entry.route) }
            if let problem = entry.check(compiled) { throw problem }
            byName[entry.route] = entry
        }
        for route in router.table.routes where byName[route.name] == nil && !unmapped.contains(route.name) {
            throw .unmappedRoute(route.name)
        }
        for name in unmapped where router.route(named: name) == nil {
            throw .unknownRoute(type: "unmapped", route: name)
        }
        var readers = [Reader?](repeating: nil, count: router.table.routes.count)
        for (name, entry) in byName {
            if let position = router.indexByName[name] { readers[position] = Reader(read: entry.read) }
        }
        self.readers = readers
        self.names = router.table.routes.map(\.name)
        self.router = router
    }

    /// The destination for a match: `nil` only for a route listed as unmapped, or a match from
    /// another table.
    @inlinable
    public func destination(for match: RouteMatch) -> Destination? {
        guard let reader = reader(for: match) else { return nil }
        do { return try reader.read(match.parameters) } catch { return nil }
    }

    /// The destination for a match, or why there is none.
    ///
    /// - Throws: ``TypedRoutesError/unmappedRoute(_:)`` for a route without an entry, or
    ///   ``TypedRoutesError/valueNotReadable(type:route:reason:)`` when a custom parameter
    ///   type's value does not fit its property.
    @inlinable
    public func readDestination(for match: RouteMatch) throws(TypedRoutesError) -> Destination {
        guard let reader = reader(for: match) else { throw .unmappedRoute(match.route) }
        return try reader.read(match.parameters)
    }

    // MARK: Reading values

    /// Reads a value from a match's parameters, with the exact error when it does not read.
    static func value<Value: RouteValue>(
        _ type: Value.Type, typeName: String, from parameters: RouteParameters
    )
        throws(TypedRoutesError) -> Value
    {
        // The common case: the type's own reader, or its `Decodable` conformance, which the
        // default reader reads through the one decoder and whose failure carries the exact
        // error already. Only a type's own reader that refuses the value is checked against
        // the conformance, which says whether the value reads.
        // (`do`/`catch`, not `try?`: an `Optional` of a generic type costs a metadata lookup.)
        let failure: any Error
        do { return try Value(parameters: parameters) } catch { failure = error }
        if let decoded = failure as? ParameterDecoder.Failure, decoded.type == ObjectIdentifier(Value.self) {
            throw decoded.error
        }
        let decoder = ParameterDecoder(parameters: parameters, of: Value.self)
        do {
            _ = try Value(from: decoder)
        } catch {
            throw decoder.failure(error)
        }
        // The conformance reads what the type's own reader refused: the two disagree.
        throw .readerDisagrees(
            type: typeName, route: Value.route,
            reason: "it throws \"\(failure)\" for \(parameters), which the conformance reads")
    }

    /// Reads the type from sample values of every declared type (once per enumeration value),
    /// checking names, types and optionality.
    static func probe<Value: RouteValue>(_ type: Value.Type, typeName: String, route: CompiledRoute)
        -> TypedRoutesError?
    {
        let declared = route.declaredParameters
        let passes = declared.values.map(\.sampleCount).max() ?? 1
        for pass in 0..<passes {
            var samples = RouteParameters()
            for parameter in declared.values { samples[parameter.name] = parameter.sample(pass) }
            let probe = ParameterDecoder.Probe(declared: declared)
            let decoder = ParameterDecoder(parameters: samples, of: Value.self, probe: probe)
            do {
                _ = try Value(from: decoder)
            } catch {
                if let problem = decoder.problem {
                    if case .valueNotReadable = problem,
                        let parameter = mismatchedParameter(decoder, declared)
                    {
                        let swiftType = decoder.unreadType ?? "a type"
                        return .typeMismatch(
                            type: typeName, route: route.name, parameter: parameter.name,
                            declared: parameter.type?.description ?? "untyped",
                            swiftType: "\(swiftType) (it cannot hold \(parameter.sample(pass)))")
                    }
                    return problem
                }
                return .valueNotReadable(type: typeName, route: route.name, reason: "\(error)")
            }
            for name in probe.reads.sorted() {
                if let parameter = declared[name], !parameter.alwaysPresent,
                    !probe.optionalReads.contains(name)
                {
                    return .optionalParameter(type: typeName, route: route.name, parameter: name)
                }
            }
            for parameter in declared.values.sorted(by: { $0.name < $1.name })
            where parameter.alwaysPresent && !probe.reads.contains(parameter.name) {
                return .parameterNotRead(type: typeName, route: route.name, parameter: parameter.name)
            }
            // The type's own reader, if it has one, must read these samples as the conformance
            // does, and the samples without the parameters a link may leave out.
            var withoutOptionals = samples
            for parameter in declared.values where !parameter.alwaysPresent {
                withoutOptionals[parameter.name] = nil
            }
            for values in [samples, withoutOptionals] {
                if let problem = readerProblem(
                    Value.self, typeName: typeName, route: route.name, declared: declared, values)
                {
                    return problem
                }
            }
        }
        return nil
    }

    /// Whether ``RouteValue/init(parameters:)`` reads a set of parameters as the `Decodable`
    /// conformance does: both read, or both refuse, and what they read writes back the same.
    /// A reader asking for a name the route does not declare, or requiring a parameter a link
    /// may leave out, gets the same error as a `Decodable` type making that mistake.
    private static func readerProblem<Value: RouteValue>(
        _ type: Value.Type, typeName: String, route: String, declared: [String: DeclaredParameter],
        _ values: RouteParameters
    ) -> TypedRoutesError? {
        let decoded: Value?
        do {
            decoded = try Value(from: ParameterDecoder(parameters: values, of: Value.self))
        } catch {
            decoded = nil
        }
        let read: Value
        do {
            read = try Value(parameters: values)
        } catch {
            guard decoded != nil else { return nil }
            if let failure = error as? ParameterReadError, case .missing = failure.problem {
                guard let parameter = declared[failure.parameter] else {
                    return .unknownParameter(
                        type: typeName, route: route, parameter: failure.parameter,
                        declared: declared.keys.sorted())
                }
                if !parameter.alwaysPresent {
                    return .optionalParameter(type: typeName, route: route, parameter: parameter.name)
                }
            }
            return .readerDisagrees(
                type: typeName, route: route,
                reason: "it throws \"\(error)\" for \(values), which the conformance reads")
        }
        guard let decoded else {
            return .readerDisagrees(
                type: typeName, route: route,
                reason: "it reads \(values), which the conformance refuses")
        }
        guard case .success(let written) = ParameterEncoder.parameters(of: read),
            case .success(let expected) = ParameterEncoder.parameters(of: decoded), written != expected
        else { return nil }
        // Name the first parameter on which the two differ.
        let names = Set(written.names).union(expected.names).sorted()
        let name = names.first { written[$0] != expected[$0] } ?? ""
        func describe(_ value: ParameterValue?) -> String { value.map { "\($0)" } ?? "nothing" }
        return .readerDisagrees(
            type: typeName, route: route,
            reason:
                "from \(values) it reads parameter '\(name)' as \(describe(written[name])), the conformance as "
                + "\(describe(expected[name])) (is the name misspelt, or the value changed?)")
    }

    /// The parameter whose value did not read as its property's type, when that was the
    /// problem the decoder found.
    private static func mismatchedParameter(
        _ decoder: ParameterDecoder, _ declared: [String: DeclaredParameter]
    ) -> DeclaredParameter? {
        // Only a value that did not read as the property's type is a type mismatch; a property
        // read as a nested object or list keeps its own reason.
        guard case .valueNotReadable(_, _, let reason) = decoder.problem else { return nil }
        return declared.values.first { reason.hasPrefix("parameter '\($0.name)' holds ") }
    }
}

extension Router {
    /// Writes the link for a ``RouteValue``: its properties are the route's parameters.
    ///
    /// ```swift
    /// try router.link(for: Product(id: 42))   // "https://shop.example.com/p/42"
    /// ```
    ///
    /// A router knows the table, not the app's custom schemes: a custom-scheme link is written
    /// with its first segment as the host (``link(for:parameters:scheme:host:)``), which a
    /// scheme registered with a domain host does not read. Write an app's own links with
    /// ``LinkReceiver/link(for:scheme:domain:)``, which spells each scheme as the receiver
    /// reads it.
    ///
    /// - Throws: ``ReverseRoutingError``, including
    ///   ``ReverseRoutingError/unwritableValue(route:reason:)`` when a property holds a value
    ///   no parameter type carries.
    public func link<Value: RouteValue>(for value: Value, scheme: String? = nil, host: String? = nil)
        throws(ReverseRoutingError) -> String
    {
        try link(for: Value.route, parameters: ParameterEncoder.written(value), scheme: scheme, host: host)
    }
}
