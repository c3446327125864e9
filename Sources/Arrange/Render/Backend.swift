import Foundation

/// A way of drawing display lists into files: it names the formats it writes and the options it
/// reads, and draws a list in one of those formats. Backends are found through a
/// `BackendRegistry`, so the command, scene rendering and snapshots know formats only by name:
/// a new backend is its own file and one line in the registry.
public protocol Backend: Sendable {
    /// The backend's name, unique in a registry: "svg", "cairo".
    var name: String { get }
    /// The formats it writes; the first backend in a registry that writes a format draws it
    /// unless another is asked for by name.
    var formats: [OutputFormat] { get }
    /// The options it reads from `BackendSettings.values`, for help text and validation.
    var options: [BackendOption] { get }
    /// `list` drawn as `format` (one of `formats`) with `settings`.
    /// - Throws: `RenderError` when the list cannot be drawn.
    func draw(_ list: DisplayList, as format: OutputFormat, settings: BackendSettings) throws -> Data
}

/// A picture format, named by its file extension: "png", "svg", "pdf".
public struct OutputFormat: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible {
    /// The name, which is also the file extension.
    public var rawValue: String

    /// The format named `rawValue`; any name is accepted here, and a registry says whether some
    /// backend writes it.
    public init(rawValue: String) { self.rawValue = rawValue }

    public static let png = OutputFormat(rawValue: "png")
    public static let svg = OutputFormat(rawValue: "svg")
    public static let pdf = OutputFormat(rawValue: "pdf")

    /// The file extension.
    public var fileExtension: String { rawValue }
    public var description: String { rawValue }
}

/// An option a backend reads: its name in `BackendSettings.values` (and the command's flag),
/// the values it takes, the first being the default, and what it does.
public struct BackendOption: Hashable, Sendable {
    public var name: String
    public var values: [String]
    public var help: String

    public init(name: String, values: [String], help: String) {
        self.name = name
        self.values = values
        self.help = help
    }
}

/// What every backend is drawn with: the fonts layout measured with, the scale and background,
/// limits, threads, and the values of backend options by name.
public struct BackendSettings: Sendable {
    /// The fonts the list's glyphs come from.
    public var fonts: FontLibrary
    /// The scale and background.
    public var options: RenderOptions
    /// The most pixels a raster picture may have.
    public var pixelLimit: Int
    /// Threads a raster picture is drawn with; nil uses every core.
    public var threads: Int?
    /// Whether a raster picture keeps an alpha channel even when opaque (the frames of an
    /// animation share one format).
    public var alwaysRGBA: Bool
    /// Backend options by `BackendOption.name`; a missing one takes its default.
    public var values: [String: String]

    public init(fonts: FontLibrary = .system, options: RenderOptions = RenderOptions(), pixelLimit: Int = Int(Limits.pngPixels),
                threads: Int? = nil, alwaysRGBA: Bool = false, values: [String: String] = [:]) {
        self.fonts = fonts
        self.options = options
        self.pixelLimit = pixelLimit
        self.threads = threads
        self.alwaysRGBA = alwaysRGBA
        self.values = values
    }
}

/// The backends a program draws with, in order of preference: a format is drawn by the first
/// that writes it, unless one is asked for by name.
public struct BackendRegistry: Sendable {
    /// The backends, in order of preference.
    public private(set) var backends: [any Backend]

    /// A registry of `backends`, in order of preference.
    public init(_ backends: [any Backend]) {
        self.backends = backends
    }

    /// This registry with `backend` added after the others.
    public func adding(_ backend: any Backend) -> BackendRegistry {
        BackendRegistry(backends + [backend])
    }

    /// Every format some backend writes, each once, in the order of the backends.
    public var formats: [OutputFormat] {
        var seen = Set<OutputFormat>()
        return backends.flatMap(\.formats).filter { seen.insert($0).inserted }
    }

    /// Every option some backend reads, each once.
    public var options: [BackendOption] {
        var seen = Set<String>()
        return backends.flatMap(\.options).filter { seen.insert($0.name).inserted }
    }

    /// The backend named `name`, if any.
    public func backend(named name: String) -> (any Backend)? {
        backends.first { $0.name == name }
    }

    /// The backend that draws `format`: the one named `name` when given (nil if it does not
    /// write that format), else the first that writes it.
    public func backend(for format: OutputFormat, named name: String? = nil) -> (any Backend)? {
        if let name { return backend(named: name).flatMap { $0.formats.contains(format) ? $0 : nil } }
        return backends.first { $0.formats.contains(format) }
    }

    /// The format named `text` (a name or file extension, any case), if some backend writes it.
    public func format(named text: String) -> OutputFormat? {
        let format = OutputFormat(rawValue: text.lowercased())
        return formats.contains(format) ? format : nil
    }

    /// "png, svg or pdf": the formats, for messages.
    public var formatList: String {
        let names = formats.map(\.rawValue)
        guard names.count > 1 else { return names.first ?? "" }
        return names.dropLast().joined(separator: ", ") + " or " + (names.last ?? "")
    }

    /// `list` drawn as `format` by the backend that draws it (`backend(for:named:)`).
    /// - Throws: `RenderError.backend` when no backend writes the format, or what the backend throws.
    public func draw(_ list: DisplayList, as format: OutputFormat, backend name: String? = nil, settings: BackendSettings) throws -> Data {
        guard let backend = backend(for: format, named: name) else {
            if let name { throw RenderError.backend("no backend named '\(name)' writes \(format.rawValue.uppercased())") }
            throw RenderError.backend("no backend writes \(format.rawValue.uppercased()); the formats are \(formatList)")
        }
        return try backend.draw(list, as: format, settings: settings)
    }
}
