import Foundation

/// What a whole picture shows, in words, for readers who cannot see it. SVG writes `label` as the
/// document's `<title>` and `longDescription` as its `<desc>`, both named by the root's
/// `aria-labelledby`; PNG writes `label` as its `Description` text chunk. A scene's
/// `description` and `longDescription` become one (`SceneRenderer`).
public struct PictureAccessibility: Hashable, Sendable {
    /// A short text alternative: what a screen reader announces for the picture.
    public var label: String?
    /// A longer description, read on request.
    public var longDescription: String?

    /// A description with a short `label` and, optionally, a longer description.
    public init(label: String?, longDescription: String? = nil) {
        self.label = label
        self.longDescription = longDescription
    }

    /// The description of `label` and `longDescription`, empty texts left out; nil when neither
    /// remains, so there is nothing to write.
    public static func given(label: String?, longDescription: String?) -> PictureAccessibility? {
        let label = label.flatMap { $0.isEmpty ? nil : $0 }, long = longDescription.flatMap { $0.isEmpty ? nil : $0 }
        guard label != nil || long != nil else { return nil }
        return PictureAccessibility(label: label, longDescription: long)
    }
}
