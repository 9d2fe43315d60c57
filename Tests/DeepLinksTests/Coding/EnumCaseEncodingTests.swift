import DeepLinks
import Foundation
import TestSupport
import Testing

/// The JSON of every case of the module's errors, refusals and findings whose `encode(to:)`
/// goes through `EnumCaseEncoder`: the very text Swift's synthesized encoding gave them,
/// captured before it was replaced (an optional value both given and absent, two values of one
/// type given different values), so that what a server or the CLI has written stays what it
/// reads.
@Suite struct EnumCaseEncodingTests {
    static let samples: [(String, any Encodable & Sendable, String)] = [
        (
            "RoutingFailure.noMatchingRoute", RoutingFailure.noMatchingRoute,
            #"{"noMatchingRoute":{}}"#
        ),
        (
            "RoutingFailure.invalidParameter",
            RoutingFailure.invalidParameter(
                route: "route",
                failure: ParameterFailure(parameter: "id", location: .path, value: "x", reason: .notAnInteger)
            ),
            #"{"invalidParameter":{"failure":{"location":"path","parameter":"id","reason":{"notAnInteger":{}},"value":"x"},"route":"route"}}"#
        ),
        (
            "RoutingFailure.noHandler", RoutingFailure.noHandler(route: "route"),
            #"{"noHandler":{"route":"route"}}"#
        ),
        (
            "RoutingFailure.handlerDeclined",
            RoutingFailure.handlerDeclined(route: "route", reason: "reason"),
            #"{"handlerDeclined":{"reason":"reason","route":"route"}}"#
        ),
        (
            "LinkRejection.malformed", LinkRejection.malformed(LinkError(.tooLong, at: 4, detail: "d")),
            #"{"malformed":{"_0":{"detail":"d","position":4,"rule":"tooLong"}}}"#
        ),
        (
            "LinkRejection.unhandled",
            LinkRejection.unhandled(
                try! LinkGate().parse("https://example.com/a?b=c#d"), reason: .noHandler(route: "r")),
            #"{"unhandled":{"_0":{"host":"example.com","original":"https://example.com/a?b=c#d","pathSegments":[{"decoded":"a","raw":"a"}],"queryItems":[{"hasValue":true,"name":"b","rawName":"b","rawValue":"c","value":"c"}],"rawFragment":"d","rawPath":"/a","rawQuery":"b=c","scheme":"https"},"reason":{"noHandler":{"route":"r"}}}}"#
        ),
        (
            "LinkRejection.invalidActivity", LinkRejection.invalidActivity(.missingRequiredKeys(["k"])),
            #"{"invalidActivity":{"_0":{"missingRequiredKeys":{"_0":["k"]}}}}"#
        ),
        (
            "LinkRejection.unregisteredActivityType", LinkRejection.unregisteredActivityType("_0"),
            #"{"unregisteredActivityType":{"_0":"_0"}}"#
        ),
        (
            "LinkRejection.invalidUserInfo",
            LinkRejection.invalidUserInfo(
                activityType: "activityType", route: "route",
                failure: UserInfoFailure(key: "k", value: nil, reason: .wrongKind(expected: .integer))),
            #"{"invalidUserInfo":{"activityType":"activityType","failure":{"key":"k","reason":{"wrongKind":{"expected":"integer"}}},"route":"route"}}"#
        ),
        (
            "LinkRejection.activityNotRoutable",
            LinkRejection.activityNotRoutable(activityType: "activityType", error: .unknownRoute("r")),
            #"{"activityNotRoutable":{"activityType":"activityType","error":{"unknownRoute":{"_0":"r"}}}}"#
        ),
        (
            "LinkRejection.invalidBanner", LinkRejection.invalidBanner(.emptyItem(index: 2)),
            #"{"invalidBanner":{"_0":{"emptyItem":{"index":2}}}}"#
        ),
        (
            "LinkRejection.bannerWithoutArgument", LinkRejection.bannerWithoutArgument,
            #"{"bannerWithoutArgument":{}}"#
        ),
        (
            "LinkRejection.hostNotAllowed#0", LinkRejection.hostNotAllowed(scheme: "scheme", host: "host"),
            #"{"hostNotAllowed":{"host":"host","scheme":"scheme"}}"#
        ),
        (
            "LinkRejection.hostNotAllowed#1", LinkRejection.hostNotAllowed(scheme: "scheme", host: nil),
            #"{"hostNotAllowed":{"scheme":"scheme"}}"#
        ),
        (
            "LinkRejection.portOnRouteHost",
            LinkRejection.portOnRouteHost(scheme: "scheme", host: "host", port: 3),
            #"{"portOnRouteHost":{"host":"host","port":3,"scheme":"scheme"}}"#
        ),
        (
            "SmartAppBannerError.tooLong", SmartAppBannerError.tooLong(bytes: 3),
            #"{"tooLong":{"bytes":3}}"#
        ),
        (
            "SmartAppBannerError.emptyItem", SmartAppBannerError.emptyItem(index: 3),
            #"{"emptyItem":{"index":3}}"#
        ),
        (
            "SmartAppBannerError.missingEquals", SmartAppBannerError.missingEquals(item: "item", index: 3),
            #"{"missingEquals":{"index":3,"item":"item"}}"#
        ),
        (
            "SmartAppBannerError.unknownKey", SmartAppBannerError.unknownKey("_0"),
            #"{"unknownKey":{"_0":"_0"}}"#
        ),
        (
            "SmartAppBannerError.duplicateKey", SmartAppBannerError.duplicateKey(.appArgument),
            #"{"duplicateKey":{"_0":"app-argument"}}"#
        ),
        (
            "SmartAppBannerError.emptyValue", SmartAppBannerError.emptyValue(.appArgument),
            #"{"emptyValue":{"_0":"app-argument"}}"#
        ),
        (
            "SmartAppBannerError.missingAppID", SmartAppBannerError.missingAppID,
            #"{"missingAppID":{}}"#
        ),
        (
            "SmartAppBannerError.nonNumericAppID", SmartAppBannerError.nonNumericAppID("_0"),
            #"{"nonNumericAppID":{"_0":"_0"}}"#
        ),
        (
            "SmartAppBannerError.invalidAppArgument",
            SmartAppBannerError.invalidAppArgument("_0", LinkError(.tooLong, at: 4, detail: "d")),
            #"{"invalidAppArgument":{"_0":"_0","_1":{"detail":"d","position":4,"rule":"tooLong"}}}"#
        ),
        (
            "SmartAppBannerError.commaInAppArgument", SmartAppBannerError.commaInAppArgument("_0"),
            #"{"commaInAppArgument":{"_0":"_0"}}"#
        ),
        (
            "SmartAppBannerError.invalidAffiliateData", SmartAppBannerError.invalidAffiliateData("_0"),
            #"{"invalidAffiliateData":{"_0":"_0"}}"#
        ),
        (
            "SmartAppBannerError.invalidAppClipBundleID", SmartAppBannerError.invalidAppClipBundleID("_0"),
            #"{"invalidAppClipBundleID":{"_0":"_0"}}"#
        ),
        (
            "SmartAppBannerError.invalidAppClipDisplay", SmartAppBannerError.invalidAppClipDisplay("_0"),
            #"{"invalidAppClipDisplay":{"_0":"_0"}}"#
        ),
        (
            "SmartAppBannerError.appClipDisplayWithoutBundleID",
            SmartAppBannerError.appClipDisplayWithoutBundleID,
            #"{"appClipDisplayWithoutBundleID":{}}"#
        ),
        (
            "CustomSchemeError.invalidName", CustomSchemeError.invalidName("_0"),
            #"{"invalidName":{"_0":"_0"}}"#
        ),
        (
            "CustomSchemeError.wellKnown", CustomSchemeError.wellKnown("_0"),
            #"{"wellKnown":{"_0":"_0"}}"#
        ),
        (
            "CustomSchemeError.duplicate", CustomSchemeError.duplicate("_0"),
            #"{"duplicate":{"_0":"_0"}}"#
        ),
        (
            "CustomSchemeError.noDomains", CustomSchemeError.noDomains("_0"),
            #"{"noDomains":{"_0":"_0"}}"#
        ),
        // Added after the change: the text a synthesized replica of the case writes.
        (
            "CustomSchemeError.invalidDomain",
            CustomSchemeError.invalidDomain(scheme: "shop", pattern: "a b"),
            #"{"invalidDomain":{"pattern":"a b","scheme":"shop"}}"#
        ),
        (
            "UserInfoFailure.Reason.wrongKind", UserInfoFailure.Reason.wrongKind(expected: .string),
            #"{"wrongKind":{"expected":"string"}}"#
        ),
        (
            "UserInfoFailure.Reason.invalid", UserInfoFailure.Reason.invalid(.tooShort(minimum: 2)),
            #"{"invalid":{"_0":{"tooShort":{"minimum":2}}}}"#
        ),
        (
            "UserInfoFailure.Reason.unexpectedKey", UserInfoFailure.Reason.unexpectedKey,
            #"{"unexpectedKey":{}}"#
        ),
        (
            "ActivityRouteFinding.invalidActivityType", ActivityRouteFinding.invalidActivityType("_0"),
            #"{"invalidActivityType":{"_0":"_0"}}"#
        ),
        (
            "ActivityRouteFinding.browsingWebType", ActivityRouteFinding.browsingWebType(route: "route"),
            #"{"browsingWebType":{"route":"route"}}"#
        ),
        (
            "ActivityRouteFinding.unknownRoute",
            ActivityRouteFinding.unknownRoute(activityType: "activityType", route: "route"),
            #"{"unknownRoute":{"activityType":"activityType","route":"route"}}"#
        ),
        (
            "ActivityRouteFinding.duplicate",
            ActivityRouteFinding.duplicate(activityType: "activityType", route: "route"),
            #"{"duplicate":{"activityType":"activityType","route":"route"}}"#
        ),
        (
            "ActivityRouteFinding.unwritableLink",
            ActivityRouteFinding.unwritableLink(
                activityType: "activityType", route: "route", error: .unknownRoute("r")),
            #"{"unwritableLink":{"activityType":"activityType","error":{"unknownRoute":{"_0":"r"}},"route":"route"}}"#
        ),
        (
            "ActivityRouteFinding.unknownMappedParameter",
            ActivityRouteFinding.unknownMappedParameter(
                activityType: "activityType", route: "route", key: "key", parameter: "parameter"),
            #"{"unknownMappedParameter":{"activityType":"activityType","key":"key","parameter":"parameter","route":"route"}}"#
        ),
        (
            "ActivityRouteFinding.parameterMappedTwice",
            ActivityRouteFinding.parameterMappedTwice(
                activityType: "activityType", route: "route", parameter: "parameter", keys: ["a", "b"]),
            #"{"parameterMappedTwice":{"activityType":"activityType","keys":["a","b"],"parameter":"parameter","route":"route"}}"#
        ),
        (
            "ActivityRouteFinding.mappedKeyIsParameter",
            ActivityRouteFinding.mappedKeyIsParameter(
                activityType: "activityType", route: "route", key: "key", parameter: "parameter"),
            #"{"mappedKeyIsParameter":{"activityType":"activityType","key":"key","parameter":"parameter","route":"route"}}"#
        ),
        (
            "ActivityRouteFinding.emptyUserInfoKey",
            ActivityRouteFinding.emptyUserInfoKey(
                activityType: "activityType", route: "route", parameter: "parameter"),
            #"{"emptyUserInfoKey":{"activityType":"activityType","parameter":"parameter","route":"route"}}"#
        ),
        (
            "ActivityRouteFinding.moreFindings", ActivityRouteFinding.moreFindings(kind: "kind", count: 3),
            #"{"moreFindings":{"count":3,"kind":"kind"}}"#
        ),
        (
            "UserActivityError.emptyActivityType", UserActivityError.emptyActivityType,
            #"{"emptyActivityType":{}}"#
        ),
        (
            "UserActivityError.invalidActivityType", UserActivityError.invalidActivityType("_0"),
            #"{"invalidActivityType":{"_0":"_0"}}"#
        ),
        (
            "UserActivityError.missingWebpageURL", UserActivityError.missingWebpageURL,
            #"{"missingWebpageURL":{}}"#
        ),
        (
            "UserActivityError.webpageURLNotWeb", UserActivityError.webpageURLNotWeb("_0"),
            #"{"webpageURLNotWeb":{"_0":"_0"}}"#
        ),
        (
            "UserActivityError.userInfoTooLarge", UserActivityError.userInfoTooLarge(bytes: 3, budget: 4),
            #"{"userInfoTooLarge":{"budget":4,"bytes":3}}"#
        ),
        (
            "UserActivityError.missingRequiredKeys", UserActivityError.missingRequiredKeys(["a", "b"]),
            #"{"missingRequiredKeys":{"_0":["a","b"]}}"#
        ),
        (
            "UserActivityError.unsupportedUserInfo",
            UserActivityError.unsupportedUserInfo(path: "path", reason: "reason"),
            #"{"unsupportedUserInfo":{"path":"path","reason":"reason"}}"#
        ),
        (
            "ReverseRoutingError.unknownRoute", ReverseRoutingError.unknownRoute("_0"),
            #"{"unknownRoute":{"_0":"_0"}}"#
        ),
        (
            "ReverseRoutingError.missingParameter",
            ReverseRoutingError.missingParameter(route: "route", parameter: "parameter"),
            #"{"missingParameter":{"parameter":"parameter","route":"route"}}"#
        ),
        (
            "ReverseRoutingError.unknownParameter",
            ReverseRoutingError.unknownParameter(route: "route", parameter: "parameter"),
            #"{"unknownParameter":{"parameter":"parameter","route":"route"}}"#
        ),
        (
            "ReverseRoutingError.invalidParameter",
            ReverseRoutingError.invalidParameter(
                route: "route",
                failure: ParameterFailure(parameter: "id", location: .path, value: "x", reason: .notAnInteger)
            ),
            #"{"invalidParameter":{"failure":{"location":"path","parameter":"id","reason":{"notAnInteger":{}},"value":"x"},"route":"route"}}"#
        ),
        (
            "ReverseRoutingError.valueDoesNotRoundTrip",
            ReverseRoutingError.valueDoesNotRoundTrip(
                route: "route", parameter: "parameter", value: .integer(4)),
            #"{"valueDoesNotRoundTrip":{"parameter":"parameter","route":"route","value":{"integer":4}}}"#
        ),
        (
            "ReverseRoutingError.needsScheme", ReverseRoutingError.needsScheme(route: "route"),
            #"{"needsScheme":{"route":"route"}}"#
        ),
        (
            "ReverseRoutingError.needsHost", ReverseRoutingError.needsHost(route: "route"),
            #"{"needsHost":{"route":"route"}}"#
        ),
        (
            "ReverseRoutingError.schemeNotInScope",
            ReverseRoutingError.schemeNotInScope(route: "route", scheme: "scheme"),
            #"{"schemeNotInScope":{"route":"route","scheme":"scheme"}}"#
        ),
        (
            "ReverseRoutingError.hostNotInScope",
            ReverseRoutingError.hostNotInScope(route: "route", host: "host"),
            #"{"hostNotInScope":{"host":"host","route":"route"}}"#
        ),
        (
            "ReverseRoutingError.notALink",
            ReverseRoutingError.notALink(route: "route", error: LinkError(.tooLong, at: 4, detail: "d")),
            #"{"notALink":{"error":{"detail":"d","position":4,"rule":"tooLong"},"route":"route"}}"#
        ),
        (
            "ReverseRoutingError.unwritableValue",
            ReverseRoutingError.unwritableValue(route: "route", reason: "reason"),
            #"{"unwritableValue":{"reason":"reason","route":"route"}}"#
        ),
        (
            "ReverseRoutingError.doesNotRouteBack#0",
            ReverseRoutingError.doesNotRouteBack(route: "route", reachedRoute: "reachedRoute"),
            #"{"doesNotRouteBack":{"reachedRoute":"reachedRoute","route":"route"}}"#
        ),
        (
            "ReverseRoutingError.doesNotRouteBack#1",
            ReverseRoutingError.doesNotRouteBack(route: "route", reachedRoute: nil),
            #"{"doesNotRouteBack":{"route":"route"}}"#
        ),
        (
            "ParameterFailure.Reason.missing", ParameterFailure.Reason.missing,
            #"{"missing":{}}"#
        ),
        (
            "ParameterFailure.Reason.repeated", ParameterFailure.Reason.repeated(count: 3),
            #"{"repeated":{"count":3}}"#
        ),
        (
            "ParameterFailure.Reason.empty", ParameterFailure.Reason.empty,
            #"{"empty":{}}"#
        ),
        (
            "ParameterFailure.Reason.notAnInteger", ParameterFailure.Reason.notAnInteger,
            #"{"notAnInteger":{}}"#
        ),
        (
            "ParameterFailure.Reason.outOfRange", ParameterFailure.Reason.outOfRange(1...9),
            #"{"outOfRange":{"_0":[1,9]}}"#
        ),
        (
            "ParameterFailure.Reason.tooShort", ParameterFailure.Reason.tooShort(minimum: 3),
            #"{"tooShort":{"minimum":3}}"#
        ),
        (
            "ParameterFailure.Reason.tooLong", ParameterFailure.Reason.tooLong(maximum: 3),
            #"{"tooLong":{"maximum":3}}"#
        ),
        (
            "ParameterFailure.Reason.characterNotAllowed", ParameterFailure.Reason.characterNotAllowed("_0"),
            #"{"characterNotAllowed":{"_0":"_0"}}"#
        ),
        (
            "ParameterFailure.Reason.invisibleCharacter", ParameterFailure.Reason.invisibleCharacter,
            #"{"invisibleCharacter":{}}"#
        ),
        (
            "ParameterFailure.Reason.notASlug", ParameterFailure.Reason.notASlug,
            #"{"notASlug":{}}"#
        ),
        (
            "ParameterFailure.Reason.notAUUID", ParameterFailure.Reason.notAUUID,
            #"{"notAUUID":{}}"#
        ),
        (
            "ParameterFailure.Reason.notAllowedValue",
            ParameterFailure.Reason.notAllowedValue(allowed: ["a", "b"], more: 3),
            #"{"notAllowedValue":{"allowed":["a","b"],"more":3}}"#
        ),
        (
            "ParameterFailure.Reason.notMatchingPattern#0",
            ParameterFailure.Reason.notMatchingPattern("_0", type: "type"),
            #"{"notMatchingPattern":{"_0":"_0","type":"type"}}"#
        ),
        (
            "ParameterFailure.Reason.notMatchingPattern#1",
            ParameterFailure.Reason.notMatchingPattern("_0", type: nil),
            #"{"notMatchingPattern":{"_0":"_0"}}"#
        ),
        (
            "ParameterFailure.Reason.notABoolean", ParameterFailure.Reason.notABoolean,
            #"{"notABoolean":{}}"#
        ),
        (
            "ParameterFailure.Reason.refusedByCustomType",
            ParameterFailure.Reason.refusedByCustomType(type: "type", expected: "expected"),
            #"{"refusedByCustomType":{"expected":"expected","type":"type"}}"#
        ),
        (
            "ParameterFailure.Reason.unknownType", ParameterFailure.Reason.unknownType("_0"),
            #"{"unknownType":{"_0":"_0"}}"#
        ),
        (
            "ParameterFailure.Reason.unexpectedFragment", ParameterFailure.Reason.unexpectedFragment,
            #"{"unexpectedFragment":{}}"#
        ),
        (
            "ParameterFailure.Reason.notASegment", ParameterFailure.Reason.notASegment,
            #"{"notASegment":{}}"#
        ),
        (
            "ParameterFailure.Reason.tooManyScalars", ParameterFailure.Reason.tooManyScalars(maximum: 3),
            #"{"tooManyScalars":{"maximum":3}}"#
        ),
        (
            "ParameterFailure.Reason.overloadedCharacter",
            ParameterFailure.Reason.overloadedCharacter(maximum: 3),
            #"{"overloadedCharacter":{"maximum":3}}"#
        ),
        (
            "ParameterTypeSyntaxError.Reason.empty", ParameterTypeSyntaxError.Reason.empty,
            #"{"empty":{}}"#
        ),
        (
            "ParameterTypeSyntaxError.Reason.invalidName", ParameterTypeSyntaxError.Reason.invalidName("_0"),
            #"{"invalidName":{"_0":"_0"}}"#
        ),
        (
            "ParameterTypeSyntaxError.Reason.unexpectedArgument",
            ParameterTypeSyntaxError.Reason.unexpectedArgument("_0"),
            #"{"unexpectedArgument":{"_0":"_0"}}"#
        ),
        (
            "ParameterTypeSyntaxError.Reason.invalidRange",
            ParameterTypeSyntaxError.Reason.invalidRange("_0"),
            #"{"invalidRange":{"_0":"_0"}}"#
        ),
        (
            "ParameterTypeSyntaxError.Reason.reversedRange",
            ParameterTypeSyntaxError.Reason.reversedRange("_0"),
            #"{"reversedRange":{"_0":"_0"}}"#
        ),
        (
            "ParameterTypeSyntaxError.Reason.characterClass",
            ParameterTypeSyntaxError.Reason.characterClass(
                CharacterClass.SyntaxError(text: "[a", reason: .unclosedBracket)),
            #"{"characterClass":{"_0":{"reason":"unclosedBracket","text":"[a"}}}"#
        ),
        (
            "ParameterTypeSyntaxError.Reason.emptyEnumeration",
            ParameterTypeSyntaxError.Reason.emptyEnumeration,
            #"{"emptyEnumeration":{}}"#
        ),
        (
            "ParameterTypeSyntaxError.Reason.invalidEnumerationValue",
            ParameterTypeSyntaxError.Reason.invalidEnumerationValue("_0"),
            #"{"invalidEnumerationValue":{"_0":"_0"}}"#
        ),
        (
            "ParameterTypeSyntaxError.Reason.pattern",
            ParameterTypeSyntaxError.Reason.pattern(
                TextPatternSyntaxError(pattern: "a", offset: 0, reason: .tooLong(limit: 5))),
            #"{"pattern":{"_0":{"offset":0,"pattern":"a","reason":{"tooLong":{"limit":5}}}}}"#
        ),
        (
            "TextPatternSyntaxError.Reason.empty", TextPatternSyntaxError.Reason.empty,
            #"{"empty":{}}"#
        ),
        (
            "TextPatternSyntaxError.Reason.notPrintableASCII",
            TextPatternSyntaxError.Reason.notPrintableASCII,
            #"{"notPrintableASCII":{}}"#
        ),
        (
            "TextPatternSyntaxError.Reason.reservedCharacter",
            TextPatternSyntaxError.Reason.reservedCharacter("_0"),
            #"{"reservedCharacter":{"_0":"_0"}}"#
        ),
        (
            "TextPatternSyntaxError.Reason.unknownEscape", TextPatternSyntaxError.Reason.unknownEscape("_0"),
            #"{"unknownEscape":{"_0":"_0"}}"#
        ),
        (
            "TextPatternSyntaxError.Reason.characterClass",
            TextPatternSyntaxError.Reason.characterClass(
                CharacterClass.SyntaxError(text: "[a", reason: .unclosedBracket)),
            #"{"characterClass":{"_0":{"reason":"unclosedBracket","text":"[a"}}}"#
        ),
        (
            "TextPatternSyntaxError.Reason.negatedClass", TextPatternSyntaxError.Reason.negatedClass,
            #"{"negatedClass":{}}"#
        ),
        (
            "TextPatternSyntaxError.Reason.unclosedGroup", TextPatternSyntaxError.Reason.unclosedGroup,
            #"{"unclosedGroup":{}}"#
        ),
        (
            "TextPatternSyntaxError.Reason.nothingToRepeat", TextPatternSyntaxError.Reason.nothingToRepeat,
            #"{"nothingToRepeat":{}}"#
        ),
        (
            "TextPatternSyntaxError.Reason.invalidRepetition",
            TextPatternSyntaxError.Reason.invalidRepetition("_0"),
            #"{"invalidRepetition":{"_0":"_0"}}"#
        ),
        (
            "TextPatternSyntaxError.Reason.emptyRepetition",
            TextPatternSyntaxError.Reason.emptyRepetition("_0"),
            #"{"emptyRepetition":{"_0":"_0"}}"#
        ),
        (
            "TextPatternSyntaxError.Reason.tooLong", TextPatternSyntaxError.Reason.tooLong(limit: 3),
            #"{"tooLong":{"limit":3}}"#
        ),
        (
            "TextPatternSyntaxError.Reason.tooManyPositions",
            TextPatternSyntaxError.Reason.tooManyPositions(limit: 3),
            #"{"tooManyPositions":{"limit":3}}"#
        ),
        (
            "PatternSyntaxError.Reason.missingLeadingSlash", PatternSyntaxError.Reason.missingLeadingSlash,
            #"{"missingLeadingSlash":{}}"#
        ),
        (
            "PatternSyntaxError.Reason.emptySegment", PatternSyntaxError.Reason.emptySegment,
            #"{"emptySegment":{}}"#
        ),
        (
            "PatternSyntaxError.Reason.missingParameterName", PatternSyntaxError.Reason.missingParameterName,
            #"{"missingParameterName":{}}"#
        ),
        (
            "PatternSyntaxError.Reason.invalidName", PatternSyntaxError.Reason.invalidName("_0"),
            #"{"invalidName":{"_0":"_0"}}"#
        ),
        (
            "PatternSyntaxError.Reason.unclosedParenthesis", PatternSyntaxError.Reason.unclosedParenthesis,
            #"{"unclosedParenthesis":{}}"#
        ),
        (
            "PatternSyntaxError.Reason.textAfterParameter",
            PatternSyntaxError.Reason.textAfterParameter("_0"),
            #"{"textAfterParameter":{"_0":"_0"}}"#
        ),
        (
            "PatternSyntaxError.Reason.catchAllNotLast", PatternSyntaxError.Reason.catchAllNotLast,
            #"{"catchAllNotLast":{}}"#
        ),
        (
            "PatternSyntaxError.Reason.optionalBeforeTrailingSlash",
            PatternSyntaxError.Reason.optionalBeforeTrailingSlash,
            #"{"optionalBeforeTrailingSlash":{}}"#
        ),
        (
            "PatternSyntaxError.Reason.tooManyOptionalSegments",
            PatternSyntaxError.Reason.tooManyOptionalSegments(limit: 3),
            #"{"tooManyOptionalSegments":{"limit":3}}"#
        ),
        (
            "PatternSyntaxError.Reason.optionalCatchAll", PatternSyntaxError.Reason.optionalCatchAll,
            #"{"optionalCatchAll":{}}"#
        ),
        (
            "PatternSyntaxError.Reason.invalidCharacter", PatternSyntaxError.Reason.invalidCharacter("_0"),
            #"{"invalidCharacter":{"_0":"_0"}}"#
        ),
        (
            "PatternSyntaxError.Reason.invalidPercentEscape", PatternSyntaxError.Reason.invalidPercentEscape,
            #"{"invalidPercentEscape":{}}"#
        ),
        (
            "PatternSyntaxError.Reason.dotSegment", PatternSyntaxError.Reason.dotSegment,
            #"{"dotSegment":{}}"#
        ),
        (
            "PatternSyntaxError.Reason.invalidType",
            PatternSyntaxError.Reason.invalidType(
                ParameterTypeSyntaxError(text: "t", reason: .invalidName("n"))),
            #"{"invalidType":{"_0":{"reason":{"invalidName":{"_0":"n"}},"text":"t"}}}"#
        ),
        (
            "PatternSyntaxError.Reason.empty", PatternSyntaxError.Reason.empty,
            #"{"empty":{}}"#
        ),
        (
            "RouteAttempt.Result.matched", RouteAttempt.Result.matched,
            #"{"matched":{}}"#
        ),
        (
            "RouteAttempt.Result.schemeNotInScope", RouteAttempt.Result.schemeNotInScope("_0"),
            #"{"schemeNotInScope":{"_0":"_0"}}"#
        ),
        (
            "RouteAttempt.Result.hostNotInScope#0", RouteAttempt.Result.hostNotInScope("_0"),
            #"{"hostNotInScope":{"_0":"_0"}}"#
        ),
        (
            "RouteAttempt.Result.hostNotInScope#1", RouteAttempt.Result.hostNotInScope(nil),
            #"{"hostNotInScope":{}}"#
        ),
        (
            "RouteAttempt.Result.parameterFailed",
            RouteAttempt.Result.parameterFailed(
                ParameterFailure(parameter: "id", location: .path, value: "x", reason: .notAnInteger)),
            #"{"parameterFailed":{"_0":{"location":"path","parameter":"id","reason":{"notAnInteger":{}},"value":"x"}}}"#
        ),
        (
            "RouteAttempt.Result.yieldedToGuardedRoute", RouteAttempt.Result.yieldedToGuardedRoute("_0"),
            #"{"yieldedToGuardedRoute":{"_0":"_0"}}"#
        ),
        (
            "RouteTableFinding.invalidName", RouteTableFinding.invalidName(route: "route"),
            #"{"invalidName":{"route":"route"}}"#
        ),
        (
            "RouteTableFinding.duplicateName", RouteTableFinding.duplicateName(route: "route"),
            #"{"duplicateName":{"route":"route"}}"#
        ),
        (
            "RouteTableFinding.invalidPattern",
            RouteTableFinding.invalidPattern(
                route: "route",
                error: PatternSyntaxError(
                    text: "/a", offset: 1, parameter: "p",
                    reason: PatternSyntaxError.Reason.missingLeadingSlash)),
            #"{"invalidPattern":{"error":{"offset":1,"parameter":"p","reason":{"missingLeadingSlash":{}},"text":"/a"},"route":"route"}}"#
        ),
        (
            "RouteTableFinding.parameterNameClash",
            RouteTableFinding.parameterNameClash(route: "route", parameter: "parameter"),
            #"{"parameterNameClash":{"parameter":"parameter","route":"route"}}"#
        ),
        (
            "RouteTableFinding.unknownParameterType",
            RouteTableFinding.unknownParameterType(route: "route", parameter: "parameter", type: "type"),
            #"{"unknownParameterType":{"parameter":"parameter","route":"route","type":"type"}}"#
        ),
        (
            "RouteTableFinding.impossibleBounds",
            RouteTableFinding.impossibleBounds(route: "route", parameter: "parameter", reason: "reason"),
            #"{"impossibleBounds":{"parameter":"parameter","reason":"reason","route":"route"}}"#
        ),
        (
            "RouteTableFinding.invalidDefault",
            RouteTableFinding.invalidDefault(
                route: "route", parameter: "parameter", reason: .tooShort(minimum: 2)),
            #"{"invalidDefault":{"parameter":"parameter","reason":{"tooShort":{"minimum":2}},"route":"route"}}"#
        ),
        (
            "RouteTableFinding.invalidScope",
            RouteTableFinding.invalidScope(route: "route", reason: "reason"),
            #"{"invalidScope":{"reason":"reason","route":"route"}}"#
        ),
        (
            "RouteTableFinding.neverMatches",
            RouteTableFinding.neverMatches(route: "route", reason: "reason"),
            #"{"neverMatches":{"reason":"reason","route":"route"}}"#
        ),
        (
            "RouteTableFinding.duplicateRoute",
            RouteTableFinding.duplicateRoute(route: "route", duplicateOf: "duplicateOf"),
            #"{"duplicateRoute":{"duplicateOf":"duplicateOf","route":"route"}}"#
        ),
        (
            "RouteTableFinding.shadowedRoute",
            RouteTableFinding.shadowedRoute(route: "route", shadowedBy: "shadowedBy"),
            #"{"shadowedRoute":{"route":"route","shadowedBy":"shadowedBy"}}"#
        ),
        (
            "RouteTableFinding.ambiguousRoutes",
            RouteTableFinding.ambiguousRoutes(route: "route", other: "other"),
            #"{"ambiguousRoutes":{"other":"other","route":"route"}}"#
        ),
        (
            "RouteTableFinding.invalidCustomType",
            RouteTableFinding.invalidCustomType(name: "name", reason: "reason"),
            #"{"invalidCustomType":{"name":"name","reason":"reason"}}"#
        ),
        (
            "RouteTableFinding.invalidCanonicalHost",
            RouteTableFinding.invalidCanonicalHost(host: "host", reason: "reason"),
            #"{"invalidCanonicalHost":{"host":"host","reason":"reason"}}"#
        ),
        (
            "RouteTableFinding.tooManyRoutes", RouteTableFinding.tooManyRoutes(count: 3, limit: 4),
            #"{"tooManyRoutes":{"count":3,"limit":4}}"#
        ),
        (
            "RouteTableFinding.checkTooCostly", RouteTableFinding.checkTooCostly(routes: 3, steps: 4),
            #"{"checkTooCostly":{"routes":3,"steps":4}}"#
        ),
        (
            "RouteTableFinding.navigationTakesGuardedLinks",
            RouteTableFinding.navigationTakesGuardedLinks(
                route: "route", guarded: "guarded", safety: .sensitive),
            #"{"navigationTakesGuardedLinks":{"guarded":"guarded","route":"route","safety":"sensitive"}}"#
        ),
        (
            "RouteTableFinding.unknownParent",
            RouteTableFinding.unknownParent(route: "route", parent: "parent"),
            #"{"unknownParent":{"parent":"parent","route":"route"}}"#
        ),
        (
            "RouteTableFinding.parentCycle",
            RouteTableFinding.parentCycle(route: "route", chain: ["a", "b"]),
            #"{"parentCycle":{"chain":["a","b"],"route":"route"}}"#
        ),
        (
            "RouteTableFinding.unbuildableParent",
            RouteTableFinding.unbuildableParent(
                route: "route", parent: "parent", parameter: "parameter", reason: "reason"),
            #"{"unbuildableParent":{"parameter":"parameter","parent":"parent","reason":"reason","route":"route"}}"#
        ),
        (
            "RouteTableFinding.invalidRequirement",
            RouteTableFinding.invalidRequirement(route: "route", requirement: "requirement"),
            #"{"invalidRequirement":{"requirement":"requirement","route":"route"}}"#
        ),
        (
            "RouteTableFinding.ambiguousOptionalSegment",
            RouteTableFinding.ambiguousOptionalSegment(
                route: "route", parameter: "parameter", reading: "reading", other: "other"),
            #"{"ambiguousOptionalSegment":{"other":"other","parameter":"parameter","reading":"reading","route":"route"}}"#
        ),
        (
            "RouteTableFinding.invalidTypeDeclaration",
            RouteTableFinding.invalidTypeDeclaration(name: "name", reason: "reason"),
            #"{"invalidTypeDeclaration":{"name":"name","reason":"reason"}}"#
        ),
        (
            "RouteTableFinding.typeDeclaredAndRegistered",
            RouteTableFinding.typeDeclaredAndRegistered(name: "name"),
            #"{"typeDeclaredAndRegistered":{"name":"name"}}"#
        ),
        (
            "RouteTableFinding.destructiveParent",
            RouteTableFinding.destructiveParent(route: "route", parent: "parent"),
            #"{"destructiveParent":{"parent":"parent","route":"route"}}"#
        ),
        (
            "RouteTableFinding.guardedAncestor",
            RouteTableFinding.guardedAncestor(route: "route", ancestor: "ancestor", safety: .sensitive),
            #"{"guardedAncestor":{"ancestor":"ancestor","route":"route","safety":"sensitive"}}"#
        ),
        (
            "RouteTableFinding.moreFindings#0", RouteTableFinding.moreFindings(code: "code", count: 3),
            #"{"moreFindings":{"code":"code","count":3}}"#
        ),
        (
            "RouteTableFinding.moreFindings#1", RouteTableFinding.moreFindings(code: "code", count: nil),
            #"{"moreFindings":{"code":"code"}}"#
        ),
        (
            "LinkReceiverError.routeTable",
            LinkReceiverError.routeTable(RouteTableError(findings: [.invalidName(route: "n")])),
            #"{"routeTable":{"_0":{"findings":[{"invalidName":{"route":"n"}}]}}}"#
        ),
        (
            "LinkReceiverError.activityRoutes", LinkReceiverError.activityRoutes([.invalidActivityType("t")]),
            #"{"activityRoutes":{"_0":[{"invalidActivityType":{"_0":"t"}}]}}"#
        ),
        // Added after the change: the text a synthesized replica of the case writes.
        (
            "LinkReceiverError.invalidHostPattern", LinkReceiverError.invalidHostPattern("a b"),
            #"{"invalidHostPattern":{"_0":"a b"}}"#
        ),
    ]

    @Test func everyCaseEncodesAsSynthesizedEncodingDid() throws {
        for (name, value, expected) in Self.samples {
            #expect(try PinnedJSON.text(of: value) == expected, "\(name)")
        }
    }
}
