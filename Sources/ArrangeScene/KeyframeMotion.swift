import Foundation
import Yams

// MARK: - How keyframe values animate

/// How a value a keyframe sets changes from one state to the next (`LayoutTransition`).
///
/// Every key a keyframe may set has one: the key enums below switch over their cases, so a new
/// key does not compile until it says how it animates, and `KeyframeMotionTests` walks the key
/// table for the ones that do not jump.
enum KeyframeMotion: Equatable, Sendable {
    /// Passes through the values between: frames, colours, widths, trims, corner radii, dash
    /// phases, gradients, shadows, font sizes and tracking.
    case interpolates
    /// The old drawing fades out while the new one fades in: other words or another font face,
    /// another image file.
    case crossfades
    /// Switches at the keyframe's time; `why` is said in the warning.
    case jumps(why: String)
}

/// The keys of a mapping a keyframe may set, each with how it animates.
protocol AnimatedKey: MappingKey {
    /// How a change to the key's value animates.
    var motion: KeyframeMotion { get }
}

extension AnimatedKey {
    /// How the key named `name` animates; nil when the mapping has no such key.
    static func motion(of name: String) -> KeyframeMotion? { Self(rawValue: name)?.motion }
}

extension EitherKey: AnimatedKey where First: AnimatedKey, Second: AnimatedKey {
    var motion: KeyframeMotion {
        switch self {
        case .first(let key): key.motion
        case .second(let key): key.motion
        }
    }
}

extension ViewKind {
    /// How the kind's value set whole animates (`text: Hello`, `image: b.png`, `icon: cloud`).
    var motion: KeyframeMotion {
        switch self {
        case .text, .image, .icon: .crossfades
        case .rectangle, .roundedRectangle, .circle, .capsule, .ellipse, .color, .spacer, .empty, .hstack, .vstack, .zstack,
             .flow, .wheel, .layout, .geometryReader, .grid, .gridRow, .lazyVGrid, .lazyHGrid, .section, .divider,
             .unevenRoundedRectangle:
            .interpolates
        // Another choice shows another child, another label or list other texts: they fade.
        case .viewThatFits, .label, .forEach: .crossfades
        // Another component is another view: its drawings fade, matched ones move.
        case .use: .interpolates
        }
    }
}

extension ModifierKind {
    /// How the modifier's value set whole animates.
    var motion: KeyframeMotion {
        switch self {
        case .blendMode: .jumps(why: "there are no modes between two blend modes")
        case .clipShape: .jumps(why: "a clip does not turn from one shape into another")
        case .clipped: .jumps(why: "a clip is on or off, with nothing between")
        case .hidden: .jumps(why: "a view is shown or hidden, with nothing between (fade it with 'opacity')")
        case .id: .jumps(why: "an id names the view rather than drawing anything; the layout export lists the view under the new id from then on")
        case .truncationMode: .jumps(why: "there is nothing between two places for the ellipsis")
        case .layoutDirection: .jumps(why: "a layout is mirrored or not, with nothing between")
        case .font, .lineLimit, .dynamicTypeSize, .allowsTightening: .crossfades
        // The colours the scheme picks interpolate, as any colour does.
        case .colorScheme: .interpolates
        case .frame, .padding, .border, .background, .overlay, .fill, .strokeBorder, .foregroundStyle, .foregroundColor, .fixedSize,
             .layoutPriority, .offset, .cornerRadius, .opacity, .alignmentGuide, .multilineTextAlignment, .tracking, .kerning,
             .lineSpacing, .minimumScaleFactor, .stroke, .trim, .shadow, .aspectRatio, .scaledToFit, .scaledToFill, .position, .coordinateSpace, .connect,
             .gridCellColumns, .gridColumnAlignment, .gridCellAnchor, .gridCellUnsizedAxes,
             .scaleEffect, .transformEffect, .mask, .blur, .brightness, .contrast, .saturation, .grayscale:
            .interpolates
        case .rotationEffect: .jumps(why: "a display list mixes the two transforms' numbers, which turns through a smaller drawing rather than rotating")
        case .compositingGroup, .drawingGroup: .jumps(why: "a layer is made or not, with nothing between")
        case .accessibilityLabel: .jumps(why: "a label is words read aloud, with nothing between two labels")
        case .accessibilityHidden: .jumps(why: "a view is read or skipped, with nothing between")
        }
    }
}

extension SceneReader {
    /// The values a keyframe's change of `name` to `value` sets that switch at once rather than
    /// animate, with why, for the view `mapping` as written: keys of a kind's or a modifier's
    /// value written as a mapping each by their own motion, anything else by the whole value's.
    static func jumps(_ name: String, _ value: Node, in mapping: Node.Mapping) -> [(key: String, why: String)] {
        guard let kind = kindEntry(of: mapping)?.kind else { return [] }
        var found: [(key: String, why: String)] = []
        func add(_ key: String, _ motion: KeyframeMotion?) {
            if case .jumps(let why)? = motion { found.append((key, why)) }
        }
        /// Each key of a mapping value, or the value whole.
        func addKeys(of keys: (any AnimatedKey.Type)?, whole: KeyframeMotion) {
            if let keys, case .mapping(let entries) = value {
                for key in entries.compactMap({ $0.key.string }) { add(key, keys.motion(of: key)) }
            } else {
                add(name, whole)
            }
        }
        if name == kind.name {
            addKeys(of: kind.parameterKey, whole: kind.motion)
        } else if let parameters = kind.parameterKey, parameters.names.contains(name) {
            add(name, parameters.motion(of: name))
        } else if let modifier = ModifierKind(rawValue: name) {
            addKeys(of: modifier.valueKey, whole: modifier.motion)
        }
        return found
    }

