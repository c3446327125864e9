import Arrange
import ArrangeScene
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `arrange render --watch`: after the first render, renders a scene again whenever it or a file
/// it uses (the fonts of its `fonts:` and of `--font-dir`) changes, printing one line a render.
///
/// Files are polled, not subscribed to: editors save by writing a new file and renaming it over
/// the old one, which a watch on the old file misses; a poll of a few files ten times a second
/// costs nothing. A change starts a render once the files have been still for `debounce`, so a
/// save that writes in several steps renders once. A scene that fails prints its errors and
/// keeps its last good pictures (outputs are only ever replaced whole).
struct Watcher {
    let batch: BatchRender
    var pollInterval: Duration = .milliseconds(100)
    var debounce: Duration = .milliseconds(150)

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

    /// The files a plan's pictures depend on: the scene, its fonts, `--font-dir`.
    func inputs(of plan: BatchRender.Plan) -> [String] {
        var paths = [plan.input.path]
        if let scene = try? plan.input.load(seed: batch.settings.seed, limits: batch.settings.limits) {
            paths += scene.fontSources.map(\.url.path)
        }
        return paths + batch.settings.fontDirs
    }

    /// The stamps of `paths`, a plan's inputs.
    func state(_ paths: [String]) -> [String: Stamp] {
        var all: [String: Stamp] = [:]
        for path in paths {
            all.merge(Self.stamps(path)) { first, _ in first }
            // A file that is missing now must count as a change when it comes back.
            if all[path] == nil, !FileManager.default.fileExists(atPath: path) { all[path] = Stamp(size: -1, seconds: 0, nanoseconds: 0, inode: 0) }
        }
        return all
    }

    /// Watches until the process is stopped.
    func run() -> Never {
        // A process started by another (a test runner, an IDE) may inherit a mask that blocks
        // these; a watcher must stop when asked.
        var stopSignals = sigset_t()
        sigemptyset(&stopSignals)
        for signal in [SIGINT, SIGTERM, SIGHUP] { sigaddset(&stopSignals, signal) }
        pthread_sigmask(SIG_UNBLOCK, &stopSignals, nil)
        let plans = batch.plans.filter { $0.clash == nil }
        Console.printError("watching \(plans.count) scene\(plans.count == 1 ? "" : "s") and the files they use; press Ctrl-C to stop")
        // Each plan's input files, found by reading its scene: read again only when it renders
        // (it may name other fonts then), so a poll costs a few stat calls, never a parse.
        var inputs = plans.map(inputs(of:))
        var known = inputs.map(state)
        while true {
            Thread.sleep(forTimeInterval: Self.seconds(pollInterval))
            var changed = plans.indices.filter { state(inputs[$0]) != known[$0] }
            guard !changed.isEmpty else { continue }
            // Wait until the files are still: a save in several writes renders once.
            var settled = changed.map { state(inputs[$0]) }
            while true {
                Thread.sleep(forTimeInterval: Self.seconds(debounce))
                changed = plans.indices.filter { state(inputs[$0]) != known[$0] }
                let now = changed.map { state(inputs[$0]) }
                if now == settled { break }
                settled = now
            }
            for index in changed {
                inputs[index] = self.inputs(of: plans[index])
                known[index] = state(inputs[index])
                let start = DispatchTime.now().uptimeNanoseconds
                let outcome = batch.render(plans[index])
                let milliseconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
                let name = plans[index].input.displayName
                switch outcome {
                case .rendered:
                    let outputs = plans[index].targets.map(\.path).joined(separator: ", ")
                    Console.printError("\(Self.clock()) rendered \(name) → \(outputs) (\(Int(milliseconds.rounded())) ms)")
                case .unchanged, .failed:
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
