import DeepLinks
import Foundation
import Testing

/// A gate that admits the news reader's and Zhihu's schemes, as the pages in seed 003 need.
private let bannerGate: LinkGate = {
    var policy = LinkPolicy()
    policy.allowedSchemes.formUnion(["newsapp", "zhihu"])
    return LinkGate(policy: policy)
}()

/// The error parsing raised, or `nil` when the content parsed.
private func bannerError(_ content: String, gate: LinkGate = bannerGate) -> SmartAppBannerError? {
    do {
        _ = try SmartAppBanner(parsing: content, gate: gate)
        return nil
    } catch {
        return error
    }
}

@Suite("Smart App Banner: parsing the seed's pages")
struct SmartAppBannerSeedTests {
    @Test("seed 003, NetEase News: app-id, affiliate-data and a custom-scheme argument")
    func neteaseNews() throws {
        let banner = try SmartAppBanner(
            parsing:
                "app-id=425349261, affiliate-data=myAffiliateData, app-argument=newsapp://doc/CHLFGFCB00097U7S?s=sps_article",
            gate: bannerGate)
        #expect(banner.appID == 425_349_261)
        #expect(banner.affiliateData == "myAffiliateData")
        #expect(banner.appArgument?.scheme == "newsapp")
        #expect(banner.appArgument?.host == "doc")
        #expect(banner.appArgument?.pathSegments.map(\.decoded) == ["CHLFGFCB00097U7S"])
        #expect(banner.appArgument?.queryValues(named: "s") == ["sps_article"])
        #expect(banner.appClipBundleID == nil)
    }

    @Test("seed 003, Zhihu and Apple's own example")
    func zhihuAndApple() throws {
        let zhihu = try SmartAppBanner(
            parsing: "app-id=432274380, app-argument=zhihu://answers/154659733", gate: bannerGate)
        #expect(zhihu.appID == 432_274_380)
        #expect(zhihu.appArgument?.original == "zhihu://answers/154659733")
        let apple = try SmartAppBanner(
            parsing:
                "app-id=123456789, app-argument=https://developer.apple.com/wwdc/schedule, affiliate-data=optionalAffiliateData"
        )
        #expect(apple.appArgument?.host == "developer.apple.com")
        #expect(apple.affiliateData == "optionalAffiliateData")
    }

    @Test("App Clip keys, and a banner with only an app-id")
    func appClipAndMinimal() throws {
        let clip = try SmartAppBanner(
            parsing: "app-id=1234567890, app-clip-bundle-id=com.example.news.Clip, app-clip-display=card")
        #expect(clip.appClipBundleID == "com.example.news.Clip")
        #expect(clip.appClipDisplay == .card)
        #expect(clip.appArgument == nil)
        #expect(try SmartAppBanner(parsing: "app-id=1").appID == 1)
    }
}

@Suite("Smart App Banner: tolerant of spacing")
struct SmartAppBannerSpacingTests {
    @Test("spaces, tabs and line breaks around items, keys and '=' are ignored")
    func spacing() throws {
        let tight = try SmartAppBanner(
            parsing: "app-id=432274380,app-argument=zhihu://answers/154659733", gate: bannerGate)
        let loose = try SmartAppBanner(
            parsing: "  app-id = 432274380 ,\n\tapp-argument\t=\tzhihu://answers/154659733 \r\n",
            gate: bannerGate)
        #expect(tight == loose)
    }

    @Test("a value is everything after the first '=': affiliate data keeps its own '='")
    func firstEquals() throws {
        let banner = try SmartAppBanner(parsing: "app-id=425349261, affiliate-data=at=1000l3V&ct=news")
        #expect(banner.affiliateData == "at=1000l3V&ct=news")
    }
}

@Suite("Smart App Banner: strict about what is malformed")
struct SmartAppBannerRefusalTests {
    @Test("app-id is required")
    func missingAppID() {
        #expect(bannerError("app-argument=zhihu://answers/1") == .missingAppID)
        #expect(bannerError("") == .emptyItem(index: 0))
        #expect(bannerError("   ") == .emptyItem(index: 0))
    }

