import Foundation

/// iOS's system colours by their UIKit names, for `Color(_:)`: SwiftUI code writes
/// `Color(.systemBackground)` or `Color(uiColor: .secondaryLabel)`, and the same line compiles
/// against Arrange. Each has a light and a dark value, picked by the environment's `colorScheme`.
///
/// Values: Apple's Human Interface Guidelines, "Color" (the "Specifications" tables for iOS and
/// iPadOS, default contrast: "System colors", "Background colors" and the UI element colours), as
/// UIKit reports them (`UIColor.label.resolvedColor(with:)`) in the iOS 17 simulator.
public enum SystemColor: String, Hashable, Sendable, CaseIterable {
    // Backgrounds.
    case systemBackground, secondarySystemBackground, tertiarySystemBackground
    case systemGroupedBackground, secondarySystemGroupedBackground, tertiarySystemGroupedBackground
    // Text and separators.
    case label, secondaryLabel, tertiaryLabel, quaternaryLabel, placeholderText, link
    case separator, opaqueSeparator
    // Fills.
    case systemFill, secondarySystemFill, tertiarySystemFill, quaternarySystemFill
    // Greys.
    case systemGray, systemGray2, systemGray3, systemGray4, systemGray5, systemGray6
    // The standard colours.
    case systemRed, systemOrange, systemYellow, systemGreen, systemMint, systemTeal, systemCyan
    case systemBlue, systemIndigo, systemPurple, systemPink, systemBrown

    /// The UIKit name, as scenes write it (`systemBackground`).
    public var name: String { rawValue }

    /// Light and dark as 0xRRGGBB, and their opacities.
    var values: (light: UInt32, dark: UInt32, lightOpacity: Double, darkOpacity: Double) {
        switch self {
        case .systemBackground: (0xFFFFFF, 0x000000, 1, 1)
        case .secondarySystemBackground: (0xF2F2F7, 0x1C1C1E, 1, 1)
        case .tertiarySystemBackground: (0xFFFFFF, 0x2C2C2E, 1, 1)
        case .systemGroupedBackground: (0xF2F2F7, 0x000000, 1, 1)
        case .secondarySystemGroupedBackground: (0xFFFFFF, 0x1C1C1E, 1, 1)
        case .tertiarySystemGroupedBackground: (0xF2F2F7, 0x2C2C2E, 1, 1)
        case .label: (0x000000, 0xFFFFFF, 1, 1)
        case .secondaryLabel: (0x3C3C43, 0xEBEBF5, 0.6, 0.6)
        case .tertiaryLabel: (0x3C3C43, 0xEBEBF5, 0.3, 0.3)
        case .quaternaryLabel: (0x3C3C43, 0xEBEBF5, 0.18, 0.16)
        case .placeholderText: (0x3C3C43, 0xEBEBF5, 0.3, 0.3)
        case .link: (0x007AFF, 0x0984FF, 1, 1)
        case .separator: (0x3C3C43, 0x545458, 0.29, 0.6)
        case .opaqueSeparator: (0xC6C6C8, 0x38383A, 1, 1)
        case .systemFill: (0x787880, 0x787880, 0.2, 0.36)
        case .secondarySystemFill: (0x787880, 0x787880, 0.16, 0.32)
        case .tertiarySystemFill: (0x767680, 0x767680, 0.12, 0.24)
        case .quaternarySystemFill: (0x747480, 0x767680, 0.08, 0.18)
        case .systemGray: (0x8E8E93, 0x8E8E93, 1, 1)
        case .systemGray2: (0xAEAEB2, 0x636366, 1, 1)
        case .systemGray3: (0xC7C7CC, 0x48484A, 1, 1)
        case .systemGray4: (0xD1D1D6, 0x3A3A3C, 1, 1)
        case .systemGray5: (0xE5E5EA, 0x2C2C2E, 1, 1)
        case .systemGray6: (0xF2F2F7, 0x1C1C1E, 1, 1)
        case .systemRed: (0xFF3B30, 0xFF453A, 1, 1)
        case .systemOrange: (0xFF9500, 0xFF9F0A, 1, 1)
        case .systemYellow: (0xFFCC00, 0xFFD60A, 1, 1)
        case .systemGreen: (0x34C759, 0x30D158, 1, 1)
        case .systemMint: (0x00C7BE, 0x63E6E2, 1, 1)
        case .systemTeal: (0x30B0C7, 0x40C8E0, 1, 1)
        case .systemCyan: (0x32ADE6, 0x64D2FF, 1, 1)
        case .systemBlue: (0x007AFF, 0x0A84FF, 1, 1)
        case .systemIndigo: (0x5856D6, 0x5E5CE6, 1, 1)
        case .systemPurple: (0xAF52DE, 0xBF5AF2, 1, 1)
        case .systemPink: (0xFF2D55, 0xFF375F, 1, 1)
        case .systemBrown: (0xA2845E, 0xAC8E68, 1, 1)
        }
    }
}
