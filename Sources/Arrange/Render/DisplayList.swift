import Foundation

/// What a layout draws: the canvas size and positioned items, in points, in root coordinates,
/// back to front. Renderers walk it; tests read it without rasterising anything.
///
/// Frames are already rounded to the pixel grid of `scale` (docs/layout-rules.md §7.4), and offsets are
/// folded into them, because SwiftUI rounds positions after applying offsets.
public struct DisplayList: Equatable, Sendable {
    /// The canvas size in points.
    public var size: CGSize
    /// The display scale whose pixel grid the frames are rounded to.
    public var scale: CGFloat
    /// The items, back to front.
    public var items: [DisplayItem]

    public init(size: CGSize, scale: CGFloat = 1, items: [DisplayItem]) {
        self.size = size
        self.scale = scale
        self.items = items
    }
}

extension DisplayList {
    /// The list with the views' ids dropped from its items: for drawing several lists in one
    /// document (the frames of an animation), where the same ids would repeat element ids.
    public func withoutIDs() -> DisplayList {
        func strip(_ items: [DisplayItem]) -> [DisplayItem] {
            items.map { item in
                var item = item
                item.identity.id = nil
                if case .group(var group) = item.content {
                    group.items = strip(group.items)
                    item.content = .group(group)
                }
                return item
            }
        }
        var list = self
        list.items = strip(items)
        return list
    }
}

/// One positioned item of a display list.
public struct DisplayItem: Equatable, Sendable {
    /// Where the item is drawn: the frame of the view that drew it, rounded to pixels.
    public var frame: CGRect
    /// Which view drew it.
    public var identity: ViewIdentity
    /// What is drawn.
    public var content: Content

    public init(frame: CGRect, identity: ViewIdentity, content: Content) {
        self.frame = frame
        self.identity = identity
        self.content = content
    }

    /// The kinds of item.
    public enum Content: Equatable, Sendable {
        /// A shape filled with a colour.
        case fill(ShapeKind, Color)
        /// A shape's outline drawn inside the frame, `lineWidth` wide (borders, `strokeBorder`).
        case strokeBorder(ShapeKind, Color, lineWidth: CGFloat)
        /// Items drawn together, clipped to a shape in `frame`, at an opacity, and shifted by
        /// `translation` (zero for the engine's own groups, whose offsets are folded in). Boxed as
        /// the cases below are: a group's effects take some 250 bytes, which every item of the
        /// list would otherwise carry (an item took 328 bytes instead of 144).
        indirect case group(DisplayGroup)
        /// Lines of text, each placed at its baseline with its measured width. Boxed, so that the
        /// far more common shape items stay small (a display list holds one item per shape).
        indirect case text(TextRun)
        /// A path filled or stroked with a colour or gradient: custom shapes, strokes, connectors.
        indirect case path(PathDrawing)
        /// A bitmap image stretched over the frame.
        indirect case image(ImageDrawing)

        /// The kinds of item, without their payloads: for code that must handle every kind
        /// (tests that every backend draws each one).
        public enum Kind: String, CaseIterable, Sendable {
            case fill, strokeBorder, group, text, path, image
        }

        /// The item's kind.
        public var kind: Kind {
            switch self {
            case .fill: .fill
            case .strokeBorder: .strokeBorder
            case .group: .group
            case .text: .text
            case .path: .path
            case .image: .image
            }
        }
    }
}

/// A path and how it is painted. The path and the paint's geometry are relative to the item
/// frame's top-left corner, so moving the item moves them.
public struct PathDrawing: Hashable, Sendable {
    /// The outline, relative to the item frame's corner.
    public var path: Path
    /// A colour or a gradient placed in the same coordinates.
    public var paint: DisplayPaint
    /// How the path is stroked, or nil to fill it.
    public var stroke: StrokeStyle?
    /// For fills: even-odd rather than nonzero winding.
    public var evenOdd: Bool
    /// For a trimmed shape, the outline `path` was cut from and where: renderers draw `path`,
    /// animations cut the mixed outline again.
    public var trim: PathTrim?

