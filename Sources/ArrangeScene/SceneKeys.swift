import Foundation
import Yams

// MARK: - The key table

/// The keys of one mapping of the scene format: an enum whose raw values are the keys as written.
///
/// Reading a mapping gives its entries typed by the enum (`SceneReader.entries(_:in:as:)`), and
/// the code that reads them switches over the enum exhaustively, so a key that is declared and not
/// read is a compile error rather than a key read into the wrong field.
protocol MappingKey: RawRepresentable, CaseIterable, Hashable, Sendable
where RawValue == String, AllCases == [Self] {}

extension MappingKey {
    /// The keys as written, in declaration order: the order messages list them in.
    static var names: [String] { allCases.map(\.rawValue) }

    /// The key as written.
    var name: String { rawValue }
}

/// The scene format's mappings and their keys: the one table the reader, its messages and the
/// JSON Schema are checked against.
///
/// Each mapping's keys are the cases of one `MappingKey` enum in this file. From those cases come:
/// - the keys the reader accepts in that mapping, and for any other key the error with its
///   did-you-mean suggestion and list of expected keys (`SceneReader.entries(_:in:as:)`);
/// - the view kinds and modifier names (`ViewKind`, `ModifierKind`);
/// - the keys the JSON Schema must list for the mapping: `SchemaTests` compares the schema with
///   `SceneMapping.keys`, `ViewKind.parameterKeys` and `ModifierKind.valueKeys`, and
///   `KeyTableTests` checks that the reader reads exactly those keys.
///
/// To add a key: add its case to its enum (one line), then
/// 1. read it: the compiler stops at the exhaustive `switch` over the enum that lacks it;
/// 2. describe it in Schema/arrange-scene.schema.json: `SchemaTests` fails, naming the key and
///    the mapping, until the schema lists it;
/// 3. run `arrange schema --markdown`, which writes docs/scene-format.md from this table and the
///    schema (`FormatReference`): `FormatReferenceTests` fails while the committed file is out of
///    date. The key's errors link to its section, and the key is in the index of misplaced keys
///    (`MisplacedKeys`), with nothing more to write.
///
/// To add a view kind or a modifier: add its case to `ViewKind` or `ModifierKind`; the compiler
/// then asks for its properties below and for its reading (`ViewKind.read`,
/// `ModifierKind.read`), and `SchemaTests` for its definition in the schema. A new mapping is a
/// new `MappingKey` enum reached from one of those properties (or a new `SceneMapping` case, whose
/// place in the schema `SchemaTests` then asks for).
enum SceneMapping: CaseIterable, Sendable, CustomStringConvertible {
    /// The top level of a scene file.
    case scene
    /// `canvas`.
    case canvas
    /// `{random: [low, high]}`, wherever a number may be random.
    case random
    /// A colour written as a mapping.
    case color
    /// A font written as a mapping.
    case font
    /// A view: one kind key and the keys every view may have.
    case view
    /// `animation`.
    case animation
    /// One item of `animation: {keyframes: […]}`.
    case keyframe
    /// A timing curve written as a mapping: `{spring: …}`.
    case curve
    /// The parameters of `{spring: {…}}`.
    case spring
    /// One item of `text: {runs: […]}`.
    case textRun
    /// One entry of `components:`: `{parameters:, view:}`.
    case component

    /// The keys a mapping written here may have.
    var keys: [String] {
        switch self {
        case .scene: SceneKey.names
        case .canvas: CanvasKey.names
        case .random: RandomKey.names
        case .color: ColorKey.names
        case .font: FontKey.names
        case .view: ViewKind.names + ViewEntryKey.names
        case .animation: AnimationKey.names
        case .keyframe: KeyframeKey.names
        case .curve: CurveKey.names
        case .spring: SpringKey.names
        case .textRun: TextRunKey.names
        case .component: ComponentKey.names
        }
    }

    /// How test messages name the mapping.
    var description: String {
        switch self {
        case .scene: "the top level of a scene"
        case .canvas: "'canvas'"
        case .random: "{random: …}"
        case .color: "a colour mapping"
        case .font: "a font mapping"
        case .view: "a view"
        case .animation: "'animation'"
        case .keyframe: "a keyframe"
        case .curve: "a timing curve"
        case .spring: "a spring"
        case .textRun: "a text run"
        case .component: "a component"
        }
    }
}

