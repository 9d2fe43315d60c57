// Expected: refused. An input of parts split elsewhere reads the caller's strings in place:
// kept past the closure that lends them, it would read strings that may be gone.
func probeKeepsAMatchInput() -> Int {
    let kept: MatchInput = MatchInput.withParts(
        scheme: "https", host: "shop.example.com", pathSegments: ["albums"], queryItems: [],
        fragment: nil, options: RoutingOptions()
    ) { $0 }
    return kept.count
}
