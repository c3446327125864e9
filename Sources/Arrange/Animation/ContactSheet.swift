import Foundation

/// Frames of an animation side by side in a grid, each framed by a hairline and labelled
/// underneath (with its time, say): one picture for docs and snapshot references. It is one
/// display list, so it draws as PNG, SVG or PDF like any other.
///
/// ```swift
/// let turn = LayoutTransition(from: wheel(0), to: wheel(90))
/// let times = [0, 0.25, 0.5, 0.75, 1.0]
/// let sheet = ContactSheet().list(of: times.map { turn.frame(at: $0).displayList },
///                                  labels: times.map { "t = \($0)" })
/// ```
public struct ContactSheet: Sendable {
    /// Frames per row; nil chooses as many as fit in about 1,600 points, up to 4.
    public var columns: Int?

    /// A sheet with `columns` frames a row (nil: as many as fit in about 1,600 points, up to 4).
    public init(columns: Int? = nil) {
        self.columns = columns
    }

    /// The colour to draw a sheet on when its frames have no background, so that the labels can
    /// be read.
    public static let paper = Color.white
    /// Around the grid and between cells, in points.
    static let margin: CGFloat = 16
    static let gap: CGFloat = 16
    static let labelColor = Color(white: 0.35)
    static let borderColor = Color(white: 0.8)

    /// The sheet of `frames`, each with its label below it, the labels set in `fonts`, at the
    /// first frame's scale. The grid's cells are the largest frame's size; a frame is clipped to
    /// its own canvas.
    public func list(of frames: [DisplayList], labels: [String], fonts: FontLibrary = .system) -> DisplayList {
        let scale = frames.first?.scale ?? 1
        let cell = frames.reduce(CGSize.zero) { CGSize(width: max($0.width, $1.size.width), height: max($0.height, $1.size.height)) }
        // By default as many as fit in about 1,600 points, at most 4.
        let fitting = cell.width > 0 ? Int((1600 / cell.width).rounded(.down)) : 4
        let columns = max(1, min(self.columns ?? min(4, max(1, fitting)), frames.count))
        let labels = frames.indices.map { index in
            LayoutResult(of: Text(index < labels.count ? labels[index] : "").font(.system(size: 13)).foregroundColor(Self.labelColor),
                         scale: scale, fonts: fonts).displayList
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

    /// A time as a label shows it: up to two decimals, no trailing zeros ("0.5", "1").
    public static func seconds(_ time: Double) -> String {
        var text = String(format: "%.2f", time)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }
}