/// The top level of a scene.
enum SceneKey: String, MappingKey {
    case canvas, seed, view, description
    /// `longDescription: …`: a longer text for screen readers (SVG `<desc>`).
    case longDescription
    case fonts
    case animation
    /// `colorScheme: light|dark|both`: the scheme the whole scene is rendered in; `both` draws it in each.
    case colorScheme
    /// `styles: {NAME: [modifiers]}`: named modifier lists a view applies with `style: NAME`.
    case styles
    /// `components: {NAME: {parameters:, view:}}`: named views with parameters, used as `use: {component: NAME, …}`.
    case components
    /// `include: FILE` or a list of files: their `styles` and `components` (and their own includes).
    case include
}

/// The top level of a file a scene includes: only definitions.
enum IncludedFileKey: String, MappingKey {
    case styles, components, include
}

/// One component of `components:`: its parameters (each with its default, or null when it must
/// be given) and its view.
enum ComponentKey: String, MappingKey {
    case parameters, view
}

/// `use: {component: NAME, …}`: the component, then its arguments by parameter name (any other
/// key of the mapping).
enum UseKey: String, MappingKey {
    case component
}

/// `animation: {duration:, curve:, fps:, keyframes:}`.
enum AnimationKey: String, MappingKey {
    case duration, curve, fps, keyframes
}

/// A keyframe: `{at:, curve:, set: {ID: {parameter: value}}}`.
enum KeyframeKey: String, MappingKey {
    case at, curve, set
}

/// `{spring: {response:, dampingFraction:}}` or SwiftUI's newer `{spring: {duration:, bounce:}}`.
enum SpringKey: String, MappingKey {
    case response, dampingFraction, duration, bounce
}

/// `canvas: {width:, height:, scale:, background:}`.
enum CanvasKey: String, MappingKey {
    case width, height, scale, background
}

/// `{random: [low, high]}`.
enum RandomKey: String, MappingKey {
    case random
}

/// A colour as a mapping: `{red:, green:, blue:}`, `{white:}` or `{color:}`, each with `opacity`;
/// or `{light:, dark:}`, a colour for each colour scheme.
enum ColorKey: String, MappingKey {
    case red, green, blue, white, color, opacity
    case light, dark
}

/// A font as a mapping.
enum FontKey: String, MappingKey {
    case style, size, weight, design, italic
    case family
}

/// The keys a view mapping may have besides its kind.
enum ViewEntryKey: String, MappingKey {
    case children, modifiers, `repeat`, id
    /// `style: NAME` or `style: [NAME, …]`: the modifiers of the scene's styles, applied before the view's own.
    case style
}

// MARK: View kinds

/// A kind of view: the key that names it in a view mapping, or its name written alone.
enum ViewKind: String, MappingKey {
    case rectangle, roundedRectangle, circle, capsule, ellipse, color, text, spacer, empty
    case hstack, vstack, zstack, flow, wheel
    /// `AnyLayout`: a container whose layout (one of the other containers) keyframes may switch.
    case layout
    /// A PNG or JPEG file, by a path relative to the scene.
    case image
    /// `GeometryReader`: its children at its top-leading corner; their texts may show its numbers.
    case geometryReader
    /// `Grid` with its rows (`gridRow`, or any view for a row across every column), and `GridRow`.
    case grid, gridRow
    /// `LazyVGrid` and `LazyHGrid`: their children fill the columns (rows) their items make.
    case lazyVGrid, lazyHGrid
    /// `Section`: its children between a header and a footer, each a line of a lazy grid.
    case section
    /// `ViewThatFits`: the first child that fits.
    case viewThatFits
    /// `Divider` and `Label`.
    case divider, label
    /// `ForEach` over a list: one copy of `content` per item, `$item` and `$index` replaced.
    case forEach
    /// `UnevenRoundedRectangle`: a radius for each corner.
    case unevenRoundedRectangle
    /// `Image(icon:)`: an icon of Material Icons by name.
    case icon
    /// A component of `components:` with its arguments: `use: {component: card, title: Hello}`.
    case use

    /// The keys of the kind's parameter mapping; none for a kind that takes no parameters.
    var parameterKeys: [String] { parameterKey?.names ?? [] }

