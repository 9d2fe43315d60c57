import DeepLinks
import Foundation
import LinkPreviews
import TestSupport
import Testing

/// The JSON of every case of the module's errors, refusals and findings whose `encode(to:)`
/// goes through `EnumCaseEncoder`: the very text Swift's synthesized encoding gave them,
/// captured before it was replaced (an optional value both given and absent, two values of one
/// type given different values), so that what a server or the CLI has written stays what it
/// reads.
@Suite struct LinkPreviewsEnumCaseEncodingTests {
    static let samples: [(String, any Encodable & Sendable, String)] = [
        (
            "LinkPreviewError.linkRefused",
            LinkPreviewError.linkRefused(LinkError(.tooLong, at: 4, detail: "d")),
            #"{"linkRefused":{"_0":{"detail":"d","position":4,"rule":"tooLong"}}}"#
        ),
        (
            "LinkPreviewError.linkRejected", LinkPreviewError.linkRejected(reason: "reason"),
            #"{"linkRejected":{"reason":"reason"}}"#
        ),
        (
            "LinkPreviewError.notAWebLink", LinkPreviewError.notAWebLink(scheme: "scheme"),
            #"{"notAWebLink":{"scheme":"scheme"}}"#
        ),
        (
            "LinkPreviewError.invalidPageURL",
            LinkPreviewError.invalidPageURL("_0", reason: LinkError(.tooLong, at: 4, detail: "d")),
            #"{"invalidPageURL":{"_0":"_0","reason":{"detail":"d","position":4,"rule":"tooLong"}}}"#
        ),
        (
            "LinkPreviewError.invalidImageURL", LinkPreviewError.invalidImageURL("_0", reason: "reason"),
            #"{"invalidImageURL":{"_0":"_0","reason":"reason"}}"#
        ),
        (
            "LinkPreviewError.invalidImageSize#0", LinkPreviewError.invalidImageSize(width: 3, height: 3),
            #"{"invalidImageSize":{"height":3,"width":3}}"#
        ),
        (
            "LinkPreviewError.invalidImageSize#1", LinkPreviewError.invalidImageSize(width: 3, height: nil),
            #"{"invalidImageSize":{"width":3}}"#
        ),
        (
            "LinkPreviewError.invalidImageSize#2", LinkPreviewError.invalidImageSize(width: nil, height: 3),
            #"{"invalidImageSize":{"height":3}}"#
        ),
        (
            "LinkPreviewError.invalidImageSize#3", LinkPreviewError.invalidImageSize(width: nil, height: nil),
            #"{"invalidImageSize":{}}"#
        ),
        (
            "LinkPreviewError.invalidType", LinkPreviewError.invalidType("_0"),
            #"{"invalidType":{"_0":"_0"}}"#
        ),
        (
            "LinkPreviewError.invalidLocale", LinkPreviewError.invalidLocale("_0"),
            #"{"invalidLocale":{"_0":"_0"}}"#
        ),
        (
            "LinkPreviewError.emptyText", LinkPreviewError.emptyText(.title),
            #"{"emptyText":{"_0":"title"}}"#
        ),
        (
            "LinkPreviewError.invalidTwitterHandle", LinkPreviewError.invalidTwitterHandle("_0"),
            #"{"invalidTwitterHandle":{"_0":"_0"}}"#
        ),
        (
            "LinkPreviewError.invalidApp", LinkPreviewError.invalidApp(field: "field", value: "value"),
            #"{"invalidApp":{"field":"field","value":"value"}}"#
        ),
        (
            "LinkPreviewError.invalidAppLink", LinkPreviewError.invalidAppLink("_0", reason: "reason"),
            #"{"invalidAppLink":{"_0":"_0","reason":"reason"}}"#
        ),
        (
            "LinkPreviewError.invalidTemplate", LinkPreviewError.invalidTemplate("_0"),
            #"{"invalidTemplate":{"_0":"_0"}}"#
        ),
        (
            "LinkPreviewError.emptyOverride", LinkPreviewError.emptyOverride,
            #"{"emptyOverride":{}}"#
        ),
        (
            "LinkPreviewError.unknownRoute", LinkPreviewError.unknownRoute("_0"),
            #"{"unknownRoute":{"_0":"_0"}}"#
        ),
        (
            "LinkPreviewError.providerTypeMismatch",
            LinkPreviewError.providerTypeMismatch(route: "route", reason: "reason"),
            #"{"providerTypeMismatch":{"reason":"reason","route":"route"}}"#
        ),
        (
            "LinkPreviewError.providerFailed",
            LinkPreviewError.providerFailed(route: "route", message: "message"),
            #"{"providerFailed":{"message":"message","route":"route"}}"#
        ),
    ]

    @Test func everyCaseEncodesAsSynthesizedEncodingDid() throws {
        for (name, value, expected) in Self.samples {
            #expect(try PinnedJSON.text(of: value) == expected, "\(name)")
        }
    }
}
