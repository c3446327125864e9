import Arrange
import Foundation
import Yams

/// The two spellings of the scene format. JSON is checked strictly as JSON first, then read by the
/// same YAML reader, so both give the same scene.
public enum SceneFormat: String, Sendable, CaseIterable {
    /// YAML 1.1 as libyaml reads it; anchors and aliases are expanded within the `nodes` limit.
    case yaml
    /// Strict JSON (RFC 8259).
    case json

    /// JSON for a `.json` file name, YAML for anything else (`.yaml`, `.yml`, standard input).
    public init(fileName: String) {
        self = fileName.lowercased().hasSuffix(".json") ? .json : .yaml
    }
}

/// The picture a scene asks for: the size proposed to its root view, the pixel density and the
/// colour under everything.
public struct SceneCanvas: Hashable, Sendable {
    /// The width proposed to the root view; nil proposes none, so the picture is the root's ideal
    /// width.
    public var width: CGFloat?
    /// The height proposed to the root view; nil for the ideal height.
    public var height: CGFloat?
    /// Pixels per point of PNG output (and the grid frames are rounded to).
    public var scale: CGFloat
    /// The colour under everything; nil leaves the picture transparent.
    public var background: Color?

    /// A canvas; by default no proposal (the root's ideal size), scale 1, transparent.
    public init(width: CGFloat? = nil, height: CGFloat? = nil, scale: CGFloat = 1, background: Color? = nil) {
        self.width = width
        self.height = height
        self.scale = scale
        self.background = background
    }

    /// The proposal the root view gets.
    public var proposal: ProposedViewSize { ProposedViewSize(width: width, height: height) }
}

/// A scene file read into a view tree, ready to lay out and render.
///
/// ```yaml
/// canvas: {width: 400, scale: 2, background: white}
/// seed: 7
/// view:
///   hstack: {spacing: 8}
///   children:
///     - rectangle
///       modifiers: [{fill: random}, {frame: {width: {random: [20, 80]}, height: 40}}]
///       repeat: 3
/// ```
///
/// A scene is `Sendable` although `AnyView` is not declared so: the reader builds its views only
/// from values (numbers, strings, colours, fonts) and closures over such values, never from
/// references, so nothing in it can change once it is read.
///
/// Reading checks everything a scene can get wrong and throws a `SceneError` naming the file,
/// line and column. The view is built from Arrange's own views and modifiers, so a scene lays out
/// exactly as the same Swift code would.
public struct Scene: @unchecked Sendable {
    /// The file name used in messages.
    public var file: String
    public var canvas: SceneCanvas
    /// The seed random values were drawn with.
    public var seed: UInt64
    /// The root view.
    public var view: AnyView
    /// The colour scheme the scene is rendered in: its `colorScheme:`, or what `arrange render
    /// --color-scheme` puts in its place; nil renders in light, SwiftUI's default.
    public var colorScheme: ColorScheme?
    /// Whether the scene is drawn in both schemes, light and dark (`colorScheme: both`): a
    /// light and a dark picture, or one adaptive SVG. `colorScheme` is then nil; `arrange render
    /// --color-scheme` replaces this too.
    public var bothColorSchemes = false
    /// How many views the scene has, copies made by `repeat` included.
    public var viewCount: Int
    /// Where the canvas is written, if it is; errors about the picture's size point here.
    public internal(set) var canvasLocation: SourceLocation?
    /// Where the root view is written; errors found after reading (a picture with no size, say)
    /// point here.
    public internal(set) var viewLocation: SourceLocation
    /// The font files and folders of `fonts:`, resolved against the scene file's folder, with
    /// where each is written.
    public internal(set) var fontSources: [(url: URL, location: SourceLocation)] = []
    /// Every font family the scene names, with where it is named.
    public internal(set) var fontFamilies: [(family: String, location: SourceLocation)] = []
    /// The scene's `description`, if it has one: alt text where the picture is shown.
    public internal(set) var description: String?
    /// The scene's `longDescription`, if it has one: a longer text for screen readers.
    public internal(set) var longDescription: String?
    /// The limits it was read with, which also bound its picture.
    public internal(set) var limits = SceneLimits()
    /// The scene's `animation`, if it has one: its states, each the view with a keyframe's values.
    public internal(set) var animation: SceneAnimation?
    /// The connectors of its `connect` modifiers, ids suffixed as the views' are, with where
    /// each is written: warnings about a connector point there.
    public internal(set) var connectors: [(connector: Connector, location: SourceLocation)] = []
    /// Every file the scene was read from, as real paths, sorted, each once: the scene file (or
    /// the Markdown file that holds it), its font files, and its images (those only a keyframe
    /// names included). Recorded where each file is opened, so a new kind of input cannot be
    /// left out; `render --incremental` hashes them, `--watch` watches them, `check` lists them.
    public internal(set) var inputs: [String] = []
    /// The font folders of `fonts:`, as real paths, sorted: a font file added to one changes the
    /// scene, so `--watch` watches them too.
    public internal(set) var inputFolders: [String] = []
    /// The font library the scene's families were checked against while it was read, with the
    /// base it was made over: `fontLibrary(over:)` gives it again rather than loading the fonts twice.
    private var checkedFonts: (base: FontLibrary, library: FontLibrary)?

