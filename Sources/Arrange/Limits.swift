import Foundation

/// Every bound Arrange enforces, in one place: what a scene file may hold and what a renderer may
/// draw. They keep a hostile or mistaken input from exhausting memory, the stack or the clock:
/// each is far above what a picture needs, and breaking one is an error that names the limit.
/// Scene reading, layout, the renderers and the command all read them from here.
///
/// Numbers are held to ranges that keep every later computation finite and representable:
/// lengths within ±`magnitude`, scales within `scales`, font sizes within `fontSizes` (so a
/// glyph is at most 64,000 pixels, inside FreeType's 16-bit pixel sizes), guide fractions within
/// ±`guideFraction`. Sums of such numbers over `views` views stay far below 2⁵³, and the SVG
/// writer prints any finite number.
public enum Limits {
    /// The largest scene file: 1 MiB.
    public static let fileBytes = 1 << 20
    /// The deepest nesting of views: a child, or the view of a `background`/`overlay`, is one level
    /// deeper than its parent.
    public static let viewDepth = 200
    /// The most modifiers on one view.
    public static let modifiersPerView = 100
    /// The deepest nesting of YAML or JSON collections (mappings and lists) in the file itself,
    /// checked before the file is parsed. A scene at `viewDepth` needs about four per level.
    public static let syntaxDepth = 1_000
    /// The most views in a scene, copies made by `repeat` included.
    public static let views = 100_000
    /// The most modifiers in a scene, copies made by `repeat` included. Each layout modifier is a
    /// view of its own to the engine, so this bounds the work and memory of a layout pass.
    public static let modifiers = 200_000
    /// The most Unicode code points of text in a scene, copies included. Code points, not
    /// characters: shaping costs by the code point.
    public static let textScalars = 1_000_000
    /// The most code points in one character (grapheme cluster): Unicode's stream-safe text has
    /// at most 30 combining marks in a row; a base with thousands of them only costs time.
    public static let scalarsPerCharacter = 32
    /// The largest magnitude of any number in a scene (lengths, offsets, spacings, priorities):
    /// a picture is at most 32,767 pixels a side, so no sensible length comes near it.
    public static let magnitude: Double = 1_000_000
    /// The largest `repeat`.
    public static let repeatCount = 10_000
    /// The most YAML nodes a scene's reuse may stand for: what its aliases expand to, its included
    /// files, and the copies each use of a component makes of the component's view. A file
    /// without them has at most one node for every two bytes (524,288 at `fileBytes`); twice
    /// the `views` limit's worth of small views (about ten nodes each) fits. An alias of an
    /// alias doubles what it stands for at each level, so ten levels of ten aliases ("billion
    /// laughs") stand for 10¹⁰ nodes: counted as they are met, they stop here at once.
    public static let expandedNodes = 2_000_000
    /// The most files one scene may include, its includes' includes counted.
    public static let includedFiles = 64
    /// The widest or tallest picture, in pixels (points × scale): the limit of PNG encoders and of
    /// Cairo's image surfaces.
    public static let canvasPixelsPerSide: CGFloat = 32_767
    /// The most pixels in a picture: 2²⁸ (a 16,384 × 16,384 canvas; 1 GiB of RGBA).
    public static let canvasPixels: CGFloat = 268_435_456
    /// The most pixels in a PNG from `CairoRenderer` unless its `pixelLimit` is raised: 2³⁰.
    /// PNGs are drawn in bands, in memory for a few bands at any size, so this bounds only the
    /// time taken and the size of the file.
    public static let pngPixels: CGFloat = 1_073_741_824
    /// The most pixels a picture may push through offscreen layers (`DisplayList.layerPixels`):
    /// opacity and blend groups, shadows counted for each pass of their blur. 2³⁰, about 64
    /// canvases of 4096 × 4096 or 256 of a 2000 × 2000 one; each costs a few nanoseconds a pixel.
    public static let layerPixels: Double = 1_073_741_824
    /// The most frames × views an animation may lay out (and `--format layout` write): 20
    /// million, a second at 60 fps of the largest scene the `views` limit allows, or a minute of
    /// one with 5,000 views.
    public static let animationViewFrames = 20_000_000
    /// The most pixels of a PNG decoded to compare it (`arrange check`, `arrange diff`,
    /// snapshot tests): 2²⁵, 8,192 × 4,096. Checked from the PNG's header before anything is
    /// allocated, so a small file that declares a huge image (a "PNG bomb") costs nothing; a
    /// comparison holds about five copies of the pixels, 4 bytes each (under 700 MB at the limit).
    public static let imagePixels = 1 << 25
    /// The largest scale (pixels per point).
    public static let scale: CGFloat = 64
    /// The scales a picture may have: below 0.01 Cairo's transform can no longer be inverted.
    public static let scales: ClosedRange<CGFloat> = 0.01...64
    /// Font sizes in points: 1000 pt at scale 64 is 64,000 pixels, still inside FreeType.
    public static let fontSizes: ClosedRange<Double> = 0.1...1000
    /// The largest fraction of a view's width or height an alignment guide may be placed at.
    public static let guideFraction: Double = 1000

    /// The most grid points one connector's route search may have (`connectors(_:)`): a grid
    /// through the edges of about 250 views. A connector among more views near its ends is drawn
    /// without routing around them, and warned about.
    public static let connectorSearchGridPoints = 250_000
    /// The most grid points the route searches of one view's connectors may have together: with
    /// the grids of a dozen views (under a thousand points each) over a thousand connectors
    /// route; past it, the rest are drawn without routing, and warned about. So a thousand
    /// connectors among a thousand views still take bounded time.
    public static let connectorRoutingGridPoints = 1_000_000
    /// The most checks of a label's plate against views, arrowheads, other labels and lines that
    /// placing one view's connector labels may make; past it, the remaining labels go at the
    /// middle of their route's longest segment unchecked.
    public static let connectorLabelChecks = 5_000_000

    /// The stack of the thread that reads, resolves and lays out a scene (`LargeStack`): sized
    /// for `viewDepth` levels of views, each a few frames deep in the reader and the engine.
    public static let stackBytes = 512 << 20

    /// Refuses a canvas that is not finite, is empty, or (when `pixelLimit` is true) is wider or
    /// taller than `canvasPixelsPerSide` pixels at `scale`. Every backend calls it before drawing.
    public static func checkCanvas(_ size: CGSize, scale: CGFloat, pixelLimit: Bool) throws {
        guard size.width.isFinite, size.height.isFinite, scale.isFinite, scale > 0 else {
            throw RenderError.unboundedCanvas(size)
        }
        guard size.width > 0, size.height > 0 else { throw RenderError.emptyCanvas(size) }
        if pixelLimit {
            let w = (size.width * scale).rounded(.up), h = (size.height * scale).rounded(.up)
            if w > canvasPixelsPerSide || h > canvasPixelsPerSide {
                throw RenderError.canvasTooLarge(width: Int(min(w, 1e15)), height: Int(min(h, 1e15)), limit: Int(canvasPixelsPerSide))
            }
        }
    }
}
