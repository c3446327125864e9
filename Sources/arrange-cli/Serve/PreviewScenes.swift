import Arrange
import ArgumentParser
import ArrangeScene
import Foundation

/// What `arrange serve` shows of each scene, kept current as its files change: the last good
/// picture (SVG) and layout tree, and the errors and warnings of the last reading.
///
/// A class: the watching thread writes the state and every connection's thread reads it, and an
/// event stream sleeps until it changes; one `NSCondition` guards the state and wakes them.
final class PreviewScenes: @unchecked Sendable {
    /// How every scene is read and drawn.
    struct Settings: Sendable {
        var renderer: SceneRenderer
        var seed: UInt64?
        var limits: SceneLimits
        var warnings: WarningPolicy
        /// `--font-dir`'s files and folders: inputs of every scene.
        var fontDirs: [String]
    }

    /// One scene as the page shows it.
    struct Entry: Sendable {
        /// The file's name as given on the command line ("README.md, block 2" for Markdown).
        var name: String
        /// Counts readings that changed what the page shows; the page asks again when it grows.
        var version = 0
        /// The `version` of the picture shown now; 0 before any reading succeeded.
        var pictureVersion = 0
        /// The last good picture, as SVG.
        var svg: Data?
        /// The last good picture's layout tree (`arrange layout --json`).
        var layout: Data?
        /// The last reading's errors, `file:line:column: error: …`; empty when it succeeded.
        var errors: [String] = []
        /// The last good reading's warnings.
        var warnings: [String] = []
    }

    private let condition = NSCondition()
    private var entries: [Entry]
    /// Increases with every change of any entry: the event stream's `id`.
    private var generation = 0
    private var inputs: [SceneInput]
    let settings: Settings
    /// How often the files are looked at, and how long they must be still before a reading:
    /// `render --watch`'s values (`Watcher`), so a save in several writes reads once.
    var pollInterval = 0.1
    var debounce = 0.15

    init(_ inputs: [SceneInput], settings: Settings) {
        self.inputs = inputs
        self.settings = settings
        entries = inputs.map { Entry(name: $0.displayName) }
    }

    var count: Int { entries.count }

    /// The entries as they are now, with the generation they belong to.
    func snapshot() -> (generation: Int, entries: [Entry]) {
        condition.lock()
        defer { condition.unlock() }
        return (generation, entries)
    }

    /// Waits until the generation differs from `seen` or `seconds` pass; returns whether it did.
    func wait(after seen: Int, seconds: Double) -> Bool {
        let deadline = Date(timeIntervalSinceNow: seconds)
        condition.lock()
        defer { condition.unlock() }
        while generation == seen {
            if !condition.wait(until: deadline) { return generation != seen }
        }
        return true
    }

