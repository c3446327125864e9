import ArgumentParser
import ArrangeScene
import Foundation

/// `arrange validate`: checks scenes without writing anything.
struct ValidateCommand: ParsableCommand, SceneReadingCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check scene files without rendering them.",
        discussion: """
        Reads each scene and lays it out, reporting every problem as file:line:column: error: \
        message (the same checks as 'render': unknown keys and kinds, wrong types, negative or \
        NaN lengths, canvases over 32,767 pixels a side, nesting deeper than 200 views, files \
        over 1 MiB, …), and for a scene with an 'animation' every keyframe's state and the number \
        of frames. A scene is read in one pass: font families, images, connector ids and keyframe \
        targets are checked with everything else, and up to 20 problems are reported together. Prints nothing for a good scene unless --verbose is given. Exits with \
        status 1 if any scene has a problem. Warnings (file:line:column: warning: …) are printed \
        too, as 'render' prints them; with --strict they are errors, and the scene has a problem.

        Example:
          $ arrange validate Fixtures/*.yaml Fixtures/invalid/unknown-modifier.yaml
          Fixtures/invalid/unknown-modifier.yaml:6:9: error: unknown modifier 'bordr'; did you mean 'border'? …
          validated 15 scenes: 14 good, 1 with errors
        """
    )

    @Argument(help: "Scene files, folders of scene files or patterns such as 'Fixtures/*.yaml'; '-' reads YAML from standard input.")
    var scenes: [String]

    @OptionGroup var sceneOptions: SceneOptions

    @Flag(name: .customLong("warn-overflow"), inversion: .prefixedNo,
          help: "Warn, with the view's line, when a view lands outside the canvas and is cut off.")
    var warnOverflow = true

    @Flag(name: .shortAndLong, help: "Print a line for each good scene too.")
    var verbose = false

    func validate() throws {
        guard !scenes.isEmpty else { throw ValidationError("name at least one scene file") }
    }

    func run() throws {
        let inputs = try SceneInput.expand(scenes)
        let base = try fonts.library()
        var failed = 0
        for input in inputs {
            do {
                // The fonts too, so that an unknown family is reported with the scene's other problems.
                let scene = try input.load(seed: nil, limits: limitOptions.limits(), fonts: base)
                let rendered = try SceneRenderer(fonts: base).layout(scene)
                // An animated scene: every keyframe's state lays out, and its frames are countable.
                if let animation = scene.animation {
                    _ = try SceneTimeline(scene, renderer: SceneRenderer(fonts: base))
                    _ = try AnimationExport().frameTimes(of: animation)
                }
                try Console.warn(rendered.warnings(overflow: warnOverflow), strictOption.policy)
                let tree = rendered.tree
                if verbose {
                    let size = tree.result.canvasSize
                    Console.printLine("\(input.displayName): ok, \(scene.viewCount) view\(scene.viewCount == 1 ? "" : "s") on a \(formatNumber(size.width)) × \(formatNumber(size.height)) canvas")
                }
            } catch {
                failed += 1
                Console.error(error)
            }
        }
        if inputs.count > 1 || verbose {
            Console.printError("validated \(inputs.count) scene\(inputs.count == 1 ? "" : "s"): \(inputs.count - failed) good, \(failed) with errors")
        }
        if failed > 0 { throw ExitCode.failure }
    }
}
