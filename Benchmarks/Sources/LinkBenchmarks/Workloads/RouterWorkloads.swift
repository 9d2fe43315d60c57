import DeepLinks
import Foundation
import Logging
import RoutingKit

/// A typed value as both sides report it, so that their answers can be compared.
enum TypedValue: Equatable, CustomStringConvertible {
    case integer(Int)
    case uuid(UUID)
    case string(String)
    case segments([String])

    init?(_ value: ParameterValue) {
        switch value {
        case .integer(let v): self = .integer(v)
        case .uuid(let v): self = .uuid(v)
        case .string(let v): self = .string(v)
        case .segments(let v): self = .segments(v)
        default: return nil
        }
    }

    var description: String {
        switch self {
        case .integer(let v): "\(v)"
        case .uuid(let v): "\(v)"
        case .string(let v): "\"\(v)\""
        case .segments(let v): "\(v)"
        }
    }
}

/// A route name with its typed parameters in name order.
struct Resolution: Equatable, CustomStringConvertible {
    let route: String
    let parameters: [String: TypedValue]

    init(route: String, parameters: [String: TypedValue]) {
        self.route = route
        self.parameters = parameters
    }

    init(_ route: String, _ parameters: RouteParameters) {
        var values: [String: TypedValue] = [:]
        for entry in parameters { values[entry.name] = TypedValue(entry.value) }
        self.init(route: route, parameters: values)
    }

    var description: String {
        route + " "
            + parameters.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
    }
}

/// Why the two sides of a benchmark would not be comparable.
struct DisagreementError: Error, CustomStringConvertible {
    let description: String
}

/// The router benchmarks: the SDK's `Router` and routing-kit's `TrieRouter` on the same
/// pre-split paths, and the whole pipeline from link text.
struct RouterWorkloads {
    let corpus: RouteCorpus
    /// The router probes: the corpus's, or links derived from them.
    let probes: [RouteCorpus.Probe]
    let router: DeepLinks.Router
    let receiver: LinkReceiver
    let peer: TrieRouter<RouteCorpus.PeerRoute>
    let logger = Logger(label: "benchmarks")

    init(_ corpus: RouteCorpus, deepMisses: Bool = false) throws {
        self.corpus = corpus
        probes = deepMisses ? Self.deepMisses(corpus.probes) : corpus.probes
        let table = corpus.routeTable
        router = try DeepLinks.Router(table)
        receiver = try LinkReceiver(table: table, policy: corpus.policy)
        peer = corpus.peerRouter()
    }

    // MARK: - Router only

    /// Misses that fail late: each hit of the corpus with one more segment, so that the
    /// search walks the whole path (validating every parameter, trying the literal branch
    /// before the parameter one where both take a segment, `/albums/top/day/more`) before it
    /// finds nothing below. Links to a catch-all route, which takes the extra segment, are left
    /// out.
    static func deepMisses(_ probes: [RouteCorpus.Probe]) -> [RouteCorpus.Probe] {
        probes.compactMap { probe in
            guard let route = probe.route, !route.hasSuffix(".files") else { return nil }
            return RouteCorpus.Probe(
                route: nil, host: probe.host, segments: probe.segments + ["more"],
                peerPath: probe.peerPath + ["more"], text: probe.text)
        }
    }

    /// The SDK's lookup on pre-split segments; the result carries typed, validated parameters.
    func sdkLookups() -> Workload {
        let router = router
        let probes = probes
        return Workload(label: "DeepLinks `Router.match`", operations: probes.count) {
            var checksum = 0
            for probe in probes {
                if let found = router.match(scheme: "https", host: probe.host, pathSegments: probe.segments) {
                    checksum &+= found.parameters.count
                }
            }
            return checksum
        }
    }