    /// Reads, lays out and draws scene `index` again. A scene that fails keeps its last good
    /// picture and shows its errors. Returns the files it reads (its own, fonts, images, and
    /// `--font-dir`), for the watch.
    @discardableResult
    func render(_ index: Int) -> [String] {
        var input = condition.withLock { inputs[index] }
        var files = [input.path] + settings.fontDirs
        var result: (svg: Data, layout: Data, warnings: [String])?
        var errors: [String] = []
        do {
            if input.markdown != nil {
                // A Markdown file is read again whole, as `render --watch` does.
                input.markdown = try MarkdownScenes(contentsOf: input.path, limits: settings.limits)
                condition.withLock { inputs[index] = input }
            }
            let scene = try input.load(seed: settings.seed, limits: settings.limits, fonts: settings.renderer.fonts)
            files += scene.inputs + scene.inputFolders
            // Both schemes: light and dark laid out, and served as the adaptive SVG render writes,
            // which follows the browser's scheme.
            let schemes = settings.renderer.bothSchemes(of: scene)
            let rendered = try (schemes?[0] ?? settings.renderer).layout(scene)
            var warnings = try settings.warnings.apply(rendered.warnings(overflow: false))
            let svg: Data
            if let dark = try schemes.map({ try $0[1].layout(scene) }) {
                warnings += try settings.warnings.apply(dark.warnings(overflow: false)).filter { !warnings.contains($0) }
                svg = try rendered.adaptiveSVG(rendered.displayList, dark: dark, dark.displayList)
            } else {
                svg = try rendered.data(as: .svg)
            }
            result = (svg, Data(LayoutDump.json(rendered.tree, file: scene.file).utf8), warnings)
        } catch {
            errors = Self.messages(error, name: input.displayName)
        }
        condition.withLock {
            var entry = entries[index]
            if let result {
                entry.svg = result.svg
                entry.layout = result.layout
                entry.warnings = result.warnings
                entry.errors = []
            } else {
                entry.errors = errors
            }
            // An unchanged reading (a save that changed nothing) is no news to the page.
            let news = result.map { $0.svg != entries[index].svg || $0.layout != entries[index].layout } ?? true
            guard news || entry.errors != entries[index].errors || entry.warnings != entries[index].warnings else { return }
            generation += 1
            entry.version = generation
            if result != nil { entry.pictureVersion = generation }
            entries[index] = entry
            condition.broadcast()
        }
        var seen = Set<String>()
        return files.filter { seen.insert($0).inserted }
    }

    /// An error as the lines the page and the console show.
    static func messages(_ error: any Error, name: String) -> [String] {
        if let scene = error as? SceneError { return scene.all.map(\.description) }
        if let strict = error as? StrictWarnings { return strict.lines }
        if let validation = error as? ValidationError { return ["\(name): error: \(validation.description)"] }
        return ["\(name): error: \(FileOutput.describe(error))"]
    }

    /// The stamps of `paths`; a missing file has one of its own, so its return is a change.
    private static func state(_ paths: [String]) -> [String: Watcher.Stamp] {
        var all: [String: Watcher.Stamp] = [:]
        for path in paths {
            all.merge(Watcher.stamps(path)) { first, _ in first }
            if all[path] == nil { all[path] = Watcher.Stamp(size: -1, seconds: 0, nanoseconds: 0, inode: 0) }
        }
        return all
    }

    /// Reads every scene, then watches their files on a thread of its own, reading a scene again
    /// once its files have changed and been still for `debounce`.
    func start() {
        let first = (0 ..< count).map { render($0) }
        for entry in snapshot().entries where !entry.errors.isEmpty {
            entry.errors.forEach(Console.printError)
        }
        let thread = Thread { [self] in
            var files = first
            var known = files.map(Self.state)
            while true {
                Thread.sleep(forTimeInterval: pollInterval)
                var changed = files.indices.filter { Self.state(files[$0]) != known[$0] }
                guard !changed.isEmpty else { continue }
                var settled = changed.map { Self.state(files[$0]) }
                while true {
                    Thread.sleep(forTimeInterval: debounce)
                    changed = files.indices.filter { Self.state(files[$0]) != known[$0] }
                    let now = changed.map { Self.state(files[$0]) }
                    if now == settled { break }
                    settled = now
                }
                for index in changed {
                    // Taken before the reading, so a save during it is read again.
                    known[index] = Self.state(files[index])
                    let start = DispatchTime.now().uptimeNanoseconds
                    let read = render(index)
                    let milliseconds = Int((Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6).rounded())
                    if read != files[index] {
                        // The stamps taken before the reading win, so a save during it still counts.
                        let fresh = Self.state(read)
                        known[index] = fresh.merging(known[index].filter { fresh[$0.key] != nil }) { _, before in before }
                        files[index] = read
                    }
                    let entry = snapshot().entries[index]
                    if entry.errors.isEmpty {
                        Console.printError("reloaded \(entry.name) (\(milliseconds) ms)")
                    } else {
                        entry.errors.forEach(Console.printError)
                        Console.printError("\(entry.name) has errors; the page keeps its last good picture")
                    }
                }
            }
        }
        thread.start()
    }
}
