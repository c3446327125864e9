import Arrange
@_spi(Benchmarks) import ArrangeCairo
import ArrangeSnapshot
import ArrangeSVG
import CBenchmarkFloors
import Foundation
import TestSupport

/// Every workload, in the order the table prints them. `counts` are the anchor sizes to run.
func catalog(counts: [Int], quick: Bool) -> [Workload] {
    var workloads: [Workload] = []
    for n in counts {
        // Fewer runs as N grows, so the default run stays within a few minutes on two cores.
        let repetitions = quick ? (n <= 1_000 ? 5 : 3) : (n <= 1_000 ? 15 : n <= 10_000 ? 7 : 3)
        workloads += anchorWorkloads(n, repetitions: repetitions)
    }
    workloads += otherWorkloads(quick: quick)
    workloads += BatchRender.workloads(quick: quick)
    return workloads
}

/// The greedy floor at `n` anchor boxes, timed per loop: it takes microseconds, so one sample
/// repeats it about 1,000,000 / n times (some 5 ms) and divides, or the clock's grain and a
/// single preemption would decide the ratio.
func greedyFloor(_ n: Int) -> () throws -> Sample {
    var input = FloorInput(AnchorWorkload.boxes(n))
    return {
        // Under callgrind one loop is counted: instructions do not need averaging.
        let loops = floor_callgrind_armed() != 0 ? 1 : max(1, 1_000_000 / max(n, 1))
        let sample = Sample.time {
            for _ in 0..<loops { input.place() }
            return nil
        }
        return Sample(nanoseconds: sample.nanoseconds / UInt64(loops), bytes: nil)
    }
}

