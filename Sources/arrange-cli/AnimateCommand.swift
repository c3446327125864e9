import Arrange
import ArgumentParser
import ArrangeSVG
import ArrangeScene
import Foundation
import Synchronization

/// `arrange animate`: a scene's animation as frames, an animated SVG, a contact sheet or an APNG.
struct AnimateCommand: ParsableCommand, SceneReadingCommand {
    static let configuration = CommandConfiguration(
        commandName: "animate",
        abstract: "Export a scene's animation as frames, an animated SVG, a contact sheet or an animated PNG.",
        discussion: """
        The scene's 'animation' gives a duration and keyframes that change parameters of views \
        with an id (a wheel's rotation, a frame's width, a colour, which layout a 'layout' view \
        holds). Frames are sampled every 1/fps seconds from 0 to the end and drawn on every core. \
        Containers whose layout has animatable data (a wheel with 'motion: layout') are laid out \
        again at each frame, so their children swing along arcs; with 'motion: straight', and for \
        every other view, children move on straight lines. What views draw changes with them \
        (colours, gradients, line widths, dashes, trims, corner radii, shadows, font sizes); \
        text that changes crossfades. Views that arrive fade in, views that leave fade out. A \
        keyframe value that cannot animate (a blend mode, a clip) is a warning at its line.

        Formats:
          frames  NAME-0000.png, NAME-0001.png, … (--image-format svg for SVGs)
          svg     NAME.svg: one animated SVG that plays in browsers, also in <img>
          sheet   NAME-sheet.png: --sheet-frames frames in a grid, with their times
          apng    NAME.png: an animated PNG, looping
          layout  NAME-layout.json: each id's frame (and trim) at each frame time

        Nothing is written when the scene has an error, or when any file cannot be written: \
        files are gathered in a hidden folder (.NAME.<random>.tmp) inside the output folder and \
        moved into place only when every one is written; that folder is removed on failure or \
        interrupt (Ctrl-C). Frames are written as they are drawn, so memory holds only the \
        frames in flight. Frames left in the folder by an earlier export of the same scene with \
        more frames are removed: files only, never a folder of that name.

        Examples:
          arrange animate Fixtures/animation/wheel-turn-arc.yaml -o Output/frames
          arrange animate wheel.yaml --format svg -o docs/images
          arrange animate wheel.yaml --format sheet --sheet-frames 8 --columns 4
          arrange animate wheel.yaml --format apng --fps 24
        """
    )

    @Argument(help: "The scene file, with an 'animation'.")
    var scene: String

    @Option(name: [.short, .customLong("output")], help: ArgumentHelp("The folder to write into (made if missing).", valueName: "folder"))
    var output = "."

    @Option(help: "What to write: frames, svg, sheet, apng or layout.")
    var format: AnimationExport.Format = .frames

    @Option(help: "Frames a second, from 1 to 120 (default: the scene's 'fps', or 30).")
    var fps: Double?

    @Option(name: .customLong("image-format"), help: "The picture format of frames and sheets.")
    var imageFormat: ImageFormat = .png

    /// The formats a frame or a sheet may have.
    enum ImageFormat: String, ExpressibleByArgument, CaseIterable {
        case png, svg

        var format: SceneRenderer.Format { self == .png ? .png : .svg }
    }

    @Option(name: .customLong("sheet-frames"), help: "How many frames a contact sheet shows, evenly spaced from the start to the end.")
    var sheetFrames = 6

    @Option(help: "Frames per row of a contact sheet (default: up to 4).")
    var columns: Int?

    @Option(name: [.short, .long], help: "Frames drawn at once, each on one core (default: the number of cores).")
    var jobs: Int?

    @Option(help: "Pixels per point, replacing the scene's canvas scale.")
    var scale: Double?

    @Option(help: "Draw random values from this seed instead of the scene's.", transform: UInt64.parseSeed)
    var seed: UInt64?

    @Option(name: .customLong("svg-text"), help: "How SVG writes text: outlines, embedded or system.")
    var svgText: SVGRenderer.TextMode = .outlines

    @Flag(name: .shortAndLong, help: "Print each file written.")
    var verbose = false

    @OptionGroup var sceneOptions: SceneOptions

    func validate() throws {
        if let fps, !(SceneAnimation.fpsRange.contains(fps)) {
            throw ValidationError("--fps must be from \(formatNumber(SceneAnimation.fpsRange.lowerBound)) to \(formatNumber(SceneAnimation.fpsRange.upperBound)) frames a second, found \(formatNumber(fps))")
        }
        if let jobs, jobs < 1 { throw ValidationError("--jobs must be at least 1") }
        guard (1...AnimationExport.maximumSheetFrames).contains(sheetFrames) else {
            throw ValidationError("--sheet-frames must be from 1 to \(AnimationExport.maximumSheetFrames)")
        }
        if let columns, columns < 1 { throw ValidationError("--columns must be at least 1") }
        if let scale, !Limits.scales.contains(CGFloat(scale)) {
            throw ValidationError("--scale must be a number from \(Limits.scales.lowerBound) to \(Int(Limits.scales.upperBound))")
        }
        if scene == "-" { throw ValidationError("animate reads a scene file, not standard input") }
        if SceneInput.isMarkdown(scene) {
            throw ValidationError("animate takes a scene file (.yaml, .yml or .json), not Markdown; put the animated scene in a file of its own")
        }
    }

