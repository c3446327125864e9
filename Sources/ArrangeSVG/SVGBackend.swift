import Arrange
import Foundation

/// The SVG renderer as a backend: it writes "svg" and reads the "svg-text" option
/// (`SVGRenderer.TextMode`).
public struct SVGBackend: Backend {
    public init() {}

    public var name: String { "svg" }
    public var formats: [OutputFormat] { [.svg] }
    public var options: [BackendOption] {
        [BackendOption(name: Self.textOption, values: SVGRenderer.TextMode.allCases.map(\.rawValue),
                       help: "How SVG writes text: glyph outlines (the same everywhere), embedded font subsets, or the viewer's system fonts.")]
    }

    /// The name of the option that sets `SVGRenderer.textMode`.
    public static let textOption = "svg-text"

    public func draw(_ list: DisplayList, as format: OutputFormat, settings: BackendSettings) throws -> Data {
        guard format == .svg else { throw RenderError.backend("the SVG backend writes SVG, not \(format.rawValue.uppercased())") }
        let mode = try settings.values[Self.textOption].map { value in
            guard let mode = SVGRenderer.TextMode(rawValue: value) else {
                throw RenderError.backend("unknown \(Self.textOption) '\(value)'; expected \(SVGRenderer.TextMode.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            return mode
        } ?? .outlines
        return Data(try SVGRenderer(textMode: mode, fonts: settings.fonts).render(list, options: settings.options).utf8)
    }
}