func anchorWorkloads(_ n: Int, repetitions: Int) -> [Workload] {
    let label = n.formatted(.number.grouping(.automatic))
    func layout(_ boxes: [AnchorWorkload.Box]) -> LayoutResult {
        LayoutResult(of: AnchorWorkload.view(boxes), in: AnchorWorkload.proposal)
    }
    /// The display list of the anchor at `n`, for the renderers, built before timing.
    func list() -> DisplayList { layout(AnchorWorkload.boxes(n)).displayList }
    /// A small layout and render first: the system font library and Cairo's caches are made once
    /// per process.
    let warmUp: () throws -> Void = {
        let small = layout(AnchorWorkload.boxes(50)).displayList
        _ = try SVGRenderer().render(small)
        _ = try CairoRenderer(format: .png).render(small)
        _ = try CairoRenderer(format: .pdf).render(small)
    }
    return [
        Workload(id: "resolve-\(n)", name: "resolve: view → tree (ViewGraph)", count: n, repetitions: repetitions,
                 floorName: "C greedy loop") {
            let view = AnchorWorkload.view(AnchorWorkload.boxes(n))
            return Runner(run: { Sample.keeping { ViewGraph(view) } }, floor: greedyFloor(n), warmUp: warmUp)
        },
        // Layout only (frames, no display list): the tree is resolved untimed before each run.
        Workload(id: "frames-\(n)", name: "layout only (ViewGraph.layoutFrames)", count: n, repetitions: repetitions,
                 floorName: "C greedy loop") {
            let view = AnchorWorkload.view(AnchorWorkload.boxes(n))
            return Runner(run: {
                let graph = ViewGraph(view)
                return Sample.keeping { graph.layoutFrames(in: AnchorWorkload.proposal) }
            }, floor: greedyFloor(n), warmUp: warmUp)
        },
        // Layout and the display list, the tree resolved untimed before each run.
        Workload(id: "layout-\(n)", name: "layout + display list", count: n, repetitions: repetitions,
                 floorName: "C greedy loop") {
            let view = AnchorWorkload.view(AnchorWorkload.boxes(n))
            return Runner(run: {
                let graph = ViewGraph(view)
                return Sample.keeping { graph.layout(in: AnchorWorkload.proposal) }
            }, floor: greedyFloor(n), warmUp: warmUp)
        },
        Workload(id: "view-\(n)", name: "view → display list", count: n, repetitions: repetitions,
                 floorName: "C greedy loop") {
            let boxes = AnchorWorkload.boxes(n)
            let view = AnchorWorkload.view(boxes)
            var check = ""
            if n == 1_000 { check = try sanityCheck(layout(boxes).displayList, boxes) }
            return Runner(run: { Sample.keeping { LayoutResult(of: view, in: AnchorWorkload.proposal) } },
                          floor: greedyFloor(n), warmUp: warmUp, notes: { _ in
                              let statistics = layout(AnchorWorkload.boxes(n)).statistics
                              return "\(statistics.nodeCount) nodes" + (check.isEmpty ? "" : "; " + check)
                          })
        },
        Workload(id: "svg-\(n)", name: "SVG string", count: n, repetitions: repetitions, floorName: "C snprintf SVG") {
            let list = list()
            let floor = FloorInput(AnchorWorkload.boxes(n))
            return Runner(run: { try Sample.time { try SVGRenderer().render(list).utf8.count } },
                          floor: { try Sample.time { try floor.svg().bytes } }, warmUp: warmUp, notes: { sample in
                              let seconds = Double(sample.nanoseconds) / 1e9
                              let bytes = Double(sample.bytes ?? 0)
                              return String(format: "%.0f MB/s, %.0f B/box (floor %d B)", bytes / seconds / 1e6, bytes / Double(n),
                                            (try? floor.svg().bytes) ?? 0)
                          })
        },
        // Raw Cairo refuses an image surface over 32,767 px, so above 1,000 boxes the floor draws
        // in chunks of that many rows, one surface and one write_to_png each.
        Workload(id: "png-\(n)", name: "PNG (draw + encode)", count: n, repetitions: repetitions,
                 floorName: n <= 1_000 ? "C Cairo draw + write_to_png" : "raw Cairo in 32,767-row surfaces + write_to_png") {
            let list = list()
            let floor = FloorInput(AnchorWorkload.boxes(n))
            let floorPNG = n <= 1_000 ? { try floor.png() } : { try floor.pngChunked() }
            return Runner(run: { try Sample.time { try withinLimits(label) { try CairoRenderer(format: .png).render(list).count } } },
                          floor: { try Sample.time { try floorPNG().bytes } }, warmUp: warmUp, notes: { sample in
                              // The parts, from one more run of each: Arrange's draw and encode
                              // overlap on several threads, so each is summed over the threads.
                              var notes: [String] = []
                              if let (_, t) = try? CairoRenderer(format: .png).renderPNGWithTimings(list) {
                                  notes.append(String(format: "draw %.2f + encode %.2f ms summed over %d threads (index %.2f, wall %.2f ms, %d bands)",
                                                      Double(t.drawNanoseconds) / 1e6, Double(t.encodeNanoseconds) / 1e6, t.threads,
                                                      Double(t.indexNanoseconds) / 1e6, Double(t.wallNanoseconds) / 1e6, t.bands))
                              }
                              if let parts = try? floorPNG() {
                                  notes.append(String(format: "floor draw %.2f + encode %.2f ms, %d B ours %.2f× these bytes",
                                                      Double(parts.drawNanoseconds) / 1e6, Double(parts.encodeNanoseconds) / 1e6, parts.bytes,
                                                      Double(sample.bytes ?? 0) / Double(max(parts.bytes, 1))))
                              }
                              return notes.joined(separator: "; ")
                          })
        },
        // The whole way from a view to a PNG in one process: its peak memory is the pipeline's.
        Workload(id: "view-png-\(n)", name: "view → PNG (peak memory of the whole way)", count: n, repetitions: repetitions,
                 floorName: "C greedy loop") {
            let view = AnchorWorkload.view(AnchorWorkload.boxes(n))
            return Runner(run: { try Sample.time { try withinLimits(label) {
                try CairoRenderer(format: .png).render(LayoutResult(of: view, in: AnchorWorkload.proposal).displayList).count
            } } }, floor: greedyFloor(n), warmUp: warmUp)
        },
        Workload(id: "pdf-\(n)", name: "PDF", count: n, repetitions: repetitions, floorName: "C Cairo PDF surface") {
            let list = list()
            let floor = FloorInput(AnchorWorkload.boxes(n))
            return Runner(run: { try Sample.time { try withinLimits(label) { try CairoRenderer(format: .pdf).render(list).count } } },
                          floor: { try Sample.time { try floor.pdf().bytes } }, warmUp: warmUp, notes: { _ in
                              guard let parts = try? floor.pdf() else { return "" }
                              return "floor \(parts.bytes) B"
                          })
        },
    ]
}

