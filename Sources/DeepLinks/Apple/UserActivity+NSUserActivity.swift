// tvOS opens no universal links and continues no Handoff, so it has no adapter.
#if os(macOS) || os(iOS) || os(watchOS) || os(visionOS)
    import Foundation

    // Everything the receiver does with an activity is written against `PlatformUserActivity`
    // and tested on every platform; `NSUserActivity` only adopts it.
    extension NSUserActivity: PlatformUserActivity {}
#endif
