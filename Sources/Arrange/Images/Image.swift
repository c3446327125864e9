import Foundation

/// A bitmap picture from a PNG or JPEG file (docs/layout-rules.md §2.3).
///
/// As it is, an image is its natural size (one point a pixel) whatever it is offered;
/// `.resizable()` makes it take the offer, and `.aspectRatio`, `.scaledToFit()` and
/// `.scaledToFill()` then keep its proportions.
public struct Image: View, PrimitiveView, Sendable {
    /// How the pixels are sampled when the image is drawn larger or smaller than they are.
    public enum Interpolation: String, Hashable, Sendable, CaseIterable {
        /// Nearest pixel: hard-edged pixel art.
        case none
        case low, medium, high
    }

    /// How a resizable image fills its frame. Arrange stretches; tiling is drawn as stretching.
    public enum ResizingMode: Hashable, Sendable {
        case stretch, tile
    }

    /// The decoded file the image shows.
    public var source: ImageSource
    var isResizable = false
    var interpolation: Interpolation = .medium

    /// The decoded image `source`.
    public init(_ source: ImageSource) {
        self.source = source
    }

    /// The image, taking whatever size it is offered (its natural size on an axis offered nil).
    public func resizable(capInsets: EdgeInsets = EdgeInsets(), resizingMode: ResizingMode = .stretch) -> Image {
        var image = self
        image.isResizable = true
        return image
    }

    /// The image, sampled with `interpolation` when it is drawn at another size.
    public func interpolation(_ interpolation: Interpolation) -> Image {
        var image = self
        image.interpolation = interpolation
        return image
    }

    /// Whether the image takes its offer.
    public var resizes: Bool { isResizable }

    public var body: Never { primitiveBody(Self.self) }
    /// Arrange resolves this view itself.
    public static func _makeNodes(_ view: Self, in environment: ViewEnvironment, into builder: inout _NodeBuilder) {
        view.makeNodes(in: environment, into: &builder)
    }

    func makeNodes(in environment: ViewEnvironment, into builder: inout ResolvedTree.Builder) {
        builder.pushImage(ImageLeaf(source: source, resizable: isResizable, interpolation: interpolation))
    }
}

/// An image as the engine keeps it.
struct ImageLeaf {
    let source: ImageSource
    let resizable: Bool
    let interpolation: Image.Interpolation

    /// Its size for `proposal` (docs/layout-rules.md §2.3).
    func size(for proposal: ProposedViewSize) -> CGSize {
        let natural = source.size
        guard resizable else { return natural }
        func axis(_ offer: CGFloat?, _ natural: CGFloat) -> CGFloat {
            guard let offer else { return natural }
            return offer.isNaN ? natural : max(offer, 0)
        }
        return CGSize(width: axis(proposal.width, natural.width), height: axis(proposal.height, natural.height))
    }
}
