import Arrange
import ArrangeCairo
import ArrangeSVG
import Foundation
import Synchronization

/// Exports a scene's animation: numbered frames, one animated SVG, one contact sheet or one
/// animated PNG. `arrange animate` parses its options into this and writes the files it returns.
///
/// Frames are sampled every 1/fps seconds from 0 to the end (the last exactly at the end), laid
/// out on one thread, then drawn on `jobs` threads at once.
public struct AnimationExport: Sendable {
    /// What to write.
    public enum Format: String, Sendable, CaseIterable {
        /// Numbered pictures, `NAME-0000.png` on (or `.svg`).
        case frames
        /// One self-contained animated SVG, `NAME.svg`.
        case svg
        /// One picture of `sheetFrames` frames in a grid, each labelled with its time,
        /// `NAME-sheet.png` (or `.svg`).
        case sheet
        /// One animated PNG, `NAME.png`.
        case apng
        /// The frames of the views with an id at every frame time, `NAME-layout.json`: the
        /// animation's layout dump, for tests and tools.
        case layout
    }

    /// One file to write, by its name in the output folder.
    public struct File: Sendable {
        /// The file name, without a folder: `wheel-0003.png`.
        public var name: String
        /// The file's bytes.
        public var data: Data
    }

    /// What to write.
    public var format: Format
    /// Frames a second; nil takes the scene's `fps`, or 30.
    public var fps: Double?
    /// The picture format of `frames` and `sheet`: PNG or SVG.
    public var imageFormat: SceneRenderer.Format
    /// Threads that draw frames at once.
    public var jobs: Int
    /// How many frames a contact sheet shows, evenly spaced from the first to the last.
    public var sheetFrames: Int
    /// Frames per row of a contact sheet; nil chooses up to 4.
    public var columns: Int?

    /// The most frames a contact sheet shows.
    public static let maximumSheetFrames = 100

    /// An export; by default numbered PNG frames at the scene's frame rate, on every core.
    public init(format: Format = .frames, fps: Double? = nil, imageFormat: SceneRenderer.Format = .png,
                jobs: Int = ProcessInfo.processInfo.activeProcessorCount, sheetFrames: Int = 6, columns: Int? = nil) {
        self.format = format
        self.fps = fps
        self.imageFormat = imageFormat
        self.jobs = jobs
        self.sheetFrames = sheetFrames
        self.columns = columns
    }

    /// The times of the frames, in seconds: 0, then every 1/fps (the step stretched a little so
    /// that the last frame falls exactly on the end).
    /// - Throws: `SceneError` at the scene's `duration` for a frame rate outside
    ///   `SceneAnimation.fpsRange`, or a duration that gives more than `SceneAnimation.maximumFrames`
    ///   frames.
    public func frameTimes(of animation: SceneAnimation) throws -> [Double] {
        let fps = fps ?? animation.fps ?? SceneAnimation.defaultFPS
        guard SceneAnimation.fpsRange.contains(fps) else {
            throw SceneError("the frame rate must be from \(SceneReader.format(SceneAnimation.fpsRange.lowerBound)) to \(SceneReader.format(SceneAnimation.fpsRange.upperBound)) frames a second, found \(SceneReader.format(fps))",
                             at: animation.durationLocation)
        }
        let count = animation.frameCount(fps: fps)
        guard count <= SceneAnimation.maximumFrames else {
            throw SceneError("\(SceneReader.format(animation.duration)) seconds at \(SceneReader.format(fps)) frames a second is \(count == Int.max ? "too many" : "\(count)") frames; at most \(SceneAnimation.maximumFrames) (shorten 'duration' or lower the frame rate)",
                             at: animation.durationLocation)
        }
        let steps = count - 1
        return (0..<count).map { steps == 0 ? 0 : animation.duration * Double($0) / Double(steps) }
    }

