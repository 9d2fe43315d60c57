import DeepLinks

/// The app a site's links open, as the stores and the preview tags know it.
///
/// A site configures this once. It feeds the Twitter card's app tags (iPhone, iPad, Google
/// Play), the App Links tags (`al:*`), the Smart App Banner (`apple-itunes-app`) and the
/// landing page's store buttons. Every value is checked when the preview is built:
///
/// | value | rule |
/// |---|---|
/// | ``appStoreID``, ``iPadAppStoreID`` | 1 to 15 decimal digits without a leading zero, the number in `apps.apple.com/app/id…` |
/// | ``googlePlayPackage`` | a Java package name with at least two parts (`com.example.photos`) |
///
/// The custom scheme is a `CustomScheme`, the same registration the app's link receiver
/// uses, so it is valid by construction and says what its host means.
///
/// ```swift
/// let app = AppListing(
///     name: "Photo Album", appStoreID: "1234567890", googlePlayPackage: "com.example.photos",
///     customScheme: try CustomScheme("photoalbum", host: .domain(["photos.example.com"])))
/// app.appStoreURL   // "https://apps.apple.com/app/id1234567890"
/// ```
public struct AppListing: Sendable, Hashable, Codable {
    /// The app's name as the stores show it.
    public var name: String
    /// The App Store id of the iPhone app.
    public var appStoreID: String
    /// The App Store id of the iPad app, when it is a different app; `nil` means the same.
    public var iPadAppStoreID: String?
    /// The Google Play package name of the Android app, if there is one.
    public var googlePlayPackage: String?
    /// A custom URL scheme the app handles, used by the landing page's "Open in the app"
    /// button and by the app tags.
    ///
    /// A page cannot open its own domain's universal link in the app (a tap on a link to the
    /// same domain stays in Safari, see “The landing page opens the app with its scheme” in
    /// the documentation), so the button uses this scheme instead. ``LinkPreviewService``
    /// writes the scheme's link by reverse routing from the matched route, with the
    /// registration of the same name in the app's receiver, and offers it only when that
    /// receiver accepts it. Without a scheme the page shows no button and relies on the
    /// Smart App Banner.
    public var customScheme: CustomScheme?

    /// Creates a listing.
    public init(
        name: String, appStoreID: String, iPadAppStoreID: String? = nil, googlePlayPackage: String? = nil,
        customScheme: CustomScheme? = nil
    ) {
        self.name = name
        self.appStoreID = appStoreID
        self.iPadAppStoreID = iPadAppStoreID
        self.googlePlayPackage = googlePlayPackage
        self.customScheme = customScheme
    }

    /// The App Store page of the iPhone app.
    public var appStoreURL: String { "https://apps.apple.com/app/id" + appStoreID }

    /// The Google Play page of the Android app, if there is one.
    public var googlePlayURL: String? {
        googlePlayPackage.map { "https://play.google.com/store/apps/details?id=" + $0 }
    }

    /// The first rule the listing breaks, as an error; `nil` when it is valid.
    func validationError() -> LinkPreviewError? {
        if !Self.isAppStoreID(appStoreID) { return .invalidApp(field: "appStoreID", value: appStoreID) }
        if let id = iPadAppStoreID, !Self.isAppStoreID(id) {
            return .invalidApp(field: "iPadAppStoreID", value: id)
        }
        if let package = googlePlayPackage, !Self.isPackageName(package) {
            return .invalidApp(field: "googlePlayPackage", value: package)
        }
        return nil
    }

    static func isAppStoreID(_ text: String) -> Bool {
        (1...15).contains(text.utf8.count) && text.utf8.first != UInt8(ascii: "0")
            && text.utf8.allSatisfy { (0x30...0x39).contains($0) }
    }

    static func isPackageName(_ text: String) -> Bool {
        guard text.utf8.count <= 255 else { return false }
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count >= 2 else { return false }
        return parts.allSatisfy { part in
            guard let first = part.utf8.first, isASCIILetter(first) else { return false }
            return part.utf8.allSatisfy {
                isASCIILetter($0) || (0x30...0x39).contains($0) || $0 == UInt8(ascii: "_")
            }
        }
    }

    static func isASCIILetter(_ byte: UInt8) -> Bool {
        (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
    }
}

extension AppListing {
    /// The keys of the JSON form.
    private static let codingKeys: Set<String> = [
        "name", "appStoreID", "iPadAppStoreID", "googlePlayPackage", "customScheme",
    ]

    /// Decodes the value, refusing a key it does not know (a misspelt key is an error, never
    /// a value silently left at nothing).
    public init(from decoder: any Decoder) throws {
        let c = try decoder.strictContainer(allowing: Self.codingKeys, what: "an app listing")
        name = try c.decode(String.self, forKey: "name")
        appStoreID = try c.decode(String.self, forKey: "appStoreID")
        iPadAppStoreID = try c.decodeIfPresent(String.self, forKey: "iPadAppStoreID")
        googlePlayPackage = try c.decodeIfPresent(String.self, forKey: "googlePlayPackage")
        customScheme = try c.decodeIfPresent(CustomScheme.self, forKey: "customScheme")
    }

    /// Encodes the value under the keys it is decoded from, leaving out a value that is `nil`.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: AnyCodingKey.self)
        try c.encode(name, forKey: "name")
        try c.encode(appStoreID, forKey: "appStoreID")
        try c.encodeIfPresent(iPadAppStoreID, forKey: "iPadAppStoreID")
        try c.encodeIfPresent(googlePlayPackage, forKey: "googlePlayPackage")
        try c.encodeIfPresent(customScheme, forKey: "customScheme")
    }
}
