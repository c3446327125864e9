import Foundation

/// An sRGB colour with opacity. It is also a view that fills the space it is offered.
///
/// The named colours are iOS's system colours, so that pictures look like the simulator's. Like
/// SwiftUI's, the semantic and system colours (`primary`, `secondary`, `accentColor`, `red`,
/// `Color(.systemBackground)`, …) adapt to the environment's `colorScheme`: a colour holds its
/// light value in `red`, `green`, `blue` and `alpha`, and may hold a dark value too, which the
/// engine picks where the view using it is resolved (docs/layout-rules.md §6b). Display lists
/// only ever hold plain colours.
public struct Color: Hashable, Sendable {
    /// Red, green, blue and opacity, each in 0...1: the colour in light appearance.
    public var red: Double
    public var green: Double
    public var blue: Double
    public var alpha: Double
    /// The colour in dark appearance, packed into 8 bytes so that `Color` stays small; none for
    /// a colour that is the same in both.
    var dark = DarkVariant.none

    /// A colour from components in 0...1; values outside are clamped and NaN becomes 0.
    public init(red: Double, green: Double, blue: Double, opacity: Double = 1) {
        self.red = Self.unit(red)
        self.green = Self.unit(green)
        self.blue = Self.unit(blue)
        self.alpha = Self.unit(opacity)
    }

    /// A colour that is `light` in light appearance and `dark` in dark appearance (the
    /// environment's `colorScheme`).
    ///
    /// Arrange's own: SwiftUI has no public initializer for this (an app makes such a colour
    /// with an asset catalog or `UIColor(dynamicProvider:)`). The dark value is kept to 15 bits a
    /// channel, far finer than any picture's 8.
    public init(light: Color, dark: Color) {
        self = light.resolved(in: .light)
        self.dark = DarkVariant(dark.resolved(in: .dark))
    }

    /// Whether the colour changes with the colour scheme.
    public var isDynamic: Bool { dark != .none }

    /// Two colours are equal when their light values are, whatever their dark values: so the
    /// plain colour a display list holds equals the named colour it came from in light
    /// appearance (`item.color == .red`), as it did before colours had a dark value.
    public static func == (lhs: Color, rhs: Color) -> Bool {
        lhs.red == rhs.red && lhs.green == rhs.green && lhs.blue == rhs.blue && lhs.alpha == rhs.alpha
    }

