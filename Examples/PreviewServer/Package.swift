// swift-tools-version: 6.0
// A server that renders link previews and serves the association file from the photo-album
// route table. It is its own package so that the SDK's dependency graph stays empty.
import PackageDescription

let package = Package(
    name: "PreviewServer",
    platforms: [.macOS(.v14)],
    products: [
        // The site's configuration, shared with the Vapor example (Examples/VaporPreviewServer).
        .library(name: "PhotoAlbumSite", targets: ["PhotoAlbumSite"])
    ],
    dependencies: [
        .package(name: "swift-deep-links", path: "../.."),
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1"),
        .package(url: "https://github.com/apple/swift-http-types.git", from: "1.8.0"),
    ],
    targets: [
        .target(
            name: "PhotoAlbumSite",
            dependencies: [
                .product(name: "DeepLinks", package: "swift-deep-links"),
                .product(name: "AssociatedDomains", package: "swift-deep-links"),
                .product(name: "LinkPreviews", package: "swift-deep-links"),
            ]),
        .executableTarget(
            name: "PreviewServer",
            dependencies: [
                "PhotoAlbumSite",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "LinkPreviews", package: "swift-deep-links"),
            ]),
        // A shop with short links on its own domain, in a SQLite file.
        .executableTarget(
            name: "ShortLinkSite",
            dependencies: [
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "DeepLinks", package: "swift-deep-links"),
                .product(name: "AssociatedDomains", package: "swift-deep-links"),
                .product(name: "LinkPreviews", package: "swift-deep-links"),
                .product(name: "ShortLinks", package: "swift-deep-links"),
                .product(name: "ShortLinkServer", package: "swift-deep-links"),
            ]),
        .executableTarget(
            name: "PreviewFixtures",
            dependencies: ["PhotoAlbumSite", .product(name: "LinkPreviews", package: "swift-deep-links")]),
    ],
    swiftLanguageModes: [.v6]
)
