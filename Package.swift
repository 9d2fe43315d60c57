// swift-tools-version: 6.2
import PackageDescription

/// Every library module is compiled with strict memory safety checking: each unsafe construct
/// must be marked `unsafe`, and only the files named `Unsafe*.swift` may hold one
/// (`scripts/check-memory-safety.sh` checks both). Lifetime dependencies let a view of bytes be
/// a type that cannot outlive what it reads (`~Escapable`, as the standard library's `Span`).
let libraryCheck: [SwiftSetting] = [.strictMemorySafety(), .enableExperimentalFeature("Lifetimes")]

let package = Package(
    name: "swift-deep-links",
    platforms: [
        .macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1),
    ],
    products: [
        .library(name: "DeepLinks", targets: ["DeepLinks"]),
        .library(name: "DeepLinksJSON", targets: ["DeepLinksJSON"]),
        .library(name: "AssociatedDomains", targets: ["AssociatedDomains"]),
        .library(name: "LinkPreviews", targets: ["LinkPreviews"]),
        .library(name: "DeepLinksTesting", targets: ["DeepLinksTesting"]),
        .library(name: "LinkAudit", targets: ["LinkAudit"]),
        .library(name: "ShortLinks", targets: ["ShortLinks"]),
        .library(name: "ShortLinkServer", targets: ["ShortLinkServer"]),
        .executable(name: "deeplinks", targets: ["DeepLinksCLI"]),
        // Writes `init(parameters:)` for a module's route values when the module is built.
        .plugin(name: "RouteValueReaders", targets: ["RouteValueReaders"]),
    ],
    targets: [
        .target(name: "DeepLinks", swiftSettings: libraryCheck),
        // Route tables, receiver configurations and the line protocol as JSON, with the JSON
        // reader they share: apart, so that an app that declares its table in Swift does not
        // link them.
        .target(name: "DeepLinksJSON", dependencies: ["DeepLinks"], swiftSettings: libraryCheck),
        .target(
            name: "AssociatedDomains", dependencies: ["DeepLinks", "DeepLinksJSON"],
            swiftSettings: libraryCheck),
        .target(
            name: "LinkPreviews", dependencies: ["DeepLinks", "AssociatedDomains"],
            swiftSettings: libraryCheck),
        .target(name: "DeepLinksTesting", dependencies: ["DeepLinks"], swiftSettings: libraryCheck),
        // Every file a link crosses, read together: depends on the three modules it audits.
        .target(
            name: "LinkAudit", dependencies: ["DeepLinks", "AssociatedDomains", "LinkPreviews"],
            swiftSettings: libraryCheck),
        // Short links: the app's half (codes, the route, expansion) without a store, and the
        // site's half with its stores. The SQLite store uses the system's library (part of
        // macOS and iOS; the libsqlite3-dev package on Linux).
        .target(name: "ShortLinks", dependencies: ["DeepLinks"], swiftSettings: libraryCheck),
        .systemLibrary(name: "CSQLite", providers: [.apt(["libsqlite3-dev"]), .yum(["sqlite-devel"])]),
        .target(
            name: "ShortLinkServer", dependencies: ["ShortLinks", "DeepLinks", "LinkPreviews", "CSQLite"],
            swiftSettings: libraryCheck),
        // Helpers shared by the test targets (seeded generator, package files); not a product.
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(
            name: "DeepLinksTests", dependencies: ["DeepLinks", "DeepLinksJSON", "TestSupport"],
            swiftSettings: [.enableExperimentalFeature("Lifetimes")]),
        .testTarget(name: "DeepLinksTestingTests", dependencies: ["DeepLinksTesting", "DeepLinks"]),
        .testTarget(
            name: "AssociatedDomainsTests",
            dependencies: ["AssociatedDomains", "DeepLinksJSON", "TestSupport"]),
        .testTarget(
            name: "LinkPreviewsTests",
            dependencies: ["LinkPreviews", "DeepLinks", "AssociatedDomains", "TestSupport"],
            resources: [.copy("Golden")]),
        .testTarget(
            name: "LinkAuditTests",
            dependencies: ["LinkAudit", "DeepLinks", "AssociatedDomains", "LinkPreviews", "TestSupport"]),
        .testTarget(
            name: "ShortLinksTests",
            dependencies: [
                "ShortLinks", "ShortLinkServer", "DeepLinks", "LinkPreviews", "AssociatedDomains",
                "TestSupport",
            ]),
        .executableTarget(
            name: "DeepLinksCLI",
            dependencies: [
                "DeepLinks", "DeepLinksJSON", "AssociatedDomains", "LinkPreviews", "LinkAudit",
                "ShortLinks", "ShortLinkServer",
            ]),
        // The RouteValueReaders plugin: it runs the tool, which scans the module's sources with
        // the generator library (Foundation only, so that the package keeps no dependencies).
        .target(name: "RouteValueReadersGenerator"),
        .executableTarget(name: "RouteValueReadersTool", dependencies: ["RouteValueReadersGenerator"]),
        .plugin(name: "RouteValueReaders", capability: .buildTool(), dependencies: ["RouteValueReadersTool"]),
        .testTarget(name: "RouteValueReadersGeneratorTests", dependencies: ["RouteValueReadersGenerator"]),
        // Route values without hand-written readers: the plugin writes them.
        .testTarget(
            name: "GeneratedReadersTests", dependencies: ["DeepLinks"], plugins: ["RouteValueReaders"]),
        .testTarget(
            name: "DeepLinksCLITests",
            dependencies: [
                "DeepLinksCLI", "DeepLinks", "DeepLinksJSON", "AssociatedDomains", "ShortLinkServer",
                "TestSupport",
            ]),
    ],
    swiftLanguageModes: [.v6]
)
