extension RouteValue {
    /// Reads a value of this type from a route's typed parameters: a match's, a preview
    /// request's, or any that name this type's route.
    ///
    /// ```swift
    /// let product = try Product.value(from: match.parameters, route: match.route)   // Product(id: 42)
    /// ```
    ///
    /// - Throws: ``TypedRoutesError/valueNotReadable(type:route:reason:)`` when `route` is not
    ///   ``RouteValue/route`` or the parameters do not read as this type (a type that does not
    ///   fit its route: ``Router/typeError(for:)`` finds that when the app starts).
    public static func value(from parameters: RouteParameters, route: String) throws(TypedRoutesError) -> Self
    {
        let typeName = String(describing: Self.self)
        guard route == Self.route else {
            throw .valueNotReadable(
                type: typeName, route: route,
                reason: "the parameters are of route '\(route)', not '\(Self.route)'")
        }
        return try TypedRoutes<Self>.value(Self.self, typeName: typeName, from: parameters)
    }
}

extension RouteMatch {
    /// The match as the app's type for its route.
    ///
    /// ```swift
    /// if let match = receiver.receive(url: "https://shop.example.com/p/42").match {
    ///     try match.value(as: Product.self)   // Product(id: 42)
    /// }
    /// ```
    ///
    /// - Throws: ``TypedRoutesError/valueNotReadable(type:route:reason:)`` when the match is
    ///   of another route, or its parameters do not read as the type.
    public func value<Value: RouteValue>(as type: Value.Type) throws(TypedRoutesError) -> Value {
        try Value.value(from: parameters, route: route)
    }
}

extension Router {
    /// Why a ``RouteValue`` type does not fit its route in this table, or `nil` when it fits:
    /// the checks ``TypedRoutes`` makes for each entry (route and parameter names, Swift types,
    /// optionality), for code that binds one type at a time (``RouteHandlers``, preview providers).
    ///
    /// ```swift
    /// router.typeError(for: Product.self)   // nil
    /// ```
    public func typeError<Value: RouteValue>(for type: Value.Type) -> TypedRoutesError? {
        let typeName = String(describing: Value.self)
        guard let compiled = compiledRoute(named: Value.route) else {
            return .unknownRoute(type: typeName, route: Value.route)
        }
        return TypedRoutes<Value>.probe(Value.self, typeName: typeName, route: compiled)
    }
}
