import Arrange
import Foundation

extension ImageRenderer {
    /// The view as an SVG document, its text written as `textMode` says (outlines by default).
    /// - Throws: `FontError` for a font that cannot be found or read.
    public func svgString(textMode: SVGRenderer.TextMode = .outlines) throws -> String {
        try SVGRenderer(textMode: textMode, fonts: fonts).render(displayList(), options: renderOptions)
    }
}
