import DeepLinks
import Foundation
import Testing

/// The error a throwing activity creation raised, or `nil` when it succeeded.
private func activityError(_ make: () throws(UserActivityError) -> UserActivity) -> UserActivityError? {
    do {
        _ = try make()
        return nil
    } catch {
        return error
    }
}

@Suite("User activities: what creation accepts and refuses")
struct UserActivityCreationTests {
    @Test("a universal-link activity keeps its webpageURL as text, for the gate to judge")
    func browsingWeb() throws {
        let activity = try UserActivity(
            activityType: UserActivity.browsingWeb,
            webpageURL: "https://photos.example.com/albums?albumname=Summer&index=3",
            referrerURL: "https://news.example.org/story")
        #expect(activity.isBrowsingWeb)
        #expect(activity.webpageURL == "https://photos.example.com/albums?albumname=Summer&index=3")
        #expect(activity.referrerURL == "https://news.example.org/story")
        #expect(activity.userInfo.isEmpty)
        #expect(activity.isEligibleForHandoff)
        #expect(UserActivity.browsingWeb == "NSUserActivityTypeBrowsingWeb")
    }

    @Test("an app activity keeps every property")
    func appActivity() throws {
        let activity = try UserActivity(
            activityType: "com.example.photos.viewing-photo", userInfo: ["albumname": "Summer", "index": 3],
            requiredUserInfoKeys: ["albumname", "index"], targetContentIdentifier: "album/Summer",
            persistentIdentifier: "viewing-Summer-3", isEligibleForHandoff: false)
        #expect(!activity.isBrowsingWeb)
        #expect(activity.webpageURL == nil)
        #expect(activity.userInfo["index"] == .integer(3))
        #expect(activity.requiredUserInfoKeys == ["albumname", "index"])
        #expect(activity.targetContentIdentifier == "album/Summer")
        #expect(activity.persistentIdentifier == "viewing-Summer-3")
        #expect(!activity.isEligibleForHandoff)
    }

    @Test("“How links arrive”: a non-http(s) webpageURL is refused, as NSUserActivity refuses it")
    func nonWebWebpageURL() {
        for text in [
            "photoalbum://albums", "javascript:alert(1)", "file:///etc/passwd", "ftp://example.com/",
        ] {
            #expect(
                activityError { () throws(UserActivityError) in
                    try UserActivity(activityType: UserActivity.browsingWeb, webpageURL: text)
                } == .webpageURLNotWeb(text))
        }
        #expect(
            activityError { () throws(UserActivityError) in
                try UserActivity(activityType: "com.example.app.view", webpageURL: "example.com/a")
            } == .webpageURLNotWeb("example.com/a"))
    }

    @Test("the scheme test ignores letter case and nothing else")
    func webSchemeCase() throws {
        #expect(
            try UserActivity(activityType: UserActivity.browsingWeb, webpageURL: "HTTPS://example.com/")
                .webpageURL
                == "HTTPS://example.com/")
        #expect(
            try UserActivity(activityType: UserActivity.browsingWeb, webpageURL: "http://example.com/")
                .webpageURL
                == "http://example.com/")
        #expect(
            activityError { () throws(UserActivityError) in
                try UserActivity(activityType: UserActivity.browsingWeb, webpageURL: "httpsx://example.com/")
            } == .webpageURLNotWeb("httpsx://example.com/"))
    }

    @Test("a browsing-web activity without a webpageURL carries nothing and is refused")
    func browsingWebWithoutURL() {
        #expect(
            activityError { () throws(UserActivityError) in
                try UserActivity(activityType: UserActivity.browsingWeb)
            }
                == .missingWebpageURL)
    }

    @Test("activity types must be non-empty, without whitespace or control characters")
    func activityTypes() {
        #expect(
            activityError { () throws(UserActivityError) in try UserActivity(activityType: "") }
                == .emptyActivityType)
        for type in ["com.example app", "com.example.app\n", "com.example.\u{0}app"] {
            #expect(
                activityError { () throws(UserActivityError) in try UserActivity(activityType: type) }
                    == .invalidActivityType(type))
        }
    }

    @Test("missing required keys are an error naming every key, not a crash")
    func missingRequiredKeys() {
        let error = activityError { () throws(UserActivityError) in
            try UserActivity(
                activityType: "com.example.photos.viewing-photo", userInfo: ["albumname": "Summer"],
                requiredUserInfoKeys: ["index", "albumname", "album"])
        }
        #expect(error == .missingRequiredKeys(["album", "index"]))
        #expect(error?.description == "the userInfo lacks the required keys 'album', 'index'")
    }
}