    /// The value `name` has in a view mapping as written, for telling whether a keyframe changes
    /// it: the kind's whole value, one parameter, or the value of the view's one modifier of that
    /// name (null for a bare name); nil when the view does not write it.
    static func writtenValue(_ name: String, in mapping: Node.Mapping) -> Node? {
        guard let (kind, value) = kindEntry(of: mapping) else { return nil }
        if name == kind.name { return value }
        if kind.parameterKeys.contains(name) {
            guard case .mapping(let parameters) = value else { return nil }
            return parameters.first { $0.key.string == name }?.value
        }
        guard case .sequence(let list)? = mapping.first(where: { $0.key.string == ViewEntryKey.modifiers.name })?.value else { return nil }
        let items = list.filter { modifierName($0) == name }
        guard items.count == 1, let item = items.first else { return nil }
        if case .mapping(let single) = item { return single.first?.value }
        return .scalar(Node.Scalar("null", Tag(.implicit, .basic), .plain))
    }

    /// A view mapping's kind and the kind's value.
    private static func kindEntry(of mapping: Node.Mapping) -> (kind: ViewKind, value: Node)? {
        mapping.lazy.compactMap { entry in ViewKind(rawValue: entry.key.string ?? "").map { ($0, entry.value) } }.first
    }
}

// MARK: The keys' motions

extension RoundedRectangleKey: AnimatedKey {
    var motion: KeyframeMotion {
        switch self {
        case .cornerRadius: .interpolates
        case .style: .jumps(why: "a corner is circular or continuous, with nothing between")
        }
    }
}

extension UnevenRoundedRectangleKey: AnimatedKey {
    var motion: KeyframeMotion {
        switch self {
        case .topLeadingRadius, .bottomLeadingRadius, .bottomTrailingRadius, .topTrailingRadius: .interpolates
        case .style: .jumps(why: "a corner is circular or continuous, with nothing between")
        }
    }
}

extension RotationEffectKey: AnimatedKey {
    var motion: KeyframeMotion {
        .jumps(why: "a display list mixes the two transforms' numbers, which turns through a smaller drawing rather than rotating")
    }
}

extension ScaleEffectKey: AnimatedKey {
    var motion: KeyframeMotion { switch self { case .scale, .x, .y, .anchor: .interpolates } }
}

extension TransformEffectKey: AnimatedKey {
    var motion: KeyframeMotion { switch self { case .a, .b, .c, .d, .tx, .ty: .interpolates } }
}

extension BlurKey: AnimatedKey {
    var motion: KeyframeMotion {
        switch self {
        case .radius: .interpolates
        case .opaque: .jumps(why: "a blur keeps to the frame or not, with nothing between")
        }
    }
}

extension ColorKey: AnimatedKey {
    var motion: KeyframeMotion { switch self { case .red, .green, .blue, .white, .color, .opacity, .light, .dark: .interpolates } }
}

extension TextKey: AnimatedKey {
    var motion: KeyframeMotion {
        switch self {
        case .color: .interpolates
        // Other words, or a face whose glyphs differ; a font only of another size interpolates.
        case .content, .font, .bold, .italic, .markdown, .runs: .crossfades
        }
    }
}

extension SpacerKey: AnimatedKey {
    var motion: KeyframeMotion { switch self { case .minLength: .interpolates } }
}

extension StackKey: AnimatedKey {
    var motion: KeyframeMotion { switch self { case .alignment, .spacing: .interpolates } }
}

extension ZStackKey: AnimatedKey {
    var motion: KeyframeMotion { switch self { case .alignment: .interpolates } }
}

extension FlowKey: AnimatedKey {
    var motion: KeyframeMotion {
        switch self { case .alignment, .rowAlignment, .spacing, .horizontalSpacing, .verticalSpacing: .interpolates }
    }
}

extension GridKey: AnimatedKey {
    var motion: KeyframeMotion { switch self { case .alignment, .horizontalSpacing, .verticalSpacing: .interpolates } }
}

extension GridRowKey: AnimatedKey {
    var motion: KeyframeMotion { switch self { case .alignment: .interpolates } }
}

extension LazyVGridKey: AnimatedKey {
    // Other columns move the views to their new cells.
    var motion: KeyframeMotion { switch self { case .columns, .alignment, .spacing: .interpolates } }
}

extension LazyHGridKey: AnimatedKey {
    var motion: KeyframeMotion { switch self { case .rows, .alignment, .spacing: .interpolates } }
}