/// Runs `body`, turning a canvas over today's limits into a skip with its reason: the row then
/// runs by itself once the limit is lifted.
func withinLimits<T>(_ label: String, _ body: () throws -> T) throws -> T {
    do {
        return try body()
    } catch let error as RenderError {
        guard case .canvasTooLarge = error else { throw error }
        throw Skip(reason: "\(label) boxes: \(error)")
    }
}

/// Arrange's frames of the boxes' fills against the greedy loop's positions: the floor must
/// measure the same layout for the ratio to mean anything. Throws when they differ.
func sanityCheck(_ list: DisplayList, _ boxes: [AnchorWorkload.Box]) throws -> String {
    var fills: [CGRect] = []
    func collect(_ items: [DisplayItem]) {
        for item in items {
            switch item.content {
            case .fill: fills.append(item.frame)
            case .group(let group): collect(group.items)
            case .strokeBorder, .text, .path, .image: continue
            }
        }
    }
    collect(list.items)
    let floor = FloorInput(boxes)
    guard fills.count == boxes.count else {
        throw Skip(reason: "sanity check: \(fills.count) fills for \(boxes.count) boxes")
    }
    for i in boxes.indices {
        let expected = CGRect(x: floor.x[i], y: floor.y[i], width: floor.widths[i], height: floor.heights[i])
        guard fills[i] == expected else {
            throw Skip(reason: "sanity check: box \(i) is at \(fills[i]) in Arrange, \(expected) in the greedy loop")
        }
    }
    guard list.size == CGSize(width: floor.flow.canvas_width, height: floor.flow.canvas_height) else {
        throw Skip(reason: "sanity check: canvas \(list.size) in Arrange, \(floor.flow.canvas_width) × \(floor.flow.canvas_height) in the greedy loop")
    }
    return "frames = greedy loop's"
}

func otherWorkloads(quick: Bool) -> [Workload] {
    let few = quick ? 3 : 9
    let warmUp: () throws -> Void = { _ = LayoutResult(of: Text("warm up"), in: .init(width: 100, height: nil)) }
    return [
        // No natural floor: the greedy loop over 1,000 boxes is a fixed unit of work.
        Workload(id: "nested-20", name: "nested stacks, depth 20", count: nil, repetitions: quick ? 5 : 21,
                 floorName: "C greedy loop, 1,000") {
            Runner(run: { Sample.keeping { LayoutResult(of: NestedStacks(depth: 20), in: .init(width: 800, height: 600)) } },
                   floor: greedyFloor(1_000), warmUp: warmUp, notes: { _ in
                       let statistics = LayoutResult(of: NestedStacks(depth: 20), in: .init(width: 800, height: 600)).statistics
                       return "\(statistics.nodeCount) nodes, \(statistics.sizeComputations) size computations"
                   })
        },
        Workload(id: "hstack-10000", name: "HStack of 10,000 rectangles", count: 10_000, repetitions: few,
                 floorName: "C greedy loop, 10,000") {
            let view = HStack(spacing: 0) { ForEach(0..<10_000) { _ in Rectangle() } }
            return Runner(run: { Sample.keeping { LayoutResult(of: view, in: .init(width: 10_000, height: 100)) } },
                          floor: greedyFloor(10_000), warmUp: warmUp)
        },
        // The modifiers SwiftUI code puts on each element of a ForEach, written in this module,
        // not Arrange's: each must resolve without looking its result type up at run time.
        Workload(id: "modified-10000", name: "10,000 views with opacity, offset, id", count: 10_000, repetitions: few,
                 floorName: "C greedy loop, 10,000") {
            let view = HStack(spacing: 0) {
                ForEach(0..<10_000) { index in
                    Color.blue.frame(width: 2, height: 10).opacity(0.5).offset(x: 1, y: 2).id(index)
                }
            }
            return Runner(run: { Sample.keeping { LayoutResult(of: view, in: .init(width: 20_000, height: 100)) } },
                          floor: greedyFloor(10_000), warmUp: warmUp)
        },
        Workload(id: "paragraphs-100", name: "100 wrapped paragraphs", count: 100, repetitions: few,
                 floorName: "C greedy loop, 1,000") {
            let view = VStack { ForEach(0..<100) { _ in Text("The quick brown fox jumps over the lazy dog, again and again.") } }
            return Runner(run: { Sample.keeping { LayoutResult(of: view, in: .init(width: 200, height: nil)) } },
                          floor: greedyFloor(1_000), warmUp: warmUp)
        },
        // A megabyte without a break opportunity: once scanned to its end for every line
        // (minutes); now about the time shaping it takes, which is the floor.
        // Every run and every floor shapes a text of its own (its first letter numbered), so the
        // shaping cache, which would answer a repeated paragraph at once, never helps either.
        Workload(id: "text-nobreak-1m", name: "1,000,000 characters without spaces, wrapped", count: 1_000_000, repetitions: quick ? 3 : 5,
                 floorName: "shaping the same text once") {
            let body = String(repeating: "abcdefghij", count: 100_000).dropFirst()
            let runs = RunCounter()
            return Runner(run: {
                              let view = Text("\(runs.next() % 10)" + body)
                              return Sample.keeping { LayoutResult(of: view, in: .init(width: 800, height: nil)) }
                          },
                          floor: {
                              let text = "\(runs.next() % 10)" + body
                              return Sample.keeping { FontLibrary.system.shape(text, in: .body) }
                          }, warmUp: warmUp,
                          notes: { _ in "\(LayoutResult(of: Text("x" + body), in: .init(width: 800, height: nil)).rootSize.height) pt tall" })
        },
        comparison(id: "compare-identical", name: "compare 2000×2000, identical", recolour: false, repetitions: quick ? 3 : 5),
        comparison(id: "compare-changed", name: "compare 2000×2000, 60,000 differ", recolour: true, repetitions: quick ? 3 : 5),
    ]
}

