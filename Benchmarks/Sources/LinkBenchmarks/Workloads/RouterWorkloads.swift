import DeepLinks
import Foundation
import Logging
import RoutingKit

/// A typed value as both sides report it, so that their answers can be compared.
enum TypedValue: Equatable, CustomStringConvertible {
    case integer(Int)
    case string(String)
    case segments([String])

    init?(_ value: ParameterValue) {
        switch value {
        case .integer(let v): self = .integer(v)
        case .string(let v): self = .string(v)
        case .segments(let v): self = .segments(v)
        default: return nil
        }
    }

    var description: String {
        switch self {
        case .integer(let v): "\(v)"
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
    let router: DeepLinks.Router
    let receiver: LinkReceiver
    let peer: TrieRouter<RouteCorpus.PeerRoute>
    let logger = Logger(label: "benchmarks")

    init(_ corpus: RouteCorpus) throws {
        self.corpus = corpus
        let table = corpus.routeTable
        router = try DeepLinks.Router(table)
        receiver = try LinkReceiver(table: table, policy: corpus.policy)
        peer = corpus.peerRouter()
    }

    // MARK: - Router only

    /// The SDK's lookup on pre-split segments; the result carries typed, validated parameters.
    func sdkLookups() -> Workload {
        let router = router
        let probes = corpus.probes
        return Workload(label: "DeepLinks `Router.lookup`", operations: probes.count) {
            var checksum = 0
            for probe in probes {
                if let found = router.lookup(scheme: "https", host: probe.host, pathSegments: probe.segments)
                {
                    checksum &+= found.parameters.count
                }
            }
            return checksum
        }
    }

    /// routing-kit's lookup on the host and the same segments; parameters stay strings.
    func peerLookups() -> Workload {
        let peer = peer
        let probes = corpus.probes
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

    /// Checks that both routers give every probe the same route and the same values.
    func checkLookupsAgree() throws {
        for probe in corpus.probes {
            guard let found = router.lookup(scheme: "https", host: probe.host, pathSegments: probe.segments)
            else {
                throw DisagreementError(description: "the SDK found no route for \(probe.text)")
            }
            var parameters = Parameters(logger)
            guard let other = peer.route(path: probe.peerPath, parameters: &parameters) else {
                throw DisagreementError(description: "routing-kit found no route for \(probe.text)")
            }
            let sdk = Resolution(found.route.name, found.parameters)
            let pathOnly = sdk.parameters.filter { name, _ in other.parameters.contains { $0.name == name } }
            let peerResolution = Self.typed(other, parameters)
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

    /// routing-kit's string parameters converted the way an app would.
    static func typed(_ route: RouteCorpus.PeerRoute, _ parameters: Parameters) -> Resolution? {
        var values: [String: TypedValue] = [:]
        for (name, kind) in route.parameters {
            switch kind {
            case .identifier:
                guard let value = parameters.get(name, as: Int.self) else { return nil }
                values[name] = .integer(value)
            case .slug:
                guard let value = parameters.get(name) else { return nil }
                values[name] = .string(value)
            case .segments:
                values[name] = .segments(parameters.getCatchall())
            }
        }
        return Resolution(route: route.name, parameters: values)
    }

    // MARK: - Whole pipeline

    /// The SDK from link text to outcome: strict parse, validate, sanitise, route, typed
    /// parameters, canonical link.
    func sdkPipeline() -> Workload {
        let receiver = receiver
        let probes = corpus.probes
        return Workload(label: "DeepLinks `LinkReceiver.outcome`", operations: probes.count) {
            var checksum = 0
            for probe in probes {
                if case .route(let match) = receiver.receive(url: probe.text).outcome {
                    checksum &+= match.parameters.count
                }
            }
            return checksum
        }
    }

    /// What a server developer writes today: `URLComponents`, split the path, routing-kit,
    /// convert the parameters, read the query items the route needs.
    func peerPipeline() -> Workload {
        let peer = peer
        let probes = corpus.probes
        let logger = logger
        return Workload(label: "`URLComponents` + routing-kit", operations: probes.count) {
            var checksum = 0
            for probe in probes {
                if let resolution = Self.peerResolve(probe.text, peer, logger) {
                    checksum &+= resolution.parameters.count
                }
            }
            return checksum
        }
    }

    static func peerResolve(
        _ text: String, _ peer: TrieRouter<RouteCorpus.PeerRoute>, _ logger: Logger
    ) -> Resolution? {
        guard let components = URLComponents(string: text), let host = components.host else { return nil }
        var path = [host]
        for segment in components.percentEncodedPath.split(separator: "/") { path.append(String(segment)) }
        var parameters = Parameters(logger)
        guard let route = peer.route(path: path, parameters: &parameters),
            let resolution = typed(route, parameters)
        else { return nil }
        guard route.readsListQuery else { return resolution }
        var values = resolution.parameters
        let items = components.queryItems ?? []
        values["page"] = .integer(items.first { $0.name == "page" }?.value.flatMap { Int($0) } ?? 1)
        if let sort = items.first(where: { $0.name == "sort" })?.value { values["sort"] = .string(sort) }
        return Resolution(route: route.name, parameters: values)
    }

    /// Checks that both pipelines give every probe link the same route and the same values.
    func checkPipelinesAgree() throws {
        for probe in corpus.probes {
            guard case .route(let match) = receiver.receive(url: probe.text).outcome else {
                throw DisagreementError(
                    description:
                        "the SDK does not route \(probe.text): \(receiver.receive(url: probe.text).outcome)")
            }
            let sdk = Resolution(match.route, match.parameters)
            let other = Self.peerResolve(probe.text, peer, logger)
            guard sdk == other, sdk.route == probe.route else {
                throw DisagreementError(
                    description:
                        "for \(probe.text) the SDK gives \(sdk), the peer \(String(describing: other))")
            }
        }
    }
}