extension SectionKey: AnimatedKey {
    // Another view: its drawings fade in as the old ones fade out, matched ones move.
    var motion: KeyframeMotion { switch self { case .header, .footer: .interpolates } }
}

extension ViewThatFitsKey: AnimatedKey {
    // Other axes may show another child: the one fades out as the other fades in.
    var motion: KeyframeMotion { switch self { case .in: .crossfades } }
}

extension LabelKey: AnimatedKey {
    var motion: KeyframeMotion {
        switch self {
        case .icon: .interpolates
        case .title, .style: .crossfades
        }
    }
}

extension UseKey: AnimatedKey {
    // Another component draws other views: those matched by their place move, the rest fade.
    var motion: KeyframeMotion { switch self { case .component: .interpolates } }
}

extension ForEachKey: AnimatedKey {
    var motion: KeyframeMotion {
        switch self {
        case .content: .interpolates
        case .items: .crossfades
        }
    }
}

extension UnitPointKey: AnimatedKey {
    var motion: KeyframeMotion { switch self { case .x, .y: .interpolates } }
}

extension WheelKey: AnimatedKey {
    // `motion` decides the path the children take to their new places, which they reach either way.
    var motion: KeyframeMotion { switch self { case .radius, .rotation, .motion: .interpolates } }
}

extension LayoutChoiceKey: AnimatedKey {
    // Another container moves the children to their new frames.
    var motion: KeyframeMotion { switch self { case .hstack, .vstack, .zstack, .flow, .wheel: .interpolates } }
}

extension ImageKey: AnimatedKey {
    var motion: KeyframeMotion {
        switch self {
        case .resizable: .interpolates
        case .path, .interpolation: .crossfades
        }
    }
}

extension IconKey: AnimatedKey {
    var motion: KeyframeMotion {
        switch self {
        // A resizable icon's frame moves as an image's does; another name is another outline.
        case .resizable: .interpolates
        case .name: .crossfades
        }
    }
}

extension FrameKey: AnimatedKey {
    var motion: KeyframeMotion {
        switch self {
        case .width, .height, .minWidth, .idealWidth, .maxWidth, .minHeight, .idealHeight, .maxHeight, .alignment: .interpolates
        }
    }
}

extension PaddingKey: AnimatedKey {
    var motion: KeyframeMotion { switch self { case .edges, .length, .top, .leading, .bottom, .trailing: .interpolates } }
}

extension BorderKey: AnimatedKey {
    var motion: KeyframeMotion { switch self { case .color, .width: .interpolates } }
}

extension LayerKey: AnimatedKey {
    // Another view: its drawings fade in as the old ones fade out, matched ones move.
    var motion: KeyframeMotion { switch self { case .view, .alignment: .interpolates } }
}

extension StrokeBorderKey: AnimatedKey {
    var motion: KeyframeMotion { switch self { case .color, .lineWidth: .interpolates } }
}

extension PaintKey: AnimatedKey {
    // Stops, points, centres, radii and angles mix; a gradient of another kind or number of stops crossfades.
    var motion: KeyframeMotion { switch self { case .linearGradient, .radialGradient, .angularGradient: .interpolates } }
}

extension StrokeKey: AnimatedKey {
    var motion: KeyframeMotion {
        switch self {
        // Dash lengths mix when there are as many; another number of them crossfades.
        case .color, .lineWidth, .miterLimit, .dash, .dashPhase: .interpolates
        case .lineCap, .lineJoin: .crossfades
        }
    }
}

extension TrimKey: AnimatedKey {
    var motion: KeyframeMotion { switch self { case .from, .to: .interpolates } }
}

extension ShadowKey: AnimatedKey {
    var motion: KeyframeMotion { switch self { case .color, .radius, .x, .y: .interpolates } }
}

extension AspectRatioKey: AnimatedKey {
    var motion: KeyframeMotion { switch self { case .ratio, .contentMode: .interpolates } }
}

extension ConnectKey: AnimatedKey {
    var motion: KeyframeMotion {
        switch self {
        case .from, .to, .fromAnchor, .toAnchor, .color, .lineWidth, .dash, .labelBackground, .margin: .interpolates
        // Another route or arrowhead has other points; another label other words.
        case .routing, .arrow, .label: .crossfades
        }
    }
}

extension FixedSizeKey: AnimatedKey {
    var motion: KeyframeMotion { switch self { case .horizontal, .vertical: .interpolates } }
}

extension RandomKey: AnimatedKey {
    var motion: KeyframeMotion { switch self { case .random: .interpolates } }
}

extension OffsetKey: AnimatedKey {
    var motion: KeyframeMotion { switch self { case .x, .y: .interpolates } }
}

extension AlignmentGuideKey: AnimatedKey {
    var motion: KeyframeMotion { switch self { case .horizontal, .vertical, .value, .fractionOfWidth, .fractionOfHeight: .interpolates } }
}

extension FontKey: AnimatedKey {
    var motion: KeyframeMotion {
        switch self {
        case .size: .interpolates
        case .style, .weight, .design, .italic, .family: .crossfades
        }
    }
}
