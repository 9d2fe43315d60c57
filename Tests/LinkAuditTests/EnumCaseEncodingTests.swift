import DeepLinks
import Foundation
import LinkAudit
import TestSupport
import Testing

/// The JSON of every case of the module's errors, refusals and findings whose `encode(to:)`
/// goes through `EnumCaseEncoder`: the very text Swift's synthesized encoding gave them,
/// captured before it was replaced (an optional value both given and absent, two values of one
/// type given different values), so that what a server or the CLI has written stays what it
/// reads.
@Suite struct LinkAuditEnumCaseEncodingTests {
    static let samples: [(String, any Encodable & Sendable, String)] = [
        ("SiteAuditError.noAppID", SiteAuditError.noAppID, #"{"noAppID":{}}"#),
        (
            "GzipError.notGzip", GzipError.notGzip,
            #"{"notGzip":{}}"#
        ),
        (
            "GzipError.unsupportedMethod", GzipError.unsupportedMethod(31),
            #"{"unsupportedMethod":{"_0":31}}"#
        ),
        (
            "GzipError.reservedFlags", GzipError.reservedFlags(31),
            #"{"reservedFlags":{"_0":31}}"#
        ),
        (
            "GzipError.truncated", GzipError.truncated,
            #"{"truncated":{}}"#
        ),
        (
            "GzipError.invalidBlockType", GzipError.invalidBlockType,
            #"{"invalidBlockType":{}}"#
        ),
        (
            "GzipError.storedLengthMismatch", GzipError.storedLengthMismatch,
            #"{"storedLengthMismatch":{}}"#
        ),
        (
            "GzipError.invalidCodeLengths", GzipError.invalidCodeLengths(detail: "detail"),
            #"{"invalidCodeLengths":{"detail":"detail"}}"#
        ),
        (
            "GzipError.invalidCode", GzipError.invalidCode,
            #"{"invalidCode":{}}"#
        ),
        (
            "GzipError.distanceTooFar", GzipError.distanceTooFar,
            #"{"distanceTooFar":{}}"#
        ),
        (
            "GzipError.tooLarge", GzipError.tooLarge(limit: 3),
            #"{"tooLarge":{"limit":3}}"#
        ),
        (
            "GzipError.checksumMismatch", GzipError.checksumMismatch,
            #"{"checksumMismatch":{}}"#
        ),
        (
            "GzipError.lengthMismatch", GzipError.lengthMismatch,
            #"{"lengthMismatch":{}}"#
        ),
        (
            "GzipError.trailingData", GzipError.trailingData,
            #"{"trailingData":{}}"#
        ),
        (
            "SitemapError.empty", SitemapError.empty,
            #"{"empty":{}}"#
        ),
        (
            "SitemapError.tooLarge", SitemapError.tooLarge(limit: 3),
            #"{"tooLarge":{"limit":3}}"#
        ),
        (
            "SitemapError.gzip", SitemapError.gzip(.truncated),
            #"{"gzip":{"_0":{"truncated":{}}}}"#
        ),
        (
            "SitemapError.urlTooLong", SitemapError.urlTooLong(line: 3, limit: 4),
            #"{"urlTooLong":{"limit":4,"line":3}}"#
        ),
        (
            "SitemapError.notUTF8", SitemapError.notUTF8(line: 3),
            #"{"notUTF8":{"line":3}}"#
        ),
        (
            "SitemapError.controlCharacter", SitemapError.controlCharacter(line: 3, scalar: 127),
            #"{"controlCharacter":{"line":3,"scalar":127}}"#
        ),
        (
            "SitemapError.tooManyURLs", SitemapError.tooManyURLs(line: 3, limit: 4),
            #"{"tooManyURLs":{"limit":4,"line":3}}"#
        ),
        (
            "SitemapError.invalidXML", SitemapError.invalidXML(line: 3, reason: "reason"),
            #"{"invalidXML":{"line":3,"reason":"reason"}}"#
        ),
        (
            "SitemapError.documentTypeDeclaration", SitemapError.documentTypeDeclaration(line: 3),
            #"{"documentTypeDeclaration":{"line":3}}"#
        ),
        (
            "SitemapError.notASitemap", SitemapError.notASitemap(root: "root"),
            #"{"notASitemap":{"root":"root"}}"#
        ),
    ]

    @Test func everyCaseEncodesAsSynthesizedEncodingDid() throws {
        for (name, value, expected) in Self.samples {
            #expect(try PinnedJSON.text(of: value) == expected, "\(name)")
        }
    }
}
