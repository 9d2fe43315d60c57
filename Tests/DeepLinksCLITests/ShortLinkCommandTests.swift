import Foundation
import ShortLinkServer
import Testing

@testable import DeepLinksCLI

@Suite("shortlink create, show, list, expire, stats")
struct ShortLinkCommandTests {
    static let table = PackagePaths.root.appendingPathComponent(
        "Tests/Fixtures/deeplinks-cli/shortlink-routes.json"
    ).path

    static func withStore(_ body: (String) async throws -> Void) async rethrows {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent(
            "cli-\(UUID().uuidString).sqlite"
        ).path
        defer {
            for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
        }
        try await body(path)
    }

    static func create(_ store: String, _ extra: [String]) async -> ToolRun {
        await runInProcess(
            ["shortlink", "create", "--store", store, "--table", table, "--host", "shop.example.com"] + extra)
    }

    @Test("create: a random and a vanity code; show, list and expire them")
    func lifecycle() async throws {
        try await Self.withStore { store in
            let random = await Self.create(
                store, ["--json", "https://shop.example.com/p/42?utm_source=mail"])
            #expect(random.status == 0)
            let url = try #require(try random.json()["url"] as? String)
            #expect(
                url.hasPrefix("https://shop.example.com/s/")
                    && url.count == "https://shop.example.com/s/".count + 13)
            let vanity = await Self.create(
                store,
                ["--code", "spring-sale", "--expires-at", "4102444800", "https://shop.example.com/p/7"])
            #expect(vanity.status == 0)
            #expect(
                vanity.standardOutput.hasPrefix(
                    "https://shop.example.com/s/spring-sale\n  link:    https://shop.example.com/p/7\n  route:   product\n"
                ))
            #expect(vanity.standardOutput.contains("  expires: 4102444800\n"))
            let shown = await runInProcess(["shortlink", "show", "--store", store, "--json", "spring-sale"])
            let link = try #require(try shown.json()["link"] as? [String: Any])
            #expect(
                (link["expansion"] as? [String: Any])?["link"] as? String == "https://shop.example.com/p/7")
            let listed = await runInProcess(["shortlink", "list", "--store", store, "--json"])
            #expect((try listed.json()["links"] as? [Any])?.count == 2)
            let expired = await runInProcess([
                "shortlink", "expire", "--store", store, "spring-sale", "--json",
            ])
            let expiry = try #require(
                ((try expired.json()["link"] as? [String: Any])?["expansion"] as? [String: Any])?["expiresAt"]
                    as? Int)
            #expect(expiry < 4_102_444_800)
            #expect(
                await runInProcess(["shortlink", "stats", "--store", store]).standardOutput == "no counts\n")
        }
    }

    @Test("refusals: exit 1 with the reason; a bad code or store exit 3; a missing option exit 2")
    func refusals() async throws {
        await Self.withStore { store in
            let destructive = await Self.create(store, ["https://shop.example.com/account/delete"])
            #expect(destructive.status == 1)
            #expect(
                destructive.standardOutput
                    == "REFUSED: the link leads to the destructive route 'deleteAccount': a short link never changes or deletes data\n"
            )
            _ = await Self.create(store, ["--code", "taken", "https://shop.example.com/p/1"])
            let taken = await Self.create(
                store, ["--code", "taken", "https://shop.example.com/p/2", "--json"])
            #expect(taken.status == 1)
            #expect(
                (try? taken.json())?["reason"] as? String == "the code 'taken' is taken by another short link"
            )
            #expect(await runInProcess(["shortlink", "show", "--store", store, "nope"]).status == 1)
            #expect(await runInProcess(["shortlink", "show", "--store", store, "NOPE"]).status == 3)
            #expect(await runInProcess(["shortlink", "show", "nope"]).status == 2)
            #expect(await runInProcess(["shortlink", "list", "--store", store, "--limit", "0"]).status == 2)
            #expect(
                await runInProcess(["shortlink", "show", "--store", "/nonexistent-folder/x.sqlite", "abc"])
                    .status == 3)
            let noRoute = await runInProcess([
                "shortlink", "create", "--store", store, "--table",
                PackagePaths.root.appendingPathComponent("Tests/Fixtures/deeplinks-cli/routes.json").path,
                "--host", "photos.example.com", "https://photos.example.com/albums/summer",
            ])
            #expect(noRoute.status == 3)
        }
    }

    @Test("create --title/--description/--image: the preview override is kept, shown, and checked")
    func previewOverride() async throws {
        try await Self.withStore { store in
            let made = await Self.create(
                store,
                [
                    "--code", "sale", "--title", "Spring sale", "--image",
                    "https://shop.example.com/spring.jpg",
                    "https://shop.example.com/p/7",
                ])
            #expect(made.status == 0)
            #expect(
                made.standardOutput.hasSuffix(
                    "  preview title: Spring sale\n  preview image: https://shop.example.com/spring.jpg\n"))
            let shown = await runInProcess(["shortlink", "show", "--store", store, "--json", "sale"])
            let link = try #require(try shown.json()["link"] as? [String: Any])
            let preview = try #require(link["preview"] as? [String: Any])
            #expect(preview["title"] as? String == "Spring sale")
            #expect(
                (preview["image"] as? [String: Any])?["url"] as? String
                    == "https://shop.example.com/spring.jpg")
            let refused = await Self.create(
                store, ["--image", "http://shop.example.com/a.jpg", "https://shop.example.com/p/8"])
            #expect(refused.status == 1)
            #expect(refused.standardOutput.hasPrefix("REFUSED: the field 'preview' is invalid: "))
        }
    }
}
