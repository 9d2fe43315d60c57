#if canImport(UIKit) && !os(watchOS) && !os(tvOS)
    import UIKit

    // The pasteboard's two steps, over `DeferredLinkIntake.take(pasted:)`, which is tested on every
    // platform: ask whether a web link is there without reading it (no paste banner), then take only
    // what the user pastes through the system's paste control.
    extension DeferredLinkIntake {
        /// Whether the pasteboard's first item is probably a web link, found by the system's
        /// pattern detection without reading it: show the paste control (`UIPasteControl`,
        /// SwiftUI's `PasteButton`) only then.
        @MainActor public static func pasteboardMayHoldLink(_ pasteboard: UIPasteboard = .general) async
            -> Bool
        {
            (try? await pasteboard.detectedPatterns(for: [\UIPasteboard.DetectedValues.probableWebURL]))?
                .isEmpty == false
        }

        /// Takes the text a `UIPasteControl` handed its target's `paste(itemProviders:)`.
        public func take(pasted itemProviders: [NSItemProvider]) async -> DeferredLinkOutcome {
            var texts: [String] = []
            for provider in itemProviders.prefix(Self.mostPastedTexts)
            where provider.canLoadObject(ofClass: String.self) {
                let text: String? = await withCheckedContinuation { done in
                    _ = provider.loadObject(ofClass: String.self) { text, _ in done.resume(returning: text) }
                }
                if let text { texts.append(text) }
            }
            return await take(pasted: texts)
        }
    }
#endif
