/// Writing a link from a route, beside reading it: each kind of part (a literal, parameter or
/// catch-all segment, a query parameter, the fragment) appends itself to the link being
/// written, checking its value as it goes. Reverse routing settles
/// the scheme and host, then lets each part of the route append itself in order.
extension CompiledRoute {
    /// The literal segments of a pattern percent-encoded for a path, in path order, or an empty
    /// list when every literal is written as declared: compiling a route encodes them once.
    static func encodedLiterals(of pattern: PathPattern) -> [String] {
        var needsEncoding = false
        for case .literal(let text) in pattern.segments
        where !PercentEncoding.Allowed.pathSegment.allowsEveryByte(of: text) {
            needsEncoding = true
            break
        }
        guard needsEncoding else { return [] }
        var encoded: [String] = []
        for case .literal(let text) in pattern.segments {
            encoded.append(PercentEncoding.encode(text, allowing: .pathSegment))
        }
        return encoded
    }

    /// A value as its parameter writes it: formatted by its validator, and read back by the
    /// same validator to the same value when `checkingValues` (see
    /// ``Router/writeLink(for:parameters:scheme:host:checkingRoundTrip:checkingValues:destinationOnly:domain:)``).
    static func writtenText(
        _ parameter: String, _ value: ParameterValue, _ validator: ParameterValidator,
        _ location: ParameterLocation, route name: String, checkingValues: Bool
    ) throws(ReverseRoutingError) -> String {
        guard let text = validator.format(value) else {
            throw .valueDoesNotRoundTrip(route: name, parameter: parameter, value: value)
        }
        if !checkingValues { return text }
        switch validator.validate(text) {
        case .failure(let reason):
            throw .invalidParameter(
                route: name,
                failure: ParameterFailure(
                    parameter: parameter, location: location, value: text, reason: reason))
        case .success(let back) where back != value:
            throw .valueDoesNotRoundTrip(route: name, parameter: parameter, value: value)
        case .success:
            return text
        }
    }

    /// The integer of a value that is written as its decimal digits in place (``TextBytes/appendDecimal(_:to:)``),
    /// without making its text: an integer that no custom type formats, when values are not
    /// read back. Its text is what ``writtenText(_:_:_:_:route:checkingValues:)`` would give
    /// (`String(value)`), which is one path segment and needs no escape anywhere in a link.
    static func integerWrittenInPlace(
        _ value: ParameterValue, _ validator: ParameterValidator, checkingValues: Bool
    ) -> Int? {
        guard !checkingValues, case .integer(let number) = value, !validator.isCustom else { return nil }
        return number
    }

    /// Why a decoded value cannot be one path segment of a link the gate accepts, or `nil`:
    /// empty, `.` or `..`, or holding `/`, a backslash or NUL. One pass over the bytes.
    static func segmentProblem(_ text: String) -> ParameterFailure.Reason? {
        TextBytes.read(text) { bytes in
            var dots = 0
            for index in bytes.indices {
                let byte = bytes[index]
                if byte == 0x2F || byte == 0x5C || byte == 0 { return .notASegment }
                if byte == UInt8(ascii: ".") { dots += 1 }
            }
            if bytes.isEmpty { return .empty }
            return bytes.count <= 2 && dots == bytes.count ? .notASegment : nil
        }
    }
}

extension CompiledRoute {
    /// Appends the route's path to a link, each segment as `/` and its percent-encoded text, in
    /// order: a literal as encoded when the route was compiled, a parameter from its value (an
    /// optional one without a value appends nothing), a catch-all from its list, one segment
    /// per item; then the empty segment of a significant trailing slash. The declaration's
    /// segments are read in place, each parameter beside its validator.
    ///
    /// `checkingValues`: whether each value is read back by its validator (a segment that is
    /// not one segment of a link is refused either way).
    func writePath(into link: inout [UInt8], _ parameters: RouteParameters, checkingValues: Bool)
        throws(ReverseRoutingError)
    {
        let encoded = encodedLiterals
        var literal = 0
        var next = 0
        for (position, segment) in route.path.segments.enumerated() {
            switch segment {
            case .literal(let text):
                link.append(UInt8(ascii: "/"))
                link.append(contentsOf: (encoded.isEmpty ? text : encoded[literal]).utf8)
                literal += 1
            case .parameter(let parameter, _):
                let validator = parameterValidators[next]
                next += 1
                try Segment.writeParameter(
                    parameter, validator, into: &link, parameters, of: self, position: position,
                    checkingValues: checkingValues)
            case .catchAll(let parameter, _):
                let validator = parameterValidators[next]
                next += 1
                try Segment.writeCatchAll(
                    parameter, Self.checkedType(of: segment, validator), checkingValues ? validator : nil,
                    into: &link, parameters, route: name)
            }
        }
        if endsWithEmptySegment { link.append(UInt8(ascii: "/")) }
    }
}

