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
            "\(ArrangeTool.version)|scale=\(renderer.scale.map { "\($0)" } ?? "scene")|seed=\(seed.map(String.init) ?? "scene")|svg-text=\(renderer.svgTextMode.rawValue)|at=\(at.map { "\($0)" } ?? "none")|color-scheme=\(renderer.colorScheme.map { "\($0)" } ?? "scene")"
        }
    }

    /// How one scene went.
    enum Outcome: Sendable {
        /// Drawn and written: the files written, and the fingerprint of what they were drawn from.
        case rendered(files: Int, fingerprint: String?)
        /// Its outputs were already drawn from the same scene, files and options.
        case unchanged
        case failed
    }

    let plans: [Plan]
    let settings: Settings
    let workers: Int
    /// The fingerprints of outputs written before, for `--incremental`; nil renders every scene.
    let manifest: IncrementalManifest?

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
            if let manifest, let fingerprint, manifest.isCurrent(plan.targets.map(\.path), fingerprint: fingerprint) {
                return .unchanged
            }
            let rendered = try settings.renderer.layout(scene)
            // Before anything is drawn: with --strict a warning fails the scene, and nothing is written.
            var warnings = rendered.warnings(overflow: settings.warnOverflow)
            if let markdown = plan.input.markdown, let number = plan.input.markdownBlock,
               let missing = markdown.missingDescriptionWarning(number, scene: scene) {
                warnings.append(missing)
            }
            try Console.warn(warnings, settings.warnings)
            var list = rendered.displayList
            if let at = settings.at {
                guard scene.animation != nil else {
                    throw SceneError("--at draws an animation at a time, and this scene has no 'animation'", at: scene.viewLocation)
                }
                list = try SceneTimeline(scene, renderer: settings.renderer).frame(at: at).displayList
            }
            let drawn = list
            let pictures = try plan.targets.map { ($0, try rendered.draw(drawn, as: $0.format)) }
            var written: [String] = []
            for (target, data) in pictures {
                if target.path == "-" {
                    do {
                        try Console.writeOutput(data)
                    } catch {
                        Console.printError("error: cannot write to standard output: \(FileOutput.describe(error))")
                        return .failed
                    }
                    continue
                }
                do {
                    let folder = (target.path as NSString).deletingLastPathComponent
                    try FileManager.default.createDirectory(atPath: folder.isEmpty ? "." : folder, withIntermediateDirectories: true)
                    try FileOutput.write(data, to: URL(fileURLWithPath: target.path), sync: settings.sync)
                    written.append(target.path)
                    if settings.verbose { Console.printError("wrote \(target.path)") }
                } catch {
                    // unlink, not removeItem: a folder that took a name meanwhile is never emptied.
                    for path in written { unlink(path) }
                    Console.printError("\(target.path): error: cannot write the file: \(FileOutput.describe(error))")
                    return .failed
                }
            }
            return .rendered(files: written.count, fingerprint: fingerprint)
        } catch {
            Console.error(error)
            return .failed
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
