@testable import AssociatedDomains

/// Fingerprints and files the `assetlinks.json` tests share.
enum AssetLinksSamples {
    static let release =
        "14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"
    static let debug =
        "0A:1B:2C:3D:4E:5F:60:71:82:93:A4:B5:C6:D7:E8:F9:00:11:22:33:44:55:66:77:88:99:AA:BB:CC:DD:EE:FF"

    /// A statement for `com.example.app` with the release fingerprint and, when given, rules
    /// (JSON text of the `dynamic_app_link_components` array).
    static func statement(package: String = "com.example.app", rules: String? = nil) -> String {
        var text =
            #"{"relation":["delegate_permission/common.handle_all_urls"],"target":{"namespace":"android_app","package_name":"\#(package)","sha256_cert_fingerprints":["\#(release)"]}"#
        if let rules {
            text +=
                #","relation_extensions":{"delegate_permission/common.handle_all_urls":{"dynamic_app_link_components":\#(rules)}}"#
        }
        return text + "}"
    }

    static func file(rules: String? = nil) -> String { "[\(statement(rules: rules))]" }

    /// The codes of the findings, in order.
    static func codes(_ text: String) -> [String] {
        AssetLinksValidator().validate(bytes: Array(text.utf8)).map(\.code.rawValue)
    }
}