    /// A path filled (or stroked with `stroke`) with `paint`; `trim` says where a trimmed
    /// shape's `path` was cut from.
    public init(path: Path, paint: DisplayPaint, stroke: StrokeStyle? = nil, evenOdd: Bool = false, trim: PathTrim? = nil) {
        self.path = path
        self.paint = paint
        self.stroke = stroke
        self.evenOdd = evenOdd
        self.trim = trim
    }
}

/// Where a trimmed path is cut from (`Shape.trim(from:to:)`): the whole outline and the two
/// fractions of its length. An animation moves the cut along the outline: two cuts of different
/// lengths have different elements and could not be mixed point by point.
public struct PathTrim: Hashable, Sendable {
    /// The whole outline, in the drawing's coordinates.
    public var outline: Path
    /// Where the drawn part starts, as a fraction of the outline's length.
    public var from: CGFloat
    /// Where the drawn part ends, as a fraction of the outline's length.
    public var to: CGFloat

    /// The part of `outline` from `from` to `to` of its length.
    public init(outline: Path, from: CGFloat, to: CGFloat) {
        self.outline = outline
        self.from = from
        self.to = to
    }
}

/// An image drawn stretched over its item's frame.
public struct ImageDrawing: Hashable, Sendable {
    /// The decoded file.
    public var source: ImageSource
    /// How pixels are sampled when scaled: `.none` is nearest-pixel, the others smooth.
    public var interpolation: Image.Interpolation

    /// `source` drawn with `interpolation`.
    public init(source: ImageSource, interpolation: Image.Interpolation = .medium) {
        self.source = source
        self.interpolation = interpolation
    }
}

/// A drop shadow: the group's drawing, its alpha blurred (a Gaussian of standard deviation
/// `radius`, as SwiftUI's radius and CSS's half blur), offset and painted in `color` under it.
public struct Shadow: Hashable, Sendable {
    /// The shadow's colour; its opacity scales the blurred alpha.
    public var color: Color
    /// The blur's standard deviation, in points.
    public var radius: CGFloat
    /// How far the shadow is moved from the drawing, in points.
    public var offset: CGSize

    /// A shadow of `color`, blurred by `radius` and moved by `offset`.
    public init(color: Color, radius: CGFloat, offset: CGSize) {
        self.color = color
        self.radius = radius
        self.offset = offset
    }
}

/// How a group's drawing is blended with what is under it (the separable and non-separable
/// modes of SVG's `mix-blend-mode`, which Cairo has as operators).
public enum BlendMode: String, Hashable, Sendable, CaseIterable {
    case normal, multiply, screen, overlay, darken, lighten, colorDodge, colorBurn, softLight, hardLight
    case difference, exclusion, hue, saturation, color, luminosity
}

/// Text as laid out: lines of shaped glyphs at their baselines, in one font and colour. Every
/// position is relative to the item: a line's origin from the item frame's top-left corner, a
/// glyph's from its line's origin, so moving the item moves all of its text.
///
/// Renderers draw exactly these glyphs from exactly these faces (`FontFaceID` names the file),
/// at these positions: that is what makes PNG, PDF and SVG agree.
public struct TextRun: Equatable, Sendable {
    /// One glyph, placed on its line.
    public struct Glyph: Hashable, Sendable {
        /// The face it is drawn from; nil only from a test measurer that draws nothing.
        public var face: FontFaceID?
        /// The glyph's index in the face.
        public var id: UInt32
        /// From the line's origin along the baseline, in points.
        public var x: CGFloat
        /// Down from the baseline, in points (marks and superscripts move it).
        public var y: CGFloat
        /// The UTF-16 offset in the line's text of the first character the glyph draws.
        public var cluster: Int
        /// How far the pen moves after it, in points.
        public var advance: CGFloat
        /// The bidirectional embedding level of its characters: odd levels run right to left.
        public var level: UInt8

        public init(face: FontFaceID?, id: UInt32, x: CGFloat, y: CGFloat = 0, cluster: Int, advance: CGFloat = 0, level: UInt8 = 0) {
            self.face = face
            self.id = id
            self.x = x
            self.y = y
            self.cluster = cluster
            self.advance = advance
            self.level = level
        }
    }