    /// Reads the scene file at `path`. `seed` replaces the file's seed.
    ///
    /// At most `Limits.fileBytes` + 1 bytes are read, so a huge file, a device or a pipe
    /// that never ends is refused without reading it all.
    ///
    /// With `fonts`, the families the scene names are checked against them (and its own
    /// `fonts:`) while it is read, so that an unknown family is reported with every other problem.
    public static func load(contentsOf path: String, seed: UInt64? = nil, limits: SceneLimits = SceneLimits(),
                            fonts: FontLibrary? = nil) throws -> Scene {
        let start = SourceLocation.start(of: path)
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
            throw SceneError("the file does not exist", at: start)
        }
        guard !isFolder.boolValue else { throw SceneError("this is a folder, not a scene file", at: start) }
        guard let handle = FileHandle(forReadingAtPath: path) else { throw SceneError("the file cannot be read", at: start) }
        defer { try? handle.close() }
        let data: Data
        do {
            data = try readPrefix(of: handle, limits: limits)
        } catch {
            throw SceneError("the file cannot be read: \(FileOutput.describe(error))", at: start)
        }
        var scene = try Scene(data: data, file: path, format: SceneFormat(fileName: path), seed: seed, limits: limits, fonts: fonts)
        scene.addInput(path)
        return scene
    }

    /// Records the file at `path` (the scene's own, or the Markdown file that holds it) as an input.
    mutating func addInput(_ path: String) {
        let real = ReadPolicy.realPath(path) ?? path
        if !inputs.contains(real) { inputs = (inputs + [real]).sorted() }
    }

    /// Reads a scene from a file handle (standard input, say), as `load(contentsOf:)` reads a
    /// file. `file` names it in messages.
    public static func read(from handle: FileHandle, file: String, format: SceneFormat = .yaml, seed: UInt64? = nil,
                            limits: SceneLimits = SceneLimits(), fonts: FontLibrary? = nil) throws -> Scene {
        let data: Data
        do {
            data = try readPrefix(of: handle, limits: limits)
        } catch {
            throw SceneError("cannot read: \(FileOutput.describe(error))", at: .start(of: file))
        }
        return try Scene(data: data, file: file, format: format, seed: seed, limits: limits, fonts: fonts)
    }

    /// Up to one byte more than a scene may have: enough to tell that it is too large.
    private static func readPrefix(of handle: FileHandle, limits: SceneLimits) throws -> Data {
        var data = Data()
        while data.count <= limits.fileBytes {
            guard let chunk = try handle.read(upToCount: limits.fileBytes + 1 - data.count), !chunk.isEmpty else { break }
            data.append(chunk)
        }
        return data
    }

    /// Reads a scene from its bytes. `file` names it in messages; `seed` replaces the file's seed.
    /// `firstLine` is the line of `file` the bytes start at (a scene inside a Markdown file):
    /// locations count the file's lines, not the scene's.
    /// With `fonts`, the families it names are checked against them (and its own `fonts:`) while
    /// it is read, and reported with every other problem; without, `fontLibrary(over:)` checks them.
    public init(data: Data, file: String, format: SceneFormat, seed: UInt64? = nil, limits: SceneLimits = SceneLimits(),
                firstLine: Int = 1, fonts: FontLibrary? = nil) throws {
        self = try LargeStack.run {
            try Self.read(data, file: file, format: format, seed: seed, limits: limits, lineOffset: max(0, firstLine - 1), fonts: fonts)
        }
    }

    /// A scene from YAML or JSON text.
    public init(text: String, file: String = "<text>", format: SceneFormat = .yaml, seed: UInt64? = nil) throws {
        try self.init(data: Data(text.utf8), file: file, format: format, seed: seed)
    }

    private static func read(_ data: Data, file: String, format: SceneFormat, seed override: UInt64?, limits: SceneLimits,
                             lineOffset: Int, fonts base: FontLibrary?) throws -> Scene {
        let source = try SourceText(data, file: file, limits: limits, lineOffset: lineOffset)
        var yaml = source.text
        var findings = YAMLGuard.Findings()
        switch format {
        case .json:
            yaml = try JSONSyntax.check(source)
            // Valid JSON has tabs only between tokens, where YAML wants spaces; a tab is one column
            // either way, so positions stay the same.
            yaml = yaml.replacingOccurrences(of: "\t", with: " ")
        case .yaml:
            findings = try YAMLGuard.check(source)
        }
        var root: Node
        // Composing notes whether any mapping has a 'connect' key: the reader must know before it
        // reads views whether it records their bounds for connectors.
        var composed = YAMLComposer.Findings()
        do {
            guard let node = try YAMLComposer.compose(yaml, watchedKey: ModifierKind.connect.name, findings: &composed) else {
                throw SceneError("the file has no content (only comments or blank lines); a scene needs at least a 'view'",
                                 at: source.start)
            }
            root = node
        } catch let problem as YAMLComposer.Problem {
            throw SceneError(problem, in: source, format: format)
        }
        // Before anything walks the tree: what its aliases stand for, counted within the limit.
        var expandedNodes = 0
        if findings.expands {
            var expansion = YAMLExpansion(aliases: findings.aliases, file: file, lineOffset: lineOffset, limit: limits.expandedNodes, used: 0)
            root = try expansion.expand(root)
            expandedNodes = expansion.used
        }

        // The seed is read before everything else, since random values anywhere draw from it: a
        // first reader finds the entries, and the scene's own is made with the seed.
        var reader = SceneReader(ReadingContext(file: file, lineOffset: lineOffset, limits: limits), seed: 0)
        let entries = try reader.entries(root, in: "a scene", as: SceneKey.self)
        var seed: UInt64 = 0
        if let entry = entries.first(where: { $0.key == .seed }) {
            guard case .scalar(let scalar) = entry.value, scalar.style == .plain, let value = UInt64(scalar.string) else {
                throw reader.error("'seed' expects a whole number from 0 to \(UInt64.max), found \(SceneReader.describe(entry.value))",
                                   at: entry.value)
            }
            seed = value
        }
        seed = override ?? seed
        var usesConnectors = composed.hasWatchedKey
        reader = SceneReader(ReadingContext(file: file, lineOffset: lineOffset, limits: limits, usesConnectors: usesConnectors), seed: seed)
        reader.collected.expandedNodes = expandedNodes
        var canvas = SceneCanvas(), canvasLocation: SourceLocation?
        var view: (AnyView, SourceLocation)?
        var fontSources: [(url: URL, location: SourceLocation)] = []
        var description: String?, longDescription: String?
        var connectors: [(connector: Connector, location: SourceLocation)] = []
        var hasView = false
        var viewNode: Node?, animationNode: Node?
        var animation: SceneAnimation?
        var colorScheme: ColorScheme?
        var bothColorSchemes = false
        var fontsFailed = false
        var checkedFonts: (base: FontLibrary, library: FontLibrary)?
        do {
            // The styles and components first, wherever they are written: the view uses them.
            func definition(_ key: SceneKey) -> Node? { entries.first { $0.key == key }?.value }
            try reader.readLibrary(include: definition(.include), styles: definition(.styles), components: definition(.components),
                                   bytes: data.count)
            // A connector drawn by an included definition needs the ids' bounds too.
            if !usesConnectors, reader.library.mentions(ModifierKind.connect.name) {
                usesConnectors = true
                reader.context = ReadingContext(file: file, lineOffset: lineOffset, limits: limits, usesConnectors: true)
            }
            for entry in entries {
                do {
                    switch entry.key {
                    case .canvas:
                        canvasLocation = reader.location(entry.value)
                        canvas = try reader.canvas(entry.value)
                    case .view:
                        hasView = true
                        viewNode = entry.value
                        let views = try reader.views(entry.value, depth: 1, place: .root)
                        view = (views.first ?? AnyView(EmptyView()), reader.location(entry.value))
                        // Before the keyframes read the view again.
                        connectors = reader.collected.connectors
                    case .description:
                        description = try reader.string(entry.value, entry.name)
                    case .longDescription:
                        longDescription = try reader.string(entry.value, entry.name)
                    case .fonts:
                        fontsFailed = true
                        fontSources = try reader.fontSources(entry.value, relativeTo: file)
                        fontsFailed = false
                    case .seed, .styles, .components, .include:
                        // Read before the view.
                        continue
                    case .colorScheme:
                        // `both` only here: a view is drawn in one scheme.
                        colorScheme = try reader.choice(entry.value, entry.name, SceneReader.sceneColorSchemes)
                        bothColorSchemes = colorScheme == nil
                    case .animation:
                        // Read once the view is: each keyframe reads it again with its values.
                        animationNode = entry.value
                    }
                } catch let problem as SceneError {
                    try reader.note(problem)
                }
            }
            if !hasView {
                try reader.note(SceneError("the scene has no 'view'; add one, as in 'view: {rectangle: {}}'", at: reader.location(root)))
            }
            if let animationNode, let viewNode, let view {
                do {
                    animation = try reader.animation(animationNode, view: viewNode, first: view.0, seed: seed)
                } catch let problem as SceneError {
                    try reader.note(problem)
                }
            }
            // Families last, once every one is read: a `fonts:` that failed is reported already,
            // and checking against the fonts without it would only add false unknowns.
            if let base, !fontsFailed {
                do {
                    let library = try Self.fontLibrary(fontSources, over: base)
                    checkedFonts = (base, library)
                    for problem in Self.unknownFamilies(reader.collected.fontFamilies, in: library) { try reader.note(problem) }
                } catch let problem as SceneError {
                    try reader.note(problem)
                }
            }
        } catch let stop as SceneReader.Stop {
            if let problem = stop.problem { reader.collected.problems.append(problem) }
        }
        if var first = reader.collected.problems.first {
            first.further = Array(reader.collected.problems.dropFirst())
            throw first
        }
        guard let view else {
            throw SceneError("the scene has no 'view'; add one, as in 'view: {rectangle: {}}'", at: reader.location(root))
        }
        var scene = Scene(file: file, canvas: canvas, seed: seed, view: view.0, viewCount: reader.collected.viewCount,
                          canvasLocation: canvasLocation, viewLocation: view.1)
        scene.fontSources = fontSources
        scene.fontFamilies = reader.collected.fontFamilies
        scene.description = description
        scene.longDescription = longDescription
        scene.limits = limits
        scene.animation = animation
        scene.colorScheme = colorScheme
        scene.bothColorSchemes = bothColorSchemes
        scene.connectors = connectors
        scene.inputs = reader.collected.inputs.sorted()
        scene.inputFolders = reader.collected.inputFolders.sorted()
        scene.checkedFonts = checkedFonts
        return scene
    }

    /// The fonts the scene is drawn with: the files and folders of its `fonts:` in front of
    /// `base` (the installed fonts, and those of `--font-dir`).
    ///
    /// Throws a located `SceneError` for a font file or folder that cannot be used, and for a
    /// `family` no font has, with the nearest family as a suggestion.
    public func fontLibrary(over base: FontLibrary = .system) throws -> FontLibrary {
        if let checkedFonts, checkedFonts.base === base { return checkedFonts.library }
        let library = try Self.fontLibrary(fontSources, over: base)
        var unknown = Self.unknownFamilies(fontFamilies, in: library).prefix(SceneError.maximumReported)
        if let first = unknown.popFirst() {
            var error = first
            error.further = Array(unknown)
            throw error
        }
        return library
    }

    /// The fonts of `sources` (a scene's `fonts:`) in front of `base`.
    /// - Throws: `SceneError` at the entry whose file cannot be used.
    private static func fontLibrary(_ sources: [(url: URL, location: SourceLocation)], over base: FontLibrary) throws -> FontLibrary {
        guard let firstSource = sources.first else { return base }
        do {
            return try FontLibrary(fonts: sources.map(\.url), over: base)
        } catch let error as FontError {
            // Name the entry whose file failed.
            let place = sources.first { source in
                if case .unreadable(let path, _) = error { return path.hasPrefix(source.url.path) }
                if case .noFonts(let path) = error { return path == source.url.path }
                return false
            }?.location ?? firstSource.location
            throw SceneError(error.description, at: place)
        }
    }

    /// Every family `library` lacks, each where it is named (a family named twice is reported
    /// twice), with the nearest family as a suggestion.
    private static func unknownFamilies(_ families: [(family: String, location: SourceLocation)], in library: FontLibrary) -> [SceneError] {
        families.filter { !library.hasFamily($0.family) }.map { family, location in
            SceneError(FontError.unknownFamily(family, suggestion: library.suggestion(for: family)).description, at: location)
        }
    }

    private init(file: String, canvas: SceneCanvas, seed: UInt64, view: AnyView, viewCount: Int,
                 canvasLocation: SourceLocation?, viewLocation: SourceLocation) {
        self.file = file
        self.canvas = canvas
        self.seed = seed
        self.view = view
        self.viewCount = viewCount
        self.canvasLocation = canvasLocation
        self.viewLocation = viewLocation
    }

    /// Refuses a picture whose offscreen layers (opacity and blend groups, shadows) would push
    /// more pixels than `limits.layerPixels`, before anything is drawn.
    /// - Throws: `SceneError` at the scene's view, with the estimate and the limit.
    public func checkLayers(_ list: DisplayList, scale: CGFloat) throws {
        let work = list.layerPixels(scale: scale)
        guard work <= limits.layerPixels else {
            throw SceneError("the picture's opacity, blend-mode and shadow layers would draw about \(SceneReader.format(CGFloat(work.rounded(.up)))) pixels, over the limit of \(SceneReader.format(CGFloat(limits.layerPixels))) (each such view is drawn aside over all it covers, a shadow once for each pass of its blur: fewer or smaller ones, or a smaller canvas)\(SceneLimits.raise("layer-pixels"))",
                             at: viewLocation)
        }
    }

    /// `view` (the scene's, or one of its animation's states) in the scene's environment: its
    /// colour scheme. Sets no node, so a light scene lays out and draws exactly as the view alone.
    public func inEnvironment(_ view: AnyView) -> AnyView {
        guard let colorScheme else { return view }
        return AnyView(view.environment(\.colorScheme, colorScheme))
    }

    /// The canvas background in the scene's colour scheme, as the renderers paint it.
    public var background: Color? { canvas.background?.resolved(in: colorScheme ?? .light) }

    /// Lays the scene out on its canvas, at `scale` (the canvas's own when nil).
    ///
    /// Throws when the scale is not a number in 0 < scale ≤ `Limits.scale`, or the picture
    /// would be empty, have no finite size, or more pixels than `Limits` allow.
    public func layout(scale: CGFloat? = nil, fonts: FontLibrary? = nil) throws -> LayoutTree {
        let fonts = try fonts ?? fontLibrary()
        let scale = scale ?? canvas.scale
        let place = canvasLocation ?? viewLocation
        guard scale.isFinite, Limits.scales.contains(scale) else {
            throw SceneError("the scale must be a number from \(SceneReader.format(Limits.scales.lowerBound)) to \(Int(Limits.scales.upperBound)), found \(SceneReader.format(scale))",
                             at: place)
        }
        let tree = try LargeStack.run { LayoutTree(of: inEnvironment(view), in: canvas.proposal, scale: scale, fonts: fonts) }
        if let problem = tree.result.fontProblems.first {
            throw SceneError(problem.description, at: viewLocation)
        }
        let size = tree.result.canvasSize
        guard size.width.isFinite, size.height.isFinite else {
            let axis = size.width.isFinite ? "height" : "width"
            throw SceneError("the picture has no finite \(axis): the view grows without bound and the canvas sets no \(axis); give 'canvas' a '\(axis)' or the view a frame",
                             at: viewLocation)
        }
        guard size.width > 0, size.height > 0 else {
            throw SceneError("the picture is empty (\(SceneReader.format(size.width)) × \(SceneReader.format(size.height)) points); give the canvas a width and height, or the view a size",
                             at: viewLocation)
        }
        let pixels = CGSize(width: size.width * scale, height: size.height * scale)
        if pixels.width > limits.canvasPixelsPerSide || pixels.height > limits.canvasPixelsPerSide {
            throw SceneError("the picture would be \(SceneReader.format(pixels.width.rounded(.up))) × \(SceneReader.format(pixels.height.rounded(.up))) pixels (\(SceneReader.format(size.width)) × \(SceneReader.format(size.height)) points at scale \(SceneReader.format(scale))); at most \(Int(limits.canvasPixelsPerSide)) pixels a side\(SceneLimits.raise("canvas-side"))",
                             at: canvas.width != nil || canvas.height != nil ? place : viewLocation)
        }
        if pixels.width * pixels.height > limits.canvasPixels {
            throw SceneError("the picture would have \(SceneReader.format((pixels.width * pixels.height).rounded(.up))) pixels (\(SceneReader.format(pixels.width.rounded(.up))) × \(SceneReader.format(pixels.height.rounded(.up)))); at most \(Int(limits.canvasPixels))\(SceneLimits.raise("canvas-pixels"))",
                             at: canvas.width != nil || canvas.height != nil ? place : viewLocation)
        }
        return tree
    }
}

