import Arrange
import ArrangeScene
import Foundation
import Synchronization

/// Renders a batch of scenes to their output files, in parallel: what `arrange render` does
/// once its options are read, and again for each change under `--watch`.
struct BatchRender: Sendable {
    /// One output file of a scene.
    struct Target: Sendable, Hashable {
        let format: OutputFormat
        /// The file's path, or "-" for standard output.
        let path: String
        /// Whether the path was named with `-o card.png`: drawn in both schemes, the light
        /// picture keeps that name exactly.
        var exact = false
    }

    /// Where one target's pictures go: its file, and the dark picture's when the scene is drawn
    /// in both schemes (nil for one scheme, and for an SVG, which holds both).
    struct Output: Sendable, Hashable {
        let target: Target
        let path: String
        let darkPath: String?

        /// Every file written.
        var paths: [String] { [path] + (darkPath.map { [$0] } ?? []) }
    }

    /// One scene and where its pictures go.
    struct Plan: Sendable {
        let input: SceneInput
        let targets: [Target]
        /// Why the scene cannot be rendered before reading it.
        let clash: String?
    }

    /// What every scene of the batch is drawn with.
    struct Settings: Sendable {
        let renderer: SceneRenderer
        let seed: UInt64?
        let verbose: Bool
        let sync: Bool
        /// How much each scene may ask for.
        let limits: SceneLimits
        /// Whether views that land outside the canvas are warned about.
        let warnOverflow: Bool
        /// What a scene's warnings do: print, or with `--strict` fail it.
        var warnings = WarningPolicy()
        /// Font files and folders of `--font-dir`: inputs of every scene.
        let fontDirs: [String]
        /// `--at`: draw each scene's animation at this many seconds instead of its state at 0.
        var at: Double? = nil
        /// The options that change the pictures, as text: part of each output's fingerprint.
        var optionsKey: String {
            "\(ArrangeTool.version)|scale=\(renderer.scale.map { "\($0)" } ?? "scene")|seed=\(seed.map(String.init) ?? "scene")|svg-text=\(renderer.svgTextMode.rawValue)|at=\(at.map { "\($0)" } ?? "none")|color-scheme=\(renderer.bothColorSchemes ? "both" : renderer.colorScheme.map { "\($0)" } ?? "scene")"
        }
    }

    /// How one scene went.
    enum Outcome: Sendable {
        /// Drawn and written: the files written, the fingerprint of what they were drawn from,
        /// and where each target's pictures went.
        case rendered(files: Int, fingerprint: String?, outputs: [Output])
        /// Its outputs were already drawn from the same scene, files and options.
        case unchanged(outputs: [Output])
        case failed

        /// Where each target's pictures went; empty for a scene that failed.
        var outputs: [Output] {
            switch self {
            case .rendered(_, _, let outputs), .unchanged(let outputs): outputs
            case .failed: []
            }
        }
    }

    let plans: [Plan]
    let settings: Settings
    let workers: Int
    /// The fingerprints of outputs written before, for `--incremental`; nil renders every scene.
    let manifest: IncrementalManifest?
    /// The files the batch writes that are known only once a scene is read: the pictures of a
    /// scene drawn in both schemes.
    private let claims: OutputClaims

    init(plans: [Plan], settings: Settings, workers: Int, manifest: IncrementalManifest?) {
        self.plans = plans
        self.settings = settings
        self.workers = workers
        self.manifest = manifest
        claims = OutputClaims(plans: plans)
    }

    /// Threads for each PNG's bands: `--jobs N` renders N scenes at once, each on one core, so a
    /// batch uses the cores it was given and no more; a single scene uses every core.
    static func pngThreads(scenes: Int) -> Int? {
        scenes > 1 ? 1 : nil
    }

    /// Renders every plan; returns each plan's outcome, in plan order.
    func run(progress: Bool = true) -> [Outcome] {
        let outcomes = Mutex([Outcome?](repeating: nil, count: plans.count))
        let finished = Mutex(0)
        let plans = self.plans
        // Each worker takes scenes until none is left on one large-stack thread, where the
        // pipeline's reading, layout and drawing run in place.
        LargeStack.forEach(plans.count, workers: workers) { index in
            let plan = plans[index]
            if progress {
                Console.progress("[\(finished.withLock { $0 } + 1)/\(plans.count)] \(plan.input.displayName)")
            }
            let outcome = render(plan)
            finished.withLock { $0 += 1 }
            outcomes.withLock { $0[index] = outcome }
        }
        if progress { Console.endProgress() }
        return outcomes.withLock { $0.map { $0 ?? .failed } }
    }