@Suite("User activities: the 3 KB userInfo budget")
struct UserInfoBudgetTests {
    @Test("the size is the length of the binary property list")
    func measuredSize() {
        #expect(UserInfo().serializedSize == 42)
        #expect(UserInfo(["a": "x"]).serializedSize == 50)
        #expect(UserInfo(["albumname": "Summer", "index": 3]).serializedSize == 75)
    }

    @Test("exactly 3072 bytes pass; 3073 are refused with the measured size")
    func budgetBoundary() throws {
        #expect(UserInfo.sizeBudget == 3072)
        let fits: UserInfo = ["note": .string(String(repeating: "a", count: 3014))]
        #expect(fits.serializedSize == 3072)
        #expect(try UserActivity(activityType: "com.example.notes.editing", userInfo: fits).userInfo == fits)

        let over: UserInfo = ["note": .string(String(repeating: "a", count: 3015))]
        let error = activityError { () throws(UserActivityError) in
            try UserActivity(activityType: "com.example.notes.editing", userInfo: over)
        }
        #expect(error == .userInfoTooLarge(bytes: 3073, budget: 3072))
        #expect(
            error?.description
                == "the userInfo measures 3073 bytes as a binary property list; the budget is 3072 bytes")
    }

    @Test("the size does not depend on the order the entries were written in")
    func orderIndependent() {
        let forward = UserInfo(
            Dictionary(uniqueKeysWithValues: (0..<40).map { ("key\($0)", UserInfoValue.integer($0)) }))
        let backward = UserInfo(
            Dictionary(
                uniqueKeysWithValues: (0..<40).reversed().map { ("key\($0)", UserInfoValue.integer($0)) }))
        #expect(forward.serializedSize == backward.serializedSize)
    }

    @Test("nested and binary values count towards the budget")
    func nestedValues() {
        let small: UserInfo = ["photos": ["a", "b"], "thumbnail": .data(Data(count: 16))]
        let large: UserInfo = ["photos": ["a", "b"], "thumbnail": .data(Data(count: 4096))]
        #expect(small.serializedSize < UserInfo.sizeBudget)
        #expect(large.serializedSize > 4096)
    }
}

@Suite("User activities: reading Foundation's userInfo")
struct UserInfoPropertyListTests {
    @Test("strings, numbers, Booleans, dates, data, URLs, arrays and dictionaries keep their kind")
    func kinds() throws {
        let date = Date(timeIntervalSince1970: 1_700_000_000)
        let info = try UserInfo(propertyList: [
            "name": "Summer", "index": 3, "ratio": 0.5, "shared": true, "taken": date, "bytes": Data([1, 2]),
            "page": URL(string: "https://photos.example.com/albums")!, "tags": ["beach", "sea"],
            "size": ["width": 640, "height": 480],
        ])
        #expect(info["name"] == .string("Summer"))
        #expect(info["index"] == .integer(3))
        #expect(info["ratio"] == .double(0.5))
        #expect(info["shared"] == .boolean(true))
        #expect(info["taken"] == .date(date))
        #expect(info["bytes"] == .data(Data([1, 2])))
        #expect(info["page"] == .url(URL(string: "https://photos.example.com/albums")!))
        #expect(info["tags"] == .array(["beach", "sea"]))
        #expect(info["size"] == .dictionary(["width": 640, "height": 480]))
    }

    @Test("NSNumber Booleans are Booleans, NSNumber integers are integers")
    func foundationNumbers() throws {
        let info = try UserInfo(propertyList: [
            "flag": NSNumber(value: true), "count": NSNumber(value: 1),
            "big": NSNumber(value: Int64(1) << 40),
            "ratio": NSNumber(value: 2.5),
        ])
        #expect(info["flag"] == .boolean(true))
        #expect(info["count"] == .integer(1))
        #expect(info["big"] == .integer(1 << 40))
        #expect(info["ratio"] == .double(2.5))
    }

