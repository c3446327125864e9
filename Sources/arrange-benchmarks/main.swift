import Arrange
import ArrangeSnapshot
import Foundation

// Benchmarks: wall-clock times of typical workloads, printed as a table. Speed is watched here,
// never asserted in tests. Run with: swift run -c release arrange-benchmarks

/// Runs `body` `repetitions` times and returns the median time in milliseconds.
func measure(_ repetitions: Int, _ body: () -> Void) -> Double {
    var times: [Double] = []
    for _ in 0..<repetitions {
        let start = DispatchTime.now().uptimeNanoseconds
        body()
        times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
    }
    return times.sorted()[times.count / 2]
}

/// Nested stacks, alternating axes, each with a fixed view, a flexible one and the next level.
struct Nested: View {
    let depth: Int
    var body: some View {
        if depth == 0 {
            Color.red.frame(width: 10, height: 10)
        } else if depth % 2 == 0 {
            HStack { Rectangle().frame(width: 5, height: 5); Color.blue; Nested(depth: depth - 1) }
        } else {
            VStack { Rectangle().frame(width: 5, height: 5); Color.green; Nested(depth: depth - 1) }
        }
    }
}

var generator = SeededGenerator(seed: 1)
let tags = (0..<1000).map { _ in CGFloat(generator.next(in: 20...120)) }

let cases: [(String, Int, () -> LayoutResult)] = [
    ("HStack of 10,000 rectangles", 5, {
        LayoutResult(of: HStack(spacing: 0) { ForEach(0..<10_000) { _ in Rectangle() } }, in: .init(width: 10_000, height: 100))
    }),
    ("10 nested stacks", 20, { LayoutResult(of: Nested(depth: 10), in: .init(width: 800, height: 600)) }),
    ("20 nested stacks", 20, { LayoutResult(of: Nested(depth: 20), in: .init(width: 800, height: 600)) }),
    ("FlowLayout of 1,000 tags", 10, {
        LayoutResult(of: FlowLayout(spacing: 8) { ForEach(0..<1000) { Color.blue.frame(width: tags[$0], height: 24) } },
                     in: .init(width: 800, height: nil))
    }),
    ("100 wrapped paragraphs", 10, {
        LayoutResult(of: VStack { ForEach(0..<100) { _ in Text("The quick brown fox jumps over the lazy dog, again and again.") } },
                     in: .init(width: 200, height: nil))
    }),
]

print("benchmark".padding(toLength: 32, withPad: " ", startingAt: 0), "median ms", "nodes", "size computations", "max per node")
for (name, repetitions, run) in cases {
    var result: LayoutResult?
    let ms = measure(repetitions) { result = run() }
    let statistics = result?.statistics
    print(name.padding(toLength: 32, withPad: " ", startingAt: 0), String(format: "%9.2f", ms), statistics?.nodeCount ?? 0,
          statistics?.sizeComputations ?? 0, statistics?.maxSizeComputationsPerNode ?? 0)
}

// Snapshot comparison: two 2000 × 2000 images, one with a 300 × 200 block recoloured and a
// circle's edge drawn without anti-aliasing (the work of a typical failing check).
func image(_ recolour: Bool) -> Bitmap {
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
let reference = image(false), changed = image(true)
var comparison: ImageComparison.Result?
let identicalMS = measure(5) { comparison = try? ImageComparison.checkDefault.compare(reference, reference) }
let changedMS = measure(5) { comparison = try? ImageComparison.checkDefault.compare(reference, changed) }
print("compare 2000×2000, identical".padding(toLength: 32, withPad: " ", startingAt: 0), String(format: "%9.2f", identicalMS))
print("compare 2000×2000, 60,000 differ".padding(toLength: 32, withPad: " ", startingAt: 0), String(format: "%9.2f", changedMS),
      comparison?.differingPixels ?? 0)
