import Arrange
import ArgumentParser
import ArrangeScene
import Foundation

/// `arrange layout`: the laid-out tree of a scene, without drawing it.
struct LayoutCommand: ParsableCommand, SceneReadingCommand {
    static let configuration = CommandConfiguration(
        commandName: "layout",
        abstract: "Print where every view of a scene goes, without rendering.",
        discussion: """
        Lays the scene out on its canvas and prints the tree of views: each view's kind, its id \
        (after '#'), a text's characters, its frame (x, y, width, height) in points, in the \
        coordinates of the whole picture, offsets included, and after '←' where it is written. \
        Layout modifiers (frame, padding, background, overlay, border, fixedSize) are views of \
        their own, wrapping the view they modify, as in SwiftUI, and point at the modifier's \
        line; a stack with one child is that child.

        Example:
          $ arrange layout Fixtures/frame-background-order.yaml
          canvas 300 × 160 at scale 2
          VStack (50, 25, 200, 110)  ← Fixtures/frame-background-order.yaml:8:3
            frame #background-then-frame (50, 25, 200, 50)  ← Fixtures/frame-background-order.yaml:14:11
              background (99.5, 40, 101, 20)  ← Fixtures/frame-background-order.yaml:13:11
                Rectangle (99.5, 40, 101, 20)
                Text "Hello, world" (99.5, 40, 101, 20)  ← Fixtures/frame-background-order.yaml:10:7
            …

        With --json the same tree is printed as JSON: every view with "kind", "id" (or null), \
        "path" (child indices from the root), "source" ("line:column", or null), "frame" {x, y, width, height} and "children" in \
        order.

        What the layout hides is warned about on standard error, at the view's line, and the view \
        is marked in the tree ("  ⚠ truncated"; in --json a "warnings" array): a text its frame \
        cuts short with "…" (a lineLimit that does is as asked), clipped, or whose lines spill out \
        of its frame; a connector label that covers another view, an arrowhead or another label \
        ("⚠ label covers 'db'"); a connector line that runs through a view other than its ends \
        and what holds them ("⚠ route crosses 'cache'"), or that found no route around the views \
        in its way ("⚠ no route") or was past the routing budget ("⚠ not routed"). With --strict \
        warnings are errors: the tree is \
        still printed, and the exit status is 1.
        """
    )

    @Argument(help: "Scene files, folders or patterns, or '-' to read YAML from standard input.")
    var scenes: [String]

    @OptionGroup var sceneOptions: SceneOptions

    @Flag(name: .customLong("warn-overflow"), inversion: .prefixedNo,
          help: "Warn, with the view's line, when a view lands outside the canvas and is cut off.")
    var warnOverflow = false

    @Flag(help: "Print the tree as JSON.")
    var json = false

    @Option(help: "Draw random values from this seed instead of the scene's.", transform: UInt64.parseSeed)
    var seed: UInt64?

    @Option(help: "Round frames to the pixel grid of this scale instead of the scene's.")
    var scale: Double?

    func run() throws {
        let inputs = try SceneInput.expand(scenes)
        let renderer = SceneRenderer(scale: scale.map { CGFloat($0) }, fonts: try fonts.library())
        var outputs: [String] = []
        var failed = false
        for input in inputs {
            do {
                let loaded = try input.load(seed: seed, limits: limitOptions.limits(), fonts: renderer.fonts)
                let rendered = try renderer.layout(loaded)
                let tree = rendered.tree, marks = rendered.layoutMarks
                if json {
                    outputs.append(LayoutDump.json(tree, file: loaded.file, marks: marks))
                } else {
                    outputs.append((inputs.count > 1 ? "\(input.displayName)\n" : "") + Self.text(tree, file: loaded.file, marks: marks))
                }
                // The tree is printed even when --strict fails the scene: its marks show where.
                try Console.warn(rendered.warnings(overflow: warnOverflow), strictOption.policy)
            } catch {
                Console.error(error)
                failed = true
            }
        }
        // Several scenes: a JSON array, or the trees one after another under their file names.
        let output = json && inputs.count > 1 ? "[\n" + outputs.joined(separator: ",\n") + "]\n" : outputs.joined(separator: "\n")
        do {
            try Console.writeOutput(Data(output.utf8))
        } catch {
            Console.printError("error: cannot write to standard output: \(FileOutput.describe(error))")
            throw ExitCode.failure
        }
        if failed { throw ExitCode.failure }
    }

    /// One line per view, indented two spaces per level; a view with a layout warning ends in
    /// its `marks` ("⚠ truncated").
    static func text(_ tree: LayoutTree, file: String, marks: [String: [String]] = [:]) -> String {
        let canvas = tree.result.canvasSize
        var lines = ["canvas \(formatNumber(canvas.width)) × \(formatNumber(canvas.height)) at scale \(formatNumber(tree.result.displayList.scale))"]
        func add(_ node: LayoutNodeInfo, _ depth: Int) {
            let f = node.frame
            let frame = "(\(short(f.minX)), \(short(f.minY)), \(short(f.width)), \(short(f.height)))"
            let content = node.text.map { " " + LayoutDump.quoted($0.count > 40 ? String($0.prefix(40)) + "…" : $0) } ?? ""
            // The file's name and the view's id are a stranger's text: control characters escaped.
            let source = node.source.map { "  ← \(TerminalText.escaped(file)):\($0)" } ?? ""
            let warned = (marks[node.path] ?? []).map { "  ⚠ " + TerminalText.escaped($0) }.joined()
            lines.append(String(repeating: "  ", count: depth) + node.kind + (node.id.map { " #\(TerminalText.escaped($0))" } ?? "") + content + " " + frame + source + warned)
            for child in node.children { add(child, depth + 1) }
        }
        add(tree.root, 0)
        return lines.joined(separator: "\n") + "\n"
    }

    /// A frame value for reading: at most three decimals.
    static func short(_ value: CGFloat) -> String {
        formatNumber((value * 1000).rounded() / 1000)
    }
}
