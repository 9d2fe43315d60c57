// swift-tools-version: 6.0
// Benchmarks of the SDK against its peers, measured side by side in one process.
//
//   swift run -c release --package-path Benchmarks link-benchmarks [--quick]
//
// This package is separate so that the SDK itself keeps no package dependencies.
import PackageDescription

let package = Package(
    name: "DeepLinksBenchmarks",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "link-benchmarks", targets: ["LinkBenchmarks"]),
        .executable(name: "small-app", targets: ["SmallApp"]),
    ],
    dependencies: [
        .package(name: "swift-deep-links", path: ".."),
        .package(url: "https://github.com/vapor/routing-kit.git", from: "4.9.3"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.5.3"),
        .package(url: "https://github.com/ordo-one/malloc-interposer.git", from: "1.6.1"),
    ],
    targets: [
        // glibc's heap counters, which Swift's Glibc module does not expose.
        .target(name: "CHeapUsage"),
        // The smallest app the SDK is for: its size is what an app pays for the SDK.
        .executableTarget(
            name: "SmallApp", dependencies: [.product(name: "DeepLinks", package: "swift-deep-links")]),
        .executableTarget(
            name: "LinkBenchmarks",
            dependencies: [
                "CHeapUsage",
                .product(name: "DeepLinks", package: "swift-deep-links"),
                .product(name: "DeepLinksJSON", package: "swift-deep-links"),
                .product(name: "AssociatedDomains", package: "swift-deep-links"),
                .product(name: "LinkAudit", package: "swift-deep-links"),
                .product(name: "LinkPreviews", package: "swift-deep-links"),
                .product(name: "ShortLinks", package: "swift-deep-links"),
                .product(name: "ShortLinkServer", package: "swift-deep-links"),
                .product(name: "RoutingKit", package: "routing-kit"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "MallocInterposerSwift", package: "malloc-interposer"),
            ],
            // Writes `init(parameters:)` for the typed workload's generated route values.
            plugins: [.plugin(name: "RouteValueReaders", package: "swift-deep-links")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
