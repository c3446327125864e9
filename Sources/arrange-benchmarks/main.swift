import Arrange
import CBenchmarkFloors
import Foundation

// Benchmarks: each workload against a floor timed in the same run (plain C doing the least the
// step could do), so a ratio still compares on a noisy machine. Speed is watched here, never
// asserted in tests.
//
//   swift build -c release --scratch-path .build-bench && .build-bench/release/arrange-benchmarks
//   … arrange-benchmarks --quick          N up to 10,000, few repetitions
//   … arrange-benchmarks svg              only workloads whose id contains "svg"
//   … arrange-benchmarks --list           the workload ids
//   … arrange-benchmarks --markdown       the table as Markdown
//   bash Scripts/callgrind.sh layout-10000   instructions of one run
//
// Each workload runs in a child process of its own (this executable with --child), so its peak
// memory is its own and one workload's garbage does not slow the next.

// As the `arrange` command does: freed memory is kept for the next run's arrays, so that each
// workload's steady cost is measured, not glibc's changing choice of fresh pages.
ProcessMemory.keepFreedMemory()

let usage = """
usage: arrange-benchmarks [--quick] [--markdown] [--no-taffy] [--list] [FILTER]
       arrange-benchmarks --callgrind ID [--callgrind-floor]   (run by Scripts/callgrind.sh)
FILTER keeps the workload with that id, else those whose id contains it (see --list); "taffy" runs only the Taffy cross-check (run with no FILTER too).
"""

/// The command line, read once.
struct Options {
    var quick = false, markdown = false, noTaffy = false, list = false, help = false
    var child: String?
    var callgrind: String?
    var callgrindFloor = false
    var repetitions: Int?
    var filter = ""
    var valid = true

    init(_ arguments: [String]) {
        var rest: [String] = []
        var iterator = arguments.makeIterator()
        while let argument = iterator.next() {
            switch argument {
            case "--quick": quick = true
            case "--markdown": markdown = true
            case "--no-taffy": noTaffy = true
            case "--list": list = true
            case "--help", "-h": help = true
            case "--child": child = iterator.next()
            case "--callgrind": callgrind = iterator.next()
            case "--callgrind-floor": callgrindFloor = true
            case "--repetitions": repetitions = iterator.next().flatMap { Int($0) }
            default:
                if argument.hasPrefix("-") { valid = false }
                rest.append(argument)
            }
        }
        valid = valid && rest.count <= 1
        filter = rest.first ?? ""
    }
}

/// The first three anchor boxes, worked out by hand (mod 2³²): s1 = 42·1664525 + 1013904223 =
/// 1083814273, v = s1 >> 8 = 4233649, w = 20 + 4233649 % 101 = 20 + 32 = 52; s2 = 378494188,
/// v = 1478492, h = 10 + 1478492 % 31 = 10 + 9 = 19; s3 = 2479403867, v = 9685171 = 0x93C8B3.
/// The next two boxes the same way. A generator that drifts would make every number incomparable.
let handWorked: [AnchorWorkload.Box] = [
    .init(width: 52, height: 19, colour: 0x93C8B3), .init(width: 92, height: 25, colour: 0x0691E8),
    .init(width: 56, height: 29, colour: 0xDFB241),
]
guard AnchorWorkload.boxes(3) == handWorked else {
    print("arrange-benchmarks: error: the anchor generator gives \(AnchorWorkload.boxes(3)), not \(handWorked)")
    exit(1)
}

let options = Options(Array(CommandLine.arguments.dropFirst()))
if options.help || !options.valid {
    print(usage)
    exit(options.help ? 0 : 2)
}
let quick = options.quick, filter = options.filter
let child = options.child, callgrind = options.callgrind, repetitionsOverride = options.repetitions

