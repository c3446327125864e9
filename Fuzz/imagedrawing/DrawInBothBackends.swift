import Arrange
import ArrangeCairo
import ArrangeSVG
import Foundation

/// Draws `source` scaled into a 24 × 17 frame on a small canvas with both backends, aborting if
/// either fails: the last step of the image fuzz targets, once an image is accepted.
public func drawInBothBackends(_ source: ImageSource) {
    let item = DisplayItem(frame: CGRect(x: 2, y: 3, width: 24, height: 17), identity: ViewIdentity(path: "0", kind: "Image"),
                           content: .image(ImageDrawing(source: source)))
    let list = DisplayList(size: CGSize(width: 32, height: 24), items: [item])
    guard (try? SVGRenderer().render(list, options: RenderOptions())) != nil else { abort() }
    guard (try? CairoRenderer().render(list, options: RenderOptions())) != nil else { abort() }
}