    /// routing-kit's lookup on the host and the same segments; parameters stay strings.
    func peerLookups() -> Workload {
        let peer = peer
        let probes = probes
        let logger = logger
        return Workload(label: "routing-kit `TrieRouter.route`", operations: probes.count) {
            var checksum = 0
            for probe in probes {
                var parameters = Parameters(logger)
                if let found = peer.route(path: probe.peerPath, parameters: &parameters) {
                    checksum &+= found.parameters.count
                }
            }
            return checksum
        }
    }

    /// Checks that both routers give every probe the same route and the same values, and
    /// that both miss where the probe misses.
    func checkLookupsAgree() throws {
        for probe in probes {
            let found = router.match(scheme: "https", host: probe.host, pathSegments: probe.segments)
            var parameters = Parameters(logger)
            let other = peer.route(path: probe.peerPath, parameters: &parameters)
            let peerResolution = other.flatMap { Self.typed($0, parameters) }
            guard let found else {
                guard probe.route == nil, peerResolution == nil else {
                    throw DisagreementError(
                        description: "the SDK found no route for \(probe.text), routing-kit "
                            + String(describing: peerResolution))
                }
                continue
            }
            let sdk = Resolution(found.route.name, found.parameters)
            let pathOnly = sdk.parameters.filter { name, _ in
                other?.parameters.contains { $0.name == name } ?? false
            }
            guard let peerResolution, Resolution(route: sdk.route, parameters: pathOnly) == peerResolution,
                sdk.route == probe.route
            else {
                throw DisagreementError(
                    description:
                        "for \(probe.text) the SDK gives \(sdk), routing-kit \(String(describing: peerResolution))"
                )
            }
        }
    }

    /// routing-kit's string parameters checked and converted the way an app would, with the
    /// same rules as the SDK's table: canonical integers in range, UUIDs, slugs, enumeration
    /// values; `nil` when a value is refused.
    static func typed(_ route: RouteCorpus.PeerRoute, _ parameters: Parameters) -> Resolution? {
        var values: [String: TypedValue] = [:]
        for (name, kind) in route.parameters {
            switch kind {
            case .identifier:
                guard let text = parameters.get(name), let value = canonicalInteger(text, in: 1...99_999_999)
                else { return nil }
                values[name] = .integer(value)
            case .uuid:
                guard let text = parameters.get(name), text.utf8.count == 36,
                    let value = UUID(uuidString: text)
                else { return nil }
                values[name] = .uuid(value)
            case .slug:
                guard let value = parameters.get(name), isSlug(value, maximum: 64) else { return nil }
                values[name] = .string(value)
            case .period:
                guard let value = parameters.get(name), RouteCorpus.periods.contains(value) else {
                    return nil
                }
                values[name] = .string(value)
            case .segments:
                values[name] = .segments(parameters.getCatchall())
            }
        }
        return Resolution(route: route.name, parameters: values)
    }

    /// A decimal integer without sign or leading zeros, in range: what a careful app checks.
    static func canonicalInteger(_ text: String, in range: ClosedRange<Int>) -> Int? {
        guard let first = text.utf8.first, first != UInt8(ascii: "0") || text.utf8.count == 1,
            let value = Int(text), range.contains(value)
        else { return nil }
        return value
    }

    /// Lower-case letters and digits in words joined by single hyphens.
    static func isSlug(_ text: String, maximum: Int) -> Bool {
        let utf8 = text.utf8
        guard !utf8.isEmpty, utf8.count <= maximum else { return false }
        var previousWasHyphen = true
        for byte in utf8 {
            let isHyphen = byte == UInt8(ascii: "-")
            let isWord = (byte >= 0x30 && byte <= 0x39) || (byte >= 0x61 && byte <= 0x7A)
            guard isWord || (isHyphen && !previousWasHyphen) else { return false }
            previousWasHyphen = isHyphen
        }
        return !previousWasHyphen
    }

    // MARK: - Whole pipeline

