#if canImport(SwiftUI) && (os(iOS) || os(macOS) || os(visionOS))
    import SwiftUI

    extension View {
        /// Hands every link the view receives to a ``LinkReceiver`` and the decision to `action`:
        /// URLs (`onOpenURL`), universal links and web-to-app Handoff (the browsing-web activity),
        /// and every activity type the receiver registers.
        ///
        /// A few lines over ``LinkReceiver/receive(_:)-(URL)`` and the `NSUserActivity`
        /// adapter, both tested on every platform.
        ///
        /// ```swift
        /// ContentView()
        ///     .onLink(receiver) { decision in navigator.present(decision) }
        /// ```
        public func onLink(_ receiver: LinkReceiver, perform action: @escaping (LinkDecision) -> Void)
            -> some View
        {
            var view = AnyView(onOpenURL { action(receiver.receive($0)) })
            for type in [UserActivity.browsingWeb] + receiver.activityTypes {
                let platformType = type == UserActivity.browsingWeb ? NSUserActivityTypeBrowsingWeb : type
                view = AnyView(view.onContinueUserActivity(platformType) { action(receiver.receive($0)) })
            }
            return view
        }
    }
#endif
