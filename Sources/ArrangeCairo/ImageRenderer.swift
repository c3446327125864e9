import Arrange
import ArrangeSVG
import Foundation

/// Lays out a view and renders it in one call, as SwiftUI's `ImageRenderer` does:
///
/// ```swift
/// let renderer = ImageRenderer(content: MyCard())
/// renderer.proposedSize = ProposedViewSize(width: 320, height: nil)
/// renderer.scale = 2
/// try renderer.pngData()
/// ```
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
    /// How the SVG writes text.
    public var svgTextMode: SVGRenderer.TextMode = .outlines

    public init(content: Content) { self.content = content }

    /// The layout the images are drawn from.
    public var layout: LayoutResult { LayoutResult(of: content, in: proposedSize, scale: scale, fonts: fonts) }

    private var options: RenderOptions { RenderOptions(scale: scale, background: background) }

    /// The layout, or the first font problem it met (an unknown family, an unreadable file).
    private func checkedList() throws -> DisplayList {
        let layout = layout
        if let problem = layout.fontProblems.first { throw problem }
        return layout.displayList
    }

    /// The view as PNG data.
    /// - Throws: `FontError` for a font that cannot be found or read; `RenderError` for a canvas
    ///   that cannot be drawn.
    public func pngData() throws -> Data { try CairoRenderer(format: .png).render(checkedList(), options: options) }
    /// The view as a one-page PDF, sized in points, its text selectable with the fonts embedded.
    public func pdfData() throws -> Data { try CairoRenderer(format: .pdf).render(checkedList(), options: options) }
    /// The view as an SVG document.
    public func svgString() throws -> String {
        try SVGRenderer(textMode: svgTextMode, fonts: fonts).render(checkedList(), options: options)
    }
}