    @Test("app-id must be a positive decimal number without sign, leading zeros or other characters")
    func nonNumericAppID() {
        for text in ["12a", "-1", "+1", "0", "0123", "1.5", "1 2", "１２３", "99999999999999999999"] {
            #expect(bannerError("app-id=\(text)") == .nonNumericAppID(text), "\(text)")
        }
        #expect(
            bannerError("app-id=12a")?.description
                == "the app-id '12a' is not a number: use the digits of the App Store ID")
        // A number that is not an App Store ID says which rule it breaks.
        #expect(
            bannerError("app-id=-5")?.description
                == "the app-id '-5' has a sign: use the digits of the App Store ID")
        #expect(
            bannerError("app-id=0123")?.description
                == "the app-id '0123' starts with 0: use the digits of the App Store ID")
        #expect(
            bannerError("app-id=00")?.description
                == "the app-id '00' is zero: use the digits of the App Store ID")
        #expect(
            bannerError("app-id=99999999999999999999")?.description
                == "the app-id '99999999999999999999' is larger than any App Store ID: use the digits of the App Store ID"
        )
    }

    @Test("a comma inside an app-argument's query reads as a new item: the sentence says how to write it")
    func commaInArgumentQuery() {
        let error = bannerError("app-id=1, app-argument=https://example.com/search?a=1,b=2")
        #expect(error == .unknownKey("b"))
        #expect(
            error?.description
                == "'b' is not a Smart App Banner key; the keys are app-id, app-argument, affiliate-data, "
                + "app-clip-bundle-id, app-clip-display (if it belongs to the value before it, such as an "
                + "app-argument's query, write that comma %2C)")
    }

    @Test("every key appears at most once")
    func duplicateKeys() {
        #expect(bannerError("app-id=1, app-id=2") == .duplicateKey(.appID))
        #expect(
            bannerError("app-id=1, app-argument=zhihu://a/1, app-argument=zhihu://a/2")
                == .duplicateKey(.appArgument))
    }

    @Test("unknown and misspelt keys are refused, not ignored: a typo would drop the argument silently")
    func unknownKeys() {
        #expect(bannerError("app-id=1, app-arguments=zhihu://a/1") == .unknownKey("app-arguments"))
        #expect(bannerError("App-ID=1") == .unknownKey("App-ID"))
        #expect(bannerError("app-id=1, =x") == .unknownKey(""))
    }

    @Test("an item without '=' or with an empty value is refused")
    func malformedItems() {
        #expect(bannerError("app-id=1, affiliate-data") == .missingEquals(item: "affiliate-data", index: 1))
        #expect(bannerError("app-id=1, affiliate-data=") == .emptyValue(.affiliateData))
        #expect(bannerError("app-id=1,, app-argument=zhihu://a/1") == .emptyItem(index: 1))
        #expect(bannerError("app-id=1,") == .emptyItem(index: 1))
    }

    @Test("a comma inside the argument splits it: refused, never truncated")
    func commaInArgument() {
        #expect(
            bannerError("app-id=1, app-argument=https://example.com/a?tags=sea,sand")
                == .missingEquals(item: "sand", index: 2))
        #expect(
            bannerError("app-id=1, app-argument=https://example.com/a?tags=sea,sand")?.description
                == "item 3 of the banner content, 'sand', is not key=value (a comma inside a value? write it %2C)"
        )
        #expect(bannerError("app-id=1, app-argument=https://example.com/a?x=1,y=2") == .unknownKey("y"))
    }

    @Test(
        "“Where Foundation and browsers disagree”: an app-argument that fails the gate is refused with the gate's reason"
    )
    func argumentFailsGate() throws {
        let backslash = #"https://example.com\@evil.com/"#
        let error = try #require(bannerError("app-id=1, app-argument=\(backslash)"))
        guard case .invalidAppArgument(let text, let linkError) = error else {
            Issue.record("expected invalidAppArgument, got \(error)")
            return
        }
        #expect(text == backslash)
        #expect(linkError.rule == .backslash)

        #expect(
            bannerError("app-id=1, app-argument=javascript:alert(1)").map(\.argumentRule) == .schemeNotAllowed
        )
        #expect(
            bannerError("app-id=1, app-argument=newsapp://doc/1", gate: LinkGate()).map(\.argumentRule)
                == .schemeNotAllowed)
        #expect(
            bannerError("app-id=1, app-argument=https://example.com/a b").map(\.argumentRule)
                == .whitespaceOrControl)
        #expect(
            bannerError("app-id=1, app-argument=https://user:pw@example.com/").map(\.argumentRule)
                == .userInfo)
    }

    @Test("affiliate data is printable ASCII without spaces")
    func affiliateData() {
        #expect(bannerError("app-id=1, affiliate-data=my data") == .invalidAffiliateData("my data"))
        #expect(bannerError("app-id=1, affiliate-data=café") == .invalidAffiliateData("café"))
    }

    @Test("App Clip keys: a bundle identifier, 'card', and no display without a clip")
    func appClipKeys() {
        for text in [
            "com.example news", "single", ".com.example", "com..example", "com.example.", "com/example.Clip",
        ] {
            #expect(
                bannerError("app-id=1, app-clip-bundle-id=\(text)") == .invalidAppClipBundleID(text),
                "\(text)")
        }
        #expect(
            bannerError("app-id=1, app-clip-bundle-id=com.example.Clip, app-clip-display=banner")
                == .invalidAppClipDisplay("banner"))
        #expect(bannerError("app-id=1, app-clip-display=card") == .appClipDisplayWithoutBundleID)
    }

    @Test("content over 8192 bytes is refused before it is split")
    func tooLong() {
        let content = "app-id=1, affiliate-data=" + String(repeating: "a", count: 8192)
        #expect(bannerError(content) == .tooLong(bytes: 8217))
    }

    @Test("structural errors are reported in item order, before value errors")
    func errorOrder() {
        #expect(bannerError("app-id=x, bogus=1") == .unknownKey("bogus"))
        #expect(bannerError("app-id=x, app-clip-display=list") == .nonNumericAppID("x"))
    }
}