    /// One line of a run.
    public struct Line: Equatable, Sendable {
        /// The characters, as the user wrote them, for selectable text (renderers escape them).
        public var text: String
        /// The left end of the baseline, from the top-left corner of the item's frame.
        public var origin: CGPoint
        /// The measured width: the sum of the glyphs' advances.
        public var width: CGFloat
        /// The glyphs in visual order.
        public var glyphs: [Glyph]
        /// The hyphen drawn at the line's end when it breaks at a soft hyphen ("\u{2010}" or
        /// "-", the last glyph of its logical order), for outputs that write characters; nil
        /// otherwise. `text` keeps the soft hyphen: that is what a reader copies.
        public var hyphen: Character?

        public init(text: String, origin: CGPoint, width: CGFloat, glyphs: [Glyph], hyphen: Character? = nil) {
            self.text = text
            self.origin = origin
            self.width = width
            self.glyphs = glyphs
            self.hyphen = hyphen
        }
    }

    public var lines: [Line]
    public var font: Font
    public var color: Color
    /// The font's ascent and descent, for renderers that need the line box.
    public var metrics: FontMetrics

    public init(lines: [Line], font: Font, color: Color, metrics: FontMetrics) {
        self.lines = lines
        self.font = font
        self.color = color
        self.metrics = metrics
    }
}

/// A group of items with a shared clip, opacity, shadow, blend mode, translation, transform,
/// filters and mask.
///
/// Renderers apply them in this order, outermost first: clip, translation, transform; then the
/// group's drawing is made, its filters applied in order, the result masked by `mask`, its shadow
/// painted under it, and the whole composited at `opacity` with `blendMode`. The engine makes one
/// group per effect, so most groups set one of them; the order holds when several are set.
public struct DisplayGroup: Equatable, Sendable {
    /// A clip outline drawn in the group item's frame, or nil.
    public var clip: ShapeKind?
    /// A clip outline relative to the group item frame's top-left corner (custom clip shapes),
    /// applied with `clip` when both are set.
    public var clipPath: Path?
    /// 0...1; 1 means opaque.
    public var opacity: Double
    /// A shift of every item inside.
    public var translation: CGSize
    /// A shadow of everything inside, or nil.
    public var shadow: Shadow?
    /// How the group's drawing combines with what is under it.
    public var blendMode: BlendMode
    /// An affine transform of the drawing in the coordinates of the group item's frame, whose
    /// origin is the frame's top-left corner (`rotationEffect`, `scaleEffect`,
    /// `transformEffect`): a point `p` of an item lands at `origin + transform(p − origin)`.
    /// Applied inside `translation`. The identity for none.
    public var transform: CGAffineTransform
    /// Colour and blur filters applied to the drawing, first to last (`blur`, `brightness`, …).
    public var filters: [DisplayFilter]
    /// Items whose alpha masks the drawing (`mask`), in the same coordinates as `items`; nil for
    /// no mask. An empty mask hides everything.
    public var mask: [DisplayItem]?
    /// Whether the drawing is made as one layer before anything outside it composites it
    /// (`compositingGroup`): blend modes inside then blend only with the group's own drawing.
    public var isolated: Bool
    /// What a screen reader reads for the group's drawing as a whole (`accessibilityLabel`), in
    /// place of what is inside; nil for none. It changes no pixel.
    public var accessibilityLabel: String?
    /// Whether screen readers skip the group's drawing (`accessibilityHidden(true)`): decoration.
    /// It changes no pixel.
    public var accessibilityHidden: Bool
    /// The group's items, back to front.
    public var items: [DisplayItem]

