import Arrange
import ArrangeBackends
import Foundation

/// How to turn a value into a comparable snapshot, as a value (after swift-snapshot-testing):
/// a format's file extension, how to make the snapshot, and how to compare two of them.
/// Strategies compose with `pullback`: a strategy for display lists becomes one for views.
public struct Snapshotting<Value, Format> {
    /// The reference file's extension: "png", "svg", "txt".
    public var pathExtension: String
    /// How snapshots are stored and compared.
    public var diffing: Diffing<Format>
    /// Makes the snapshot of a value.
    public var snapshot: (Value) throws -> Format

    public init(pathExtension: String, diffing: Diffing<Format>, snapshot: @escaping (Value) throws -> Format) {
        self.pathExtension = pathExtension
        self.diffing = diffing
        self.snapshot = snapshot
    }

    /// The same strategy for another kind of value, converted first by `transform`.
    public func pullback<NewValue>(_ transform: @escaping (NewValue) throws -> Value) -> Snapshotting<NewValue, Format> {
        Snapshotting<NewValue, Format>(pathExtension: pathExtension, diffing: diffing) { try snapshot(transform($0)) }
    }
}

/// Storing and comparing snapshots of one format.
public struct Diffing<Format> {
    /// Encodes a snapshot for the reference file.
    public var toData: (Format) throws -> Data
    /// Decodes a reference file.
    public var fromData: (Data) throws -> Format
    /// nil when `actual` matches `reference`; otherwise what differs, and optionally an image
    /// that shows where (PNG data).
    public var diff: (_ reference: Format, _ actual: Format) throws -> (message: String, image: Data?)?

    public init(toData: @escaping (Format) throws -> Data, fromData: @escaping (Data) throws -> Format,
                diff: @escaping (Format, Format) throws -> (message: String, image: Data?)?) {
        self.toData = toData
        self.fromData = fromData
        self.diff = diff
    }

    /// Text compared for equality; the message names the first differing line.
    public static var lines: Diffing<String> {
        Diffing<String>(toData: { Data($0.utf8) }, fromData: { String(decoding: $0, as: UTF8.self) }) { reference, actual in
            firstDifferingLine(reference, actual).map { line in
                ("line \(line.number) differs:\n  expected: \(line.expected)\n  actual:   \(line.actual)", nil)
            }
        }
    }

    /// Images compared as `arrange check` compares them (`ImageComparison`: perceived colour
    /// distance, anti-aliased edges ignored); the diff image marks differences red. Strict by
    /// default: any differing pixel fails. To tolerate a few, say so, as in
    /// `ViewSnapshot.png(comparison: ImageComparison(maxDifferingPixels: 500))`.
    public static func image(_ comparison: ImageComparison = .checkDefault) -> Diffing<Bitmap> {
        Diffing<Bitmap>(toData: { try $0.pngData() }, fromData: { try Bitmap(png: $0) }) { reference, actual in
            let result: ImageComparison.Result
            do {
                result = try comparison.compare(reference, actual)
            } catch let error as SnapshotError {
                return (error.description, nil)
            }
            guard !result.passes else { return nil }
            return (result.summary, try result.diffImage.pngData())
        }
    }
}

/// Where two texts first differ: the 1-based line number and that line of each ("(end)" past a
/// text's last line), or nil when they are equal. Both `Diffing.lines` and `arrange check`'s SVG
/// comparison say it.
func firstDifferingLine(_ reference: String, _ actual: String) -> (number: Int, expected: String, actual: String)? {
    guard reference != actual else { return nil }
    let a = reference.split(separator: "\n", omittingEmptySubsequences: false)
    let b = actual.split(separator: "\n", omittingEmptySubsequences: false)
    let line = (0..<min(a.count, b.count)).first { a[$0] != b[$0] } ?? min(a.count, b.count)
    return (line + 1, line < a.count ? String(a[line]) : "(end)", line < b.count ? String(b[line]) : "(end)")
}

extension Snapshotting where Value == DisplayList, Format == Bitmap {
    /// The display list drawn as a PNG at `scale`, on `background`, by the backend of `backends`
    /// that draws PNG (Cairo's unless one is `named`), compared by `comparison`.
    public static func png(scale: CGFloat? = nil, background: Color? = .white, comparison: ImageComparison = .checkDefault,
                           backends: BackendRegistry = .standard, named backend: String? = nil) -> Snapshotting {
        Snapshotting(pathExtension: "png", diffing: .image(comparison)) { list in
            try Bitmap(png: backends.draw(list, as: .png, backend: backend, settings: BackendSettings(options: RenderOptions(scale: scale, background: background))))
        }
    }
}

extension Snapshotting where Value == DisplayList, Format == String {
    /// The display list as an SVG document, compared line by line.
    public static var svg: Snapshotting {
        Snapshotting(pathExtension: "svg", diffing: .lines) { list in
            String(decoding: try BackendRegistry.standard.draw(list, as: .svg, settings: BackendSettings()), as: UTF8.self)
        }
    }
}

/// Strategies for views: the view is laid out first, for `proposal` at `scale`.
public enum ViewSnapshot {
    /// A PNG of the view.
    public static func png<V: View>(proposal: ProposedViewSize = .unspecified, scale: CGFloat = 1,
                                    comparison: ImageComparison = .checkDefault) -> Snapshotting<V, Bitmap> {
        Snapshotting<DisplayList, Bitmap>.png(comparison: comparison)
            .pullback { (view: V) in LayoutResult(of: view, in: proposal, scale: scale).displayList }
    }

    /// The SVG of the view.
    public static func svg<V: View>(proposal: ProposedViewSize = .unspecified, scale: CGFloat = 1) -> Snapshotting<V, String> {
        Snapshotting<DisplayList, String>.svg.pullback { (view: V) in LayoutResult(of: view, in: proposal, scale: scale).displayList }
    }
}

extension Snapshotting where Value == LayoutTransition, Format == Bitmap {
    /// A transition as one picture: `frames` moments evenly spaced from its start to its end (each
    /// labelled with its time, 0 to 1), side by side in a `ContactSheet`, compared as a PNG. The
    /// motion is checked, not only its ends: a view that takes a chord instead of an arc, or
    /// jumps instead of fading, changes the middle frames.
    ///
    /// ```swift
    /// let turn = LayoutTransition(from: WheelLayout(radius: 130) { … },
    ///                             to: WheelLayout(radius: 130, rotation: .degrees(90)) { … })
    /// assertSnapshot(of: turn, as: .contactSheet(frames: 5))
    /// ```
    public static func contactSheet(frames: Int = 6, columns: Int? = nil, fonts: FontLibrary = .system, background: Color? = .white,
                                    comparison: ImageComparison = .checkDefault) -> Snapshotting {
        Snapshotting<DisplayList, Bitmap>.png(background: background ?? ContactSheet.paper, comparison: comparison).pullback { transition in
            let count = max(frames, 1)
            let times = (0..<count).map { count == 1 ? 0 : Double($0) / Double(count - 1) }
            return ContactSheet(columns: columns).list(of: times.map { transition.frame(at: $0).displayList },
                                                       labels: times.map { "t = \(ContactSheet.seconds($0))" }, fonts: fonts)
        }
    }
}
