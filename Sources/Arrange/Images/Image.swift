import Foundation

/// A picture from a PNG, JPEG or SVG file, or an icon by name (docs/layout-rules.md §2.3).
///
/// As it is, an image is its natural size (one point a pixel; an icon, the font's size) whatever
/// it is offered; `.resizable()` makes it take the offer, and `.aspectRatio`, `.scaledToFit()` and
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

    /// What an image shows: a decoded file, or an icon (nil for a name the set lacks).
    enum Content: Sendable {
        case file(ImageSource)
        case icon(IconSet.Icon?)
    }

    let content: Content
    var isResizable = false
    var interpolation: Interpolation = .medium

    /// The decoded file the image shows; nil for an icon.
    public var source: ImageSource? {
        if case .file(let source) = content { return source }
        return nil
    }

    /// The icon the image shows; nil for a file, or an icon name the set lacks.
    public var icon: IconSet.Icon? {
        if case .icon(let icon) = content { return icon }
        return nil
    }

    /// The decoded image `source`.
    public init(_ source: ImageSource) {
        content = .file(source)
    }

    /// The icon called `name` in the standard icon set (`IconSet.standard`: Material Icons), as
    /// SwiftUI's `Image(systemName:)` draws an SF Symbol: as tall and wide as the environment's
    /// font size (one em of the icon font), filled with the foreground style, its bottom edge on
    /// the baseline beside text; `.resizable()` makes it fill its frame instead
    /// (docs/layout-rules.md §2.3).
    ///
    /// A name the set lacks, or a machine without the set, draws nothing in that space, as
    /// SwiftUI draws nothing for an unknown symbol name; `IconSet.standard.get().icon(named:)`
    /// says why, with suggestions.
    public init(icon name: String) {
        content = .icon(try? IconSet.standard.get().lookUp(name))
    }

    /// An icon of any icon set (`IconSet.icon(named:)`), drawn as `init(icon:)` with a name draws.
    public init(icon: IconSet.Icon) {
        content = .icon(icon)
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
        switch content {
        case .file(let source):
            builder.pushImage(ImageLeaf(source: source, resizable: isResizable, interpolation: interpolation))
        case .icon(let icon):
            // An em of the icon font is the text's size, Dynamic Type included, as an SF Symbol is.
            let em = environment.font.sized(for: environment.dynamicTypeSize).size
            let style = environment.foregroundStyle ?? environment.foreground ?? .primary
            let paint = ShapePaint(style: style, mode: .fill(evenOdd: false), scheme: environment.colorScheme)
            builder.pushLeaf(.icon(IconLeaf(icon: icon, em: em, resizable: isResizable, paint: paint)), kind: "Image")
        }
    }
}

/// An image as the engine keeps it.
struct ImageLeaf {
    let source: ImageSource
    let resizable: Bool
    let interpolation: Image.Interpolation

    /// Its size for `proposal` (docs/layout-rules.md §2.3).
    func size(for proposal: ProposedViewSize) -> CGSize {
        Self.size(natural: source.size, resizable: resizable, for: proposal)
    }

    /// An image's size for `proposal`: its natural size, or when resizable the offer on each axis
    /// that has one (docs/layout-rules.md §2.3).
    static func size(natural: CGSize, resizable: Bool, for proposal: ProposedViewSize) -> CGSize {
        guard resizable else { return natural }
        func axis(_ offer: CGFloat?, _ natural: CGFloat) -> CGFloat {
            guard let offer else { return natural }
            return offer.isNaN ? natural : max(offer, 0)
        }
        return CGSize(width: axis(proposal.width, natural.width), height: axis(proposal.height, natural.height))
    }
}
