import Foundation

/// An sRGB colour with opacity. It is also a view that fills the space it is offered.
///
/// The named colours are iOS's light-mode system colours, so that pictures look like the
/// simulator's.
public struct Color: Hashable, Sendable {
    /// Red, green, blue and opacity, each in 0...1.
    public var red: Double
    public var green: Double
    public var blue: Double
    public var alpha: Double

    /// A colour from components in 0...1; values outside are clamped and NaN becomes 0.
    public init(red: Double, green: Double, blue: Double, opacity: Double = 1) {
        self.red = Self.unit(red)
        self.green = Self.unit(green)
        self.blue = Self.unit(blue)
        self.alpha = Self.unit(opacity)
    }

    /// A grey: 0 is black, 1 is white.
    public init(white: Double, opacity: Double = 1) {
        self.init(red: white, green: white, blue: white, opacity: opacity)
    }

    /// A colour from a hex string: `#RGB`, `#RRGGBB` or `#RRGGBBAA` (the `#` is optional).
    /// Returns nil for anything else.
    public init?(hex: String) {
        var digits = Substring(hex)
        if digits.hasPrefix("#") { digits = digits.dropFirst() }
        guard digits.allSatisfy(\.isHexDigit) else { return nil }
        let expanded: String
        switch digits.count {
        case 3: expanded = digits.map { "\($0)\($0)" }.joined() + "ff"
        case 6: expanded = digits + "ff"
        case 8: expanded = String(digits)
        default: return nil
        }
        guard let value = UInt32(expanded, radix: 16) else { return nil }
        func byte(_ shift: UInt32) -> Double { Double((value >> shift) & 0xff) / 255 }
        self.init(red: byte(24), green: byte(16), blue: byte(8), opacity: byte(0))
    }

    /// The same colour with its opacity multiplied by `opacity`.
    public func opacity(_ opacity: Double) -> Color {
        Color(red: red, green: green, blue: blue, opacity: alpha * Self.unit(opacity))
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

    public static let black = Color(0, 0, 0)
    public static let white = Color(255, 255, 255)
    public static let clear = Color(0, 0, 0, 0)
    public static let gray = Color(142, 142, 147)
    public static let red = Color(255, 59, 48)
    public static let orange = Color(255, 149, 0)
    public static let yellow = Color(255, 204, 0)
    public static let green = Color(52, 199, 89)
    public static let mint = Color(0, 199, 190)
    public static let teal = Color(48, 176, 199)
    public static let cyan = Color(50, 173, 230)
    public static let blue = Color(0, 122, 255)
    public static let indigo = Color(88, 86, 214)
    public static let purple = Color(175, 82, 222)
    public static let pink = Color(255, 45, 85)
    public static let brown = Color(162, 132, 94)
    /// The default colour of text and shapes: black, as in light mode.
    public static let primary = Color(0, 0, 0)
    /// Secondary text: iOS's `secondaryLabel`, a grey at 60% opacity.
    public static let secondary = Color(60, 60, 67, 0.6)

    /// The named colours, by the names SwiftUI gives them (`"red"`, `"blue"`, …).
    public static let named: [String: Color] = [
        "black": .black, "white": .white, "clear": .clear, "gray": .gray, "red": .red,
        "orange": .orange, "yellow": .yellow, "green": .green, "mint": .mint, "teal": .teal,
        "cyan": .cyan, "blue": .blue, "indigo": .indigo, "purple": .purple, "pink": .pink,
        "brown": .brown, "primary": .primary, "secondary": .secondary,
    ]

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
