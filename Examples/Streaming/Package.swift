// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "Streaming",
    platforms: [.macOS(.v13), .iOS(.v16)],
    dependencies: [
        .package(name: "swift-deep-links", path: "../..")
    ],
    targets: [
        .target(
            name: "StreamingRoutes",
            dependencies: [.product(name: "DeepLinks", package: "swift-deep-links")],
            path: "Sources/StreamingRoutes"),
        .executableTarget(
            name: "Streaming",
            dependencies: ["StreamingRoutes", .product(name: "DeepLinks", package: "swift-deep-links")],
            path: "Sources/Streaming"),
        .testTarget(
            name: "StreamingRoutesTests",
            dependencies: [
                "StreamingRoutes", .product(name: "DeepLinks", package: "swift-deep-links"),
                .product(name: "DeepLinksJSON", package: "swift-deep-links"),
            ],
            path: "Tests/StreamingRoutesTests"),
    ],
    swiftLanguageModes: [.v6]
)
