import Arrange
import Foundation
import Yams

// The modifiers: reading each one's value into a modification, the simplest in place.
// Layout and drawing modifiers, and connectors, have files of their own.

/// One modifier applied to a view.
typealias Modification = (Built) -> Built

extension ModifierKind {
    /// Reads the modifier's value (null for a bare name). `depth` is the view's, for the views of
    /// `background` and `overlay`.
    func read(_ reader: inout SceneReader, _ node: Node, depth: Int) throws -> Modification {
        switch self {
        case .frame: return try reader.frame(node)
        case .padding: return try reader.padding(node)
        case .border: return try reader.border(node)
        case .background: return try reader.layer(node, depth: depth, behind: true)
        case .overlay: return try reader.layer(node, depth: depth, behind: false)
        case .fill:
            let paint = try reader.paint(node, name)
            return { built in
                guard case .shape(let shape) = built else { return built }
                return .view(filled(shape, paint))
            }
        case .strokeBorder: return try reader.strokeBorder(node)
        case .foregroundStyle:
            let paint = AnyShapeStyle(try reader.paint(node, name))
            return { .view(AnyView($0.view.foregroundStyle(paint))) }
        case .foregroundColor:
            let color = try reader.color(node, name)
            return { .view(AnyView($0.view.foregroundColor(color))) }
        case .fixedSize: return try reader.fixedSize(node)
        case .layoutPriority:
            let priority = try reader.number(node, name, .finite)
            return { .view(AnyView($0.view.layoutPriority(priority))) }
        case .offset: return try reader.offset(node)
        case .cornerRadius:
            let radius = try reader.number(node, name, .nonNegative)
            return { .view(AnyView($0.view.cornerRadius(radius))) }
        case .clipped:
            guard try SceneReader.isNull(node) || reader.bool(node, name) else { return { $0 } }
            return { .view(AnyView($0.view.clipped())) }
        case .hidden:
            guard try SceneReader.isNull(node) || reader.bool(node, name) else { return { $0 } }
            return { .view(AnyView($0.view.hidden())) }
        case .clipShape:
            let shape: any Shape = try reader.choice(node, name, [
                "rectangle": Rectangle() as any Shape, "circle": Circle(), "capsule": Capsule(), "ellipse": Ellipse(),
            ])
            return { built in .view(clip(built.view, to: shape)) }
        case .opacity:
            let opacity = try reader.number(node, name, .unit)
            return { .view(AnyView($0.view.opacity(opacity))) }
        case .alignmentGuide: return try reader.alignmentGuide(node)
        case .id:
            let id = try reader.string(node, name) + reader.context.idSuffix
            return { .view(AnyView($0.view.id(id))) }
        case .font:
            let font = try reader.font(node)
            return { .view(AnyView($0.view.font(font))) }
        case .lineLimit:
            let limit = SceneReader.isNull(node) ? nil : try reader.integer(node, name, 1...10_000)
            return { .view(AnyView($0.view.lineLimit(limit))) }
        case .layoutDirection:
            let direction = try reader.choice(node, name, SceneReader.layoutDirections)
            return { .view(AnyView($0.view.environment(\.layoutDirection, direction))) }
        case .colorScheme:
            let scheme = try reader.choice(node, name, SceneReader.colorSchemes)
            return { .view(AnyView($0.view.environment(\.colorScheme, scheme))) }
        case .dynamicTypeSize:
            let size = try reader.choice(node, name, SceneReader.dynamicTypeSizes)
            return { .view(AnyView($0.view.dynamicTypeSize(size))) }
        case .multilineTextAlignment:
            let alignment = try reader.choice(node, name, ["leading": TextAlignment.leading, "center": .center, "trailing": .trailing])
            return { .view(AnyView($0.view.multilineTextAlignment(alignment))) }
        case .tracking, .kerning:
            // Extra space after every character, in points; both as SwiftUI's modifiers of text.
            let amount = try reader.number(node, name, .finite)
            guard abs(amount) <= 1000 else {
                throw reader.error("'\(name)' must be from -1000 to 1000 points, found \(SceneReader.format(amount))", at: node)
            }
            return { .view(AnyView($0.view.tracking(CGFloat(amount)))) }
        case .lineSpacing:
            let amount = try reader.number(node, name, .finite)
            guard (0...1000).contains(amount) else {
                throw reader.error("'lineSpacing' must be from 0 to 1000 points, found \(SceneReader.format(amount))", at: node)
            }
            return { .view(AnyView($0.view.lineSpacing(CGFloat(amount)))) }
        case .truncationMode:
            let mode = try reader.choice(node, name, ["head": Text.TruncationMode.head, "tail": .tail, "middle": .middle])
            return { .view(AnyView($0.view.truncationMode(mode))) }
        case .minimumScaleFactor:
            let factor = try reader.number(node, name, .finite)
            guard (0.01...1).contains(factor) else {
                throw reader.error("'minimumScaleFactor' must be from 0.01 to 1 (a fraction of the font size), found \(SceneReader.format(factor))", at: node)
            }
            return { .view(AnyView($0.view.minimumScaleFactor(CGFloat(factor)))) }
        case .allowsTightening:
            let flag = try reader.bool(node, name)
            return { .view(AnyView($0.view.allowsTightening(flag))) }
        case .stroke: return try reader.stroke(node)
        case .trim: return try reader.trim(node)
        case .shadow: return try reader.shadow(node)
        case .blendMode: return try reader.blendMode(node)
        case .aspectRatio: return try reader.aspectRatio(node)
        case .scaledToFit:
            guard try SceneReader.isNull(node) || reader.bool(node, name) else { return { $0 } }
            return { .view(AnyView($0.view.scaledToFit())) }
        case .scaledToFill:
            guard try SceneReader.isNull(node) || reader.bool(node, name) else { return { $0 } }
            return { .view(AnyView($0.view.scaledToFill())) }
        case .position: return try reader.position(node)
        case .coordinateSpace:
            let space = try reader.string(node, name)
            return { .view(AnyView($0.view.coordinateSpace(name: space))) }
        case .connect: return try reader.connect(node)
        case .gridCellColumns: return try reader.gridCellColumns(node)
        case .gridColumnAlignment: return try reader.gridColumnAlignment(node)
        case .gridCellAnchor: return try reader.gridCellAnchor(node)
        case .gridCellUnsizedAxes: return try reader.gridCellUnsizedAxes(node)
        case .rotationEffect: return try reader.rotationEffect(node)
        case .scaleEffect: return try reader.scaleEffect(node)
        case .transformEffect: return try reader.transformEffect(node)
        case .mask: return try reader.mask(node, depth: depth)
        case .accessibilityLabel:
            let label = try reader.string(node, name)
            return { .view(AnyView($0.view.accessibilityLabel(label))) }
        case .accessibilityHidden:
            guard try SceneReader.isNull(node) || reader.bool(node, name) else { return { $0 } }
            return { .view(AnyView($0.view.accessibilityHidden(true))) }
        case .compositingGroup:
            guard try SceneReader.isNull(node) || reader.bool(node, name) else { return { $0 } }
            return { .view(AnyView($0.view.compositingGroup())) }
        case .drawingGroup:
            guard try SceneReader.isNull(node) || reader.bool(node, name) else { return { $0 } }
            return { .view(AnyView($0.view.drawingGroup())) }
        case .blur: return try reader.blur(node)
        case .brightness:
            let amount = try reader.number(node, name, .finite)
            try reader.require(abs(amount) <= 10, "'brightness' adds -10 to 10 to each colour component (1 is white)", amount, at: node)
            return { .view(AnyView($0.view.brightness(amount))) }
        case .contrast:
            let amount = try reader.number(node, name, .finite)
            try reader.require(abs(amount) <= 100, "'contrast' must be from -100 to 100 (1 leaves colours as they are)", amount, at: node)
            return { .view(AnyView($0.view.contrast(amount))) }
        case .saturation:
            let amount = try reader.number(node, name, .nonNegative)
            try reader.require(amount <= 100, "'saturation' must be from 0 to 100 (0 is grey, 1 leaves colours as they are)", amount, at: node)
            return { .view(AnyView($0.view.saturation(amount))) }
        case .grayscale:
            let amount = try reader.number(node, name, .unit)
            return { .view(AnyView($0.view.grayscale(amount))) }
        }
    }
}

/// `shape.fill(paint)`, the shape's type opened from the existential.
private func filled<S: Shape>(_ shape: S, _ paint: any ShapeStyle) -> AnyView {
    if let color = paint as? Color { return AnyView(shape.fill(color)) }
    return AnyView(shape.fill(AnyShapeStyle(paint)))
}

/// `view.clipShape(shape)`.
private func clip<S: Shape>(_ view: AnyView, to shape: S) -> AnyView { AnyView(view.clipShape(shape)) }
