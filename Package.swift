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
        .testTarget(name: "DeepLinksTests", dependencies: ["DeepLinks"]),
        .testTarget(name: "DeepLinksTestingTests", dependencies: ["DeepLinksTesting", "DeepLinks"]),
        .testTarget(name: "AssociatedDomainsTests", dependencies: ["AssociatedDomains"]),
        .testTarget(
            name: "LinkPreviewsTests", dependencies: ["LinkPreviews", "DeepLinks", "AssociatedDomains"]),
        .executableTarget(
            name: "DeepLinksCLI", dependencies: ["DeepLinks", "AssociatedDomains", "LinkPreviews"]),
        .testTarget(
            name: "DeepLinksCLITests", dependencies: ["DeepLinksCLI", "DeepLinks", "AssociatedDomains"]),
    ],
    swiftLanguageModes: [.v6]
)
