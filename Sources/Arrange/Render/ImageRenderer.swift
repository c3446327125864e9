import Foundation

/// Lays out a view and renders it in one call, as SwiftUI's `ImageRenderer` does:
///
/// ```swift
/// let renderer = ImageRenderer(content: MyCard())
/// renderer.proposedSize = ProposedViewSize(width: 320, height: nil)
/// renderer.scale = 2
/// try renderer.pngData()
/// ```
///
/// The layout is made here; each backend adds its outputs: `pngData()` and `pdfData()` come
/// with `ArrangeCairo`, `svgString()` with `ArrangeSVG`. Kept in the core so that neither backend
/// sees views or depends on the other.
public final class ImageRenderer<Content: View> {
    /// The view to draw.
    public var content: Content
    /// The proposal for the root view; `.unspecified` (the default) draws it at its ideal size.
    public var proposedSize: ProposedViewSize = .unspecified
    /// Pixels per point of the PNG (and the pixel grid frames are rounded to).
    public var scale: CGFloat = 1
    /// The colour under everything; nil leaves the canvas transparent.
    public var background: Color?
    /// The fonts text is measured and drawn with.
    public var fonts: FontLibrary = .system
    /// The picture's description for screen readers (SVG `<title>`/`<desc>`, PNG text); nil for none.
    public var accessibility: PictureAccessibility?

    public init(content: Content) { self.content = content }

    /// The layout the images are drawn from.
    public var layout: LayoutResult { LayoutResult(of: content, in: proposedSize, scale: scale, fonts: fonts) }

    /// The options every backend renders with: `scale`, `background` and `accessibility`.
    public var renderOptions: RenderOptions { RenderOptions(scale: scale, background: background, accessibility: accessibility) }

    /// The layout's display list, what every backend draws.
    /// - Throws: the first font problem the layout met (an unknown family, an unreadable file).
    public func displayList() throws -> DisplayList {
        let layout = layout
        if let problem = layout.fontProblems.first { throw problem }
        return layout.displayList
    }
}
