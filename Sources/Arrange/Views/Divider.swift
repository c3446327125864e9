import Foundation

/// A thin line that separates content, as SwiftUI's `Divider` (docs/layout-rules.md §5e).
///
/// In an `HStack` (or a `GridRow`) it is a vertical line; anywhere else a horizontal one. It is
/// 1 point thick and takes the length proposed along the line (10 when none is), in the system's
/// system's `separator` colour (60 60 67 at 29 % opacity in light, 84 84 88 at 60 % in dark,
/// resolved by the environment's `colorScheme`). SwiftUI draws one
/// pixel, 1/displayScale; Arrange lays out once for every scale, so it keeps 1 point.
public struct Divider: View, PrimitiveView {
    /// The line's thickness, in points.
    static let thickness: CGFloat = 1

    /// A divider, its direction taken from the enclosing stack.
    public init() {}

    public var body: Never { primitiveBody(Self.self) }
    /// Arrange resolves this view itself.
    public static func _makeNodes(_ view: Self, in environment: ViewEnvironment, into builder: inout _NodeBuilder) {
        view.makeNodes(in: environment, into: &builder)
    }

    func makeNodes(in environment: ViewEnvironment, into builder: inout ResolvedTree.Builder) {
        builder.pushShape(.rectangle, paint: .fill(Color(.separator)), in: environment.colorScheme, kind: "Divider")
        let upright = environment.stackAxis == .horizontal
        let layout = FixedFrameLayout(width: upright ? Self.thickness : nil, height: upright ? nil : Self.thickness, alignment: .center)
        builder.wrap(at: builder.pending.count - 1, in: layout.makeBox(guides: .child(0)), kind: "Divider",
                     priority: FixedFrameLayout.priorityRule, direction: environment.layoutDirection)
    }
}