    /// What `scene` and the files it uses hash to, with the batch's options: equal fingerprints
    /// draw equal pictures. Every one of the scene's `inputs` counts (its file, fonts and images),
    /// with those of `--font-dir`. Nil for standard input, which is read once and never skipped.
    func fingerprint(of input: SceneInput, _ scene: Scene) -> String? {
        guard input.path != "-" else { return nil }
        var hash = ContentHash()
        hash.add(settings.optionsKey)
        var inputs = scene.inputs
        if let markdown = input.markdown, let number = input.markdownBlock, markdown.blocks.indices.contains(number - 1) {
            // A Markdown block by its own lines and its file's name: hashing the whole file for
            // each block would take time in the square of its size, and redraw every block when
            // one changes.
            hash.add(input.path)
            hash.add(markdown.blocks[number - 1].source)
            let file = ReadPolicy.realPath(input.path) ?? input.path
            inputs.removeAll { $0 == file }
        }
        for path in inputs { hash.addFile(at: URL(fileURLWithPath: path)) }
        for folder in settings.fontDirs { hash.addFile(at: URL(fileURLWithPath: folder)) }
        return hash.hex
    }

    /// Where `plan`'s pictures of `scene` go: each target's path, and with `both` schemes the
    /// light and dark files named as DocC reads them (`ColorSchemeFiles`), at the scale the
    /// scene is drawn at.
    /// - Throws: `SceneError` when both pictures would go to standard output.
    func outputs(_ plan: Plan, _ scene: Scene, both: Bool) throws -> [Output] {
        try plan.targets.map { target in
            guard both else { return Output(target: target, path: target.path, darkPath: nil) }
            if target.path == "-", target.format != .svg {
                throw SceneError("the scene is drawn in light and dark (colorScheme: both), two \(target.format.rawValue.uppercased()) pictures, and standard output takes one; write SVG (one file for both) or give -o a folder",
                                 at: scene.viewLocation)
            }
            let files = ColorSchemeFiles.files(for: target.path, format: target.format, scale: settings.renderer.scale ?? scene.canvas.scale, exact: target.exact)
            return Output(target: target, path: files.light, darkPath: files.dark)
        }
    }

    /// Reads, lays out and draws one scene in every format, then writes the files. Nothing is
    /// written unless every format rendered; a file that fails to write takes the scene's other
    /// new files with it.
    func render(_ plan: Plan) -> Outcome {
        if let clash = plan.clash {
            Console.printError("\(plan.input.displayName): error: \(clash)")
            return .failed
        }
        do {
            let scene = try plan.input.load(seed: settings.seed, limits: settings.limits, fonts: settings.renderer.fonts)
            let fingerprint = manifest == nil ? nil : self.fingerprint(of: plan.input, scene)
            let schemes = settings.renderer.bothSchemes(of: scene)
            let outputs = try self.outputs(plan, scene, both: schemes != nil)
            // Before anything is written (or skipped as unchanged): x.yaml's x~dark.png may be
            // the output of x~dark.yaml.
            if let clash = claims.claim(outputs, for: plan.input.displayName) {
                Console.printError("\(plan.input.displayName): error: \(clash)")
                return .failed
            }
            if let manifest, let fingerprint, manifest.isCurrent(outputs.flatMap(\.paths), fingerprint: fingerprint) {
                return .unchanged(outputs: outputs)
            }
            // One scheme, or light then dark.
            var drawings: [(rendered: RenderedScene, list: DisplayList)] = []
            for renderer in schemes ?? [settings.renderer] {
                let rendered = try renderer.layout(scene)
                var list = rendered.displayList
                if let at = settings.at {
                    guard scene.animation != nil else {
                        throw SceneError("--at draws an animation at a time, and this scene has no 'animation'", at: scene.viewLocation)
                    }
                    list = try SceneTimeline(scene, renderer: renderer).frame(at: at).displayList
                }
                drawings.append((rendered, list))
            }
            // The warnings are found while the pictures are drawn, on two cores: neither needs the
            // other. They are printed first, and with --strict a warning fails the scene before a
            // drawing error would, as if nothing had been drawn; nothing is written either way.
            let (found, drawn) = LargeStack.both({ warnings(plan, scene, drawings) }, { try draw(outputs, drawings) })
            try Console.warn(found, settings.warnings)
            let pictures = try drawn.get()
            var written: [String] = []
            for (path, data) in pictures {
                if path == "-" {
                    do {
                        try Console.writeOutput(data)
                    } catch {
                        Console.printError("error: cannot write to standard output: \(FileOutput.describe(error))")
                        return .failed
                    }
                    continue
                }
                do {
                    let folder = FolderPath.of(path)
                    try FileManager.default.createDirectory(atPath: folder.isEmpty ? "." : folder, withIntermediateDirectories: true)
                    try FileOutput.write(data, to: URL(fileURLWithPath: path), sync: settings.sync)
                    written.append(path)
                    if settings.verbose { Console.printError("wrote \(path)") }
                } catch {
                    // unlink, not removeItem: a folder that took a name meanwhile is never emptied.
                    for path in written { unlink(path) }
                    Console.printError("\(path): error: cannot write the file: \(FileOutput.describe(error))")
                    return .failed
                }
            }
            return .rendered(files: written.count, fingerprint: fingerprint, outputs: outputs)
        } catch {
            Console.error(error)
            return .failed
        }
    }
}

