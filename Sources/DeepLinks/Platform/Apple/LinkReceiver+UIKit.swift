#if canImport(UIKit) && (os(iOS) || os(visionOS))
    import UIKit

    // Cold start (`scene(_:willConnectTo:options:)`) and warm start (`scene(_:openURLContexts:)`)
    // are decided by `LinkReceiver.receive(_:)` over these protocols, tested on every platform.
    extension UIScene.ConnectionOptions: PlatformSceneConnection {}
    extension UIOpenURLContext: PlatformURLContext {}
#endif