    public init(clip: ShapeKind? = nil, clipPath: Path? = nil, opacity: Double = 1, translation: CGSize = .zero, shadow: Shadow? = nil,
                blendMode: BlendMode = .normal, transform: CGAffineTransform = .identity, filters: [DisplayFilter] = [],
                mask: [DisplayItem]? = nil, isolated: Bool = false, accessibilityLabel: String? = nil,
                accessibilityHidden: Bool = false, items: [DisplayItem]) {
        self.clip = clip
        self.clipPath = clipPath
        self.opacity = opacity
        self.translation = translation
        self.shadow = shadow
        self.blendMode = blendMode
        self.transform = transform
        self.filters = filters
        self.mask = mask
        self.isolated = isolated
        self.accessibilityLabel = accessibilityLabel
        self.accessibilityHidden = accessibilityHidden
        self.items = items
    }

    /// Whether the group uses any of the effects that came with `transform`, `filters`, `mask`
    /// and `isolated`: backends draw those groups on a path of their own, and every other group
    /// exactly as before.
    public var hasDrawingEffects: Bool { !transform.isIdentity || !filters.isEmpty || mask != nil || isolated }

    /// The transform from the items' coordinates to the coordinates the group item sits in:
    /// `transform` about `frame`'s corner, then `translation`.
    public func itemTransform(in frame: CGRect) -> CGAffineTransform {
        let t = transform
        let ox = frame.minX.isFinite ? frame.minX : 0, oy = frame.minY.isFinite ? frame.minY : 0
        let dx = translation.width.isFinite ? translation.width : 0, dy = translation.height.isFinite ? translation.height : 0
        // p ↦ origin + T(p − origin) + translation.
        return CGAffineTransform(a: t.a, b: t.b, c: t.c, d: t.d,
                                 tx: ox + t.tx - (t.a * ox + t.c * oy) + dx, ty: oy + t.ty - (t.b * ox + t.d * oy) + dy)
    }
}

/// A filter of a group's drawing, as SwiftUI's graphics effects define it. Colour filters work
/// on each pixel's colour before premultiplying (its alpha unchanged), in sRGB values, and clamp
/// the result to 0...1 (docs/layout-rules.md §3.13).
public enum DisplayFilter: Hashable, Sendable {
    /// A Gaussian blur of standard deviation `radius` points (`blur(radius:opaque:)`); `opaque`
    /// keeps the drawing's frame as its edge: nothing spills out of `frame` (the group item's
    /// frame), and inside it every pixel with any ink is made opaque.
    case blur(radius: CGFloat, opaque: Bool)
    /// Adds `amount` to each of red, green and blue (`brightness(_:)`).
    case brightness(Double)
    /// Moves each of red, green and blue away from or towards 0.5: `(c − 0.5) × amount + 0.5`
    /// (`contrast(_:)`).
    case contrast(Double)
    /// Mixes each colour with its luminance (`saturation(_:)`; `grayscale(a)` is
    /// `saturation(1 − a)`): 0 is grey, 1 unchanged, above 1 more saturated.
    case saturation(Double)

    /// The colour matrix of a colour filter: rows for red, green and blue, each four numbers
    /// (the weights of r, g, b and a constant), on sRGB values; nil for the blur.
    ///
    /// Saturation uses the luminance weights of SVG's `feColorMatrix type="saturate"`
    /// (0.213, 0.715, 0.072: Rec. 709's, rounded), so that SVG viewers and Cairo draw the same.
    public var colorMatrix: [[Double]]? {
        switch self {
        case .blur:
            return nil
        case .brightness(let amount):
            let b = amount.isFinite ? amount : 0
            return [[1, 0, 0, b], [0, 1, 0, b], [0, 0, 1, b]]
        case .contrast(let amount):
            let c = amount.isFinite ? amount : 1
            let offset = 0.5 - 0.5 * c
            return [[c, 0, 0, offset], [0, c, 0, offset], [0, 0, c, offset]]
        case .saturation(let amount):
            let s = amount.isFinite ? amount : 1
            return [[0.213 + 0.787 * s, 0.715 - 0.715 * s, 0.072 - 0.072 * s, 0],
                    [0.213 - 0.213 * s, 0.715 + 0.285 * s, 0.072 - 0.072 * s, 0],
                    [0.213 - 0.213 * s, 0.715 - 0.715 * s, 0.072 + 0.928 * s, 0]]
        }
    }

