// Decides good, malformed and hostile links from every source for the shop's route table and
// prints what the app does with each: the typed screen, a confirmation, Safari, or a refusal.
import DeepLinks
import Foundation

do {
    let receiver = try LinkReceiver(table: ShopRoutes.table, configuration: ShopRoutes.configuration)
    let screens = try Screen.mapping(receiver)
    let handoff = try receiver.userActivity(
        for: Screen.Product(id: 7), activityType: ShopRoutes.viewingProduct)

    let samples: [(kind: String, link: IncomingLink)] = [
        ("good", .url("https://shop.example.com/products/42?utm_source=mail")),
        ("good", .url("https://www.shop.example.com/c/shoes")),
        ("good", .url("https://shop.example.com/c/shoes/3")),
        ("good", .url("https://shop.example.com/search?q=red%20shoes")),
        ("good", .url("shop://cart")),
        ("good", .url("https://shop.example.com/orders/0f0e0d0c-0b0a-0908-0706-050403020100/cancel")),
        ("good", .url("shop://promo/black-friday/shoes")),
        ("good", .activity(handoff)),
        ("good", .smartAppBanner(content: "app-id=1234567890, app-argument=shop://products/42")),
        ("malformed", .url("https://shop.example.com/products/0")),
        ("malformed", .url("https://shop.example.com/c/shoes/0")),
        ("malformed", .url("https://shop.example.com/search")),
        ("malformed", .url("https://shop.example.com/products/42%zz")),
        (
            "malformed",
            .activity(try UserActivity(activityType: ShopRoutes.viewingProduct, userInfo: ["id": "42"]))
        ),
        ("malformed", .smartAppBanner(content: "app-id=shop, app-argument=shop://cart")),
        ("hostile", .url(#"https://shop.example.com\@evil.com/products/1"#)),
        ("hostile", .url("https://evil.com/products/42")),
        ("hostile", .url("https://shop.example.com/orders/%2e%2e/cancel")),
        ("hostile", .url("shop://cart:80/")),
        ("hostile", .url("shop:cart")),
        ("hostile", .url("https://shop.example.com/search?q=%E2%80%AEgnp.exe")),
        ("hostile", .activity(try UserActivity(activityType: "com.other.app.viewing"))),
    ]
    var reached: [String: (Int, Int)] = [:]
    for sample in samples {
        let decision = receiver.receive(sample.link)
        let what: String
        switch decision.outcome {
        case .route(let match):
            what = "show \(screens.destination(for: match).map(String.init(describing:)) ?? "?")"
        case .confirm(let match):
            what =
                "ask first: \(screens.destination(for: match).map(String.init(describing:)) ?? "?") (\(match.safety))"
        case .openInBrowser(let link, let reason): what = "open \(link.original) in Safari: \(reason)"
        case .reject(let reason): what = "discard: \(reason)"
        }
        print("[\(sample.kind)] \(decision.source): \(sample.link)")
        print("    -> \(what)")
        let routed = decision.match != nil ? 1 : 0
        reached[sample.kind, default: (0, 0)] = (
            reached[sample.kind, default: (0, 0)].0 + 1, reached[sample.kind, default: (0, 0)].1 + routed
        )
    }
    for kind in ["good", "malformed", "hostile"] {
        let (count, routed) = reached[kind, default: (0, 0)]
        print("\(count) \(kind) (\(routed) reached a route)")
    }
    guard reached["good"]?.1 == reached["good"]?.0, reached["malformed"]?.1 == 0, reached["hostile"]?.1 == 0
    else {
        print("the shop's samples did not decide as expected")
        exit(1)
    }
} catch {
    print("the shop's routes are invalid: \(error)")
    exit(1)
}