/// Snapshot comparison: two 2000 × 2000 images, the second with a 300 × 200 block recoloured (the
/// work of a typical failing check). The floor compares the same pixels with memcmp.
func comparison(id: String, name: String, recolour: Bool, repetitions: Int) -> Workload {
    Workload(id: id, name: name, count: nil, repetitions: repetitions, floorName: "memcmp of the pixels") {
        let reference = checkerboard(recolour: false), other = checkerboard(recolour: recolour)
        return Runner(run: {
            var differing = 0
            let sample = try Sample.time { differing = try ImageComparison.checkDefault.compare(reference, other).differingPixels; return nil }
            return Sample(nanoseconds: sample.nanoseconds, bytes: nil, parts: [("differing", UInt64(differing))])
        }, floor: {
            // The result is handed back so the optimiser cannot drop the memcmp as unused.
            Sample.time {
                Int(reference.pixels.withUnsafeBytes { a in
                    other.pixels.withUnsafeBytes { b in
                        guard let left = a.baseAddress, let right = b.baseAddress else { return Int32(0) }
                        return memcmp(left, right, min(a.count, b.count))
                    }
                })
            }
        }, notes: { sample in "\(sample.parts.first?.1 ?? 0) pixels differ" })
    }
}

func checkerboard(recolour: Bool) -> Bitmap {
    var bitmap = Bitmap(width: 2000, height: 2000, red: 250, green: 250, blue: 250, alpha: 255)
    for y in 0..<2000 {
        for x in 0..<2000 where (x / 40 + y / 40) % 2 == 0 {
            let i = (y * 2000 + x) * 4
            bitmap.pixels[i] = 30; bitmap.pixels[i + 1] = 90; bitmap.pixels[i + 2] = 200
        }
    }
    if recolour {
        for y in 900..<1100 {
            for x in 800..<1100 {
                let i = (y * 2000 + x) * 4
                bitmap.pixels[i] = 230; bitmap.pixels[i + 1] = 150; bitmap.pixels[i + 2] = 20
            }
        }
    }
    return bitmap
}

/// Numbers the runs of a workload that must not see its earlier runs' results.
final class RunCounter {
    private var count = 0
    func next() -> Int {
        count += 1
        return count
    }
}