extension BatchRender {
    /// The warnings of `scene` laid out as `drawings` (one per colour scheme, each warning once),
    /// and a Markdown block's missing description.
    func warnings(_ plan: Plan, _ scene: Scene, _ drawings: [(rendered: RenderedScene, list: DisplayList)]) -> [String] {
        var warnings: [String] = []
        for drawing in drawings {
            warnings += drawing.rendered.warnings(overflow: settings.warnOverflow).filter { !warnings.contains($0) }
        }
        if let markdown = plan.input.markdown, let number = plan.input.markdownBlock,
           let missing = markdown.missingDescriptionWarning(number, scene: scene) {
            warnings.append(missing)
        }
        return warnings
    }

    /// Every picture of `outputs`, drawn from `drawings`: in light and dark when there are two
    /// (one adaptive SVG, or a file per scheme).
    func draw(_ outputs: [Output], _ drawings: [(rendered: RenderedScene, list: DisplayList)]) throws -> [(path: String, data: Data)] {
        var pictures: [(path: String, data: Data)] = []
        for output in outputs {
            let light = drawings[0], format = output.target.format
            if drawings.count == 2, format == .svg {
                pictures.append((output.path, try light.rendered.adaptiveSVG(light.list, dark: drawings[1].rendered, drawings[1].list)))
                continue
            }
            pictures.append((output.path, try light.rendered.draw(light.list, as: format)))
            if let darkPath = output.darkPath, drawings.count == 2 {
                pictures.append((darkPath, try drawings[1].rendered.draw(drawings[1].list, as: format)))
            }
        }
        return pictures
    }
}

/// Which scene writes each file that is named only once its scene is read (a scene drawn in
/// both schemes: `x~dark.png`, and at scale 2 `x@2x.png`), so that one never overwrites another
/// scene's output: such a file may be no plan's target, and no other scene's such file.
///
/// A class: the batch's workers share it, under its lock.
final class OutputClaims: Sendable {
    /// Every plan's targets, by path: the scene that writes each.
    private let targets: [String: String]
    /// The files claimed so far, by path: the scene that writes each.
    private let claimed = Mutex<[String: String]>([:])

    init(plans: [BatchRender.Plan]) {
        var targets: [String: String] = [:]
        for plan in plans {
            for target in plan.targets where target.path != "-" { targets[target.path] = plan.input.displayName }
        }
        self.targets = targets
    }

    /// Claims for `scene` the files of `outputs` that are not their target's own path: nil when
    /// every one is free (or already `scene`'s), else why not, naming the scene that has it. A
    /// refused scene claims nothing.
    func claim(_ outputs: [BatchRender.Output], for scene: String) -> String? {
        claimed.withLock { claimed in
            var new: [String] = []
            for output in outputs {
                for path in output.paths where path != output.target.path && path != "-" {
                    if let owner = targets[path] ?? claimed[path], owner != scene {
                        let picture = path == output.darkPath ? "its dark picture" : "its light picture"
                        return "\(path), \(picture), is already the output of \(owner); rename one of the scenes"
                    }
                    new.append(path)
                }
            }
            for path in new { claimed[path] = scene }
            return nil
        }
    }
}

/// The fingerprints of the outputs in one folder, kept in `.arrange-incremental` there: one
/// line per output file, its fingerprint and its path relative to the folder.
///
/// An output is current when its file exists and its recorded fingerprint equals the scene's
/// now; anything else (a new scene, a deleted output, another option) renders again.
struct IncrementalManifest: Sendable {
    static let fileName = ".arrange-incremental"

    /// The folder the manifest lives in: the output folder.
    let folder: String
    private(set) var fingerprints: [String: String]

    /// The manifest of `folder`; an unreadable or missing one is empty, so everything renders.
    init(folder: String) {
        self.folder = folder
        fingerprints = [:]
        let path = (folder as NSString).appendingPathComponent(Self.fileName)
        guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8) else { return }
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: "\t", maxSplits: 1)
            guard parts.count == 2, parts[0].count == 32 else { continue }
            fingerprints[String(parts[1])] = String(parts[0])
        }
    }

    private func key(_ path: String) -> String {
        let prefix = folder.isEmpty || folder == "." ? "" : (folder.hasSuffix("/") ? folder : folder + "/")
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    }

    /// Whether every one of `paths` exists and was written from `fingerprint`.
    func isCurrent(_ paths: [String], fingerprint: String) -> Bool {
        !paths.isEmpty && paths.allSatisfy { fingerprints[key($0)] == fingerprint && FileManager.default.fileExists(atPath: $0) }
    }

    /// Records that `paths` were written from `fingerprint`.
    mutating func record(_ paths: [String], fingerprint: String) {
        for path in paths { fingerprints[key(path)] = fingerprint }
    }

    /// Writes the manifest whole, its lines sorted so that it is the same for the same outputs.
    func save() throws {
        let text = fingerprints.sorted { $0.key < $1.key }.map { "\($0.value)\t\($0.key)\n" }.joined()
        try FileOutput.write(Data(text.utf8), to: URL(fileURLWithPath: (folder as NSString).appendingPathComponent(Self.fileName)))
    }
}
