import Arrange
import ArrangeScene
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `arrange render --watch`: after the first render, renders a scene again whenever it or a file
/// it reads (every one of its `inputs`: fonts, font folders, images, and `--font-dir`) changes,
/// printing one line a render. A Markdown file is watched whole: when it or a file one of its
/// blocks reads changes, it is read again, its blocks render and it is rewritten.
///
/// Files are polled, not subscribed to: editors save by writing a new file and renaming it over
/// the old one, which a watch on the old file misses; a poll of a few files ten times a second
/// costs nothing. A change starts a render once the files have been still for `debounce`, so a
/// save that writes in several steps renders once. A scene that fails prints its errors and
/// keeps its last good pictures (outputs are only ever replaced whole).
struct Watcher {
    let batch: BatchRender
    /// The plans of a Markdown file's blocks, read again after it changed.
    let replan: ([SceneInput]) -> [BatchRender.Plan]
    /// Rewrites the Markdown files of rendered plans; returns how many failed.
    let rewrite: ([BatchRender.Plan], [BatchRender.Outcome]) -> Int
    var pollInterval: Duration = .milliseconds(100)
    var debounce: Duration = .milliseconds(150)

    /// What renders together: one scene file, or every block of one Markdown file.
    struct Unit {
        var plans: [BatchRender.Plan]
        /// The Markdown file, for its blocks; nil for a scene file.
        var markdown: SceneInput?
        /// The files it reads, as last found.
        var inputs: [String] = []
        var name: String { markdown?.displayName ?? plans.first?.input.displayName ?? "" }
    }

    /// What identifies a file's content without reading it: size, modification time, inode.
    struct Stamp: Hashable {
        var size: Int64
        var seconds: Int
        var nanoseconds: Int
        var inode: UInt64
    }

    /// The stamps of a file, or of every file in a folder (a missing file has none).
    static func stamps(_ path: String) -> [String: Stamp] {
        var info = stat()
        guard stat(path, &info) == 0 else { return [:] }
        if (info.st_mode & S_IFMT) == S_IFDIR {
            var result: [String: Stamp] = [:]
            let walker = FileManager.default.enumerator(atPath: path)
            while let relative = walker?.nextObject() as? String {
                let full = (path as NSString).appendingPathComponent(relative)
                var sub = stat()
                if stat(full, &sub) == 0, (sub.st_mode & S_IFMT) == S_IFREG { result[full] = stamp(sub) }
            }
            return result
        }
        return [path: stamp(info)]
    }

    private static func stamp(_ info: stat) -> Stamp {
        Stamp(size: Int64(info.st_size), seconds: Int(info.st_mtim.tv_sec), nanoseconds: Int(info.st_mtim.tv_nsec), inode: UInt64(info.st_ino))
    }

    /// The files a unit's pictures depend on: its file, every input its scenes read (fonts, font
    /// folders, images), `--font-dir`. A scene that cannot be read now keeps the inputs it had,
    /// so that fixing one of them still renders it again.
    func inputs(of unit: Unit) -> [String] {
        var paths = [unit.markdown?.path ?? unit.plans.first?.input.path ?? ""]
        var complete = true
        for plan in unit.plans {
            guard let scene = try? plan.input.load(seed: batch.settings.seed, limits: batch.settings.limits) else {
                complete = false
                continue
            }
            paths += scene.inputs + scene.inputFolders
        }
        if !complete { paths += unit.inputs }
        paths += batch.settings.fontDirs
        var seen = Set<String>()
        return paths.filter { seen.insert($0).inserted }
    }

    /// The stamps of `paths`, a unit's inputs.
    func state(_ paths: [String]) -> [String: Stamp] {
        var all: [String: Stamp] = [:]
        for path in paths {
            all.merge(Self.stamps(path)) { first, _ in first }
            // A file that is missing now must count as a change when it comes back.
            if all[path] == nil, !FileManager.default.fileExists(atPath: path) { all[path] = Stamp(size: -1, seconds: 0, nanoseconds: 0, inode: 0) }
        }
        return all
    }