@Suite("Smart App Banner: rendering")
struct SmartAppBannerRenderingTests {
    @Test("content is written in key order and parses back to the same banner")
    func roundTrip() throws {
        let banner = try SmartAppBanner(
            parsing:
                "app-clip-display=card, affiliate-data=at=1&ct=x, app-argument=newsapp://doc/CHLFGFCB00097U7S?s=sps_article, app-clip-bundle-id=com.example.news.Clip, app-id=425349261",
            gate: bannerGate)
        #expect(
            banner.content
                == "app-id=425349261, app-argument=newsapp://doc/CHLFGFCB00097U7S?s=sps_article, affiliate-data=at=1&ct=x, "
                + "app-clip-bundle-id=com.example.news.Clip, app-clip-display=card")
        #expect(try SmartAppBanner(parsing: banner.content, gate: bannerGate) == banner)
    }

    @Test("the meta tag escapes every value for an HTML attribute")
    func metaTagEscaping() throws {
        let banner = try SmartAppBanner(
            parsing: #"app-id=1, app-argument=https://example.com/o'brien?a=1&b=2, affiliate-data="><script>"#
        )
        #expect(
            banner.metaTag
                == #"<meta name="apple-itunes-app" content="app-id=1, app-argument=https://example.com/o&#39;brien?a=1&amp;b=2, affiliate-data=&quot;&gt;&lt;script&gt;">"#
        )
    }

    @Test("values that could not be parsed back are refused when the banner is created")
    func creationChecks() throws {
        var policy = LinkPolicy()
        policy.allowedSchemes.insert("newsapp")
        let withComma = try LinkGate(policy: policy).parse("newsapp://doc/1?tags=a,b")
        #expect(throws: SmartAppBannerError.commaInAppArgument("newsapp://doc/1?tags=a,b")) {
            try SmartAppBanner(appID: 1, appArgument: withComma)
        }
        #expect(throws: SmartAppBannerError.nonNumericAppID("0")) { try SmartAppBanner(appID: 0) }
        #expect(throws: SmartAppBannerError.invalidAffiliateData("a b")) {
            try SmartAppBanner(appID: 1, affiliateData: "a b")
        }
        #expect(throws: SmartAppBannerError.appClipDisplayWithoutBundleID) {
            try SmartAppBanner(appID: 1, appClipDisplay: .card)
        }
        // Content longer than the parser takes: refused when made, as the parser would refuse it.
        // `app-id=1, affiliate-data=` is 25 bytes.
        let longest = String(repeating: "a", count: SmartAppBanner.maximumContentLength - 25)
        let banner = try SmartAppBanner(appID: 1, affiliateData: longest)
        #expect(banner.content.utf8.count == SmartAppBanner.maximumContentLength)
        #expect(try SmartAppBanner(parsing: banner.content) == banner)
        #expect(throws: SmartAppBannerError.tooLong(bytes: 8193)) {
            try SmartAppBanner(appID: 1, affiliateData: longest + "a")
        }
    }

    @Test("a banner round-trips through JSON, and decoding applies the checks")
    func json() throws {
        let banner = try SmartAppBanner(
            parsing: "app-id=432274380, app-argument=zhihu://answers/154659733", gate: bannerGate)
        #expect(try JSONDecoder().decode(SmartAppBanner.self, from: JSONEncoder().encode(banner)) == banner)
        #expect(throws: SmartAppBannerError.nonNumericAppID("-5")) {
            try JSONDecoder().decode(SmartAppBanner.self, from: Data(#"{"appID": -5}"#.utf8))
        }
    }
}

extension SmartAppBannerError {
    /// The gate's rule, for an argument the gate refused.
    fileprivate var argumentRule: LinkError.Rule? {
        if case .invalidAppArgument(_, let error) = self { error.rule } else { nil }
    }
}
