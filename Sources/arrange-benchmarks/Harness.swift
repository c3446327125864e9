import CBenchmarkFloors
import Foundation

/// One timed run: its time, and what it produced.
struct Sample {
    var nanoseconds: UInt64
    /// Output bytes (SVG, PNG, PDF, files written); nil for layout.
    var bytes: Int?
    /// Timed parts of the run, such as a Cairo floor's draw and encode, in nanoseconds.
    var parts: [(String, UInt64)] = []

    /// Times `body`, which returns the output bytes. Under Scripts/callgrind.sh this is also the
    /// stretch whose instructions are counted.
    static func time(_ body: () throws -> Int?) rethrows -> Sample {
        floor_callgrind_toggle()
        let start = floor_now_ns()
        let bytes = try body()
        let end = floor_now_ns()
        floor_callgrind_toggle()
        return Sample(nanoseconds: end - start, bytes: bytes)
    }

    /// Times `body` and frees what it made after the clock stops: the row measures building a
    /// tree or list, not tearing it down.
    static func keeping<T>(_ body: () throws -> T) rethrows -> Sample {
        var kept: T?
        let sample = try time { kept = try body(); return nil }
        withExtendedLifetime(kept) {}
        return sample
    }
}

/// Why a workload did not run: it is over a limit of today's code, or a tool is missing.
struct Skip: Error {
    let reason: String
}

/// A workload that broke: its row says why, and the run exits non-zero, so that a table with a
/// hole in it is never taken for a whole one.
struct Failure: Error, CustomStringConvertible {
    let reason: String
    var description: String { reason }
}

/// A workload ready to run: built in the child process that measures it, so that its setup and
/// its peak memory belong to it alone.
struct Runner {
    /// One measured run. It may do untimed setup of its own (a fresh tree per run), so it times
    /// itself.
    var run: () throws -> Sample
    /// The floor's run, interleaved with the workload's so both see the same machine.
    var floor: () throws -> Sample
    /// A small run first, so that one-time set-up (the system font library, Cairo's and
    /// fontconfig's caches) is not timed or counted as the workload's memory.
    var warmUp: () throws -> Void = {}
    /// Notes for the row, from the first run's output.
    var notes: (Sample) -> String = { _ in "" }
    /// Whose peak memory the row reports: this process's, or its children's (`arrange render`).
    var memoryOfChildren = false
    /// Removes what the workload wrote (temporary scenes and pictures).
    var cleanUp: () -> Void = {}
}

struct Workload {
    /// What the filter argument matches and the child process is told, such as "svg-10000".
    let id: String
    let name: String
    let count: Int?
    let repetitions: Int
    let floorName: String
    let make: () throws -> Runner
}

/// What a child process reports, as one JSON line on standard output.
struct Report: Codable {
    var id: String
    var skipped: String?
    /// The workload broke (not a skip): `skipped` says how.
    var failed = false
    var times: [UInt64] = []
    var floorTimes: [UInt64] = []
    var bytes: Int?
    var peakKB: Int?
    var deltaKB: Int?
    var notes = ""

    var median: Double { Self.median(times) }
    var minimum: Double { Double(times.min() ?? 0) / 1e6 }
    var floorMedian: Double { Self.median(floorTimes) }
    var floorMinimum: Double { floorTimes.isEmpty ? .nan : Double(floorTimes.min() ?? 0) / 1e6 }

    static func median(_ values: [UInt64]) -> Double {
        guard !values.isEmpty else { return .nan }
        let sorted = values.sorted()
        let mid = sorted.count / 2
        let ns = sorted.count % 2 == 1 ? Double(sorted[mid]) : (Double(sorted[mid - 1]) + Double(sorted[mid])) / 2
        return ns / 1e6
    }
}

/// Peak memory in the child: the kernel's high-water mark of resident memory, reset just before
/// the first measured run (writing 5 to /proc/self/clear_refs), so it is this workload's peak and
/// not that of building its inputs.
enum Memory {
    /// Resets the high-water mark; false where the kernel refuses.
    static func resetPeak() -> Bool {
        (try? "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .ascii)) != nil
    }

    /// VmRSS and VmHWM from /proc/self/status, in KiB.
    static func status() -> (current: Int, peak: Int) {
        guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return (0, 0) }
        func field(_ name: String) -> Int {
            for line in text.split(separator: "\n") where line.hasPrefix(name + ":") {
                return Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "") ?? 0
            }
            return 0
        }
        return (field("VmRSS"), field("VmHWM"))
    }

    /// The largest peak of any child process waited for, in KiB.
    static func childrenPeak() -> Int {
        var usage = rusage()
        getrusage(Int32(RUSAGE_CHILDREN.rawValue), &usage)
        return usage.ru_maxrss
    }
}

