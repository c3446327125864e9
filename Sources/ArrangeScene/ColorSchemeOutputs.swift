import Arrange
import ArrangeSVG
import Foundation

/// The files of a scene drawn in both colour schemes (`--color-scheme both`, `colorScheme:
/// both`), named as DocC reads them: `card.png` and `card~dark.png`; at scale 2 or 3
/// `card@2x.png` and `card~dark@2x.png`; a PDF `card.pdf` and `card~dark.pdf`. An SVG is one
/// adaptive file, `card.svg` (`AdaptiveSVG`).
public enum ColorSchemeFiles {
    /// What a dark picture's name adds to the light one's, before any scale suffix and the
    /// extension: DocC's `~dark`.
    public static let darkSuffix = "~dark"

    /// The light and dark files for the output `path` of `format` at `scale` (dark nil for an SVG,
    /// which holds both). `exact` keeps the light file's name as given (a file named with `-o`),
    /// without a scale suffix; the dark one is named beside it.
    public static func files(for path: String, format: OutputFormat, scale: CGFloat, exact: Bool = false) -> (light: String, dark: String?) {
        guard format != .svg, path != "-" else { return (path, nil) }
        let ext = (path as NSString).pathExtension
        let stem = ext.isEmpty ? path : String(path.dropLast(ext.count + 1))
        let dot = ext.isEmpty ? "" : "." + ext
        // DocC's scale suffixes, for PNG only: a PDF has no pixels.
        let suffix = exact || format != .png || !(scale == 2 || scale == 3) ? "" : "@\(Int(scale))x"
        return (exact ? path : stem + suffix + dot, stem + darkSuffix + suffix + dot)
    }
}

extension RenderedScene {
    /// One SVG that shows `list` as this scene draws it, and `darkList` as `dark` (the scene laid
    /// out in dark) draws it where the viewer prefers dark: `AdaptiveSVG.merge`.
    /// - Throws: `SceneError` at the scene's view when the two pictures differ in more than
    ///   colours (a `ViewThatFits` that chose another child, say), or a backend fails.
    public func adaptiveSVG(_ list: DisplayList, dark: RenderedScene, _ darkList: DisplayList) throws -> Data {
        let light = String(decoding: try draw(list, as: .svg), as: UTF8.self)
        let other = String(decoding: try dark.draw(darkList, as: .svg), as: UTF8.self)
        do {
            return Data(try AdaptiveSVG.merge(light: light, dark: other).utf8)
        } catch let mismatch as AdaptiveSVG.Mismatch {
            throw SceneError("cannot write one SVG for light and dark: \(mismatch); render the SVG with --color-scheme light and --color-scheme dark instead",
                             at: scene.viewLocation)
        }
    }
}