extension SceneReader {
    /// `canvas: {width:, height:, scale:, background:}`, every key optional.
    mutating func canvas(_ node: Node) throws -> SceneCanvas {
        let outerSection = context.enter(.canvas)
        defer { context.section = outerSection }
        var canvas = SceneCanvas()
        for entry in try entries(node, in: "'canvas'", as: CanvasKey.self) {
            switch entry.key {
            case .width: canvas.width = try number(entry.value, entry.name, .positive)
            case .height: canvas.height = try number(entry.value, entry.name, .positive)
            case .scale:
                let scale = try number(entry.value, entry.name, .positive)
                guard Limits.scales.contains(scale) else {
                    throw error("'scale' must be from \(Self.format(Limits.scales.lowerBound)) to \(Self.format(Limits.scales.upperBound)), found \(Self.format(scale))", at: entry.value)
                }
                canvas.scale = scale
            case .background: canvas.background = try color(entry.value, entry.name)
            }
        }
        for (length, key) in [(canvas.width, CanvasKey.width), (canvas.height, CanvasKey.height)] {
            let name = key.name
            if let length, length * canvas.scale > context.limits.canvasPixelsPerSide {
                throw limitError("the canvas \(name) is \(Self.format(length * canvas.scale)) pixels (\(Self.format(length)) points at scale \(Self.format(canvas.scale))); at most \(Int(context.limits.canvasPixelsPerSide)) pixels a side\(SceneLimits.raise("canvas-side"))",
                            at: node)
            }
        }
        return canvas
    }
}