    func run() throws {
        let start = DispatchTime.now().uptimeNanoseconds
        let input = SceneInput(path: scene)
        let export = AnimationExport(format: format, fps: fps, imageFormat: imageFormat.format,
                                     jobs: jobs ?? ProcessInfo.processInfo.activeProcessorCount,
                                     sheetFrames: sheetFrames, columns: columns)
        let timeline: SceneTimeline
        do {
            let renderer = SceneRenderer(scale: scale.map { CGFloat($0) }, svgTextMode: svgText, fonts: try fonts.library())
            let loaded = try input.load(seed: seed, limits: limitOptions.limits(), fonts: renderer.fonts)
            timeline = try SceneTimeline(loaded, renderer: renderer)
            _ = try export.frameTimes(of: timeline.animation)
            // As 'validate' and 'render' print them (values that switch rather than animate, the
            // first state's layout); with --strict they fail the export before anything is written.
            try Console.warn(timeline.first.warnings(overflow: false), strictOption.policy)
        } catch {
            Console.error(error)
            throw ExitCode.failure
        }
        // Every file is written into a hidden folder inside the output folder and moved into
        // place only once all are written: a failure or an interrupt leaves none of them.
        let folder = URL(fileURLWithPath: output)
        let staging: URL
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            staging = try TemporaryFiles.makeFolder(in: folder, for: input.baseName)
        } catch {
            Console.printError("arrange: error: cannot write into '\(output)': \(FileOutput.describe(error))")
            throw ExitCode.failure
        }
        defer { TemporaryFiles.removeFolder(staging) }
        let names: [String]
        do {
            names = try export.export(timeline, name: input.baseName, progress: { done, total in
                Console.progress("animate \(input.displayName): \(done) of \(total) frames")
            }, write: { [output] file in
                do {
                    try FileOutput.write(file.data, to: staging.appendingPathComponent(file.name))
                } catch let error as FileOutputError {
                    // Named where it was to go, not by its place in the hidden folder.
                    throw FileOutputError(path: (output as NSString).appendingPathComponent(file.name), reason: error.reason)
                }
            })
            try moveIntoPlace(names, from: staging, to: folder)
        } catch let error as FileOutputError {
            Console.endProgress()
            Console.printError("\(error.path): error: cannot write the file: \(error.reason); nothing was written")
            throw ExitCode.failure
        } catch {
            Console.endProgress()
            Console.error(error)
            throw ExitCode.failure
        }
        Console.endProgress()
        if format == .frames { removeStaleFrames(keeping: Set(names), name: input.baseName) }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        let what = format == .frames ? "\(names.count) frames" : names.joined(separator: ", ")
        Console.printError("animated \(input.displayName): wrote \(what) into \(output) in \(String(format: "%.2f", seconds)) s (\(export.jobs) job\(export.jobs == 1 ? "" : "s"))")
    }

    /// Moves the written files from the hidden folder into the output folder. A folder in the
    /// way of any of them is found before the first moves, so the export stays all or nothing.
    private func moveIntoPlace(_ names: [String], from staging: URL, to folder: URL) throws {
        for name in names {
            var isFolder: ObjCBool = false
            let target = folder.appendingPathComponent(name)
            if FileManager.default.fileExists(atPath: target.path, isDirectory: &isFolder), isFolder.boolValue {
                throw FileOutputError(path: (output as NSString).appendingPathComponent(name), reason: "a folder has that name")
            }
        }
        for name in names {
            try TemporaryFiles.move(staging.appendingPathComponent(name), to: folder.appendingPathComponent(name))
            if verbose { Console.printError("wrote \((output as NSString).appendingPathComponent(name))") }
        }
    }

    /// Removes `NAME-0123.png`-style frames of this scene that this export did not write: files
    /// only (a link as a link), never a folder that has such a name, which is noted instead.
    private func removeStaleFrames(keeping written: Set<String>, name: String) {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: output)) ?? []
        let stale = names.filter { file in
            guard !written.contains(file), file.hasPrefix(name + "-"), file.hasSuffix("." + imageFormat.rawValue) else { return false }
            let number = file.dropFirst(name.count + 1).dropLast(imageFormat.rawValue.count + 1)
            return number.count >= 4 && number.allSatisfy(\.isASCII) && number.allSatisfy(\.isNumber)
        }
        let removal = FileOutput.removeFiles(stale.sorted(), in: URL(fileURLWithPath: output))
        for skipped in removal.skipped {
            Console.printError("\((output as NSString).appendingPathComponent(skipped.name)): note: not removed as a stale frame: \(skipped.reason)")
        }
    }
}

extension AnimationExport.Format: ExpressibleByArgument {}
