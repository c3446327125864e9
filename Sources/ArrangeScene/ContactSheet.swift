import Arrange
import Foundation

/// Frames of an animation side by side in a grid, each framed by a hairline and labelled with its
/// time underneath: one picture for docs and snapshot references. It is one display list, so it
/// draws as PNG, SVG or PDF like any scene.
struct ContactSheet {
    /// Frames per row; nil chooses as many as fit in about 1,600 points, up to 4.
    var columns: Int?

    /// The colour under a sheet whose scene has none, so that its labels can be read.
    static let paper = Color.white
    /// Around the grid and between cells, in points.
    static let margin: CGFloat = 16
    static let gap: CGFloat = 16
    static let labelColor = Color(white: 0.35)
    static let borderColor = Color(white: 0.8)

    /// The sheet of `frames`, the pictures at `times` seconds, drawn with `scene`'s fonts.
    func list(of frames: [DisplayList], times: [Double], scene: RenderedScene) throws -> DisplayList {
        let scale = scene.options.scale ?? scene.scene.canvas.scale
        let cell = frames.reduce(CGSize.zero) { CGSize(width: max($0.width, $1.size.width), height: max($0.height, $1.size.height)) }
        // By default as many as fit in about 1,600 points, at most 4.
        let fitting = cell.width > 0 ? Int((1600 / cell.width).rounded(.down)) : 4
        let columns = max(1, min(self.columns ?? min(4, max(1, fitting)), frames.count))
        let labels = times.map { time in
            LayoutResult(of: Text("t = \(Self.seconds(time)) s").font(.system(size: 13)).foregroundColor(Self.labelColor),
                         scale: scale, fonts: scene.fonts).displayList
        }
        let labelHeight = (labels.map(\.size.height).max() ?? 0) + 6
        var items: [DisplayItem] = []
        for (index, frame) in frames.enumerated() {
            let column = index % columns, row = index / columns
            let origin = CGPoint(x: Self.margin + CGFloat(column) * (cell.width + Self.gap),
                                 y: Self.margin + CGFloat(row) * (cell.height + labelHeight + Self.gap))
            let box = CGRect(origin: origin, size: frame.size)
            let identity = ViewIdentity(path: "sheet.\(index)", kind: "frame")
            items.append(DisplayItem(frame: box.insetBy(dx: -1, dy: -1), identity: identity,
                                     content: .strokeBorder(.rectangle, Self.borderColor, lineWidth: 1)))
            // The clip outside the shift: a clip and a translation in one group would leave it
            // to each backend whether the clip moves too.
            let moved = DisplayItem(frame: box, identity: identity,
                                    content: .group(DisplayGroup(translation: CGSize(width: origin.x, height: origin.y),
                                                                 items: frame.withoutIDs().items)))
            items.append(DisplayItem(frame: box, identity: identity, content: .group(DisplayGroup(clip: .rectangle, items: [moved]))))
            let label = labels[index]
            let labelOrigin = CGPoint(x: origin.x + (frame.size.width - label.size.width) / 2, y: origin.y + frame.size.height + 6)
            items.append(DisplayItem(frame: CGRect(origin: labelOrigin, size: label.size), identity: identity,
                                     content: .group(DisplayGroup(translation: CGSize(width: labelOrigin.x, height: labelOrigin.y),
                                                                  items: label.items))))
        }
        let rows = (frames.count + columns - 1) / columns
        let size = CGSize(width: 2 * Self.margin + CGFloat(columns) * cell.width + CGFloat(columns - 1) * Self.gap,
                          height: 2 * Self.margin + CGFloat(rows) * (cell.height + labelHeight) + CGFloat(rows - 1) * Self.gap)
        return DisplayList(size: size, scale: scale, items: items)
    }

    /// A time as a label shows it: up to two decimals, no trailing zeros.
    static func seconds(_ time: Double) -> String {
        var text = String(format: "%.2f", time)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }
}
