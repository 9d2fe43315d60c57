import DeepLinks
import DeepLinksJSON
import Foundation

/// Building a compiled table, and reading a table from JSON.
enum TableWorkloads {
    /// Making a table of the declared routes and compiling it (validation included) beside
    /// routing-kit registering the same routes; one operation is one whole table. The table is
    /// made inside the measured pass, so work the table does when it is created (sharing equal
    /// scopes and query lists) is counted too.
    static func builds(_ corpus: RouteCorpus) -> (sdk: Workload, peer: Workload) {
        let routes = corpus.routes
        let sdk = Workload(label: "DeepLinks `Router(RouteTable(routes:))`", operations: 1) {
            (try? DeepLinks.Router(RouteTable(routes: routes)))?.routes.count ?? -1
        }
        let peer = Workload(label: "routing-kit `TrieRouter.register`", operations: 1) {
            blackHole(corpus.peerRouter())
            return 1
        }
        return (sdk, peer)
    }

    /// One route's name and path, the least a table could be read as.
    struct PlainRoute: Codable {
        let name: String
        let path: String
    }

    /// The table's JSON.
    static func tableJSON(_ corpus: RouteCorpus) throws -> Data {
        try JSONEncoder().encode(corpus.routeTable)
    }

    /// The same names and paths as a plain JSON list.
    static func plainJSON(_ corpus: RouteCorpus) throws -> Data {
        try JSONEncoder().encode(
            corpus.routeTable.routes.map { PlainRoute(name: $0.name, path: $0.path.text) })
    }

    /// Decoding the table's JSON (paths, types and scopes parsed and checked) beside decoding
    /// the names and paths as plain strings; one operation is one whole table.
    static func decodes(_ corpus: RouteCorpus) throws -> (sdk: Workload, peer: Workload) {
        let table = try tableJSON(corpus)
        let plain = try plainJSON(corpus)
        let sdk = Workload(label: "`RouteTable(json:)`", operations: 1) {
            (try? RouteTable(json: table))?.routes.count ?? -1
        }
        let peer = Workload(label: "`JSONDecoder` → `[PlainRoute]` (name, path)", operations: 1) {
            (try? JSONDecoder().decode([PlainRoute].self, from: plain))?.count ?? -1
        }
        return (sdk, peer)
    }
}

/// The cases whose instructions are counted, by name, for the child process.
enum InstructionCases {
    static func workload(case name: String, side: String) throws -> Workload {
        let sdk = side == "sdk"
        if name.hasPrefix("router-deep-"), let count = Int(name.dropFirst("router-deep-".count)) {
            let workloads = try RouterWorkloads(RouterSuite.corpus(routeCount: count), deepMisses: true)
            return sdk ? workloads.sdkLookups() : workloads.peerLookups()
        }
        if name.hasPrefix("router-"), let count = Int(name.dropFirst("router-".count)) {
            let workloads = try RouterWorkloads(RouterSuite.corpus(routeCount: count))
            return sdk ? workloads.sdkLookups() : workloads.peerLookups()
        }
        if name.hasPrefix("pipeline-"), let count = Int(name.dropFirst("pipeline-".count)) {
            let workloads = try RouterWorkloads(RouterSuite.corpus(routeCount: count))
            return sdk ? workloads.sdkPipeline() : workloads.peerPipeline()
        }
        if name.hasPrefix("build-"), let count = Int(name.dropFirst("build-".count)) {
            let builds = TableWorkloads.builds(RouteCorpus(routeCount: count, probeCount: 0))
            return sdk ? builds.sdk : builds.peer
        }
        if name.hasPrefix("decode-"), let count = Int(name.dropFirst("decode-".count)) {
            let decodes = try TableWorkloads.decodes(RouteCorpus(routeCount: count, probeCount: 0))
            return sdk ? decodes.sdk : decodes.peer
        }
        if name.hasPrefix("launch-") {
            let parts = name.split(separator: "-")
            if parts.count == 3, let count = Int(parts[2]) {
                return parts[1] == "json"
                    ? try AppCostWorkloads.launchFromJSON(routeCount: count)
                    : AppCostWorkloads.launchFromSwift(routeCount: count)
            }
        }
        if name.hasPrefix("typed-") {
            let prepared = try TypedWorkloads.prepare()
            switch name {
            case "typed-destination": return TypedWorkloads.destinations(prepared)
            case "typed-destination-by-hand": return TypedWorkloads.destinations(prepared, reading: .byHand)
            case "typed-destination-generated":
                return TypedWorkloads.destinations(prepared, reading: .generated)
            case "typed-link": return TypedWorkloads.linksToScreens(prepared)
            case "typed-link-by-hand": return TypedWorkloads.linksToScreens(prepared, reading: .byHand)
            case "typed-link-generated": return TypedWorkloads.linksToScreens(prepared, reading: .generated)
            case "typed-receive": return TypedWorkloads.receptions(prepared)
            default: break
            }
        }
        if SiteWorkloads.instructionCases.contains(name) {
            return try SiteWorkloads.instructionCase(name)
        }
        if name.hasPrefix("assoc-") {
            return try AssociationWorkloads.sideBySideWorkload(case: name, sdk: sdk)
        }
        throw DisagreementError(description: "unknown instruction case '\(name)'")
    }
}
