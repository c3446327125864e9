import Foundation

extension View {
    /// Names the view's drawing for screen readers, as SwiftUI's `accessibilityLabel(_:)`: the
    /// drawing becomes one group (`DisplayGroup.accessibilityLabel`) that SVG writes as
    /// `<g role="img" aria-label="…">` with a `<title>`, read as one picture in place of what is
    /// inside. Layout and pixels are unchanged. The text's styles are dropped; its words are kept.
    public func accessibilityLabel(_ label: Text) -> some View {
        let words = label.string
        return modifyingNodes { $0.effects.append(.accessibilityLabel(words)) }
    }

    /// Names the view's drawing for screen readers with a key's text (its Markdown read, the
    /// words kept), as SwiftUI's `accessibilityLabel(_:)` taking a `LocalizedStringKey`.
    public func accessibilityLabel(_ labelKey: LocalizedStringKey) -> some View {
        accessibilityLabel(Text(labelKey))
    }

    /// Names the view's drawing for screen readers with a string shown as written, as SwiftUI's
    /// `accessibilityLabel(_:)` taking a `StringProtocol` value.
    @_disfavoredOverload
    public func accessibilityLabel<S: StringProtocol>(_ label: S) -> some View {
        accessibilityLabel(Text(verbatim: String(label)))
    }

    /// Hides the view's drawing from screen readers when `hidden`, as SwiftUI's
    /// `accessibilityHidden(_:)`: for decoration. SVG writes its group `aria-hidden="true"`, so the
    /// invisible text inside is not read either. Layout and pixels are unchanged.
    public func accessibilityHidden(_ hidden: Bool) -> some View {
        modifyingNodes { if hidden { $0.effects.append(.accessibilityHidden) } }
    }
}
