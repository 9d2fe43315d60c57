// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "Streaming",
    platforms: [.macOS(.v13), .iOS(.v16)],
    dependencies: [
        .package(name: "swift-deep-links", path: "../..")
    ],
    targets: [
        .executableTarget(
            name: "Streaming",
            dependencies: [.product(name: "DeepLinks", package: "swift-deep-links")],
            path: "Sources/Streaming")
    ],
    swiftLanguageModes: [.v6]
)