    /// The files of `timeline`'s animation, named after `name` (the scene file's name without
    /// its extension), all in memory: for tests and small animations. `export` hands each file on
    /// as it is drawn instead.
    /// - Throws: `SceneError`, located, for too many frames or a frame that cannot be drawn.
    public func files(_ timeline: SceneTimeline, name: String,
                      progress: (@Sendable (_ done: Int, _ total: Int) -> Void)? = nil) throws -> [File] {
        let collected = Mutex<[File]>([])
        let names = try export(timeline, name: name, progress: progress) { file in collected.withLock { $0.append(file) } }
        let files = collected.withLock { $0 }
        let byName = Dictionary(files.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        return names.compactMap { byName[$0] }
    }

    /// Draws the files of `timeline`'s animation, named after `name`, and hands each to `write`
    /// as soon as it is drawn: numbered frames from the drawing threads, in any order, so that
    /// only the frames in flight are in memory, never all of them. `progress` hears of each
    /// frame drawn. After `write` throws, no more frames are drawn and its error is rethrown.
    /// - Returns: the names of the files, in order.
    /// - Throws: `SceneError`, located, for too many frames or a frame that cannot be drawn;
    ///   whatever `write` throws.
    @discardableResult
    public func export(_ timeline: SceneTimeline, name: String,
                       progress: (@Sendable (_ done: Int, _ total: Int) -> Void)? = nil,
                       write: @escaping @Sendable (File) throws -> Void) throws -> [String] {
        let times = try frameTimes(of: timeline.animation)
        try Self.checkWork(frames: times.count, of: timeline.first.scene)
        guard format == .frames else {
            let file = try single(timeline, times: times, name: name, progress: progress)
            try write(file)
            return [file.name]
        }
        let digits = max(4, String(times.count - 1).count)
        let names = times.indices.map { index in
            "\(name)-\(String(repeating: "0", count: max(0, digits - String(index).count)))\(index).\(imageFormat.rawValue)"
        }
        // Display lists are sampled on this thread (a timeline is not Sendable), a few batches of
        // `jobs` at a time, so neither lists nor pictures of the whole animation are ever held.
        let batch = max(1, jobs) * 4
        for start in stride(from: 0, to: times.count, by: batch) {
            let indices = start..<min(start + batch, times.count)
            let lists = indices.map { timeline.frame(at: times[$0]).displayList }
            let total = times.count
            var batchProgress: (@Sendable (Int, Int) -> Void)?
            if let progress { batchProgress = { done, _ in progress(start + done, total) } }
            try draw(lists, timeline.first, as: imageFormat, progress: batchProgress) { index, data in
                try write(File(name: names[start + index], data: data))
            }
        }
        return names
    }

    /// The one file of a format other than `frames`.
    private func single(_ timeline: SceneTimeline, times: [Double], name: String,
                        progress: (@Sendable (_ done: Int, _ total: Int) -> Void)?) throws -> File {
        switch format {
        case .frames, .svg:
            let lists = times.map { timeline.frame(at: $0).displayList }
            let first = timeline.first
            let svg = try LargeStack.run {
                try SVGRenderer(textMode: first.svgTextMode, fonts: first.fonts)
                    .animation(lists, times: times, duration: timeline.animation.duration, options: first.options)
            }
            progress?(lists.count, lists.count)
            return File(name: "\(name).svg", data: Data(svg.utf8))
        case .sheet:
            let count = min(max(sheetFrames, 1), times.count)
            let sheetTimes = (0..<count).map { count == 1 ? 0 : timeline.animation.duration * Double($0) / Double(count - 1) }
            let sheet = ContactSheet(columns: columns).list(of: sheetTimes.map { timeline.frame(at: $0).displayList },
                                                            labels: sheetTimes.map { "t = \(ContactSheet.seconds($0)) s" },
                                                            fonts: timeline.first.fonts)
            var scene = timeline.first
            scene.options.background = scene.options.background ?? ContactSheet.paper
            let data = try scene.draw(sheet, as: imageFormat)
            progress?(count, count)
            return File(name: "\(name)-sheet.\(imageFormat.rawValue)", data: data)
        case .layout:
            let frames = times.map { time in
                let frame = timeline.frame(at: time)
                return (time, frame.frames, Self.trims(in: frame.displayList))
            }
            progress?(frames.count, frames.count)
            return File(name: "\(name)-layout.json", data: Data(Self.layoutJSON(frames, file: timeline.first.scene.file).utf8))
        case .apng:
            let lists = times.map { timeline.frame(at: $0).displayList }
            let opaque = (timeline.first.options.background?.alpha ?? 0) >= 1
            // An APNG is one file: its frames are gathered, in order, before it is assembled.
            let pictures = Mutex<[Data]>(Array(repeating: Data(), count: lists.count))
            try draw(lists, timeline.first, as: .png, alwaysRGBA: !opaque, progress: progress) { index, data in
                pictures.withLock { $0[index] = data }
            }
            let step = times.count > 1 ? times[1] - times[0] : timeline.animation.duration
            do {
                return File(name: "\(name).png", data: try AnimatedPNG.assemble(pictures.withLock { $0 }, delay: AnimatedPNG.delay(seconds: step)))
            } catch {
                throw SceneError("cannot make the animated PNG: \(error)", at: timeline.animation.durationLocation)
            }
        }
    }

    /// Refuses an animation whose frames × views pass the scene's `animationViewFrames` limit:
    /// every frame lays the scene out again (and `layout` writes every view of every frame).
    /// - Throws: `SceneError` at the animation's `duration`.
    static func checkWork(frames: Int, of scene: Scene) throws {
        let views = max(scene.viewCount, 1)
        let (work, overflow) = frames.multipliedReportingOverflow(by: views)
        guard overflow || work > scene.limits.animationViewFrames, let animation = scene.animation else { return }
        throw SceneError("\(frames) frames of \(views) views each are \(overflow ? "too many" : "\(work)") view frames to lay out, over the limit of \(scene.limits.animationViewFrames) (shorten 'duration', lower the frame rate or use fewer views)\(SceneLimits.raise("animation-views"))",
                         at: animation.durationLocation)
    }

    /// `{"source": FILE, "frames": [{"time": 0, "views": {"ID": {"x":, "y":, "width":, "height":}}}]}`,
    /// ids sorted, numbers as `LayoutDump` writes them: the same input gives the same bytes. A
    /// view that draws a trimmed shape also has `"trim": {"from":, "to":}`.
    static func layoutJSON(_ frames: [(time: Double, views: TaggedFrames, trims: [String: PathTrim])], file: String) -> String {
        var json = "{\n  \"source\": \(LayoutDump.quoted(file)),\n  \"frames\": ["
        for (index, frame) in frames.enumerated() {
            json += index == 0 ? "\n" : ",\n"
            json += "    {\"time\": \(LayoutDump.number(frame.time)), \"views\": {"
            let views = frame.views.byID.sorted { $0.key < $1.key }
            json += views.map { id, rect in
                var view = "\(LayoutDump.quoted(id)): {\"x\": \(LayoutDump.number(rect.minX)), \"y\": \(LayoutDump.number(rect.minY)), \"width\": \(LayoutDump.number(rect.width)), \"height\": \(LayoutDump.number(rect.height))"
                if let trim = frame.trims[id] {
                    view += ", \"trim\": {\"from\": \(LayoutDump.number(trim.from)), \"to\": \(LayoutDump.number(trim.to))}"
                }
                return view + "}"
            }.joined(separator: ", ")
            json += "}}"
        }
        return json + "\n  ]\n}\n"
    }

    /// The trim of the first trimmed shape each id draws (its own or, for an untagged shape, its
    /// nearest tagged ancestor's id), back to front.
    static func trims(in list: DisplayList) -> [String: PathTrim] {
        var trims: [String: PathTrim] = [:]
        func visit(_ items: [DisplayItem]) {
            for item in items {
                switch item.content {
                case .path(let drawing):
                    if let id = item.identity.id, let trim = drawing.trim, trims[id] == nil { trims[id] = trim }
                case .group(let group):
                    visit(group.items)
                case .fill, .strokeBorder, .text, .image:
                    continue
                }
            }
        }
        visit(list.items)
        return trims
    }

    /// `lists` drawn in `format` on `jobs` threads, each picture handed to `deliver` with its
    /// index by the thread that drew it. Each thread draws whole frames one after another, each
    /// on one thread: frames, not bands, are the parallel work.
    private func draw(_ lists: [DisplayList], _ scene: RenderedScene, as format: SceneRenderer.Format, alwaysRGBA: Bool = false,
                      progress: (@Sendable (Int, Int) -> Void)?, deliver: @escaping @Sendable (Int, Data) throws -> Void) throws {
        let workers = max(1, min(jobs, lists.count))
        var scene = scene
        scene.pngThreads = 1
        struct Shared {
            var done = 0
            var failure: (index: Int, error: any Error)?
        }
        let shared = Mutex(Shared())
        let drawer = scene
        LargeStack.forEach(lists.count, workers: workers) { index in
            // After a failure, the frames left are not drawn.
            guard shared.withLock({ $0.failure == nil }) else { return }
            do {
                try deliver(index, try drawer.draw(lists[index], as: format, alwaysRGBA: alwaysRGBA))
                let done = shared.withLock { state -> Int in
                    state.done += 1
                    return state.done
                }
                progress?(done, lists.count)
            } catch {
                shared.withLock { state in
                    // The earliest frame's error, whichever thread met it first.
                    if state.failure == nil || index < state.failure?.index ?? .max { state.failure = (index, error) }
                }
            }
        }
        try shared.withLock { state in
            if let failure = state.failure { throw failure.error }
            guard state.done == lists.count else { throw SceneError("\(lists.count - state.done) frames were not drawn", at: scene.scene.viewLocation) }
        }
    }
}
