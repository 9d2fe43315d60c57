/// Why the content of an `apple-itunes-app` meta tag was refused: the rule and the offending text.
///
/// ```swift
/// do {
///     _ = try SmartAppBanner(parsing: "app-id=12a")
/// } catch {
///     error.description   // "the app-id '12a' is not a number: use the digits of the App Store ID"
/// }
/// ```
public enum SmartAppBannerError: Error, Sendable, Hashable, Encodable, CustomStringConvertible {
    /// The content is longer than ``SmartAppBanner/maximumContentLength`` bytes.
    case tooLong(bytes: Int)
    /// An item between two commas (or before the first, or after the last) is empty.
    case emptyItem(index: Int)
    /// An item without `=`; `index` counts items from 0.
    case missingEquals(item: String, index: Int)
    /// A key that is not one of ``SmartAppBanner/Key``.
    case unknownKey(String)
    /// A key that appears more than once.
    case duplicateKey(SmartAppBanner.Key)
    /// A key with nothing after its `=`.
    case emptyValue(SmartAppBanner.Key)
    /// The content has no `app-id`.
    case missingAppID
    /// An `app-id` that is not a positive decimal number without leading zeros, or too large.
    case nonNumericAppID(String)
    /// An `app-argument` the gate refused.
    case invalidAppArgument(String, LinkError)
    /// An `app-argument` containing a comma: the content could not be split back into items.
    case commaInAppArgument(String)
    /// An `affiliate-data` value with a space, comma, or character outside printable ASCII.
    case invalidAffiliateData(String)
    /// An `app-clip-bundle-id` that is not a bundle identifier (`com.example.app.Clip`).
    case invalidAppClipBundleID(String)
    /// An `app-clip-display` other than `card`.
    case invalidAppClipDisplay(String)
    /// `app-clip-display` without `app-clip-bundle-id`: there is no App Clip to display.
    case appClipDisplayWithoutBundleID

    /// What is wrong with an `app-id` that is not an App Store ID, in words.
    private static func appIDProblem(_ text: String) -> String {
        let digits = text.utf8.drop { $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "+") }
        guard !digits.isEmpty, digits.allSatisfy(ASCII.isDigit) else { return "is not a number" }
        if digits.count < text.utf8.count { return "has a sign" }
        if digits.allSatisfy({ $0 == UInt8(ascii: "0") }) { return "is zero" }
        if text.utf8.first == UInt8(ascii: "0") { return "starts with 0" }
        return "is larger than any App Store ID"
    }

    /// A sentence that says what was wrong.
    public var description: String {
        switch self {
        case .tooLong(let bytes):
            "the banner content is \(bytes) bytes long; at most \(SmartAppBanner.maximumContentLength) are accepted"
        case .emptyItem(let index): "item \(index + 1) of the banner content is empty (two commas in a row?)"
        case .missingEquals(let item, let index):
            "item \(index + 1) of the banner content, '\(ParameterFailure.shortened(item))', is not key=value"
                + " (a comma inside a value? write it %2C)"
        case .unknownKey(let key):
            "'\(ParameterFailure.shortened(key))' is not a Smart App Banner key; the keys are "
                + SmartAppBanner.Key.allCases.map(\.rawValue).joined(separator: ", ")
                + " (if it belongs to the value before it, such as an app-argument's query, write that comma %2C)"
        case .duplicateKey(let key): "the key '\(key.rawValue)' appears more than once"
        case .emptyValue(let key): "the key '\(key.rawValue)' has an empty value"
        case .missingAppID: "the banner content has no app-id"
        case .nonNumericAppID(let text):
            "the app-id '\(ParameterFailure.shortened(text))' \(Self.appIDProblem(text)): use the digits of the App Store ID"
        case .invalidAppArgument(let text, let error):
            "the app-argument '\(ParameterFailure.shortened(text))' is not an acceptable link: \(error)"
        case .commaInAppArgument(let text):
            "the app-argument '\(ParameterFailure.shortened(text))' contains a comma, which separates banner items"
        case .invalidAffiliateData(let text):
            "the affiliate-data '\(ParameterFailure.shortened(text))' contains a space, a comma or a character "
                + "outside printable ASCII"
        case .invalidAppClipBundleID(let text):
            "the app-clip-bundle-id '\(ParameterFailure.shortened(text))' is not a bundle identifier "
                + "(letters, digits, '-' and '.', such as com.example.app.Clip)"
        case .invalidAppClipDisplay(let text):
            "the app-clip-display '\(ParameterFailure.shortened(text))' is not 'card', its only value"
        case .appClipDisplayWithoutBundleID: "app-clip-display is set but app-clip-bundle-id is not"
        }
    }
}

extension SmartAppBannerError {
    /// Encodes the case as `{"case": {"label": value, …}}`, the text Swift's synthesized
    /// conformance writes.
    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .tooLong(let bytes):
            var values = EnumCaseEncoder(encoder, "tooLong")
            try values("bytes", bytes)
        case .emptyItem(let index):
            var values = EnumCaseEncoder(encoder, "emptyItem")
            try values("index", index)
        case .missingEquals(let item, let index):
            var values = EnumCaseEncoder(encoder, "missingEquals")
            try values("item", item)
            try values("index", index)
        case .unknownKey(let value):
            var values = EnumCaseEncoder(encoder, "unknownKey")
            try values("_0", value)
        case .duplicateKey(let value):
            var values = EnumCaseEncoder(encoder, "duplicateKey")
            try values("_0", value)
        case .emptyValue(let value):
            var values = EnumCaseEncoder(encoder, "emptyValue")
            try values("_0", value)
        case .missingAppID: _ = EnumCaseEncoder(encoder, "missingAppID")
        case .nonNumericAppID(let value):
            var values = EnumCaseEncoder(encoder, "nonNumericAppID")
            try values("_0", value)
        case .invalidAppArgument(let value0, let value1):
            var values = EnumCaseEncoder(encoder, "invalidAppArgument")
            try values("_0", value0)
            try values("_1", value1)
        case .commaInAppArgument(let value):
            var values = EnumCaseEncoder(encoder, "commaInAppArgument")
            try values("_0", value)
        case .invalidAffiliateData(let value):
            var values = EnumCaseEncoder(encoder, "invalidAffiliateData")
            try values("_0", value)
        case .invalidAppClipBundleID(let value):
            var values = EnumCaseEncoder(encoder, "invalidAppClipBundleID")
            try values("_0", value)
        case .invalidAppClipDisplay(let value):
            var values = EnumCaseEncoder(encoder, "invalidAppClipDisplay")
            try values("_0", value)
        case .appClipDisplayWithoutBundleID: _ = EnumCaseEncoder(encoder, "appClipDisplayWithoutBundleID")
        }
    }
}
