// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "PhotoAlbum",
    platforms: [.macOS(.v13), .iOS(.v16)],
    dependencies: [
        .package(name: "swift-deep-links", path: "../..")
    ],
    targets: [
        .executableTarget(
            name: "PhotoAlbum",
            dependencies: [.product(name: "DeepLinks", package: "swift-deep-links")],
            path: "Sources/PhotoAlbum")
    ],
    swiftLanguageModes: [.v6]
)