    /// The enum of the kind's parameter keys, which also says how each animates; nil for a kind
    /// that takes no parameters.
    var parameterKey: (any AnimatedKey.Type)? {
        switch self {
        case .rectangle, .circle, .capsule, .ellipse, .empty: nil
        case .roundedRectangle: RoundedRectangleKey.self
        case .color: ColorKey.self
        case .text: TextKey.self
        case .spacer: SpacerKey.self
        case .hstack, .vstack: StackKey.self
        case .zstack: ZStackKey.self
        case .flow: FlowKey.self
        case .wheel: WheelKey.self
        case .layout: LayoutChoiceKey.self
        case .image: ImageKey.self
        case .geometryReader: nil
        case .grid: GridKey.self
        case .gridRow: GridRowKey.self
        case .lazyVGrid: LazyVGridKey.self
        case .lazyHGrid: LazyHGridKey.self
        case .section: SectionKey.self
        case .viewThatFits: ViewThatFitsKey.self
        case .divider: nil
        case .label: LabelKey.self
        case .forEach: ForEachKey.self
        case .unevenRoundedRectangle: UnevenRoundedRectangleKey.self
        case .icon: IconKey.self
        case .use: UseKey.self
        }
    }

    /// Whether it takes `children`.
    var takesChildren: Bool {
        switch self {
        case .hstack, .vstack, .zstack, .flow, .wheel, .layout, .geometryReader: true
        case .grid, .gridRow, .lazyVGrid, .lazyHGrid, .section, .viewThatFits: true
        case .rectangle, .roundedRectangle, .circle, .capsule, .ellipse, .color, .text, .spacer, .empty, .image, .unevenRoundedRectangle: false
        case .divider, .label, .forEach, .icon, .use: false
        }
    }

    /// Whether it is a shape, so that `fill` and `strokeBorder` apply to it.
    var isShape: Bool {
        switch self {
        case .rectangle, .roundedRectangle, .circle, .capsule, .ellipse, .unevenRoundedRectangle: true
        case .color, .text, .spacer, .empty, .hstack, .vstack, .zstack, .flow, .wheel, .layout, .image, .geometryReader: false
        case .grid, .gridRow, .lazyVGrid, .lazyHGrid, .section, .viewThatFits, .divider, .label, .forEach, .icon, .use: false
        }
    }

    /// The kind named `rawValue`, found by hashing: the synthesized initializer compares the
    /// name with each case in turn, and the reader asks this of every key of every view.
    init?(rawValue: String) {
        guard let kind = Self.byName[rawValue] else { return nil }
        self = kind
    }

    private static let byName = Dictionary(uniqueKeysWithValues: allCases.map { ($0.rawValue, $0) })
}

/// `image: {path:, resizable:, interpolation:}`, or the path alone.
enum ImageKey: String, MappingKey {
    case path, resizable, interpolation
}

/// `icon: {name:, resizable:}`, or the name alone.
enum IconKey: String, MappingKey {
    case name, resizable
}

/// `roundedRectangle: {cornerRadius:, style:}`.
enum RoundedRectangleKey: String, MappingKey {
    case cornerRadius, style
}

/// `unevenRoundedRectangle: {topLeadingRadius:, …, style:}`: SwiftUI's initializer's labels.
enum UnevenRoundedRectangleKey: String, MappingKey {
    case topLeadingRadius, bottomLeadingRadius, bottomTrailingRadius, topTrailingRadius, style
}

/// `text: {content:, font:, bold:, italic:, color:, markdown:}`, or `{runs: [...]}` in place
/// of `content`.
enum TextKey: String, MappingKey {
    case content, font, bold, italic, color, markdown, runs
}

/// One item of `text: {runs: [...]}`: a piece of the paragraph in its own style.
enum TextRunKey: String, MappingKey {
    case content, font, bold, italic, weight, monospaced, color, underline, strikethrough, baselineOffset, tracking
}

/// `spacer: {minLength:}`.
enum SpacerKey: String, MappingKey {
    case minLength
}

/// `hstack` and `vstack`, which take the same parameters (their alignments differ in kind).
enum StackKey: String, MappingKey {
    case alignment, spacing
}

/// `zstack: {alignment:}`.
enum ZStackKey: String, MappingKey {
    case alignment
}

/// `flow: {…}`.
enum FlowKey: String, MappingKey {
    case alignment, rowAlignment, spacing, horizontalSpacing, verticalSpacing
}