/// Runs one workload in this process and reports it: warm-up, then the workload and its floor in
/// turn, memory taken over the first workload run only.
func measure(_ workload: Workload, repetitions: Int) -> Report {
    var report = Report(id: workload.id)
    var cleanUp: () -> Void = {}
    defer { cleanUp() }
    do {
        let runner = try workload.make()
        cleanUp = runner.cleanUp
        try runner.warmUp()
        let exact = Memory.resetPeak()
        let before = Memory.status().current
        let first = try runner.run()
        if runner.memoryOfChildren {
            report.peakKB = Memory.childrenPeak()
        } else {
            let peak = Memory.status().peak
            report.peakKB = peak
            report.deltaKB = exact ? max(peak - before, 0) : nil
        }
        report.times.append(first.nanoseconds)
        report.bytes = first.bytes
        // A floor that cannot run (raw Cairo refuses an image over 32,767 px too) leaves the
        // row without a ratio rather than without numbers.
        var floor: (() throws -> Sample)? = runner.floor
        do {
            report.floorTimes.append(try runner.floor().nanoseconds)
        } catch {
            floor = nil
            report.notes += (report.notes.isEmpty ? "" : "; ") + "floor not run: \(error)"
        }
        for _ in 1..<max(repetitions, 1) {
            report.times.append(try runner.run().nanoseconds)
            if let floor { report.floorTimes.append(try floor().nanoseconds) }
        }
        // Notes (MB/s, say) from the median run, as the row's median column, not the cold first.
        let median = report.times.sorted()[report.times.count / 2]
        let notes = runner.notes(Sample(nanoseconds: median, bytes: first.bytes, parts: first.parts))
        report.notes = notes + (report.notes.isEmpty ? "" : (notes.isEmpty ? "" : "; ") + report.notes)
    } catch let skip as Skip {
        report.skipped = skip.reason
    } catch {
        report.skipped = "failed: \(error)"
        report.failed = true
    }
    return report
}

/// Runs `workload` once with callgrind armed (collection starts off; `Sample.time` turns it on
/// and off), so Scripts/callgrind.sh counts the measured stretch of one run only: not set-up,
/// warm-up, the untimed part of a run or the floor.
/// With `floor`, the workload's floor is counted instead.
func measureUnderCallgrind(_ workload: Workload, floor: Bool) -> Int32 {
    do {
        let runner = try workload.make()
        defer { runner.cleanUp() }
        try runner.warmUp()
        if floor { _ = try runner.run() }
        floor_callgrind_arm()
        let sample = try floor ? runner.floor() : runner.run()
        print("\(workload.id)\(floor ? " floor (\(workload.floorName))" : ""): one run, \(sample.bytes.map { "\($0) bytes" } ?? "no output bytes")\(floor_on_valgrind() != 0 ? "" : " (not under valgrind: nothing counted)")")
        return 0
    } catch let skip as Skip {
        print("\(workload.id): skipped: \(skip.reason)")
        return 2
    } catch {
        print("\(workload.id): failed: \(error)")
        return 1
    }
}

/// Runs `workload` in a fresh child process (this executable with --child) and reads its report.
func measureInChild(_ workload: Workload, repetitions: Int, executable: String) -> Report {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = ["--child", workload.id, "--repetitions", String(repetitions)]
    let pipe = Pipe()
    process.standardOutput = pipe
    do {
        try process.run()
    } catch {
        return Report(id: workload.id, skipped: "failed: could not start a child process: \(error)", failed: true)
    }
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let lastLine = String(decoding: data, as: UTF8.self).split(separator: "\n").last.map(String.init) ?? ""
    guard process.terminationReason == .exit, process.terminationStatus == 0,
          let report = try? JSONDecoder().decode(Report.self, from: Data(lastLine.utf8)) else {
        return Report(id: workload.id, skipped: "failed: the child process failed (status \(process.terminationStatus))", failed: true)
    }
    return report
}
