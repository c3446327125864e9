import Arrange
import ArrangeBackends
import ArrangeSVG
import Foundation

/// The pipeline from a scene to pictures, shared by `arrange render`, `check` and `layout` so
/// they cannot drift apart: the scene's fonts, its layout on its canvas, and each format drawn
/// from the one display list by the backend the registry names for it.
///
/// ```swift
/// let renderer = SceneRenderer()
/// let rendered = try renderer.layout(Scene.load(contentsOf: "Fixtures/wheel-0.yaml"))
/// let png = try rendered.data(as: .png)
/// ```
public struct SceneRenderer: Sendable {
    /// An output format: one that a backend of `backends` writes.
    public typealias Format = OutputFormat

    /// Pixels per point, replacing each scene's canvas scale; nil keeps the scene's.
    public var scale: CGFloat?
    /// How SVG writes text.
    public var svgTextMode: SVGRenderer.TextMode
    /// The fonts every scene may use (the installed ones, and any `--font-dir`); a scene's own
    /// `fonts:` come in front of them.
    public var fonts: FontLibrary
    /// Threads each PNG is drawn and encoded with; nil uses every core. A batch that already
    /// renders one scene per core sets 1.
    public var pngThreads: Int?
    /// The backends that draw each format.
    public var backends: BackendRegistry
    /// The colour scheme every scene is rendered in, replacing each scene's `colorScheme:`; nil
    /// keeps the scene's (`arrange render --color-scheme`).
    public var colorScheme: ColorScheme?
    /// Whether every scene is drawn in both schemes, light and dark (`--color-scheme both`),
    /// whatever its `colorScheme:`; `colorScheme` is then ignored.
    public var bothColorSchemes = false

    /// A renderer with these options; every one has a default.
    public init(scale: CGFloat? = nil, svgTextMode: SVGRenderer.TextMode = .outlines, fonts: FontLibrary = .system,
                pngThreads: Int? = nil, backends: BackendRegistry = .standard, colorScheme: ColorScheme? = nil) {
        self.scale = scale
        self.colorScheme = colorScheme
        self.svgTextMode = svgTextMode
        self.fonts = fonts
        self.pngThreads = pngThreads
        self.backends = backends
    }

    /// Lays `scene` out, on a thread with a stack deep enough for any scene `Limits` allow.
    /// - Throws: `SceneError`, located, for unknown fonts and pictures that cannot be drawn.
    public func layout(_ scene: Scene) throws -> RenderedScene {
        let scene = prepared(scene)
        return try LargeStack.run {
            let library = try scene.fontLibrary(over: fonts)
            let tree = try scene.layout(scale: scale, fonts: library)
            try scene.checkLayers(tree.result.displayList, scale: scale ?? scene.canvas.scale)
            let options = RenderOptions(scale: scale ?? scene.canvas.scale, background: scene.background,
                                        accessibility: .given(label: scene.description, longDescription: scene.longDescription))
            var rendered = RenderedScene(scene: scene, fonts: library, tree: tree, options: options, svgTextMode: svgTextMode)
            rendered.pngThreads = pngThreads
            rendered.backends = backends
            return rendered
        }
    }
}

extension SceneRenderer {
    /// `scene` with this renderer's colour scheme, if it sets one, in place of its own.
    public func prepared(_ scene: Scene) -> Scene {
        guard let colorScheme, !bothColorSchemes else { return scene }
        var scene = scene
        scene.colorScheme = colorScheme
        scene.bothColorSchemes = false
        return scene
    }

    /// The schemes `scene` is drawn in when it is drawn in both, light then dark (`--color-scheme
    /// both`, or the scene's `colorScheme: both` unless `--color-scheme` names one); nil when it
    /// is drawn in one, as `layout` draws it.
    public func bothSchemes(of scene: Scene) -> [SceneRenderer]? {
        guard bothColorSchemes || (colorScheme == nil && scene.bothColorSchemes) else { return nil }
        return [ColorScheme.light, .dark].map { scheme in
            var renderer = self
            renderer.bothColorSchemes = false
            renderer.colorScheme = scheme
            return renderer
        }
    }
}

/// A scene laid out, ready to draw in any format.
public struct RenderedScene: Sendable {
    public var scene: Scene
    /// The fonts it was measured with, which the renderers draw from.
    public var fonts: FontLibrary
    /// The laid-out tree, with every view's frame.
    public var tree: LayoutTree
    public var options: RenderOptions
    public var svgTextMode: SVGRenderer.TextMode
    /// Threads each PNG is drawn with; nil uses every core.
    public var pngThreads: Int?
    /// The backends that draw each format.
    public var backends: BackendRegistry = .standard

