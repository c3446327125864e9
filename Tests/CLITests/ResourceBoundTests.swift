import Foundation
import Testing
import TestSupport

/// The largest and most hostile scenes the limits allow, run as a person runs them: each renders
/// within the limits or fails with a located error, writes nothing on failure, and stays under
/// 1 GB of memory. Times are printed; the only time asserted is a guard against hangs (60 s), as
/// speed is the benchmarks' business.
@Suite(.serialized) struct ResourceBoundTests {
    struct Outcome {
        let run: ExternalTool.Run
        let seconds: Double
        let kilobytes: Int
        let written: [String]
    }

    /// Runs `arrange render` under GNU time, which reports the peak memory.
    func render(_ name: String, _ text: String) throws -> Outcome {
        let binary = try #require(CLITests.binary, "the arrange binary was not found; build it with 'swift build'")
        let time = try ExternalTool.locate("time", package: "time")
        let folder = try ExternalTool.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try text.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
        let report = folder.appendingPathComponent("time.txt")
        let run = try ExternalTool.run(time, ["-o", report.path, "-f", "%e %M", binary, "render", name, "-o", "out", "--format", "png,svg"], in: folder)
        let numbers = try String(contentsOf: report, encoding: .utf8).split(whereSeparator: \.isWhitespace).suffix(2)
        let written = (try? FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("out").path)) ?? []
        let outcome = Outcome(run: run, seconds: Double(numbers.first ?? "") ?? -1, kilobytes: Int(numbers.last ?? "") ?? -1, written: written)
        print("resource bound \(name): exit \(run.status), \(outcome.seconds) s, \(outcome.kilobytes / 1024) MB")
        #expect(outcome.kilobytes > 0 && outcome.kilobytes < 1_048_576, "\(name): \(outcome.kilobytes) KB")
        #expect(outcome.seconds >= 0 && outcome.seconds < 60, "\(name) took \(outcome.seconds) s")
        return outcome
    }

    /// A failure whose message starts with `place` ("scene.yaml:4:11") and contains `message`.
    func expectLocatedFailure(_ outcome: Outcome, _ place: String, _ message: String) {
        #expect(outcome.run.status == 1)
        #expect(outcome.run.errors.hasPrefix(place), "\(outcome.run.errors)")
        #expect(outcome.run.errors.contains(message), "\(outcome.run.errors)")
        #expect(outcome.written.isEmpty, "wrote \(outcome.written)")
    }

    @Test func tenThousandLevelsDeep() throws {
        let json = "{\"view\": " + String(repeating: "{\"vstack\": {}, \"children\": [", count: 10_000) + "{\"rectangle\": {}}"
            + String(repeating: "]}", count: 10_000) + "}"
        expectLocatedFailure(try render("deep.json", json), "deep.json:1:", "nest more than 1000 deep")
        var yaml = "view:\n"
        var indent = "  "
        for _ in 0..<300 {
            yaml += indent + "vstack: {}\n" + indent + "children:\n" + indent + "  -\n"
            indent += "    "
        }
        yaml += indent + "rectangle: {}\n"
        expectLocatedFailure(try render("deep.yaml", yaml), "deep.yaml:", "views nest more than 200 deep")
    }

    @Test func theWidestSceneTheLimitsAllowRenders() throws {
        // 99,990 five-point squares (the limit is 100,000 views) in rows of 133.
        let children = String(repeating: "    - rectangle:\n      repeat: 9999\n      modifiers: [{fill: random}, {frame: {width: 5, height: 5}}]\n", count: 10)
        let outcome = try render("wide.yaml", "canvas: {width: 800}\nview:\n  flow: {spacing: 1}\n  children:\n" + children)
        #expect(outcome.run.status == 0, "\(outcome.run.errors)")
        #expect(Set(outcome.written) == ["wide.png", "wide.svg"])
        let tooMany = try render("too-many.yaml", "view:\n  flow: {}\n  children:\n" + String(repeating: "    - rectangle:\n      repeat: 10000\n", count: 11))
        expectLocatedFailure(tooMany, "too-many.yaml:", "more than 100000 views")
    }

    @Test func aMegabyteOfText() throws {
        // 200,000 words wrapped at 800 points: once 270 s and 6 GB (every line kept a copy of the
        // rest of its paragraph).
        let words = String(repeating: "word ", count: 199_999)
        let wrapped = try render("text.yaml", "canvas: {width: 800}\nview:\n  text: \"\(words)\"\n")
        expectLocatedFailure(wrapped, "text.yaml:", "at most 32767 pixels a side")
        let over = try render("over.yaml", "view:\n  text: \"\(words)words words\"\n")
        expectLocatedFailure(over, "over.yaml:", "more than 1000000 code points of text")
    }

    @Test func hugeRepeatsCanvasesAndScales() throws {
        expectLocatedFailure(try render("repeat.yaml", "view:\n  vstack: {}\n  children:\n    - rectangle:\n      repeat: 1000000\n"),
                             "repeat.yaml:5:15", "'repeat' must be from 0 to 10000")
        expectLocatedFailure(try render("canvas.yaml", "canvas: {width: 1000000, height: 1000000}\nview: {rectangle: {}}\n"),
                             "canvas.yaml:1:9", "at most 32767 pixels a side")
        expectLocatedFailure(try render("scale.yaml", "canvas: {width: 100, height: 100, scale: 1e300}\nview: {rectangle: {}}\n"),
                             "scale.yaml:1:42", "numbers in a scene are at most 1000000")
        expectLocatedFailure(try render("small-scale.yaml", "canvas: {width: 100, height: 100, scale: 0.001}\nview: {rectangle: {}}\n"),
                             "small-scale.yaml:1:42", "'scale' must be from 0.01 to 64")
        expectLocatedFailure(try render("pixels.yaml", "canvas: {width: 20000, height: 20000, scale: 1}\nview: {rectangle: {}}\n"),
                             "pixels.yaml:", "pixels")
    }

    /// Ten levels of ten YAML aliases ("billion laughs"): 10¹⁰ views, refused at the alias whose
    /// copy reaches the nodes limit, without expanding anything (the memory bound of `render`
    /// applies: under 1 GB, and in practice what the file itself takes). The same bomb as a key,
    /// which the parser would hash whole, is refused before parsing.
    @Test func anAliasBombFailsQuicklyInBoundedMemory() throws {
        var yaml = "view:\n  vstack: {}\n  children:\n    - &a0 {rectangle: {}}\n"
        for level in 1...9 {
            yaml += "    - &a\(level) {vstack: {}, children: [" + Array(repeating: "*a\(level - 1)", count: 10).joined(separator: ", ") + "]}\n"
        }
        yaml += "    - [*a9, *a9, *a9, *a9, *a9, *a9, *a9, *a9, *a9, *a9]\n"
        // Line 10 holds a6, whose fifth alias (column 55) goes over 2,000,000 nodes (counted in
        // SceneTests/ReuseTests.anAliasBombIsCountedNotExpanded).
        let bomb = try render("bomb.yaml", yaml)
        expectLocatedFailure(bomb, "bomb.yaml:10:55: error: ", "the aliases here stand for more than 2000000 YAML nodes")
        #expect(bomb.kilobytes < 200 * 1024, "\(bomb.kilobytes) KB")
        let key = try render("key.yaml", yaml + "*a9 : 1\n")
        expectLocatedFailure(key, "key.yaml:15:1: error: ", "an alias (*name) cannot be a key")
        // Components nested the same way stop at the views limit.
        var components = "components:\n  c0: {view: {rectangle: {}}}\n"
        for level in 1...10 {
            components += "  c\(level): {view: {vstack: {}, children: [" + Array(repeating: "{use: {component: c\(level - 1)}}", count: 10).joined(separator: ", ") + "]}}\n"
        }
        let nested = try render("nested.yaml", components + "view: {use: {component: c10}}\n")
        expectLocatedFailure(nested, "nested.yaml:", "more than 100000 views")
        #expect(nested.kilobytes < 1024 * 1024, "\(nested.kilobytes) KB")
    }
}
