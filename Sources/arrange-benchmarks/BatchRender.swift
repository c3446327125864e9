import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// `arrange render` of 200 fixture-like scenes, PNG and SVG, with one job and with two: the
/// release `arrange` binary beside this one, run as a user runs it, timed by wall clock.
enum BatchRender {
    static let sceneCount = 200

    /// The package root, from this file's place in it.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func workloads(quick: Bool) -> [Workload] {
        [1, 2].map { jobs in
            Workload(id: "render-jobs\(jobs)", name: "arrange render, 200 scenes, png+svg, --jobs \(jobs)", count: sceneCount,
                     repetitions: quick ? 2 : 9, floorName: "C greedy + Cairo PNG + SVG, 200 × 40 boxes") {
                try runner(jobs: jobs)
            }
        } + [
            // The throughput of two jobs over one, from pairs of runs made one right after the
            // other, so that a shared machine's slow spells land on both sides of a ratio.
            Workload(id: "render-speedup", name: "arrange render, 200 scenes, --jobs 2 paired with --jobs 1", count: sceneCount,
                     repetitions: quick ? 2 : 9, floorName: "the same, --jobs 1, in turn") {
                try speedupRunner()
            },
        ]
    }

    /// `--jobs 2` timed as the workload and `--jobs 1` as its floor, run in turn; the notes give
    /// the median and range of the pairs' speed-ups (time with one job ÷ time with two).
    static func speedupRunner() throws -> Runner {
        let batch = try Batch()
        final class Pairs: @unchecked Sendable {
            var two: UInt64 = 0
            var speedUps: [Double] = []
        }
        let pairs = Pairs()
        return Runner(run: {
            let sample = try batch.render(jobs: 2)
            pairs.two = sample.nanoseconds
            return sample
        }, floor: {
            let sample = try batch.render(jobs: 1)
            if pairs.two > 0 { pairs.speedUps.append(Double(sample.nanoseconds) / Double(pairs.two)) }
            return sample
        }, warmUp: { _ = try batch.render(jobs: 2) }, notes: { _ in
            let sorted = pairs.speedUps.sorted()
            guard let low = sorted.first, let high = sorted.last else { return "" }
            return String(format: "speed-up with 2 jobs: %.2f× (median of %d pairs; %.2f–%.2f)", sorted[sorted.count / 2], sorted.count, low, high)
        }, memoryOfChildren: true, cleanUp: batch.cleanUp)
    }

    /// The 200 scenes in a temporary folder, and `arrange render` of them.
    struct Batch {
        let arrange: URL
        let folder: URL
        let scenes: [URL]
        let fixtureCount: Int

        init() throws {
            guard let executable = Bundle.main.executableURL?.resolvingSymlinksInPath() else { throw Skip(reason: "cannot find this executable") }
            arrange = executable.deletingLastPathComponent().appendingPathComponent("arrange")
            guard FileManager.default.isExecutableFile(atPath: arrange.path) else {
                throw Skip(reason: "no \(arrange.path): build it with the benchmarks (swift build -c release --scratch-path …)")
            }
            folder = FileManager.default.temporaryDirectory.appendingPathComponent("arrange-bench-\(getpid())")
            (scenes, fixtureCount) = try makeScenes(in: folder.appendingPathComponent("scenes"))
        }

        func cleanUp() { try? FileManager.default.removeItem(at: folder) }

        /// One run of `arrange render` of every scene, PNG and SVG, with `jobs` jobs. Started
        /// with posix_spawn and reaped with waitpid, so the clock stops when the process ends:
        /// Foundation's `Process.waitUntilExit` polls its run loop every 50 ms, which would add
        /// up to 50 ms to each run.
        func render(jobs: Int) throws -> Sample {
            let output = folder.appendingPathComponent("out")
            let log = folder.appendingPathComponent("stderr.txt")
            let arguments = ["render"] + scenes.map(\.path) + ["-o", output.path, "--format", "png,svg", "--jobs", String(jobs)]
            try? FileManager.default.removeItem(at: output)
            // The previous run's 8 MB are flushed to disk before the clock starts, so that its
            // write-back does not slow this run's file creation (on this machine's disk, by up to
            // 0.6 ms a file).
            sync()
            var actions = posix_spawn_file_actions_t()
            posix_spawn_file_actions_init(&actions)
            defer { posix_spawn_file_actions_destroy(&actions) }
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
            posix_spawn_file_actions_addopen(&actions, 2, log.path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
            let argv: [UnsafeMutablePointer<CChar>?] = ([arrange.path] + arguments).map { strdup($0) } + [nil]
            defer { argv.forEach { free($0) } }
            var pid: pid_t = 0
            let start = DispatchTime.now().uptimeNanoseconds
            let spawned = posix_spawn(&pid, arrange.path, &actions, nil, argv, environ)
            guard spawned == 0 else { throw Skip(reason: "cannot start \(arrange.path): \(String(cString: strerror(spawned)))") }
            var status: Int32 = 0
            while waitpid(pid, &status, 0) == -1, errno == EINTR {}
            let elapsed = DispatchTime.now().uptimeNanoseconds - start
            // Exited (the low seven bits 0) with status 0.
            guard status & 0x7f == 0, (status >> 8) & 0xff == 0 else {
                let message = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
                // The errors, not the warnings before them.
                let lines = message.split(separator: "\n")
                let errors = lines.filter { $0.contains(": error: ") }
                throw Failure(reason: "arrange render failed: " + (errors.isEmpty ? lines : errors).prefix(3).joined(separator: " | "))
            }
            return Sample(nanoseconds: elapsed, bytes: folderBytes(output))
        }
    }

    static func runner(jobs: Int) throws -> Runner {
        let batch = try Batch()
        func render() throws -> Sample { try batch.render(jobs: jobs) }
        // The floor's unit of work: per scene, a 40-box anchor flow (1000 × 150 pt, about a
        // fixture's pixels) laid out, drawn and encoded by Cairo and written as SVG in C, in this
        // process, one at a time.
        var floor = FloorInput(AnchorWorkload.boxes(40))
        return Runner(run: render, floor: {
            try Sample.time {
                var bytes = 0
                for _ in 0..<sceneCount {
                    floor.place()
                    bytes += try floor.png().bytes + floor.svg().bytes
                }
                return bytes
            }
        }, warmUp: {
            // Once, so the page cache holds the binary, the fonts and the scenes.
            _ = try render()
        }, notes: { _ in "\(batch.scenes.count) scenes from \(batch.fixtureCount) fixtures; peak is arrange's" }, memoryOfChildren: true,
        cleanUp: batch.cleanUp)
    }

    /// Copies of Fixtures/*.yaml, each with its canvas width scaled by 0.75…1.25, its background
    /// a different light colour, and its own seed, so no two render the same picture. The fonts,
    /// images and included files the fixtures name come along.
    static func makeScenes(in folder: URL) throws -> (scenes: [URL], fixtures: Int) {
        let fixtures = root.appendingPathComponent("Fixtures")
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: fixtures.path)) ?? []).filter { $0.hasSuffix(".yaml") }.sorted()
        guard !names.isEmpty else { throw Skip(reason: "no fixtures in \(fixtures.path)") }
        try? FileManager.default.removeItem(at: folder)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        // What scenes name by relative path: font files, images, included definitions.
        for resources in ["fonts", "images", "shared"] {
            let source = fixtures.appendingPathComponent(resources)
            if FileManager.default.fileExists(atPath: source.path) {
                try FileManager.default.copyItem(at: source, to: folder.appendingPathComponent(resources))
            }
        }
        var scenes: [URL] = []
        for index in 0..<sceneCount {
            let name = names[index % names.count]
            let text = try String(contentsOf: fixtures.appendingPathComponent(name), encoding: .utf8)
            let factor = 0.75 + 0.5 * Double((index * 37) % 101) / 100
            let grey = 0xE0 + (index * 7) % 0x20
            var lines: [String] = []
            var hasSeed = false
            for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
                if line.hasPrefix("canvas:") {
                    lines.append(vary(line, factor: factor, background: String(format: "\"#%02x%02x%02x\"", grey, 0xFF - (index % 16), grey)))
                } else if line.hasPrefix("seed:") {
                    lines.append("seed: \(index)")
                    hasSeed = true
                } else {
                    lines.append(line)
                }
            }
            if !hasSeed { lines.append("seed: \(index)") }
            let stem = (name as NSString).deletingPathExtension
            let url = folder.appendingPathComponent(String(format: "%03d-%@.yaml", index, stem))
            try lines.joined(separator: "\n").write(to: url, atomically: true, encoding: .utf8)
            scenes.append(url)
        }
        return (scenes, names.count)
    }

    /// The canvas line with `width: W` scaled and `background: …` replaced.
    static func vary(_ line: String, factor: Double, background: String) -> String {
        var result = line
        if let range = result.range(of: #"width: \d+"#, options: .regularExpression) {
            let width = Int(result[range].dropFirst("width: ".count)) ?? 0
            result.replaceSubrange(range, with: "width: \(Int((Double(width) * factor).rounded()))")
        }
        // A quoted colour, or a name (`white`, `systemGroupedBackground`) taken whole.
        if let range = result.range(of: #"background: ("[^"]*"|'[^']*'|[A-Za-z]+)"#, options: .regularExpression) {
            result.replaceSubrange(range, with: "background: " + background)
        }
        return result
    }

    static func folderBytes(_ folder: URL) -> Int {
        guard let files = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.fileSizeKey]) else { return 0 }
        var total = 0
        for case let url as URL in files {
            total += (try? url.resourceValues(forKeys: [.fileSizeKey]).fileSize) ?? 0
        }
        return total
    }
}