/// `wheel: {radius:, rotation:, motion:}`.
enum WheelKey: String, MappingKey {
    case radius, rotation, motion
}

/// `grid: {alignment:, horizontalSpacing:, verticalSpacing:}`.
enum GridKey: String, MappingKey {
    case alignment, horizontalSpacing, verticalSpacing
}

/// `gridRow: {alignment:}`: the row's vertical alignment.
enum GridRowKey: String, MappingKey {
    case alignment
}

/// `lazyVGrid: {columns:, alignment:, spacing:}`.
enum LazyVGridKey: String, MappingKey {
    case columns, alignment, spacing
}

/// `lazyHGrid: {rows:, alignment:, spacing:}`.
enum LazyHGridKey: String, MappingKey {
    case rows, alignment, spacing
}

/// One item of `columns` or `rows`: one size key (`fixed`, `flexible` or `adaptive`), and
/// optionally `spacing` and `alignment`.
enum GridItemKey: String, MappingKey {
    case fixed, flexible, adaptive, spacing, alignment
}

/// The bounds of a flexible or adaptive grid item: `{minimum:, maximum:}`.
enum GridItemBoundsKey: String, MappingKey {
    case minimum, maximum
}

/// `section: {header:, footer:}`: views around the section's children.
enum SectionKey: String, MappingKey {
    case header, footer
}

/// `viewThatFits: {in:}`: the axes the chosen child must fit along.
enum ViewThatFitsKey: String, MappingKey {
    case `in`
}

/// `label: {title:, icon:, style:}`.
enum LabelKey: String, MappingKey {
    case title, icon, style
}

/// `forEach: {items:, content:}`.
enum ForEachKey: String, MappingKey {
    case items, content
}

/// `layout: {hstack: {…}}`: the one container kind an `AnyLayout` holds, with its parameters.
enum LayoutChoiceKey: String, MappingKey {
    case hstack, vstack, zstack, flow, wheel

    var kind: ViewKind {
        switch self {
        case .hstack: .hstack
        case .vstack: .vstack
        case .zstack: .zstack
        case .flow: .flow
        case .wheel: .wheel
        }
    }
}

// MARK: Modifiers

/// A modifier: the one key of an item of a view's `modifiers`, or its name written alone.
enum ModifierKind: String, MappingKey {
    case frame, padding, border, background, overlay, fill, strokeBorder, foregroundStyle, foregroundColor
    case fixedSize, layoutPriority, offset, cornerRadius, clipped, clipShape, opacity, hidden, alignmentGuide, id
    case font, lineLimit, multilineTextAlignment
    case tracking, kerning, lineSpacing, truncationMode, minimumScaleFactor, allowsTightening
    case stroke, trim, shadow, blendMode, aspectRatio, scaledToFit, scaledToFill, position, coordinateSpace, connect
    /// Environment values: `layoutDirection: rightToLeft`, `colorScheme: dark`, `dynamicTypeSize: xLarge`.
    case layoutDirection, colorScheme, dynamicTypeSize
    case gridCellColumns, gridColumnAlignment, gridCellAnchor, gridCellUnsizedAxes
    case rotationEffect, scaleEffect, transformEffect, mask, compositingGroup, drawingGroup
    case blur, brightness, contrast, saturation, grayscale
    /// `accessibilityLabel: "…"`: the view's drawing named for screen readers.
    case accessibilityLabel
    /// `accessibilityHidden: true`: the view's drawing skipped by screen readers.
    case accessibilityHidden

    /// The keys the modifier's value may have when it is written as a mapping, in all its forms
    /// (`border: {width: 2}` or a colour mapping, say); none for a value that is never a mapping.
    var valueKeys: [String] { valueKey?.names ?? [] }

