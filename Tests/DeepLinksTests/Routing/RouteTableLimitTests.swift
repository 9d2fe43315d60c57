import DeepLinks
import DeepLinksJSON
import Foundation
import Testing

@Suite("Route tables have limits: 50,000 routes, 4 MiB of JSON, and checking that stays near-linear")
struct RouteTableLimitTests {
    /// A generated table in which every route shares its first literal, as tables generated
    /// from a catalogue do: the shape that made the old pairwise check quadratic.
    static func generatedTable(routes count: Int) -> RouteTable {
        let hosts = ["example.com", "shop.example.com", "m.example.com", "eu.example.com", "us.example.com"]
        var routes: [Route] = []
        routes.reserveCapacity(count)
        var i = 0
        while routes.count < count {
            let scope = RouteScope(schemes: ["https"], hosts: [HostPattern(hosts[i % hosts.count])])
            let section = "section-\(i)"
            routes.append(
                Route(
                    "\(section).show", PathPattern(parsing: "/catalog/\(section)/:id(int 1...999999)"),
                    scope: scope))
            if routes.count < count {
                routes.append(
                    Route(
                        "\(section).edit",
                        PathPattern(parsing: "/catalog/\(section)/:id(int 1...999999)/edit"), scope: scope))
            }
            i += 1
        }
        return RouteTable(routes: routes)
    }

    @Test("a generated table of 10,000 routes sharing their first literal builds and routes")
    func tenThousandRoutesBuild() throws {
        let table = Self.generatedTable(routes: 10_000)
        #expect(table.findings().isEmpty)
        let router = try Router(table)
        let link = try LinkGate().parse("https://shop.example.com/catalog/section-4321/77/edit")
        #expect(router.match(link)?.name == "section-4321.edit")
        #expect(router.match(link)?.parameters == ["id": 77])
    }

    @Test("a table of exactly 50,000 routes is within the limit")
    func limitIsInclusive() {
        let routes = (0..<RouteTable.maximumRouteCount).map {
            Route("r\($0)", PathPattern(parsing: "/r\($0)"))
        }
        let findings = RouteTable(routes: routes).findings()
        #expect(!findings.contains { if case .tooManyRoutes = $0 { true } else { false } })
    }

    @Test("pins: a table of 50,001 routes is refused with tooManyRoutes, before anything else is checked")
    func tableOverRouteLimitIsRefused() {
        // Every route is a duplicate of the first: none of that is checked or reported.
        let routes = (0...RouteTable.maximumRouteCount).map { Route("r\($0)", "/same") }
        let table = RouteTable(routes: routes)
        #expect(table.findings() == [.tooManyRoutes(count: 50_001, limit: 50_000)])
        #expect(throws: RouteTableError(findings: [.tooManyRoutes(count: 50_001, limit: 50_000)])) {
            try Router(table)
        }
        #expect(
            RouteTableFinding.tooManyRoutes(count: 50_001, limit: 50_000).description
                == "the table has 50001 routes and at most 50000 are allowed; split it by host or scheme, "
                + "or use parameters instead of one route per value")
    }

    @Test("pins: route-table JSON over 4 MiB is refused before it is decoded")
    func jsonOverByteLimitIsRefused() throws {
        // Not even JSON: the size alone decides.
        let data = Data(repeating: UInt8(ascii: "x"), count: RouteTable.maximumJSONBytes + 1)
        #expect(throws: RouteTableJSONError.tooLarge(bytes: 4_194_305, limit: 4_194_304)) {
            try RouteTable(json: data)
        }
        #expect(
            RouteTableJSONError.tooLarge(bytes: 4_194_305, limit: 4_194_304).description
                == "the route table is 4194305 bytes of JSON; at most 4194304 are read")
    }

    @Test("receiver-configuration JSON over the route table's 4 MiB is refused before it is decoded")
    func configurationJSONOverByteLimitIsRefused() throws {
        #expect(LinkReceiver.Configuration.maximumJSONBytes == RouteTable.maximumJSONBytes)
        let data = Data(repeating: UInt8(ascii: "x"), count: LinkReceiver.Configuration.maximumJSONBytes + 1)
        #expect(throws: LinkReceiver.ConfigurationJSONError.tooLarge(bytes: 4_194_305, limit: 4_194_304)) {
            try LinkReceiver.Configuration(json: data)
        }
        #expect(
            LinkReceiver.ConfigurationJSONError.tooLarge(bytes: 4_194_305, limit: 4_194_304).description
                == "the receiver configuration is 4194305 bytes of JSON; at most 4194304 are read")
        // Within the limit it reads as `Codable` does, and refuses a repeated key.
        let configuration = try LinkReceiver.Configuration(
            json: Data(#"{"policy": {"allowedHosts": ["example.com"]}}"#.utf8))
        #expect(
            configuration == LinkReceiver.Configuration(policy: LinkPolicy(allowedHosts: ["example.com"])))
        #expect(throws: LinkReceiver.ConfigurationJSONError.self) {
            try LinkReceiver.Configuration(json: Data(#"{"schemes": [], "schemes": []}"#.utf8))
        }
    }

    @Test("route-table JSON up to the limit decodes with the same meaning as Codable")
    func jsonWithinLimitDecodes() throws {
        let table = Self.generatedTable(routes: 10_000)
        let data = try JSONEncoder().encode(table)
        #expect(data.count < RouteTable.maximumJSONBytes)
        #expect(try RouteTable(json: data) == table)
        #expect(
            throws: RouteTableJSONError.invalid(
                reason:
                    "the data is not valid JSON: expected a string key but found the end of the text at line 1, column 2"
            )
        ) {
            try RouteTable(json: Data("{".utf8))
        }
        #expect(throws: RouteTableJSONError.invalid(reason: "at $: the key 'routes' is missing")) {
            try RouteTable(json: Data("{}".utf8))
        }
    }
}
