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
    ],
    targets: [
        .target(name: "DeepLinks"),
        .target(name: "AssociatedDomains", dependencies: ["DeepLinks"]),
        .testTarget(name: "DeepLinksTests", dependencies: ["DeepLinks"]),
        .testTarget(name: "AssociatedDomainsTests", dependencies: ["AssociatedDomains"]),
    ],
    swiftLanguageModes: [.v6]
)