    /// The colour filter applied to one colour (components 0...1), clamped; the blur leaves a
    /// single colour as it is.
    public func apply(red: Double, green: Double, blue: Double) -> (red: Double, green: Double, blue: Double) {
        guard let m = colorMatrix else { return (red, green, blue) }
        func row(_ r: [Double]) -> Double { min(max(r[0] * red + r[1] * green + r[2] * blue + r[3], 0), 1) }
        return (row(m[0]), row(m[1]), row(m[2]))
    }
}

/// Which view drew an item.
public struct ViewIdentity: Hashable, Sendable {
    /// The view's position in the tree: child indices from the root, "0.2.1".
    public var path: String {
        get { storage.string }
        set { storage = PackedPath(newValue.utf8) }
    }
    /// The kind of view: "Rectangle", "Color", "frame", …
    public var kind: String
    /// The `.id(_:)` of the view or its nearest tagged ancestor, as text.
    public var id: String?
    /// The path, packed: a display list holds one per item, and most readers never ask for it.
    var storage: PackedPath

    public init(path: String, kind: String, id: String? = nil) {
        self.init(storage: PackedPath(path.utf8), kind: kind, id: id)
    }

    init(storage: PackedPath, kind: String, id: String?) {
        self.storage = storage
        self.kind = kind
        self.id = id
    }
}

/// A tree path ("0.2.1") in 12 bytes when it is up to 24 characters of digits and dots, as
/// nearly every path is: four bits a character, no allocation, no string made until asked for.
/// Any other text is kept as it is. Packing whatever can be packed keeps equal paths equal.
enum PackedPath: Hashable, Sendable {
    /// Characters from the low bits up: 1...10 the digits, 11 the dot, 0 the end.
    case packed(UInt64, UInt32)
    case text(Text)

    /// A path that cannot be packed. A class, so the enum stays 16 bytes.
    final class Text: Hashable, Sendable {
        let string: String
        init(_ string: String) { self.string = string }
        static func == (lhs: Text, rhs: Text) -> Bool { lhs.string == rhs.string }
        func hash(into hasher: inout Hasher) { hasher.combine(string) }
    }

    static let capacity = 24

    /// The code of the dot; a digit d is d + 1.
    static let dotCode: UInt8 = 11

    /// The four-bit code of a path character, 0 for one that cannot be packed.
    static func code(of byte: UInt8) -> UInt8 {
        switch byte {
        case UInt8(ascii: "0") ... UInt8(ascii: "9"): byte - UInt8(ascii: "0") + 1
        case UInt8(ascii: "."): dotCode
        default: 0
        }
    }

    /// The character of a code (1...11): the inverse of `code(of:)`.
    static func byte(of code: UInt8) -> UInt8 {
        code == dotCode ? UInt8(ascii: ".") : UInt8(ascii: "0") + code - 1
    }

    init<Bytes: Collection>(_ bytes: Bytes) where Bytes.Element == UInt8 {
        var low: UInt64 = 0, high: UInt32 = 0, index = 0
        for byte in bytes {
            let code = Self.code(of: byte)
            guard code != 0, index < Self.capacity else {
                self = .text(Text(String(decoding: bytes, as: UTF8.self)))
                return
            }
            if index < 16 { low |= UInt64(code) << (4 * index) } else { high |= UInt32(code) << (4 * (index - 16)) }
            index += 1
        }
        self = .packed(low, high)
    }

    var string: String {
        switch self {
        case .text(let text): text.string
        case .packed: String(decoding: bytes, as: UTF8.self)
        }
    }

    /// The path as UTF-8.
    var bytes: [UInt8] {
        switch self {
        case .text(let text):
            return Array(text.string.utf8)
        case .packed(var low, var high):
            var bytes: [UInt8] = []
            for index in 0 ..< Self.capacity {
                let code = index < 16 ? UInt8(low & 0xF) : UInt8(high & 0xF)
                if index < 16 { low >>= 4 } else { high >>= 4 }
                if code == 0 { break }
                bytes.append(Self.byte(of: code))
            }
            return bytes
        }
    }
}
