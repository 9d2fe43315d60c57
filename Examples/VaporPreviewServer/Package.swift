// swift-tools-version: 6.0
// The photo-album site served with Vapor: the same SiteResponder as the Hummingbird example
// (Examples/PreviewServer, whose PhotoAlbumSite target it reuses), behind a Vapor adapter. It
// is its own package so that the SDK's dependency graph stays empty.
import PackageDescription

let package = Package(
    name: "VaporPreviewServer",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(name: "swift-deep-links", path: "../.."),
        .package(name: "PreviewServer", path: "../PreviewServer"),
        .package(url: "https://github.com/vapor/vapor.git", from: "4.122.3"),
        // SwiftNIO's HTTP/1.1 pipeline, for the server that keeps the raw request target.
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.3"),
        // The PostgreSQL short-link store, whose conformance tests run here: this package builds
        // SwiftNIO and its companions already.
        .package(name: "PostgresShortLinkStore", path: "../PostgresShortLinkStore"),
        .package(url: "https://github.com/vapor/postgres-nio.git", from: "1.33.2"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
    ],
    targets: [
        .executableTarget(
            name: "VaporPreviewServer",
            dependencies: [
                .product(name: "PhotoAlbumSite", package: "PreviewServer"),
                .product(name: "LinkPreviews", package: "swift-deep-links"),
                .product(name: "Vapor", package: "vapor"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ]),
        // Needs a PostgreSQL server named by POSTGRES_URL (scripts/check-postgres-store.sh starts one).
        .testTarget(
            name: "PostgresShortLinkStoreTests",
            dependencies: [
                .product(name: "PostgresShortLinkStore", package: "PostgresShortLinkStore"),
                .product(name: "ShortLinks", package: "swift-deep-links"),
                .product(name: "ShortLinkServer", package: "swift-deep-links"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Logging", package: "swift-log"),
            ]),
    ],
    swiftLanguageModes: [.v6]
)
