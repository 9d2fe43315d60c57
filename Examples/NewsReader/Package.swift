// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "NewsReader",
    platforms: [.macOS(.v13), .iOS(.v16)],
    dependencies: [
        .package(name: "swift-deep-links", path: "../..")
    ],
    targets: [
        .executableTarget(
            name: "NewsReader",
            dependencies: [.product(name: "DeepLinks", package: "swift-deep-links")],
            path: "Sources/NewsReader")
    ],
    swiftLanguageModes: [.v6]
)
