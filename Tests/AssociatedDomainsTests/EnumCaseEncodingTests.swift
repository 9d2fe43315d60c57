import AssociatedDomains
import DeepLinks
import Foundation
import TestSupport
import Testing

/// The JSON of every case of the module's errors, refusals and findings whose `encode(to:)`
/// goes through `EnumCaseEncoder`: the very text Swift's synthesized encoding gave them,
/// captured before it was replaced (an optional value both given and absent, two values of one
/// type given different values), so that what a server or the CLI has written stays what it
/// reads.
/// `CrossCheckFinding.Rule`, whose encoding was already written by hand, is pinned beside them.
@Suite struct AssociatedDomainsEnumCaseEncodingTests {
    static let samples: [(String, any Encodable & Sendable, String)] = [
        (
            "AssetLinksMatch.Reason.includedByRule", AssetLinksMatch.Reason.includedByRule,
            #"{"includedByRule":{}}"#
        ),
        (
            "AssetLinksMatch.Reason.excludedByRule", AssetLinksMatch.Reason.excludedByRule,
            #"{"excludedByRule":{}}"#
        ),
        (
            "AssetLinksMatch.Reason.noRuleMatched", AssetLinksMatch.Reason.noRuleMatched,
            #"{"noRuleMatched":{}}"#
        ),
        (
            "AssetLinksMatch.Reason.noDynamicRules", AssetLinksMatch.Reason.noDynamicRules,
            #"{"noDynamicRules":{}}"#
        ),
        (
            "AssetLinksMatch.Reason.appNotAssociated", AssetLinksMatch.Reason.appNotAssociated,
            #"{"appNotAssociated":{}}"#
        ),
        (
            "AssetLinksMatch.Reason.notWeb", AssetLinksMatch.Reason.notWeb(scheme: "scheme"),
            #"{"notWeb":{"scheme":"scheme"}}"#
        ),
        (
            "AssetLinksMatch.Reason.invalidURL", AssetLinksMatch.Reason.invalidURL,
            #"{"invalidURL":{}}"#
        ),
        (
            "CertificateFingerprintError.empty", CertificateFingerprintError.empty,
            #"{"empty":{}}"#
        ),
        (
            "CertificateFingerprintError.withoutColons", CertificateFingerprintError.withoutColons,
            #"{"withoutColons":{}}"#
        ),
        (
            "CertificateFingerprintError.lowercaseDigit",
            CertificateFingerprintError.lowercaseDigit(position: 3),
            #"{"lowercaseDigit":{"position":3}}"#
        ),
        (
            "CertificateFingerprintError.invalidCharacter",
            CertificateFingerprintError.invalidCharacter("_0", position: 3),
            #"{"invalidCharacter":{"_0":"_0","position":3}}"#
        ),
        (
            "CertificateFingerprintError.missingColon", CertificateFingerprintError.missingColon(position: 3),
            #"{"missingColon":{"position":3}}"#
        ),
        (
            "CertificateFingerprintError.misplacedColon",
            CertificateFingerprintError.misplacedColon(position: 3),
            #"{"misplacedColon":{"position":3}}"#
        ),
        (
            "CertificateFingerprintError.trailingColon", CertificateFingerprintError.trailingColon,
            #"{"trailingColon":{}}"#
        ),
        (
            "CertificateFingerprintError.incompleteByte", CertificateFingerprintError.incompleteByte,
            #"{"incompleteByte":{}}"#
        ),
        (
            "CertificateFingerprintError.wrongByteCount", CertificateFingerprintError.wrongByteCount(3),
            #"{"wrongByteCount":{"_0":3}}"#
        ),
        (
            "AssetLinksError.empty", AssetLinksError.empty,
            #"{"empty":{}}"#
        ),
        (
            "AssetLinksError.tooLarge#0", AssetLinksError.tooLarge(byteCount: 3),
            #"{"tooLarge":{"byteCount":3}}"#
        ),
        (
            "AssetLinksError.tooLarge#1", AssetLinksError.tooLarge(byteCount: nil),
            #"{"tooLarge":{}}"#
        ),
        (
            "AssetLinksError.invalidJSON",
            AssetLinksError.invalidJSON(JSONSyntaxError(problem: "p", offset: 1, line: 1, column: 2)),
            #"{"invalidJSON":{"_0":{"column":2,"line":1,"offset":1,"problem":"p"}}}"#
        ),
        (
            "AssetLinksError.notAnArray", AssetLinksError.notAnArray(found: "found"),
            #"{"notAnArray":{"found":"found"}}"#
        ),
        (
            "AssetLinksError.invalid", AssetLinksError.invalid([]),
            #"{"invalid":{"_0":[]}}"#
        ),
        (
            "AndroidIntentFilter.PathMatcher.path", AndroidIntentFilter.PathMatcher.path("_0"),
            #"{"path":{"_0":"_0"}}"#
        ),
        (
            "AndroidIntentFilter.PathMatcher.pattern", AndroidIntentFilter.PathMatcher.pattern("_0"),
            #"{"pattern":{"_0":"_0"}}"#
        ),
        (
            "AssociationURLError.missingScheme", AssociationURLError.missingScheme("_0"),
            #"{"missingScheme":{"_0":"_0"}}"#
        ),
        (
            "AssociationMatchRequestError.invalidJSON",
            AssociationMatchRequestError.invalidJSON(
                JSONSyntaxError(problem: "p", offset: 1, line: 1, column: 2)),
            #"{"invalidJSON":{"_0":{"column":2,"line":1,"offset":1,"problem":"p"}}}"#
        ),
        (
            "AssociationMatchRequestError.notAnObject", AssociationMatchRequestError.notAnObject,
            #"{"notAnObject":{}}"#
        ),
        (
            "AssociationMatchRequestError.missingField", AssociationMatchRequestError.missingField("_0"),
            #"{"missingField":{"_0":"_0"}}"#
        ),
        (
            "AssociationMatchRequestError.unknownField", AssociationMatchRequestError.unknownField("_0"),
            #"{"unknownField":{"_0":"_0"}}"#
        ),
        (
            "AssociationMatchRequestError.unreadableFile",
            AssociationMatchRequestError.unreadableFile(.empty),
            #"{"unreadableFile":{"_0":{"empty":{}}}}"#
        ),
        (
            "AssociationMatchRequestError.unreadableURL",
            AssociationMatchRequestError.unreadableURL(.missingScheme("u")),
            #"{"unreadableURL":{"_0":{"missingScheme":{"_0":"u"}}}}"#
        ),
        (
            "AssociationFileError.empty", AssociationFileError.empty,
            #"{"empty":{}}"#
        ),
        (
            "AssociationFileError.tooLarge#0", AssociationFileError.tooLarge(byteCount: 3),
            #"{"tooLarge":{"byteCount":3}}"#
        ),
        (
            "AssociationFileError.tooLarge#1", AssociationFileError.tooLarge(byteCount: nil),
            #"{"tooLarge":{}}"#
        ),
        (
            "AssociationFileError.invalidJSON",
            AssociationFileError.invalidJSON(JSONSyntaxError(problem: "p", offset: 1, line: 1, column: 2)),
            #"{"invalidJSON":{"_0":{"column":2,"line":1,"offset":1,"problem":"p"}}}"#
        ),
        (
            "AssociationFileError.notAnObject", AssociationFileError.notAnObject(found: "found"),
            #"{"notAnObject":{"found":"found"}}"#
        ),
        (
            "AssociationFileError.unreadableSignedFile",
            AssociationFileError.unreadableSignedFile(.nestingTooDeep),
            #"{"unreadableSignedFile":{"_0":{"nestingTooDeep":{}}}}"#
        ),
        (
            "CMSError.truncated", CMSError.truncated(offset: 3),
            #"{"truncated":{"offset":3}}"#
        ),
        (
            "CMSError.invalidLength", CMSError.invalidLength(offset: 3),
            #"{"invalidLength":{"offset":3}}"#
        ),
        (
            "CMSError.unsupportedTag", CMSError.unsupportedTag(offset: 3),
            #"{"unsupportedTag":{"offset":3}}"#
        ),
        (
            "CMSError.nestingTooDeep", CMSError.nestingTooDeep,
            #"{"nestingTooDeep":{}}"#
        ),
        (
            "CMSError.trailingBytes", CMSError.trailingBytes(offset: 3),
            #"{"trailingBytes":{"offset":3}}"#
        ),
        (
            "CMSError.notSignedData", CMSError.notSignedData(contentType: "contentType"),
            #"{"notSignedData":{"contentType":"contentType"}}"#
        ),
        (
            "CMSError.detachedContent", CMSError.detachedContent,
            #"{"detachedContent":{}}"#
        ),
        (
            "CMSError.unexpectedStructure", CMSError.unexpectedStructure("_0"),
            #"{"unexpectedStructure":{"_0":"_0"}}"#
        ),
        (
            "AssociatedDomainError.Problem.empty", AssociatedDomainError.Problem.empty,
            #"{"empty":{}}"#
        ),
        (
            "AssociatedDomainError.Problem.whitespace", AssociatedDomainError.Problem.whitespace,
            #"{"whitespace":{}}"#
        ),
        (
            "AssociatedDomainError.Problem.missingService", AssociatedDomainError.Problem.missingService,
            #"{"missingService":{}}"#
        ),
        (
            "AssociatedDomainError.Problem.unknownService",
            AssociatedDomainError.Problem.unknownService("_0"),
            #"{"unknownService":{"_0":"_0"}}"#
        ),
        (
            "AssociatedDomainError.Problem.scheme", AssociatedDomainError.Problem.scheme,
            #"{"scheme":{}}"#
        ),
        (
            "AssociatedDomainError.Problem.port", AssociatedDomainError.Problem.port,
            #"{"port":{}}"#
        ),
        (
            "AssociatedDomainError.Problem.path", AssociatedDomainError.Problem.path,
            #"{"path":{}}"#
        ),
        (
            "AssociatedDomainError.Problem.invalidQuery", AssociatedDomainError.Problem.invalidQuery("_0"),
            #"{"invalidQuery":{"_0":"_0"}}"#
        ),
        (
            "AssociatedDomainError.Problem.invalidMode", AssociatedDomainError.Problem.invalidMode("_0"),
            #"{"invalidMode":{"_0":"_0"}}"#
        ),
        (
            "AssociatedDomainError.Problem.misplacedWildcard",
            AssociatedDomainError.Problem.misplacedWildcard,
            #"{"misplacedWildcard":{}}"#
        ),
        (
            "AssociatedDomainError.Problem.nonASCII", AssociatedDomainError.Problem.nonASCII,
            #"{"nonASCII":{}}"#
        ),
        (
            "AssociatedDomainError.Problem.ipAddress", AssociatedDomainError.Problem.ipAddress,
            #"{"ipAddress":{}}"#
        ),
        (
            "AssociatedDomainError.Problem.invalidDomain", AssociatedDomainError.Problem.invalidDomain("_0"),
            #"{"invalidDomain":{"_0":"_0"}}"#
        ),
        (
            "CrossCheckFinding.Rule.apple",
            CrossCheckFinding.Rule.apple(
                RuleReference(detailIndex: 0, detailKey: "k", appIDs: ["A.b"], kind: .component, index: 1)),
            #"{"appIDs":["A.b"],"detailIndex":0,"detailKey":"k","index":1,"kind":"component"}"#
        ),
        (
            "CrossCheckFinding.Rule.android",
            CrossCheckFinding.Rule.android(
                AssetLinksMatch.RuleReference(statementIndex: 1, componentIndex: 2)),
            #"{"componentIndex":2,"statementIndex":1}"#
        ),
        (
            "UniversalLinkDecision.Reason.unreadableURL", UniversalLinkDecision.Reason.unreadableURL,
            #"{"unreadableURL":{}}"#
        ),
        (
            "UniversalLinkDecision.Reason.notWebLink",
            UniversalLinkDecision.Reason.notWebLink(scheme: "scheme"),
            #"{"notWebLink":{"scheme":"scheme"}}"#
        ),
        (
            "UniversalLinkDecision.Reason.missingHost", UniversalLinkDecision.Reason.missingHost,
            #"{"missingHost":{}}"#
        ),
        (
            "UniversalLinkDecision.Reason.hostNotInEntitlement",
            UniversalLinkDecision.Reason.hostNotInEntitlement(host: "host"),
            #"{"hostNotInEntitlement":{"host":"host"}}"#
        ),
        (
            "UniversalLinkDecision.Reason.coveredByEntry",
            UniversalLinkDecision.Reason.coveredByEntry(
                try! AssociatedDomain(service: .appLinks, domain: "example.com")),
            #"{"coveredByEntry":{"_0":{"domain":"example.com","isWildcard":false,"modes":0,"service":"applinks"}}}"#
        ),
        (
            "UniversalLinkDecision.Reason.associationFileMissing",
            UniversalLinkDecision.Reason.associationFileMissing(domain: "domain"),
            #"{"associationFileMissing":{"domain":"domain"}}"#
        ),
        (
            "UniversalLinkDecision.Reason.appNotInAssociationFile",
            UniversalLinkDecision.Reason.appNotInAssociationFile(domain: "domain"),
            #"{"appNotInAssociationFile":{"domain":"domain"}}"#
        ),
        (
            "UniversalLinkDecision.Reason.noRuleMatched",
            UniversalLinkDecision.Reason.noRuleMatched(domain: "domain"),
            #"{"noRuleMatched":{"domain":"domain"}}"#
        ),
        (
            "UniversalLinkDecision.Reason.excluded",
            UniversalLinkDecision.Reason.excluded(
                RuleReference(detailIndex: 0, detailKey: "k", appIDs: ["A.b"], kind: .component, index: 1)),
            #"{"excluded":{"_0":{"appIDs":["A.b"],"detailIndex":0,"detailKey":"k","index":1,"kind":"component"}}}"#
        ),
        (
            "UniversalLinkDecision.Reason.matched",
            UniversalLinkDecision.Reason.matched(
                RuleReference(detailIndex: 0, detailKey: "k", appIDs: ["A.b"], kind: .component, index: 1)),
            #"{"matched":{"_0":{"appIDs":["A.b"],"detailIndex":0,"detailKey":"k","index":1,"kind":"component"}}}"#
        ),
        (
            "UniversalLinkDecision.Reason.sameHostTap",
            UniversalLinkDecision.Reason.sameHostTap(host: "host"),
            #"{"sameHostTap":{"host":"host"}}"#
        ),
        (
            "UniversalLinkDecision.Reason.typedInAddressBar", UniversalLinkDecision.Reason.typedInAddressBar,
            #"{"typedInAddressBar":{}}"#
        ),
        (
            "UniversalLinkDecision.Reason.userChoseSafari",
            UniversalLinkDecision.Reason.userChoseSafari(host: "host"),
            #"{"userChoseSafari":{"host":"host"}}"#
        ),
        (
            "UniversalLinkDecision.Reason.loadedInWebView", UniversalLinkDecision.Reason.loadedInWebView,
            #"{"loadedInWebView":{}}"#
        ),
        (
            "UniversalLinkDecision.Reason.openedByItself", UniversalLinkDecision.Reason.openedByItself,
            #"{"openedByItself":{}}"#
        ),
    ]

    @Test func everyCaseEncodesAsSynthesizedEncodingDid() throws {
        for (name, value, expected) in Self.samples {
            #expect(try PinnedJSON.text(of: value) == expected, "\(name)")
        }
    }
}
