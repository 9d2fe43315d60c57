// Expected: accepted. The views used inside the closures that lend them.
func probeUsesAByteView(_ bytes: [UInt8]) -> Int {
    ByteView.withBytes(of: bytes) { view in view.count + Int(view.slice(0..<1)[0]) }
}

func probeReadsALink(_ link: Link) -> Int {
    link.storage.segmentCount + link.storage.itemCount
}

func probeUsesAMatchInput() -> Int {
    MatchInput.withParts(
        scheme: "https", host: "shop.example.com", pathSegments: ["albums"], queryItems: [],
        fragment: nil, options: RoutingOptions()
    ) { input in input.count + input[0].utf8.count }
}
