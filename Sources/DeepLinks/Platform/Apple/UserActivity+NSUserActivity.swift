// tvOS opens no universal links and continues no Handoff, so it has no adapter.
#if canImport(Foundation) && (os(macOS) || os(iOS) || os(watchOS) || os(visionOS))
    import Foundation

    // Everything the receiver does with an activity is written against `PlatformUserActivity`
    // and `MutablePlatformUserActivity` and tested on every platform; `NSUserActivity` only
    // adopts them.
    extension NSUserActivity: MutablePlatformUserActivity {}

    extension NSUserActivity {
        /// The platform activity for an activity: to advertise (Handoff) what
        /// ``LinkReceiver/userActivity(for:activityType:)`` writes for a route value.
        ///
        /// ```swift
        /// let handoff = NSUserActivity(try receiver.userActivity(for: Product(id: 42), activityType: type))
        /// handoff.becomeCurrent()
        /// ```
        ///
        /// One line over ``UserActivity/write(to:)``, tested on every platform;
        /// ``UserActivity/init(_:)`` reads the result back as an equal activity.
        public convenience init(_ activity: UserActivity) {
            self.init(activityType: activity.activityType)
            activity.write(to: self)
        }
    }
#endif
