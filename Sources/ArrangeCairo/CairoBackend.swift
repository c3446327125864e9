import Arrange
import Foundation

/// The Cairo renderer as a backend: PNG (drawn in bands on `settings.threads` threads, up to
/// `settings.pixelLimit` pixels) and PDF.
public struct CairoBackend: Backend {
    public init() {}

    public var name: String { "cairo" }
    public var formats: [OutputFormat] { [.png, .pdf] }
    public var options: [BackendOption] { [] }

    public func draw(_ list: DisplayList, as format: OutputFormat, settings: BackendSettings) throws -> Data {
        switch format {
        case .png:
            var renderer = CairoRenderer(format: .png, fonts: settings.fonts, pixelLimit: settings.pixelLimit)
            renderer.threads = settings.threads
            renderer.alwaysRGBA = settings.alwaysRGBA
            return try renderer.render(list, options: settings.options)
        case .pdf:
            return try CairoRenderer(format: .pdf, fonts: settings.fonts).render(list, options: settings.options)
        default:
            throw RenderError.backend("the Cairo backend writes PNG and PDF, not \(format.rawValue.uppercased())")
        }
    }
}
