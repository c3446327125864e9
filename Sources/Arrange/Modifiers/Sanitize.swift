import Foundation

/// Lengths as the modifiers accept them: what is not a usable length becomes nil (or 0), so that
/// no user value can break the arithmetic of a layout pass.
@usableFromInline
enum Length {
    /// A fixed frame length: negative, NaN and infinite values are treated as nil (docs/layout-rules.md §3.1).
    @usableFromInline
    static func fixed(_ value: CGFloat?) -> CGFloat? {
        guard let value, value.isFinite, value >= 0 else { return nil }
        return value
    }

    /// A padding inset: NaN and infinite values are treated as 0; negative insets are kept, as in
    /// SwiftUI, and pull the edge in.
    @usableFromInline
    static func inset(_ value: CGFloat) -> CGFloat { value.isFinite ? value : 0 }
}
