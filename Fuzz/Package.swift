// swift-tools-version: 6.0
// libFuzzer harnesses for every parser that reads outside data. Build and run with
// `Fuzz/run.sh` (see its header); each executable is one harness.
import PackageDescription

let package = Package(
    name: "DeepLinksFuzz",
    dependencies: [.package(name: "swift-deep-links", path: "..")],
    targets: [
        .executableTarget(
            name: "FuzzLinkGate",
            dependencies: [.product(name: "DeepLinks", package: "swift-deep-links")]
        )
    ],
    swiftLanguageModes: [.v6]
)
