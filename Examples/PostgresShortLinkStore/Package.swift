// swift-tools-version: 6.0
// A short-link store in PostgreSQL, for a site on several machines that share one database. It
// is its own package so that the SDK's dependency graph stays empty.
//
// CI builds this package within Examples/VaporPreviewServer, whose test target
// PostgresShortLinkStoreTests runs the store's conformance checks against a real server
// (scripts/check-postgres-store.sh): that package already builds SwiftNIO and its companions.
import PackageDescription

let package = Package(
    name: "PostgresShortLinkStore",
    platforms: [.macOS(.v14)],
    products: [
        .library(name: "PostgresShortLinkStore", targets: ["PostgresShortLinkStore"])
    ],
    dependencies: [
        .package(name: "swift-deep-links", path: "../.."),
        .package(url: "https://github.com/vapor/postgres-nio.git", from: "1.33.2"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
    ],
    targets: [
        .target(
            name: "PostgresShortLinkStore",
            dependencies: [
                .product(name: "ShortLinks", package: "swift-deep-links"),
                .product(name: "ShortLinkServer", package: "swift-deep-links"),
                .product(name: "LinkPreviews", package: "swift-deep-links"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Logging", package: "swift-log"),
            ])
    ],
    swiftLanguageModes: [.v6]
)
