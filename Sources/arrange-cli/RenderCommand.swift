import Arrange
import ArgumentParser
import ArrangeBackends
import ArrangeSVG
import ArrangeScene
import Foundation
import Synchronization

/// `arrange render`: scenes to PNG, SVG and PDF files.
struct RenderCommand: ParsableCommand, SceneReadingCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render scene files to PNG, SVG or PDF.",
        discussion: """
        Each scene is read, laid out on its canvas and drawn in every format asked for. Output \
        files are named after the scene: Fixtures/wheel-0.yaml gives OUTPUT/wheel-0.png. A file \
        is written whole or not at all (it is written beside its final name and then renamed), \
        and a scene with an error writes nothing; the other scenes still render, and the exit \
        status is 1 if any scene failed.

        Warnings name the view's line: characters no font has, views cut off by the canvas, texts \
        cut short, clipped or spilling out of their frames, connector labels over other views and \
        lines through them. With --strict they are errors: such a scene writes nothing and fails.

        Scenes render in parallel, one per job. On a terminal a progress line shows how far it \
        got; in a log only errors and the closing summary are printed (on standard error).

        A Markdown file (.md) stands for its fenced ```arrange blocks: each is a scene, its \
        pictures named after the file and the block's number (README-1.png), and the file is \
        written again with each block replaced by a link to its picture: a copy in the output \
        folder, or the file itself with --in-place (which keeps its permissions). A copy never \
        replaces a Markdown file being read, even through a link. Errors point at the Markdown \
        file's lines; a file with an error is not rewritten. The rewritten file keeps each \
        block's source (in an HTML comment above its picture, or with --details in a collapsed \
        <details> below it) and reads it back as the block, so rendering it again refreshes the \
        links and gives the same file.

        --color-scheme both (or a scene's colorScheme: both) draws each scene in light and in \
        dark, named as DocC reads them: card.png and card~dark.png (card@2x.png and \
        card~dark@2x.png at scale 2), card.pdf and card~dark.pdf, and one card.svg whose \
        prefers-color-scheme rules switch its colours. -o card.png writes card~dark.png beside \
        it. A Markdown block becomes a <picture> of the two files.

        --incremental and --watch follow every file a scene reads: the scene (or Markdown) file, \
        its fonts and font folders, its images (those only a keyframe names too), and --font-dir.

        Examples:
          arrange render Fixtures/*.yaml -o Output --format png,svg
          arrange render 'docs/**/*.yaml' -o Output --incremental
          arrange render card.yaml -o card.png --watch
          arrange render scene.yaml --seed 42 -o /tmp
          arrange render Fixtures/animation/wheel-turn-arc.yaml --at 1 -o end.png
          cat scene.yaml | arrange render - --format svg -o - > scene.svg
          arrange render docs/*.yaml --font-dir Fonts --svg-text embedded
          arrange render README.template.md -o docs/images --details
          arrange render docs/*.yaml -o docs/images --color-scheme both
          arrange render 'docs/**/*.yaml' -o Output --shard 2/4

        Text is shaped with HarfBuzz from font files: the installed families (DejaVu from \
        /usr/share/fonts/truetype/dejavu, the others through fontconfig), \
        those of --font-dir, and a scene's own 'fonts:'. Characters a font lacks come from \
        DejaVu Sans, Noto Sans CJK and Noto Color Emoji. By default SVG text is written as \
        glyph outlines, so it looks the same on every machine, with an invisible text layer \
        that keeps it selectable.
        """
    )

    @Argument(help: "Scene files, folders of scene files or patterns such as 'Fixtures/*.yaml'; '-' reads YAML from standard input.")
    var scenes: [String]

    @Option(name: [.short, .customLong("output")],
            help: ArgumentHelp("The folder to write into (made if missing); a file such as 'card.png' when one scene is rendered in one format; '-' for standard output.", valueName: "path"))
    var output = RenderCommand.defaultOutput

    @Option(help: ArgumentHelp("Formats to write, comma-separated: \(BackendRegistry.standard.formats.map(\.rawValue).joined(separator: ", ")) (default: png, or the extension of -o)."),
            transform: OutputFormat.parseList)
    var format: [OutputFormat]?

    @Flag(help: "Write every output directly into the output folder, not into the scenes' subfolders.")
    var flat = false

    @Flag(help: "Flush every file to disk (fsync) before it replaces the old one.")
    var sync = false

    @Flag(name: .customLong("warn-overflow"), inversion: .prefixedNo,
          help: "Warn, with the view's line, when a view lands outside the canvas and is cut off.")
    var warnOverflow = true

    @Flag(name: .customLong("in-place"), help: "For Markdown files: replace their arrange blocks with image links in the files themselves, instead of writing copies into the output folder.")
    var inPlace = false

    @Flag(help: "For Markdown files: keep each block's source below its image in a collapsed <details> block (by default it is kept in an HTML comment above the image).")
    var details = false

    @Flag(help: "Skip scenes whose outputs were drawn from the same scene, files it reads (fonts, images) and options (recorded in OUTPUT/.arrange-incremental).")
    var incremental = false

    @Flag(help: "After rendering, keep watching the scenes (Markdown files too) and every file they read (fonts, images), and render a scene again when one changes (Ctrl-C stops).")
    var watch = false

    @Option(help: "Pixels per point, replacing each scene's canvas scale (PNG size and pixel rounding).")
    var scale: Double?

    @Option(help: "Draw random values from this seed instead of each scene's.", transform: UInt64.parseSeed)
    var seed: UInt64?

    @Option(help: ArgumentHelp("Draw each scene's animation as it is this many seconds in (the scene as written is its state at 0).", valueName: "seconds"))
    var at: Double?

    @Option(name: [.short, .long], help: "Scenes rendered at once, each on one core (default: the number of cores); a single scene's PNG uses every core.")
    var jobs: Int?

    @Flag(name: .shortAndLong, help: "Print each file written.")
    var verbose = false

    @Option(name: .customLong("svg-text"),
            help: "How SVG writes text: outlines (the glyphs themselves; looks the same on every viewer), embedded (the fonts, cut to the characters used, inside the file) or system (the viewer's installed fonts).")
    var svgText = RenderCommand.defaultSVGText

    @Option(name: .customLong("color-scheme"),
            help: ArgumentHelp("Render every scene in this colour scheme, light, dark or both, replacing each scene's 'colorScheme' (default: the scene's, or light). Both writes NAME.png and NAME~dark.png (NAME@2x.png and NAME~dark@2x.png at scale 2), NAME.pdf and NAME~dark.pdf, and one SVG that follows the viewer's scheme.", valueName: "scheme"))
    var colorScheme: ColorSchemeOption?

    @Option(help: ArgumentHelp("Render only the share i of n of the scenes (by a hash of their names, as check --shard), for a CI matrix.", valueName: "i/n"),
            transform: ShardOption.parse)
    var shard: ShardOption?

    @OptionGroup var sceneOptions: SceneOptions

    /// `-o`'s default: the current folder. (Named for `QuickRender` too.)
    static let defaultOutput = "."
    /// `--svg-text`'s default: glyph outlines.
    static let defaultSVGText = SVGRenderer.TextMode.outlines

    func validate() throws {
        guard !scenes.isEmpty else { throw ValidationError("name at least one scene file") }
        if let jobs, jobs < 1 { throw ValidationError("--jobs must be at least 1") }
        if watch, scenes.contains("-") || output == "-" {
            throw ValidationError("--watch reads scene files and writes files: it cannot watch standard input or write to standard output")
        }
        if let scale, !Limits.scales.contains(CGFloat(scale)) {
            throw ValidationError("--scale must be a number from \(Limits.scales.lowerBound) to \(Int(Limits.scales.upperBound))")
        }
        if let at, !(at.isFinite && at >= 0) { throw ValidationError("--at must be a number of seconds ≥ 0") }
    }

    func run() throws {
        let start = DispatchTime.now().uptimeNanoseconds
        var inputs = try SceneInput.expand(scenes)
        let toStandardOutput = output == "-"
        if !inPlace, !toStandardOutput { inputs = Self.withoutCopies(inputs, named: scenes, output: output) }
        if let shard {
            let all = inputs.count
            inputs = shard.select(inputs)
            guard !inputs.isEmpty else {
                Console.printLine("none of the \(all) scenes is in shard \(shard.index)/\(shard.count); nothing to render")
                return
            }
        }
        // `-o card.png`: a file when the path names a picture format.
        let outputExtension = (output as NSString).pathExtension.lowercased()
        let outputFormat = toStandardOutput ? nil : BackendRegistry.standard.format(named: outputExtension)
        let format = self.format ?? [outputFormat ?? .png]
        let toFile = outputFormat != nil
        if let outputFormat {
            guard inputs.count == 1, format == [outputFormat] else {
                throw ValidationError("-o '\(TerminalText.escaped(output))' names one \(outputFormat.rawValue.uppercased()) file, but "
                                      + (inputs.count != 1 ? "\(inputs.count) scenes were named" : "the formats are \(format.map(\.rawValue).joined(separator: ","))")
                                      + "; name one scene and no other format, or give -o a folder")
            }
        }
        if toStandardOutput, inputs.count != 1 || format.count != 1 {
            throw ValidationError("'-o -' writes one picture to standard output: name exactly one scene and one format")
        }
        if toStandardOutput, colorScheme == .both, format != [.svg] {
            throw ValidationError("--color-scheme both draws two \(format.map { $0.rawValue.uppercased() }.joined()) pictures, light and dark, and '-o -' writes one: write SVG (one file for both schemes) or give -o a folder")
        }
        if inputs.filter({ $0.path == "-" }).count > 1 {
            throw ValidationError("standard input ('-') can be read only once")
        }
        let folder = toFile ? FolderPath.of(output) : output
        if !toStandardOutput, !folder.isEmpty {
            do {
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            } catch {
                Console.printError("error: cannot make the output folder '\(folder)': \(FileOutput.describe(error))")
                throw ExitCode.failure
            }
        }

        let plans = Self.plans(for: inputs, formats: format, output: output, toFile: toFile, flat: flat)
        if !inPlace { try MarkdownRewrite.refuseCopiesOverSources(inputs, output: toFile ? folder : output, flat: flat) }
        let workers = min(jobs ?? ProcessInfo.processInfo.activeProcessorCount, max(plans.count, 1))
        let renderer = SceneRenderer(scale: scale.map { CGFloat($0) }, svgTextMode: svgText, fonts: try fonts.library(),
                                     pngThreads: BatchRender.pngThreads(scenes: plans.count)).drawing(in: colorScheme)
        var settings = BatchRender.Settings(renderer: renderer, seed: seed, verbose: verbose, sync: sync, limits: try limitOptions.limits(), warnOverflow: warnOverflow, fontDirs: fonts.fontDirs)
        settings.at = at
        settings.warnings = strictOption.policy
        var manifest = incremental ? IncrementalManifest(folder: folder.isEmpty ? "." : folder) : nil
        let batch = BatchRender(plans: plans, settings: settings, workers: workers, manifest: manifest)
        let outcomes = batch.run()

        var rendered = 0, unchanged = 0, failed = 0, files = 0
        for outcome in outcomes {
            switch outcome {
            case .rendered(let written, let fingerprint, let outputs):
                rendered += 1
                files += written
                if let fingerprint { manifest?.record(outputs.flatMap(\.paths), fingerprint: fingerprint) }
            case .unchanged: unchanged += 1
            case .failed: failed += 1
            }
        }
        failed += MarkdownRewrite(plans: plans, outcomes: outcomes, inPlace: inPlace, details: details,
                                  output: toFile ? folder : output, flat: flat, sync: sync).run()
        if let manifest {
            do {
                try manifest.save()
            } catch {
                Console.printError("error: cannot write the incremental record: \(FileOutput.describe(error))")
                failed += 1
            }
        }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        if !toStandardOutput || failed > 0 || verbose {
            var line = "rendered \(rendered) of \(plans.count) scene\(plans.count == 1 ? "" : "s")"
            if incremental { line += " (\(unchanged) unchanged)" }
            line += ", wrote \(files) file\(files == 1 ? "" : "s") in \(String(format: "%.2f", seconds)) s (\(workers) job\(workers == 1 ? "" : "s"))"
            if failed > 0 { line += "; \(failed) failed" }
            Console.printError(line)
        }
        if watch {
            let rewriteOutput = toFile ? folder : output
            Watcher(batch: BatchRender(plans: plans, settings: settings, workers: workers, manifest: nil),
                    replan: { Self.plans(for: $0, formats: format, output: output, toFile: toFile, flat: flat) },
                    rewrite: { MarkdownRewrite(plans: $0, outcomes: $1, inPlace: inPlace, details: details, output: rewriteOutput, flat: flat, sync: sync).run() })
                .run()
        }
        if failed > 0 { throw ExitCode.failure }
    }

    /// `inputs` without the rewritten Markdown copies a folder walk found inside the output folder
    /// (`render docs -o docs/out`): rendered again, each run would nest another copy. A file
    /// named on the command line stays.
    static func withoutCopies(_ inputs: [SceneInput], named arguments: [String], output: String) -> [SceneInput] {
        guard let folder = MarkdownRewrite.resolved(output.isEmpty ? "." : output) else { return inputs }
        let kept = inputs.filter { input in
            guard input.markdownBlock != nil, !arguments.contains(input.path), let real = MarkdownRewrite.resolved(input.path) else { return true }
            return !real.hasPrefix(folder.hasSuffix("/") ? folder : folder + "/")
        }
        if kept.count < inputs.count {
            Console.printError("note: skipped the Markdown files inside the output folder '\(TerminalText.escaped(output))': they are the rewritten copies")
        }
        return kept
    }

    /// Where each scene's pictures go. Each output path belongs to one scene; a second scene
    /// with the same output is an error of its own rather than a silent overwrite.
    static func plans(for inputs: [SceneInput], formats: [OutputFormat], output: String, toFile: Bool, flat: Bool) -> [BatchRender.Plan] {
        var owners: [String: String] = [:]
        var plans: [BatchRender.Plan] = []
        for input in inputs {
            let place = flat || input.subfolder.isEmpty ? output : (output as NSString).appendingPathComponent(input.subfolder)
            let targets = formats.map { kind -> BatchRender.Target in
                if output == "-" { return BatchRender.Target(format: kind, path: "-") }
                if toFile { return BatchRender.Target(format: kind, path: output, exact: true) }
                return BatchRender.Target(format: kind, path: (place as NSString).appendingPathComponent(input.baseName + "." + kind.rawValue))
            }
            if let clash = targets.first(where: { owners[$0.path] != nil }), let owner = owners[clash.path] {
                let here = input.markdownBlock == nil ? "" : " (\(input.placeName))"
                plans.append(BatchRender.Plan(input: input, targets: [], clash: "\(clash.path)\(here) is already the output of \(owner); rename one of the scenes"))
                continue
            }
            for target in targets { owners[target.path] = input.placeName }
            plans.append(BatchRender.Plan(input: input, targets: targets, clash: nil))
        }
        return plans
    }
}

extension OutputFormat {
    /// "png,svg" → [.png, .svg], each once, in the order given; each a format some backend of
    /// the registry writes.
    static func parseList(_ text: String) throws -> [OutputFormat] {
        let registry = BackendRegistry.standard
        var formats: [OutputFormat] = []
        for part in text.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) where !part.isEmpty {
            guard let format = registry.format(named: part) else {
                throw ValidationError("unknown format '\(TerminalText.escaped(part))'; expected \(registry.formatList), comma-separated")
            }
            if !formats.contains(format) { formats.append(format) }
        }
        guard !formats.isEmpty else { throw ValidationError("--format needs at least one of \(registry.formats.map(\.rawValue).joined(separator: ", "))") }
        return formats
    }
}