    /// Hashes the light value, as `==` compares it.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(red)
        hasher.combine(green)
        hasher.combine(blue)
        hasher.combine(alpha)
    }

    /// The plain colour this one is in `scheme`: what display lists hold. Arrange's own (SwiftUI
    /// resolves with `resolve(in:)` into a `Color.Resolved`); a plain colour is itself in both.
    public func resolved(in scheme: ColorScheme) -> Color {
        if dark == .none { return self }
        if scheme == .light { return Color(red: red, green: green, blue: blue, opacity: alpha) }
        return dark.color
    }

    /// A dark value packed as four 15-bit channels and a flag bit, so that a dynamic colour costs
    /// 8 bytes more than a plain one, not 32.
    struct DarkVariant: Hashable, Sendable {
        let bits: UInt64
        static let none = DarkVariant(bits: 0)
        private static let levels = 32767.0

        private init(bits: UInt64) { self.bits = bits }

        init(_ color: Color) {
            func channel(_ value: Double, _ shift: UInt64) -> UInt64 { UInt64((value * Self.levels).rounded()) << shift }
            bits = 1 << 63 | channel(color.red, 45) | channel(color.green, 30) | channel(color.blue, 15) | channel(color.alpha, 0)
        }

        var color: Color {
            func channel(_ shift: UInt64) -> Double { Double((bits >> shift) & 0x7fff) / Self.levels }
            return Color(red: channel(45), green: channel(30), blue: channel(15), opacity: channel(0))
        }
    }

    /// A grey: 0 is black, 1 is white.
    public init(white: Double, opacity: Double = 1) {
        self.init(red: white, green: white, blue: white, opacity: opacity)
    }

    /// A colour from a hex string: `#RGB`, `#RRGGBB` or `#RRGGBBAA` (the `#` is optional).
    /// Returns nil for anything else.
    public init?(hex: String) {
        // Read byte by byte: scene files name thousands of colours, and a character-by-character
        // check with string copies cost thirty times as much. Only ASCII hex digits count.
        var value: UInt32 = 0, digits = 0
        for (index, byte) in hex.utf8.enumerated() {
            if index == 0, byte == UInt8(ascii: "#") { continue }
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: return nil
            }
            digits += 1
            guard digits <= 8 else { return nil }
            value = value << 4 | UInt32(digit)
        }
        switch digits {
        case 3:
            // "abc" is "aabbcc": each digit doubled (× 17), opaque.
            value = ((value >> 8 & 0xf) * 17) << 24 | ((value >> 4 & 0xf) * 17) << 16 | ((value & 0xf) * 17) << 8 | 0xff
        case 6: value = value << 8 | 0xff
        case 8: break
        default: return nil
        }
        func byte(_ shift: UInt32) -> Double { Double((value >> shift) & 0xff) / 255 }
        self.init(red: byte(24), green: byte(16), blue: byte(8), opacity: byte(0))
    }

    /// The same colour with its opacity multiplied by `opacity`.
    public func opacity(_ opacity: Double) -> Color {
        let light = Color(red: red, green: green, blue: blue, opacity: alpha * Self.unit(opacity))
        guard dark != .none else { return light }
        return Color(light: light, dark: dark.color.opacity(opacity))
    }

    /// `#rrggbb`, without opacity.
    public var hexRGB: String {
        func byte(_ v: Double) -> String {
            let s = String(Int((v * 255).rounded()), radix: 16)
            return s.count == 1 ? "0" + s : s
        }
        return "#" + byte(red) + byte(green) + byte(blue)
    }

    private static func unit(_ v: Double) -> Double { v.isNaN ? 0 : min(max(v, 0), 1) }

    private init(_ r: Int, _ g: Int, _ b: Int, _ a: Double = 1) {
        self.init(red: Double(r) / 255, green: Double(g) / 255, blue: Double(b) / 255, opacity: a)
    }

    /// Black in both appearances.
    public static let black = Color(0, 0, 0)
    /// White in both appearances.
    public static let white = Color(255, 255, 255)
    /// Fully transparent.
    public static let clear = Color(0, 0, 0, 0)
    // The standard colours are iOS's system colours, light and dark (Apple's Human Interface
    // Guidelines, "Color", table "Specifications" for iOS and iPadOS, default contrast).
    /// iOS's system grey (`systemGray`), with its dark-appearance value in dark mode.
    public static let gray = Color(SystemColor.systemGray)
    /// iOS's system red (`systemRed`), with its dark-appearance value in dark mode.
    public static let red = Color(SystemColor.systemRed)
    /// iOS's system orange (`systemOrange`), with its dark-appearance value in dark mode.
    public static let orange = Color(SystemColor.systemOrange)
    /// iOS's system yellow (`systemYellow`), with its dark-appearance value in dark mode.
    public static let yellow = Color(SystemColor.systemYellow)
    /// iOS's system green (`systemGreen`), with its dark-appearance value in dark mode.
    public static let green = Color(SystemColor.systemGreen)
    /// iOS's system mint (`systemMint`), with its dark-appearance value in dark mode.
    public static let mint = Color(SystemColor.systemMint)
    /// iOS's system teal (`systemTeal`), with its dark-appearance value in dark mode.
    public static let teal = Color(SystemColor.systemTeal)
    /// iOS's system cyan (`systemCyan`), with its dark-appearance value in dark mode.
    public static let cyan = Color(SystemColor.systemCyan)
    /// iOS's system blue (`systemBlue`), with its dark-appearance value in dark mode.
    public static let blue = Color(SystemColor.systemBlue)
    /// iOS's system indigo (`systemIndigo`), with its dark-appearance value in dark mode.
    public static let indigo = Color(SystemColor.systemIndigo)
    /// iOS's system purple (`systemPurple`), with its dark-appearance value in dark mode.
    public static let purple = Color(SystemColor.systemPurple)
    /// iOS's system pink (`systemPink`), with its dark-appearance value in dark mode.
    public static let pink = Color(SystemColor.systemPink)
    /// iOS's system brown (`systemBrown`), with its dark-appearance value in dark mode.
    public static let brown = Color(SystemColor.systemBrown)
    /// The default colour of text and shapes: iOS's `label`, black in light appearance and white
    /// in dark.
    public static let primary = Color(SystemColor.label)
    /// Secondary text: iOS's `secondaryLabel`, rgba(60, 60, 67, 0.6) in light appearance and
    /// rgba(235, 235, 245, 0.6) in dark.
    public static let secondary = Color(SystemColor.secondaryLabel)
    /// The app's accent colour, as SwiftUI's `accentColor`: iOS's default, `systemBlue`
    /// (#007AFF light, #0A84FF dark).
    public static let accentColor = Color(SystemColor.systemBlue)

    /// A system colour by its UIKit name, as SwiftUI code writes `Color(.systemBackground)` or
    /// `Color(uiColor: .secondaryLabel)`: it takes its light or dark value from the environment's
    /// `colorScheme`.
    public init(_ systemColor: SystemColor) {
        let (light, dark, lightOpacity, darkOpacity) = systemColor.values
        func color(_ hex: UInt32, _ opacity: Double) -> Color {
            Color(Int(hex >> 16 & 0xff), Int(hex >> 8 & 0xff), Int(hex & 0xff), opacity)
        }
        self.init(light: color(light, lightOpacity), dark: color(dark, darkOpacity))
    }

    /// A system colour by its UIKit name (`Color(uiColor: .systemBackground)` in SwiftUI code).
    public init(uiColor systemColor: SystemColor) {
        self.init(systemColor)
    }

    /// The named colours, by the names SwiftUI gives them (`"red"`, `"blue"`, …), with
    /// `"accentColor"` (also `"accent"`) and the system colours by their UIKit names
    /// (`"systemBackground"`, `"label"`, …).
    public static let named: [String: Color] = {
        var named: [String: Color] = [
            "black": .black, "white": .white, "clear": .clear, "gray": .gray, "red": .red,
            "orange": .orange, "yellow": .yellow, "green": .green, "mint": .mint, "teal": .teal,
            "cyan": .cyan, "blue": .blue, "indigo": .indigo, "purple": .purple, "pink": .pink,
            "brown": .brown, "primary": .primary, "secondary": .secondary,
            "accentColor": .accentColor, "accent": .accentColor,
        ]
        for system in SystemColor.allCases { named[system.name] = Color(system) }
        return named
    }()

    /// A random opaque colour drawn from `generator`: three draws, red, green then blue, each a
    /// uniform value in 0...1 made from the top 53 bits of one 64-bit output.
    ///
    /// With a `SeededGenerator` the result depends only on the seed, on every machine and every
    /// release; changing this function changes every snapshot.
    public static func random<G: RandomNumberGenerator>(using generator: inout G) -> Color {
        let r = SeededGenerator.unitInterval(generator.next())
        let g = SeededGenerator.unitInterval(generator.next())
        let b = SeededGenerator.unitInterval(generator.next())
        return Color(red: r, green: g, blue: b)
    }
}

