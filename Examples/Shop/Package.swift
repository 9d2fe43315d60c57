// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "Shop",
    platforms: [.macOS(.v13), .iOS(.v16)],
    dependencies: [
        .package(name: "swift-deep-links", path: "../..")
    ],
    targets: [
        .executableTarget(
            name: "Shop",
            dependencies: [.product(name: "DeepLinks", package: "swift-deep-links")],
            path: "Sources/Shop")
    ],
    swiftLanguageModes: [.v6]
)