let allSizes = [1_000, 10_000, 100_000]
// A child or callgrind names any workload, whatever the sizes of the parent's run.
if let id = child ?? callgrind {
    guard let workload = catalog(counts: allSizes, quick: quick).first(where: { $0.id == id }) else {
        print("arrange-benchmarks: error: no workload '\(id)'; see --list")
        exit(2)
    }
    if callgrind != nil { exit(measureUnderCallgrind(workload, floor: options.callgrindFloor)) }
    let report = measure(workload, repetitions: repetitionsOverride ?? workload.repetitions)
    let json = (try? JSONEncoder().encode(report)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    print(json)
    exit(0)
}

let workloads = catalog(counts: quick ? [1_000, 10_000] : allSizes, quick: quick)
    .filter { filter.isEmpty || $0.id.contains(filter) }
// An exact id runs that workload alone ("svg-10000" without "svg-100000").
let chosen = workloads.contains { $0.id == filter } ? workloads.filter { $0.id == filter } : workloads
if options.list {
    for workload in catalog(counts: allSizes, quick: quick) { print(workload.id.padding(toLength: 20, withPad: " ", startingAt: 0), workload.name) }
    exit(0)
}

let executable = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
var rows: [[String]] = []
var skipped: [String] = []
var failed: [String] = []
let started = Date()
/// The one-minute load average: how busy the machine was, to read the times by.
func loadAverageNow() -> String {
    ((try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8)) ?? "?").split(separator: " ").first.map(String.init) ?? "?"
}
let loadAverage = loadAverageNow()
for (index, workload) in chosen.enumerated() {
    FileHandle.standardError.write(Data("[\(index + 1)/\(chosen.count)] \(workload.id)\n".utf8))
    let report = measureInChild(workload, repetitions: repetitionsOverride ?? workload.repetitions, executable: executable)
    let n = workload.count.map { $0.formatted(.number.grouping(.automatic)) } ?? "—"
    if let reason = report.skipped {
        skipped.append("\(workload.id): \(reason)")
        if report.failed { failed.append(workload.id) }
        rows.append([workload.name, n, "skipped", "", "", "", "", "", workload.floorName, "", "", "", reason])
        continue
    }
    let ms: (Double) -> String = { $0.isNaN ? "—" : String(format: $0 < 10 ? "%.3f" : "%.1f", $0) }
    let mb: (Int?) -> String = { $0.map { String(format: "%.1f", Double($0) / 1024) } ?? "—" }
    let ratio: (Double) -> String = { $0.isFinite ? String(format: $0 < 10 ? "%.2f" : "%.0f", $0) : "—" }
    rows.append([workload.name, n, String(report.times.count), ms(report.median), ms(report.minimum), mb(report.peakKB), mb(report.deltaKB),
                 report.bytes.map { $0.formatted(.number.grouping(.automatic)) } ?? "—", workload.floorName, ms(report.floorMedian),
                 ratio(report.median / report.floorMedian), ratio(report.minimum / report.floorMinimum), report.notes])
}

let header = ["workload", "N", "runs", "median ms", "min ms", "peak MB", "Δ MB", "bytes", "floor", "floor ms", "× floor", "× floor, min", "notes"]
if !rows.isEmpty {
    if options.markdown {
        print("| " + header.joined(separator: " | ") + " |")
        print("|" + header.map { _ in " --- |" }.joined())
        for row in rows { print("| " + row.joined(separator: " | ") + " |") }
    } else {
        let widths = header.indices.map { column in ([header] + rows).map { $0[column].count }.max() ?? 0 }
        for row in [header] + rows {
            let cells = row.indices.map { column -> String in
                let cell = row[column]
                let pad = String(repeating: " ", count: max(widths[column] - cell.count, 0))
                // Numbers right-aligned, words left-aligned.
                return [0, 8, 12].contains(column) ? cell + pad : pad + cell
            }
            print(cells.joined(separator: "  ").trimmingCharacters(in: .whitespaces))
        }
    }
    print("""

    median, min: wall time of one run. × floor: median ÷ the floor's median, the two run in turn in \
    one process; × floor, min: the same for the fastest runs, steadier on a busy machine. peak MB: the high-water resident memory of the workload's own process over its \
    first run (for arrange render, of the arrange process); Δ MB: that peak less the memory held \
    just before the run (inputs built, fonts loaded). Total \(String(format: "%.0f", Date().timeIntervalSince(started))) s; \
    load average \(loadAverage) at the start, \(loadAverageNow()) at the end, on \(ProcessInfo.processInfo.activeProcessorCount) cores.
    """)
}
for line in skipped { print("skipped: " + line) }

// Taffy (Rust, through PyPI's stretchable) on the same flow: a cross-check of the layout floor,
// never a dependency. The script prints its own table; it checks its positions against the
// greedy loop's.
if !options.noTaffy, filter.isEmpty || filter == "taffy" {
    let script = BatchRender.root.appendingPathComponent("Scripts/bench-taffy.py")
    let positions = FileManager.default.temporaryDirectory.appendingPathComponent("arrange-bench-greedy-\(getpid()).json")
    let floor = FloorInput(AnchorWorkload.boxes(1_000))
    let placed = (0..<floor.count).map { [floor.x[$0], floor.y[$0]] }
    if let data = try? JSONSerialization.data(withJSONObject: placed) { try? data.write(to: positions) }
    defer { try? FileManager.default.removeItem(at: positions) }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", script.path, "--positions", positions.path] + (quick ? ["--quick"] : [])
    print("")
    // The script writes to the same standard output; what was printed so far goes first
    // (fflush(NULL) flushes every stream without naming the C global `stdout`).
    fflush(nil)
    do {
        try process.run()
        process.waitUntilExit()
        if process.terminationStatus != 0 { print("taffy: not run (Scripts/bench-taffy.py exited \(process.terminationStatus))") }
    } catch {
        print("taffy: not run: \(error)")
    }
}

if !failed.isEmpty {
    FileHandle.standardError.write(Data("arrange-benchmarks: error: \(failed.count) workload\(failed.count == 1 ? "" : "s") failed: \(failed.joined(separator: ", ")) (see 'skipped:' above)\n".utf8))
    exit(1)
}
