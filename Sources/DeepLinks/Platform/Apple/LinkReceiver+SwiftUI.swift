#if canImport(SwiftUI) && (os(iOS) || os(macOS) || os(visionOS))
    import SwiftUI

    extension View {
        /// Hands every link the view receives to a ``LinkReceiver`` and the decision to `action`,
        /// on the main actor: URLs (`onOpenURL`), universal links and web-to-app Handoff (the
        /// browsing-web activity), and every activity type the receiver registers.
        ///
        /// One line per callback over ``LinkReceiver/continuedActivityTypes``,
        /// ``LinkReceiver/receive(_:)-(URL)`` and `LinkReceiver.receive(_:)` for an activity,
        /// all tested on every platform.
        ///
        /// ```swift
        /// ContentView()
        ///     .onLink(receiver) { decision in navigator.present(decision) }
        /// ```
        @MainActor
        public func onLink(
            _ receiver: LinkReceiver, perform action: @escaping @MainActor (LinkDecision) -> Void
        ) -> some View {
            receiver.continuedActivityTypes.reduce(AnyView(onOpenURL { action(receiver.receive($0)) })) {
                view, type in AnyView(view.onContinueUserActivity(type) { action(receiver.receive($0)) })
            }
        }

        /// Hands every link the view receives to a ``LinkInbox``, which holds what cannot open
        /// yet (sign-in, onboarding) and reports what to do through its `perform` action.
        ///
        /// ```swift
        /// ContentView().onLink(inbox)
        /// ```
        @MainActor
        public func onLink(_ inbox: LinkInbox) -> some View {
            inbox.receiver.continuedActivityTypes.reduce(AnyView(onOpenURL { inbox.receive($0) })) {
                view, type in AnyView(view.onContinueUserActivity(type) { inbox.receive($0) })
            }
        }
    }
#endif