extension CompiledRoute.Segment {
    /// A parameter segment: its value written by its validator, which must be one segment.
    fileprivate static func writeParameter(
        _ parameter: String, _ validator: ParameterValidator, into link: inout [UInt8],
        _ parameters: RouteParameters, of route: CompiledRoute, position: Int, checkingValues: Bool
    ) throws(ReverseRoutingError) {
        let name = route.name
        guard let value = parameters[parameter] else {
            if route.route.path.isOptionalSegment(at: position) { return }
            throw .missingParameter(route: name, parameter: parameter)
        }
        if let number = CompiledRoute.integerWrittenInPlace(value, validator, checkingValues: checkingValues)
        {
            link.append(UInt8(ascii: "/"))
            TextBytes.appendDecimal(number, to: &link)
            return
        }
        let written = try CompiledRoute.writtenText(
            parameter, value, validator, .path, route: name, checkingValues: checkingValues)
        if let reason = CompiledRoute.segmentProblem(written) {
            throw .invalidParameter(
                route: name,
                failure: ParameterFailure(
                    parameter: parameter, location: .path, value: written, reason: reason))
        }
        link.append(UInt8(ascii: "/"))
        PercentEncoding.append(written, allowing: .pathSegment, to: &link)
    }

    /// A catch-all segment: its list of segments, the first non-empty, each checked (an empty
    /// one of an untyped catch-all is kept without a check) before any is written: by
    /// `validator` when one is given, and as one segment of a link in any case.
    fileprivate static func writeCatchAll(
        _ parameter: String, _ type: ParameterType?, _ validator: ParameterValidator?,
        into link: inout [UInt8], _ parameters: RouteParameters, route name: String
    ) throws(ReverseRoutingError) {
        guard let value = parameters[parameter] else {
            throw .missingParameter(route: name, parameter: parameter)
        }
        guard case .segments(let list) = value, let first = list.first, !first.isEmpty else {
            throw .valueDoesNotRoundTrip(route: name, parameter: parameter, value: value)
        }
        for item in list {
            if item.isEmpty, type == nil { continue }
            if let reason = CompiledRoute.segmentProblem(item) ?? validator?.validate(item).failureReason {
                throw .invalidParameter(
                    route: name,
                    failure: ParameterFailure(
                        parameter: parameter, location: .path, value: item, reason: reason))
            }
        }
        for item in list {
            link.append(UInt8(ascii: "/"))
            PercentEncoding.append(item, allowing: .pathSegment, to: &link)
        }
    }
}

extension CompiledRoute.Parameter {
    /// Appends the parameter as a query item, `name=value` after `separator` (`?` for the
    /// first item, `&` after), and returns whether it did: an optional parameter without a
    /// value appends nothing. A form-encoded parameter writes a space as `+`; any other writes
    /// `%20`, so that each reads its own link back to the same value.
    func writeQueryItem(
        into link: inout [UInt8], after separator: UInt8, _ parameters: RouteParameters, route: String,
        checkingValues: Bool
    ) throws(ReverseRoutingError) -> Bool {
        guard let value = parameters[name] else {
            if isRequired { throw .missingParameter(route: route, parameter: name) }
            return false
        }
        if let number = CompiledRoute.integerWrittenInPlace(value, validator, checkingValues: checkingValues)
        {
            link.append(separator)
            PercentEncoding.append(name, allowing: .queryItem, to: &link)
            link.append(UInt8(ascii: "="))
            TextBytes.appendDecimal(number, to: &link)
            return true
        }
        let written = try CompiledRoute.writtenText(
            name, value, validator, .query, route: route, checkingValues: checkingValues)
        link.append(separator)
        PercentEncoding.append(name, allowing: .queryItem, to: &link)
        link.append(UInt8(ascii: "="))
        PercentEncoding.append(written, allowing: .queryItem, formEncoded: isFormEncoded, to: &link)
        return true
    }
}

extension CompiledRoute.Fragment {
    /// Appends `#` and the fragment parameter's value, percent-encoded for a fragment; nothing
    /// when the rule reads no parameter, or when an optional one has no value.
    func write(into link: inout [UInt8], _ parameters: RouteParameters, route: String, checkingValues: Bool)
        throws(ReverseRoutingError)
    {
        guard case .parameter(let parameter) = self else { return }
        if let value = parameters[parameter.name] {
            let written = try CompiledRoute.writtenText(
                parameter.name, value, parameter.validator, .fragment, route: route,
                checkingValues: checkingValues)
            link.append(UInt8(ascii: "#"))
            PercentEncoding.append(written, allowing: .fragment, to: &link)
        } else if parameter.isRequired {
            throw .missingParameter(route: route, parameter: parameter.name)
        }
    }
}

extension Result where Failure == ParameterFailure.Reason {
    /// The reason of a failure, or `nil` on success.
    var failureReason: ParameterFailure.Reason? {
        if case .failure(let reason) = self { reason } else { nil }
    }
}
