// tvOS opens no universal links and continues no Handoff, so it has no adapter.
#if os(macOS) || os(iOS) || os(watchOS) || os(visionOS)
    import Foundation

    extension UserActivity {
        /// Reads a platform activity: universal links, Handoff, and the app's own activity types.
        ///
        /// - Throws: ``UserActivityError`` when the activity breaks a rule of ``UserActivity``
        ///   or its `userInfo` holds a value without a ``UserInfoValue`` form.
        public init(_ activity: NSUserActivity) throws(UserActivityError) {
            try self.init(
                activityType: activity.activityType == NSUserActivityTypeBrowsingWeb
                    ? Self.browsingWeb : activity.activityType,
                webpageURL: activity.webpageURL?.absoluteString,
                referrerURL: activity.referrerURL?.absoluteString,
                userInfo: UserInfo(propertyList: activity.userInfo ?? [:]),
                requiredUserInfoKeys: activity.requiredUserInfoKeys ?? [],
                targetContentIdentifier: activity.targetContentIdentifier,
                persistentIdentifier: activity.persistentIdentifier,
                isEligibleForHandoff: activity.isEligibleForHandoff)
        }
    }

    extension LinkReceiver {
        /// Decides about a platform activity: `scene(_:continue:)`,
        /// `application(_:continue:restorationHandler:)`, SwiftUI's `onContinueUserActivity`.
        public func receive(_ activity: NSUserActivity) -> LinkDecision {
            do {
                return receive(try UserActivity(activity))
            } catch {
                return refused(error, activityType: activity.activityType)
            }
        }
    }
#endif
