// A streaming app's last step, run on any platform: links become navigation stacks, and a link
// that arrives at a cold start, before sign-in, waits and then opens.
//
// The route table and the receiver configuration are declared in Swift (StreamingRoutes); the
// same table and configuration are kept as JSON beside this package (routes.json, config.json),
// which the command line reads, and the package's tests prove both route alike. The table says
// where each screen sits (`parent`), what it needs (`requires`), the shape of a title id and of
// a gift code (`types`) and that a locale may come first (`/de/title/…`); the app only says which
// conditions hold and what to show.
import DeepLinks
import Foundation
import StreamingRoutes

let receiver = try StreamingRoutes.receiver()
let screens = try Screen.routes(receiver)

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

print("the same title's German page: the locale prefix is optional")
perform(holder.receive(receiver.receive(url: "https://reel.example/de/title/tt0111161"), at: at(41)))

print("Handoff from another device: the activity says 'position', the link's 't'")
let watching = try UserActivity(
    activityType: StreamingRoutes.watching,
    userInfo: ["title": "tt0111161", "season": 2, "episode": 5, "position": 754])
perform(holder.receive(receiver.receive(watching), at: at(42)))

print("a gift code to redeem (sensitive), then the user confirms")
perform(
    holder.receive(receiver.receive(url: "https://reel.example/es/redeem?code=ABCD-EFGH-2345"), at: at(43)))
perform(holder.confirmed(at: at(44)))

print("/name/redeem is a person's page: 'name' is no locale, so it is not shaped like the redemption")
perform(holder.receive(receiver.receive(url: "https://reel.example/name/redeem"), at: at(45)))

print("a title id that is not tt + 7 or 8 digits: the web page opens instead")
print("  " + receiver.receive(url: "https://reel.example/title/123456789").description)

print("signed out, a custom-scheme link to the cart, then the user waits too long")
perform(holder.update(conditions: [], at: at(50)))
perform(holder.receive(receiver.receive(url: "reel://reel.example/cart"), at: at(51)))
perform(holder.update(conditions: ["signedIn"], at: at(51 + 601)))
