// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "swift-deep-links",
    platforms: [
        .macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1),
    ],
    products: [
        .library(name: "DeepLinks", targets: ["DeepLinks"]),
        .library(name: "AssociatedDomains", targets: ["AssociatedDomains"]),
        .library(name: "LinkPreviews", targets: ["LinkPreviews"]),
        .library(name: "DeepLinksTesting", targets: ["DeepLinksTesting"]),
        .executable(name: "deeplinks", targets: ["DeepLinksCLI"]),
    ],
    targets: [
        .target(name: "DeepLinks"),
        .target(name: "AssociatedDomains", dependencies: ["DeepLinks"]),
        .target(name: "LinkPreviews", dependencies: ["DeepLinks", "AssociatedDomains"]),
        .target(name: "DeepLinksTesting", dependencies: ["DeepLinks"]),
        // Helpers shared by the test targets (seeded generator, package files); not a product.
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(name: "DeepLinksTests", dependencies: ["DeepLinks", "TestSupport"]),
        .testTarget(name: "DeepLinksTestingTests", dependencies: ["DeepLinksTesting", "DeepLinks"]),
        .testTarget(name: "AssociatedDomainsTests", dependencies: ["AssociatedDomains", "TestSupport"]),
        .testTarget(
            name: "LinkPreviewsTests",
            dependencies: ["LinkPreviews", "DeepLinks", "AssociatedDomains", "TestSupport"],
            resources: [.copy("Golden")]),
        .executableTarget(
            name: "DeepLinksCLI", dependencies: ["DeepLinks", "AssociatedDomains", "LinkPreviews"]),
        .testTarget(
            name: "DeepLinksCLITests",
            dependencies: ["DeepLinksCLI", "DeepLinks", "AssociatedDomains", "TestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
