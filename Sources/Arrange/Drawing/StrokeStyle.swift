import Foundation

/// How the ends of open lines are drawn (Core Graphics' `CGLineCap`, which SwiftUI uses).
public enum CGLineCap: Hashable, Sendable {
    case butt, round, square
}

/// How corners between lines are drawn (Core Graphics' `CGLineJoin`).
public enum CGLineJoin: Hashable, Sendable {
    case miter, round, bevel
}

/// How a path is stroked: the line is centred on the path, `lineWidth` wide.
public struct StrokeStyle: Hashable, Sendable {
    /// The width of the line, in points, half on each side of the path.
    public var lineWidth: CGFloat
    /// How open ends are drawn.
    public var lineCap: CGLineCap
    /// How corners are drawn.
    public var lineJoin: CGLineJoin
    /// Corners sharper than this ratio of miter length to line width are bevelled.
    public var miterLimit: CGFloat
    /// Lengths of dashes and gaps, alternating; empty draws a solid line.
    public var dash: [CGFloat]
    /// How far into the dash pattern the line starts.
    public var dashPhase: CGFloat

    /// SwiftUI's defaults: 1 wide, butt caps, miter joins with limit 10, solid.
    public init(lineWidth: CGFloat = 1, lineCap: CGLineCap = .butt, lineJoin: CGLineJoin = .miter, miterLimit: CGFloat = 10,
                dash: [CGFloat] = [], dashPhase: CGFloat = 0) {
        self.lineWidth = lineWidth
        self.lineCap = lineCap
        self.lineJoin = lineJoin
        self.miterLimit = miterLimit
        self.dash = dash
        self.dashPhase = dashPhase
    }

    /// The style with every number made safe to draw: a NaN, infinite or negative width is 0, a
    /// miter limit below 1 is 1, and a dash pattern with a negative or non-finite length, or
    /// adding up to less than 1/1000 point, is dropped (a solid line), as both backends would
    /// refuse it or disagree on it.
    public var sanitized: StrokeStyle {
        var style = self
        style.lineWidth = lineWidth.isFinite ? max(lineWidth, 0) : 0
        style.miterLimit = miterLimit.isFinite ? max(miterLimit, 1) : 10
        // A pattern with nothing drawn or skipped, or one repeating in under 1/1000 point (which
        // SVG would write as zeros, drawn solid, and Cairo would approximate), is a solid line.
        if dash.contains(where: { !$0.isFinite || $0 < 0 }) || dash.reduce(0, +) < 0.001 { style.dash = [] }
        style.dashPhase = dashPhase.isFinite ? dashPhase : 0
        return style
    }

    /// How far the stroke can reach past its path, sanitised: half its width, times the miter
    /// limit at mitred joins (a miter's tip is at most that far) and √2 at square caps; 0 when
    /// that is not finite. Renderers size masks, filter regions and bands by it.
    public var reach: CGFloat {
        let style = sanitized
        let factor = max(style.lineJoin == .miter ? style.miterLimit : 1, style.lineCap == .square ? 2.0.squareRoot() : 1)
        let extent = style.lineWidth / 2 * factor
        return extent.isFinite ? extent : 0
    }
}

/// How overlapping subpaths fill: nonzero winding (the default) or even-odd.
public struct FillStyle: Hashable, Sendable {
    /// Whether the even-odd rule decides what is inside, instead of nonzero winding.
    public var isEOFilled: Bool
    /// Whether edges are antialiased (both backends always antialias).
    public var isAntialiased: Bool
    /// SwiftUI's `FillStyle(eoFill:antialiased:)`.
    public init(eoFill: Bool = false, antialiased: Bool = true) {
        self.isEOFilled = eoFill
        self.isAntialiased = antialiased
    }
}