/// Something that can paint a shape's fill or stroke: a colour or a gradient.
public protocol ShapeStyle: Sendable {
    /// The paint for a shape whose frame is `rect`. Arrange's own: gradients place themselves in it.
    func _paint(in rect: CGRect) -> DisplayPaint
}

extension Color: ShapeStyle {
    public func _paint(in rect: CGRect) -> DisplayPaint { .color(self) }
}

/// Any shape style, its type erased (SwiftUI's `AnyShapeStyle`).
public struct AnyShapeStyle: ShapeStyle {
    let base: any ShapeStyle
    public init<S: ShapeStyle>(_ style: S) { base = (style as? AnyShapeStyle)?.base ?? style }
    public func _paint(in rect: CGRect) -> DisplayPaint { base._paint(in: rect) }
}

extension ShapeStyle where Self == Color {
    public static var black: Color { Color.black }
    public static var white: Color { Color.white }
    public static var clear: Color { Color.clear }
    public static var gray: Color { Color.gray }
    public static var red: Color { Color.red }
    public static var orange: Color { Color.orange }
    public static var yellow: Color { Color.yellow }
    public static var green: Color { Color.green }
    public static var mint: Color { Color.mint }
    public static var teal: Color { Color.teal }
    public static var cyan: Color { Color.cyan }
    public static var blue: Color { Color.blue }
    public static var indigo: Color { Color.indigo }
    public static var purple: Color { Color.purple }
    public static var pink: Color { Color.pink }
    public static var brown: Color { Color.brown }
    public static var primary: Color { Color.primary }
    public static var secondary: Color { Color.secondary }
}

extension ShapeStyle {
    /// The colour this style paints with: a gradient's first colour, for what paints in one
    /// colour only (text).
    @usableFromInline
    var resolvedColor: Color {
        if let color = self as? Color { return color }
        switch _paint(in: .zero) {
        case .color(let color): return color
        case .linear(let gradient, _, _), .radial(let gradient, _, _, _), .angular(let gradient, _, _, _):
            return gradient.stops.first?.color ?? .primary
        }
    }
}