    /// The scene files and Markdown files of the batch, each once.
    func units() -> [Unit] {
        var units: [Unit] = []
        for plan in batch.plans where plan.clash == nil {
            guard plan.input.markdownBlock != nil else {
                units.append(Unit(plans: [plan], markdown: nil))
                continue
            }
            if let index = units.firstIndex(where: { $0.markdown?.path == plan.input.path }) {
                units[index].plans.append(plan)
            } else {
                var file = plan.input
                file.markdownBlock = nil
                file.markdown = nil
                units.append(Unit(plans: [plan], markdown: file))
            }
        }
        return units
    }

    /// Renders a unit again: a Markdown file read anew (its blocks may have changed, come or
    /// gone) and rewritten. Returns whether everything rendered.
    func render(_ unit: inout Unit) -> Bool {
        guard let file = unit.markdown else { return unit.plans.allSatisfy { Self.succeeded(batch.render($0)) } }
        do {
            unit.plans = replan(try SceneInput.markdownBlocks(file)).filter { $0.clash == nil }
        } catch {
            Console.error(error)
            return false
        }
        let outcomes = unit.plans.map(batch.render)
        return rewrite(unit.plans, outcomes) == 0 && outcomes.allSatisfy(Self.succeeded)
    }

    private static func succeeded(_ outcome: BatchRender.Outcome) -> Bool {
        if case .rendered = outcome { return true }
        return false
    }

    /// Watches until the process is stopped.
    func run() -> Never {
        // A process started by another (a test runner, an IDE) may inherit a mask that blocks
        // these; a watcher must stop when asked.
        var stopSignals = sigset_t()
        sigemptyset(&stopSignals)
        for signal in [SIGINT, SIGTERM, SIGHUP] { sigaddset(&stopSignals, signal) }
        pthread_sigmask(SIG_UNBLOCK, &stopSignals, nil)
        var units = units()
        // Each unit's input files, found by reading its scenes: read again only when it renders
        // (it may name other files then), so a poll costs a few stat calls, never a parse.
        for index in units.indices { units[index].inputs = inputs(of: units[index]) }
        var known = units.map { state($0.inputs) }
        // Said once the files' states are taken: an edit made after this line is seen (said
        // before, on a busy machine an edit could land in the states and never render).
        Console.printError("watching \(units.count) scene file\(units.count == 1 ? " and the files it reads" : "s and the files they read"); press Ctrl-C to stop")
        while true {
            Thread.sleep(forTimeInterval: Self.seconds(pollInterval))
            var changed = units.indices.filter { state(units[$0].inputs) != known[$0] }
            guard !changed.isEmpty else { continue }
            // Wait until the files are still: a save in several writes renders once.
            var settled = changed.map { state(units[$0].inputs) }
            while true {
                Thread.sleep(forTimeInterval: Self.seconds(debounce))
                changed = units.indices.filter { state(units[$0].inputs) != known[$0] }
                let now = changed.map { state(units[$0].inputs) }
                if now == settled { break }
                settled = now
            }
            for index in changed {
                // Taken before the render, so an edit made while it runs renders again; but a
                // Markdown file after it, since a rewrite in place changes the file itself.
                if units[index].markdown == nil {
                    units[index].inputs = inputs(of: units[index])
                    known[index] = state(units[index].inputs)
                }
                let start = DispatchTime.now().uptimeNanoseconds
                let good = render(&units[index])
                let milliseconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
                if units[index].markdown != nil {
                    units[index].inputs = inputs(of: units[index])
                    known[index] = state(units[index].inputs)
                }
                let name = units[index].name
                if good {
                    let outputs = units[index].plans.flatMap { $0.targets.map(\.path) }.joined(separator: ", ")
                    Console.printError("\(Self.clock()) rendered \(name) → \(outputs) (\(Int(milliseconds.rounded())) ms)")
                } else {
                    Console.printError("\(Self.clock()) \(name) has errors; its last good pictures are kept")
                }
            }
        }
    }

    private static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    /// The time of day, HH:MM:SS, as the start of each line.
    private static func clock() -> String {
        var now = time(nil)
        var parts = tm()
        localtime_r(&now, &parts)
        return String(format: "%02d:%02d:%02d", parts.tm_hour, parts.tm_min, parts.tm_sec)
    }
}