    /// The display list every format is drawn from.
    public var displayList: DisplayList { tree.result.displayList }

    /// The picture's bytes in `format`.
    /// - Throws: `SceneError` at the canvas (or the view) when a backend fails.
    public func data(as format: SceneRenderer.Format) throws -> Data {
        try draw(displayList, as: format)
    }

    /// `list`, a picture of this scene (a frame of its animation, say), drawn in `format` with
    /// its fonts and options. `alwaysRGBA` keeps PNGs RGBA even when opaque.
    /// - Throws: `SceneError` at the canvas (or the view) when a backend fails.
    public func draw(_ list: DisplayList, as format: SceneRenderer.Format, alwaysRGBA: Bool = false) throws -> Data {
        // A scene read with a raised pixel limit may be drawn that large.
        let settings = BackendSettings(fonts: fonts, options: options,
                                       pixelLimit: max(Int(Limits.pngPixels), Int(min(scene.limits.canvasPixels, CGFloat(SceneLimits.largestValue)))),
                                       threads: pngThreads, alwaysRGBA: alwaysRGBA, values: [SVGBackend.textOption: svgTextMode.rawValue])
        do {
            return try LargeStack.run { try backends.draw(list, as: format, settings: settings) }
        } catch let error as SceneError {
            throw error
        } catch {
            throw SceneError("cannot render \(format.rawValue.uppercased()): \(error)", at: scene.canvasLocation ?? scene.viewLocation)
        }
    }

    /// Every warning of the scene, for the command to print, located: characters no font has,
    /// which are drawn as the missing-glyph box (each once), keyframe values that switch rather
    /// than animate, with `overflow` views that land outside the canvas, and what the layout
    /// hides (`layoutWarnings`). The one list commands print, and `--strict` turns into errors
    /// (`WarningPolicy`).
    public func warnings(overflow: Bool) -> [String] {
        missingGlyphWarnings + (scene.animation?.warnings ?? []) + (overflow ? overflowWarnings + effectOverflowWarnings : [])
            + layoutWarningLines
    }

    /// Views whose drawing effects (a rotation, a scale, a transform, a blur) carry their drawing
    /// past the canvas edge, where it is cut off, while the view itself lies inside the canvas
    /// (`overflowWarnings` lists those that do not): at most five, each where it is written.
    /// Where the drawing lies is `DrawnBounds`' answer, a blur reaching three deviations, cut by
    /// the clips around it; a point of slack keeps anti-aliasing and rounding from counting.
    public var effectOverflowWarnings: [String] {
        let list = tree.result.displayList
        let canvas = CGRect(origin: .zero, size: list.size).insetBy(dx: -1, dy: -1)
        var finder = EffectOverflowFinder(canvas: canvas)
        list.walk(&finder)
        // The views by path only when one is to be named: indexing every view cost a tenth of a
        // 2,000-tag scene's run.
        guard !finder.found.isEmpty else { return [] }
        var nodes: [String: LayoutNodeInfo] = [:]
        func index(_ node: LayoutNodeInfo) {
            nodes[node.path] = node
            node.children.forEach(index)
        }
        index(tree.root)
        let size = list.size
        return finder.found.prefix(5).enumerated().compactMap { number, found in
            guard let node = nodes[found.path] else { return nil }
            let b = found.bounds
            var line = "\(location(of: node)): warning: \(Self.kindName(node)) draws past the canvas and is cut off: its \(found.effect) carries its drawing over x \(SceneReader.format(b.minX))…\(SceneReader.format(b.maxX)), y \(SceneReader.format(b.minY))…\(SceneReader.format(b.maxY)) of a \(SceneReader.format(size.width)) × \(SceneReader.format(size.height)) canvas"
            if number == 4, finder.found.count > 5 { line += " (and \(finder.found.count - 5) more views)" }
            return line
        }
    }