    /// The pipeline's links: the probes' texts with a hostile or malformed link in every
    /// tenth place.
    var pipelineLinks: [(text: String, route: String?, hostile: Bool)] {
        var links: [(text: String, route: String?, hostile: Bool)] = []
        var hostile = 0
        for (i, probe) in corpus.probes.enumerated() {
            if i % 10 == 9 {
                links.append((RouteCorpus.hostileLinks[hostile % RouteCorpus.hostileLinks.count], nil, true))
                hostile += 1
            } else {
                links.append((probe.text, probe.route, false))
            }
        }
        return links
    }

    /// The SDK from link text to outcome: strict parse, validate, sanitise, route, typed
    /// parameters.
    func sdkPipeline() -> Workload {
        let receiver = receiver
        let links = pipelineLinks.map(\.text)
        return Workload(label: "DeepLinks `LinkReceiver.receive`", operations: links.count) {
            var checksum = 0
            for text in links {
                if case .route(let match) = receiver.receive(url: text).outcome {
                    checksum &+= match.parameters.count
                }
            }
            return checksum
        }
    }

    /// What a server developer writes today: `URLComponents`, the checks the SDK's gate makes
    /// that an app would write by hand (scheme, host, no credentials, no empty
    /// segment), routing-kit, the parameters checked and converted, the query items the
    /// route reads checked.
    func peerPipeline() -> Workload {
        let peer = peer
        let links = pipelineLinks.map(\.text)
        let logger = logger
        let hosts = Set(corpus.policy.allowedHosts.map(\.description))
        return Workload(label: "`URLComponents` + routing-kit + checks", operations: links.count) {
            var checksum = 0
            for text in links {
                if let resolution = Self.peerResolve(text, peer, hosts, logger) {
                    checksum &+= resolution.parameters.count
                }
            }
            return checksum
        }
    }

    static func peerResolve(
        _ text: String, _ peer: TrieRouter<RouteCorpus.PeerRoute>, _ hosts: Set<String>, _ logger: Logger
    ) -> Resolution? {
        guard let components = URLComponents(string: text), components.scheme == "https",
            let host = components.host, hosts.contains(host), components.user == nil,
            components.password == nil
        else { return nil }
        var path = [host]
        let segments = components.percentEncodedPath.split(separator: "/", omittingEmptySubsequences: false)
        for segment in segments.dropFirst() {
            guard !segment.isEmpty else { return nil }
            path.append(String(segment))
        }
        var parameters = Parameters(logger)
        guard let route = peer.route(path: path, parameters: &parameters),
            let resolution = typed(route, parameters)
        else { return nil }
        guard route.readsListQuery else { return resolution }
        var values = resolution.parameters
        let items = components.queryItems ?? []
        let pages = items.filter { $0.name == "page" }
        guard pages.count <= 1 else { return nil }
        if let page = pages.first {
            guard let text = page.value, let value = canonicalInteger(text, in: 1...1_000) else { return nil }
            values["page"] = .integer(value)
        } else {
            values["page"] = .integer(1)
        }
        let sorts = items.filter { $0.name == "sort" }
        guard sorts.count <= 1 else { return nil }
        if let sort = sorts.first {
            guard let value = sort.value, ["new", "top", "name"].contains(value) else { return nil }
            values["sort"] = .string(value)
        }
        return Resolution(route: route.name, parameters: values)
    }

    /// Checks that both pipelines give every link the same route and the same values, and
    /// refuse the same links.
    func checkPipelinesAgree() throws {
        let hosts = Set(corpus.policy.allowedHosts.map(\.description))
        for (text, route, hostile) in pipelineLinks {
            var sdk: Resolution?
            if case .route(let match) = receiver.receive(url: text).outcome {
                sdk = Resolution(match.route, match.parameters)
            }
            let other = Self.peerResolve(text, peer, hosts, logger)
            // A hostile link may still lead to a route (an explicit port is allowed); both
            // sides must agree on it all the same.
            guard sdk == other, hostile || sdk?.route == route else {
                throw DisagreementError(
                    description:
                        "for \(text) the SDK gives \(String(describing: sdk)), the peer "
                        + "\(String(describing: other)), expected \(route ?? "no route")")
            }
        }
    }
}