    /// The enum of those keys, which also says how each animates; nil for a value that is never
    /// a mapping.
    var valueKey: (any AnimatedKey.Type)? {
        switch self {
        case .frame: FrameKey.self
        case .padding: PaddingKey.self
        case .border: EitherKey<BorderKey, ColorKey>.self
        case .background, .overlay: EitherKey<LayerKey, ColorKey>.self
        case .fill, .foregroundStyle: EitherKey<PaintKey, ColorKey>.self
        case .foregroundColor: ColorKey.self
        case .strokeBorder: EitherKey<StrokeBorderKey, ColorKey>.self
        case .stroke: EitherKey<StrokeKey, EitherKey<PaintKey, ColorKey>>.self
        case .trim: TrimKey.self
        case .shadow: ShadowKey.self
        case .aspectRatio: AspectRatioKey.self
        case .position: OffsetKey.self
        case .connect: ConnectKey.self
        case .blendMode, .scaledToFit, .scaledToFill, .coordinateSpace: nil
        case .fixedSize: FixedSizeKey.self
        case .layoutPriority, .cornerRadius, .opacity, .tracking, .kerning, .lineSpacing, .minimumScaleFactor: RandomKey.self
        case .offset: OffsetKey.self
        case .alignmentGuide: AlignmentGuideKey.self
        case .font: FontKey.self
        case .clipped, .clipShape, .hidden, .id, .lineLimit, .multilineTextAlignment, .truncationMode, .allowsTightening: nil
        case .layoutDirection, .colorScheme, .dynamicTypeSize: nil
        case .gridCellColumns, .gridColumnAlignment, .gridCellUnsizedAxes: nil
        case .gridCellAnchor: UnitPointKey.self
        case .rotationEffect: RotationEffectKey.self
        case .scaleEffect: ScaleEffectKey.self
        case .transformEffect: TransformEffectKey.self
        case .mask: LayerKey.self
        case .compositingGroup, .drawingGroup, .accessibilityLabel, .accessibilityHidden: nil
        case .blur: BlurKey.self
        case .brightness, .contrast, .saturation, .grayscale: RandomKey.self
        }
    }

    /// `fill` and `strokeBorder` apply to a shape, so they come first in the list of a shape.
    var shapeOnly: Bool {
        switch self {
        case .fill, .strokeBorder, .stroke, .trim: true
        case .frame, .padding, .border, .background, .overlay, .foregroundStyle, .foregroundColor, .fixedSize,
             .layoutPriority, .offset, .cornerRadius, .clipped, .clipShape, .opacity, .hidden, .alignmentGuide, .id, .font,
             .lineLimit, .multilineTextAlignment, .tracking, .kerning, .lineSpacing, .truncationMode, .minimumScaleFactor, .allowsTightening, .shadow,
             .blendMode, .aspectRatio, .scaledToFit, .scaledToFill, .position, .coordinateSpace, .connect,
             .layoutDirection, .colorScheme, .dynamicTypeSize,
             .gridCellColumns, .gridColumnAlignment, .gridCellAnchor, .gridCellUnsizedAxes,
             .rotationEffect, .scaleEffect, .transformEffect, .mask, .compositingGroup, .drawingGroup,
             .blur, .brightness, .contrast, .saturation, .grayscale, .accessibilityLabel, .accessibilityHidden:
            false
        }
    }

    /// The modifier named `rawValue`, found by hashing: the synthesized initializer compares the
    /// name with each case in turn, and the reader asks this of every modifier.
    init?(rawValue: String) {
        guard let modifier = Self.byName[rawValue] else { return nil }
        self = modifier
    }

    private static let byName = Dictionary(uniqueKeysWithValues: allCases.map { ($0.rawValue, $0) })
}

/// `frame: {…}`: SwiftUI's two frame modifiers, fixed and flexible, which cannot be mixed.
enum FrameKey: String, MappingKey {
    case width, height
    case minWidth, idealWidth, maxWidth, minHeight, idealHeight, maxHeight
    case alignment
}

/// `padding: {edges:, length:}` or `padding: {top:, leading:, bottom:, trailing:}`.
enum PaddingKey: String, MappingKey {
    case edges, length
    case top, leading, bottom, trailing
}

/// `border: {color:, width:}` (or a colour).
enum BorderKey: String, MappingKey {
    case color, width
}

/// `background`/`overlay: {view:, alignment:}` (or a colour).
enum LayerKey: String, MappingKey {
    case view, alignment
}

/// `strokeBorder: {color:, lineWidth:}` (or a colour).
enum StrokeBorderKey: String, MappingKey {
    case color, lineWidth
}

/// A gradient where a colour may be: `{linearGradient: {…}}`, `{radialGradient: {…}}` or
/// `{angularGradient: {…}}`.
enum PaintKey: String, MappingKey {
    case linearGradient, radialGradient, angularGradient
}