    /// Views that land partly or wholly outside the canvas, and so are cut off: the outermost
    /// such views (a view inside one is not listed again), at most five, each where it is
    /// written. Half a point of slack keeps anti-aliasing and rounding from counting. Inside a
    /// view that clips, only what shows counts: a filled image clipped to its frame is whole.
    public var overflowWarnings: [String] {
        let canvas = CGRect(origin: .zero, size: tree.result.canvasSize).insetBy(dx: -0.5, dy: -0.5)
        var found: [LayoutNodeInfo] = []
        func visit(_ node: LayoutNodeInfo, _ shown: CGRect) {
            let frame = node.frame.intersection(shown)
            if frame.width > 0 || frame.height > 0, !canvas.contains(frame) {
                found.append(node)
                return
            }
            let inner = node.clips ? shown.intersection(node.frame.insetBy(dx: -0.5, dy: -0.5)) : shown
            node.children.forEach { visit($0, inner) }
        }
        visit(tree.root, .infinite)
        let size = tree.result.canvasSize
        return found.prefix(5).enumerated().map { index, node in
            let f = node.frame
            var line = "\(location(of: node)): warning: \(Self.kindName(node)) lands outside the canvas and is cut off: it spans x \(SceneReader.format(f.minX))…\(SceneReader.format(f.maxX)), y \(SceneReader.format(f.minY))…\(SceneReader.format(f.maxY)) of a \(SceneReader.format(size.width)) × \(SceneReader.format(size.height)) canvas"
            if index == 4, found.count > 5 { line += " (and \(found.count - 5) more views)" }
            return line
        }
    }

    /// Where a laid-out view is written: its own line when the reader recorded one, else the
    /// scene's view.
    func location(of node: LayoutNodeInfo) -> SourceLocation {
        // "line:column" in the scene, or "file:line:column" in a file it includes.
        let parts = node.source?.split(separator: ":", omittingEmptySubsequences: false) ?? []
        guard parts.count >= 2, let line = Int(parts[parts.count - 2]), let column = Int(parts[parts.count - 1]) else { return scene.viewLocation }
        let file = parts.count > 2 ? parts.dropLast(2).joined(separator: ":") : scene.file
        return SourceLocation(file: file, line: line, column: column)
    }

    /// Characters no font has.
    public var missingGlyphWarnings: [String] {
        let missing = tree.result.missingCharacters
        guard !missing.isEmpty else { return [] }
        let listed = missing.prefix(10).map { character in
            "'\(SceneReader.shown(String(character)))' (" + character.unicodeScalars.map { "U+" + String($0.value, radix: 16, uppercase: true) }.joined(separator: " ") + ")"
        }.joined(separator: ", ")
        return ["\(scene.viewLocation): warning: no installed or given font has \(listed)\(missing.count > 10 ? " and \(missing.count - 10) more" : ""); drawn as empty boxes (install a font that has them, or add one with 'fonts:')"]
    }

    /// The laid-out tree as `arrange layout --json` prints it.
    public var layoutJSON: String { LayoutDump.json(tree, file: scene.file) }
}

/// Finds the outermost groups with a transform or a blur whose drawing reaches past the canvas
/// while their frame lies inside it.
private struct EffectOverflowFinder: DisplayListVisitor {
    let canvas: CGRect
    var groups = GroupStack()
    var found: [(path: String, effect: String, bounds: CGRect)] = []
    /// How many groups already listed are open: nothing inside one is listed again.
    private var listedDepth = 0

    init(canvas: CGRect) { self.canvas = canvas }

    mutating func fill(_ shape: ShapeKind, color: Color, in frame: CGRect, identity: ViewIdentity) {}
    mutating func strokeBorder(_ shape: ShapeKind, color: Color, lineWidth: CGFloat, in frame: CGRect, identity: ViewIdentity) {}
    mutating func text(_ run: TextRun, in frame: CGRect, identity: ViewIdentity) {}
    mutating func path(_ drawing: PathDrawing, in frame: CGRect, identity: ViewIdentity) {}
    mutating func image(_ drawing: ImageDrawing, in frame: CGRect, identity: ViewIdentity) {}

    mutating func beginGroup(_ group: DisplayGroup, frame: CGRect, identity: ViewIdentity) {
        defer { groups.push(group, frame: frame) }
        if listedDepth > 0 {
            listedDepth += 1
            return
        }
        let blurs = group.filters.contains { if case .blur(let radius, false) = $0 { radius > 0 } else { false } }
        guard !group.transform.isIdentity || blurs else { return }
        let item = DisplayItem(frame: frame, identity: identity, content: .group(group))
        let drawn = groups.visibleRect(DrawnBounds.of(item) { 3 * max($0.radius, 0) })
        let placed = groups.visibleRect(frame)
        guard !drawn.isNull, !canvas.contains(drawn), placed.isNull || canvas.contains(placed) else { return }
        let effect = !group.transform.isIdentity ? "rotation, scale or transform" : "blur"
        found.append((identity.path, effect, drawn))
        listedDepth = 1
    }

    mutating func endGroup() {
        groups.pop()
        if listedDepth > 0 { listedDepth -= 1 }
    }
}
