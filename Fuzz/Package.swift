// swift-tools-version: 6.0
// libFuzzer harnesses for every parser that reads outside data. Build and run with
// `Fuzz/run.sh` (see its header); each executable is one harness, and each checks invariants
// (round trips, escaping, decisions), not only that nothing crashes.
import PackageDescription

/// A harness: an executable whose only entry point is `LLVMFuzzerTestOneInput`.
func harness(_ name: String, _ products: [String]) -> Target {
    .executableTarget(
        name: name,
        dependencies: ["FuzzSupport"] + products.map { .product(name: $0, package: "swift-deep-links") }
    )
}

let package = Package(
    name: "DeepLinksFuzz",
    dependencies: [.package(name: "swift-deep-links", path: "..")],
    targets: [
        // Allocation and CPU-time counters for the work budgets (C: the sanitizer's hooks).
        .target(name: "FuzzCounters"),
        .target(
            name: "FuzzSupport",
            dependencies: ["FuzzCounters", .product(name: "DeepLinks", package: "swift-deep-links")]),
        harness("FuzzLinkGate", ["DeepLinks"]),
        harness("FuzzSmartAppBanner", ["DeepLinks"]),
        harness("FuzzLinkReceiver", ["DeepLinks"]),
        harness("FuzzLinkHolder", ["DeepLinks"]),
        harness("FuzzRouteTable", ["DeepLinks", "DeepLinksJSON"]),
        harness("FuzzAssociationFile", ["AssociatedDomains"]),
        harness("FuzzAssociationMatch", ["AssociatedDomains", "DeepLinks"]),
        harness("FuzzEntitlement", ["AssociatedDomains"]),
        harness("FuzzAssetLinks", ["AssociatedDomains"]),
        harness("FuzzLinkPreview", ["LinkPreviews", "DeepLinks"]),
        harness("FuzzLineProtocols", ["AssociatedDomains", "DeepLinks", "DeepLinksJSON"]),
        harness("FuzzSitemap", ["LinkAudit"]),
        harness("FuzzSitemapIndex", ["LinkAudit"]),
        harness("FuzzShortLinks", ["ShortLinks", "ShortLinkServer", "LinkPreviews", "DeepLinks"]),
    ],
    swiftLanguageModes: [.v6]
)