/// The parameters of a gradient: its colours (spread evenly) or stops, and where it runs.
/// Which of the placement keys apply depends on the kind (linear: start and end points; radial:
/// centre and radii; angular: centre and angles).
enum GradientKey: String, MappingKey {
    case colors, stops
    case startPoint, endPoint
    case center, startRadius, endRadius
    case startAngle, endAngle
}

/// One stop of a gradient: `{color:, location:}`.
enum GradientStopKey: String, MappingKey {
    case color, location
}

/// A unit point as numbers: `{x:, y:}`.
enum UnitPointKey: String, MappingKey {
    case x, y
}

/// `stroke: {color:, lineWidth:, lineCap:, lineJoin:, miterLimit:, dash:, dashPhase:}` (or a colour).
enum StrokeKey: String, MappingKey {
    case color, lineWidth, lineCap, lineJoin, miterLimit, dash, dashPhase
}

/// `trim: {from:, to:}`.
enum TrimKey: String, MappingKey {
    case from, to
}

/// `shadow: {color:, radius:, x:, y:}` (or the radius alone).
enum ShadowKey: String, MappingKey {
    case color, radius, x, y
}

/// `aspectRatio: {ratio:, contentMode:}`.
enum AspectRatioKey: String, MappingKey {
    case ratio, contentMode
}

/// One connector of `connect`. `routing: elbow` (and `curve`) go around the other views with ids,
/// `margin` points clear of them.
enum ConnectKey: String, MappingKey {
    case from, to, fromAnchor, toAnchor, routing, arrow, color, lineWidth, dash, label, labelBackground, margin
}

/// `fixedSize: {horizontal:, vertical:}`.
enum FixedSizeKey: String, MappingKey {
    case horizontal, vertical
}

/// `rotationEffect: {degrees:, anchor:}` or `{radians:, anchor:}` (or the degrees alone).
enum RotationEffectKey: String, MappingKey {
    case degrees, radians, anchor
}

/// `scaleEffect: {x:, y:, anchor:}` or `{scale:, anchor:}` (or the factor alone).
enum ScaleEffectKey: String, MappingKey {
    case scale, x, y, anchor
}

/// `transformEffect: {a:, b:, c:, d:, tx:, ty:}`: a CGAffineTransform's numbers.
enum TransformEffectKey: String, MappingKey {
    case a, b, c, d, tx, ty
}

/// `blur: {radius:, opaque:}` (or the radius alone).
enum BlurKey: String, MappingKey {
    case radius, opaque
}

/// `offset: {x:, y:}`.
enum OffsetKey: String, MappingKey {
    case x, y
}

/// `alignmentGuide: {horizontal:|vertical:, value:, fractionOfWidth:, fractionOfHeight:}`.
enum AlignmentGuideKey: String, MappingKey {
    case horizontal, vertical
    case value, fractionOfWidth, fractionOfHeight
}

// MARK: - Reading keys

/// A key of either of two mappings, for a value that may be written in two forms, as
/// `background: {view: …}` or `background: {red: …}`. A key of both is `first`.
enum EitherKey<First: MappingKey, Second: MappingKey>: MappingKey {
    case first(First)
    case second(Second)

    init?(rawValue: String) {
        if let key = First(rawValue: rawValue) {
            self = .first(key)
        } else if let key = Second(rawValue: rawValue) {
            self = .second(key)
        } else {
            return nil
        }
    }

    var rawValue: String {
        switch self {
        case .first(let key): key.rawValue
        case .second(let key): key.rawValue
        }
    }

    static var allCases: [EitherKey] {
        First.allCases.map { .first($0) } + Second.allCases.filter { First(rawValue: $0.rawValue) == nil }.map { .second($0) }
    }
}

/// One entry of a mapping whose keys are `Key`.
struct MappingEntry<Key: MappingKey> {
    let key: Key
    /// The key as written: errors about the key point here.
    let keyNode: Node
    let value: Node

    /// The key as written, for messages.
    var name: String { key.rawValue }
}

extension MappingKey {
    /// Whether `node` is a mapping with any of `keys`: which form a two-form value is written in.
    static func isWritten(_ keys: [Self], in node: Node) -> Bool {
        guard case .mapping(let mapping) = node else { return false }
        return mapping.contains { entry in keys.contains { $0.rawValue == entry.key.string } }
    }
}
