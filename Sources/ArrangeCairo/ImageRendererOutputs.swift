import Arrange
import Foundation

extension ImageRenderer {
    /// The view as PNG data.
    /// - Throws: `FontError` for a font that cannot be found or read; `RenderError` for a canvas
    ///   that cannot be drawn.
    public func pngData() throws -> Data { try CairoRenderer(format: .png).render(displayList(), options: renderOptions) }
    /// The view as a one-page PDF, sized in points, its text selectable with the fonts embedded.
    public func pdfData() throws -> Data { try CairoRenderer(format: .pdf).render(displayList(), options: renderOptions) }
}
