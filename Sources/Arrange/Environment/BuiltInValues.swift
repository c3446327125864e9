import Foundation

/// The direction of horizontal layout, as SwiftUI's `LayoutDirection`: the environment's
/// `layoutDirection`, left to right by default.
///
/// In right-to-left, SwiftUI flips the x position of each view within its parent, and so does
/// Arrange (docs/layout-rules.md §6c): an `HStack`'s first child sits at the right, `.leading`
/// means the right edge, `padding(.leading, 10)` pads the right side. Glyphs and images are not
/// mirrored.
public enum LayoutDirection: Hashable, Sendable, CaseIterable {
    case leftToRight
    case rightToLeft
}

/// Light or dark appearance, as SwiftUI's `ColorScheme`: the environment's `colorScheme`, light
/// by default. Semantic colours (`Color.primary`, `Color(.systemBackground)`, …) take the value of
/// the scheme where the view that uses them is resolved.
public enum ColorScheme: Hashable, Sendable, CaseIterable {
    case light
    case dark
}

/// The size of Dynamic Type, as SwiftUI's `DynamicTypeSize`: the environment's `dynamicTypeSize`,
/// `.large` by default. The text styles (`Font.body`, `.title`, …) take their point size from it,
/// as Apple's table gives them (`Font.TextStyle.size(for:)`).
public enum DynamicTypeSize: Hashable, Comparable, Sendable, CaseIterable {
    case xSmall, small, medium, large, xLarge, xxLarge, xxxLarge
    case accessibility1, accessibility2, accessibility3, accessibility4, accessibility5

    /// Whether the size is one of the five accessibility sizes.
    public var isAccessibilitySize: Bool { self >= .accessibility1 }

    /// The size an old `ContentSizeCategory` names, as SwiftUI maps them: extraSmall is xSmall …
    /// extraExtraExtraLarge is xxxLarge, accessibilityMedium is accessibility1 …
    /// accessibilityExtraExtraExtraLarge is accessibility5.
    public init(_ category: ContentSizeCategory) {
        self = Self.allCases[ContentSizeCategory.allCases.firstIndex(of: category) ?? 3]
    }
}

/// The older name of Dynamic Type sizes, as SwiftUI's `ContentSizeCategory` (the environment's
/// `sizeCategory`, deprecated in SwiftUI in favour of `dynamicTypeSize`, which it mirrors: setting
/// one sets the other).
public enum ContentSizeCategory: Hashable, Sendable, CaseIterable {
    case extraSmall, small, medium, large, extraLarge, extraExtraLarge, extraExtraExtraLarge
    case accessibilityMedium, accessibilityLarge, accessibilityExtraLarge, accessibilityExtraExtraLarge
    case accessibilityExtraExtraExtraLarge

    /// Whether the category is one of the five accessibility sizes.
    public var isAccessibilityCategory: Bool { DynamicTypeSize(self).isAccessibilitySize }

    /// The category of a `DynamicTypeSize`, one for one (see `DynamicTypeSize.init(_:)`).
    public init(_ size: DynamicTypeSize) {
        self = Self.allCases[DynamicTypeSize.allCases.firstIndex(of: size) ?? 3]
    }
}

extension View {
    /// Sets the Dynamic Type size of the view and everything inside it, as SwiftUI's
    /// `dynamicTypeSize(_:)`: text in a text style (`.body`, `.title`, …) takes that size's points.
    public func dynamicTypeSize(_ size: DynamicTypeSize) -> some View {
        transformingEnvironment { $0.dynamicTypeSize = size }
    }
}
