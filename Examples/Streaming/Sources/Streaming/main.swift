// A streaming app's last step, run on any platform: links become navigation stacks, and a link
// that arrives at a cold start, before sign-in, waits and then opens.
//
// The route table (routes.json beside this package) says where each screen sits (`parent`) and
// what it needs (`requires`); the app only says which conditions hold and what to show.
import DeepLinks
import Foundation

/// This package's folder, where routes.json is.
let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

/// The app's screens, one per route.
enum Screen: Sendable, Equatable, CustomStringConvertible {
    case home, cart, checkout
    case title(Title), season(Season), episode(Episode)

    var description: String {
        switch self {
        case .home: "Home"
        case .cart: "Cart"
        case .checkout: "Checkout"
        case .title(let value): "Title \(value.title)"
        case .season(let value): "Season \(value.season)"
        case .episode(let value): "Episode \(value.episode)" + (value.t.map { " from \($0) s" } ?? "")
        }
    }
}

struct Title: RouteValue, Equatable {
    static let route = "title"
    var title: String
}

struct Season: RouteValue, Equatable {
    static let route = "season"
    var title: String
    var season: Int
}

struct Episode: RouteValue, Equatable {
    static let route = "episode"
    var title: String
    var season: Int
    var episode: Int
    var t: Int?
}

let table = try RouteTable(json: Data(contentsOf: folder.appendingPathComponent("routes.json")))
let receiver = try LinkReceiver(
    table: table, policy: LinkPolicy(allowedHosts: ["reel.example"]),
    schemes: SchemeRegistry([CustomScheme("reel", host: .domain(["reel.example"]))]))
let screens = try TypedRoutes<Screen>(
    router: receiver.router,
    [
        .route("home", .home), .route("cart", .cart), .route("checkout", .checkout),
        .route(Title.self, Screen.title), .route(Season.self, Screen.season),
        .route(Episode.self, Screen.episode),
    ])

/// What the app does with each action of the holder: here, print it.
func perform(_ actions: [LinkHolder.Action]) {
    if actions.isEmpty { print("  (nothing to do yet)") }
    for action in actions {
        switch action {
        case .open(let decision):
            if let match = decision.match, let stack = try? screens.path(for: match) {
                print("  open the stack: " + stack.map(\.description).joined(separator: " → "))
            } else {
                print("  open: \(decision)")
            }
        case .askToConfirm(let decision):
            print("  ask the user to confirm '\(decision.match?.route ?? "")'")
        case .hold(let decision, let missing):
            let waiting = missing.isEmpty ? "the interface" : missing.sorted().joined(separator: ", ")
            print("  held (\(decision.match?.route ?? "")), waiting for \(waiting)")
        case .drop(let decision, let reason):
            print("  dropped (\(decision.match?.route ?? "")): \(reason.rawValue)")
        }
    }
}

let launch = ContinuousClock.now
func at(_ seconds: Int) -> ContinuousClock.Instant { launch + .seconds(seconds) }
var holder = LinkHolder(router: receiver.router, expiry: .seconds(600), interfaceReady: false)

print("cold start with https://reel.example/cart/checkout (the cart needs sign-in)")
perform(holder.receive(receiver.receive(url: "https://reel.example/cart/checkout"), at: at(0)))
print("the first screen is ready")
perform(holder.interfaceIsReady(at: at(1)))
print("the user signs in")
perform(holder.update(conditions: ["signedIn"], at: at(30)))
print("the user confirms")
perform(holder.confirmed(at: at(32)))

print("a universal link to an episode, at 12:34")
perform(
    holder.receive(
        receiver.receive(url: "https://reel.example/title/tt0111161/season/2/episode/5?t=754"), at: at(40)))

print("signed out, a custom-scheme link to the cart, then the user waits too long")
perform(holder.update(conditions: [], at: at(50)))
perform(holder.receive(receiver.receive(url: "reel://reel.example/cart"), at: at(51)))
perform(holder.update(conditions: ["signedIn"], at: at(51 + 601)))