    @Test("values without a userInfo kind are refused with their path")
    func unsupportedValues() {
        func error(_ object: [AnyHashable: Any]) -> UserActivityError? {
            do {
                _ = try UserInfo(propertyList: object)
                return nil
            } catch {
                return error
            }
        }
        #expect(
            error(["id": UUID()])
                == .unsupportedUserInfo(path: "id", reason: "values of type UUID are not supported"))
        #expect(
            error(["photos": ["a", NSNull()]])
                == .unsupportedUserInfo(path: "photos[1]", reason: "values of type NSNull are not supported"))
        #expect(
            error(["outer": [7: "seven"]])
                == .unsupportedUserInfo(path: "outer", reason: "a key is not a string (Int)"))
        #expect(
            error(["huge": NSNumber(value: UInt64.max)])
                == .unsupportedUserInfo(
                    path: "huge", reason: "the integer 18446744073709551615 is larger than Int"))
    }

    @Test("nesting deeper than 16 levels is refused, not followed")
    func depth() throws {
        func nested(_ levels: Int) -> [AnyHashable: Any] {
            var object: [AnyHashable: Any] = ["leaf": 1]
            for _ in 1..<levels { object = ["level": object] }
            return object
        }
        _ = try UserInfo(propertyList: nested(16))
        let path = Array(repeating: "level", count: 16).joined(separator: ".")
        #expect(
            throws: UserActivityError.unsupportedUserInfo(
                path: path, reason: "nesting is deeper than 16 levels")
        ) {
            try UserInfo(propertyList: nested(17))
        }
    }
}

@Suite("User activities: JSON")
struct UserActivityCodingTests {
    @Test("an activity round-trips through JSON with every value kind")
    func roundTrip() throws {
        let activity = try UserActivity(
            activityType: "com.example.photos.viewing-photo", webpageURL: "https://photos.example.com/albums",
            userInfo: [
                "name": "Summer", "index": 3, "ratio": 0.5, "shared": false,
                "taken": .date(Date(timeIntervalSince1970: 0)),
                "bytes": .data(Data([0xFF])), "page": .url(URL(string: "https://example.com/")!),
                "tags": ["a"],
                "size": ["w": 1],
            ],
            requiredUserInfoKeys: ["name"], targetContentIdentifier: "t", persistentIdentifier: "p")
        let data = try JSONEncoder().encode(activity)
        #expect(try JSONDecoder().decode(UserActivity.self, from: data) == activity)
    }

    @Test("decoding applies the same checks as creation")
    func decodingChecks() {
        let json = #"{"activityType": "NSUserActivityTypeBrowsingWeb", "webpageURL": "data:text/html,hi"}"#
        #expect(throws: UserActivityError.webpageURLNotWeb("data:text/html,hi")) {
            try JSONDecoder().decode(UserActivity.self, from: Data(json.utf8))
        }
        let missing = #"{"activityType": "com.example.a", "requiredUserInfoKeys": ["id"]}"#
        #expect(throws: UserActivityError.missingRequiredKeys(["id"])) {
            try JSONDecoder().decode(UserActivity.self, from: Data(missing.utf8))
        }
    }

    @Test("a userInfo value is an object with exactly one kind key")
    func valueShape() throws {
        let value = try JSONDecoder().decode(UserInfoValue.self, from: Data(#"{"integer": 3}"#.utf8))
        #expect(value == .integer(3))
        let twoKinds = #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(UserInfoValue.self, from: Data(#"{"integer": 3, "string": "3"}"#.utf8))
        }
        #expect(
            DecodingFailure.line(twoKinds)
                == "dataCorrupted: a userInfo value is an object with exactly one of the keys "
                + "string, integer, double, boolean, url, date, data, array, dictionary")
        let notBase64 = #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(UserInfoValue.self, from: Data(#"{"data": "not base64!"}"#.utf8))
        }
        #expect(DecodingFailure.line(notBase64) == "dataCorrupted at data: the data value is not Base64")
    }
}
