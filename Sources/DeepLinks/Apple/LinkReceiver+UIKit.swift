#if canImport(UIKit) && (os(iOS) || os(visionOS))
    import UIKit

    extension LinkReceiver {
        /// Decides about every activity and URL a scene was launched with:
        /// `scene(_:willConnectTo:options:)`.
        @MainActor
        public func receive(_ options: UIScene.ConnectionOptions) -> [LinkDecision] {
            options.userActivities.map { receive($0) } + receive(options.urlContexts)
        }

        /// Decides about the URLs opened in a running scene: `scene(_:openURLContexts:)`.
        @MainActor
        public func receive(_ contexts: Set<UIOpenURLContext>) -> [LinkDecision] {
            contexts.map { receive($0.url) }
        }
    }
#endif
