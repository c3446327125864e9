import Foundation
import Testing
import TestSupport

/// `arrange validate` and `render` report every independent problem of a file, each located.
@Suite struct ValidateCommandTests {
    @Test func everyProblemOfAFileIsPrinted() throws {
        let binary = try #require(CLITests.binary, "the arrange binary was not found; build it with 'swift build'")
        let run = CLITests.run(binary, ["validate", "Fixtures/invalid/several-problems.yaml"], in: CLITests.root)
        #expect(run.status == 1)
        let lines = run.errors.split(separator: "\n").map(String.init)
        let file = "Fixtures/invalid/several-problems.yaml"
        #expect(lines.count == 4, "\(run.errors)")
        #expect(lines.first == "\(file):2:30: error: 'height' must be a number > 0, found -5 (see docs/scene-format.md#canvas)")
        #expect(lines.dropFirst().first == "\(file):7:7: error: unknown view kind 'rectangl'; did you mean 'rectangle'? (see docs/scene-format.md#views)")
        #expect(lines.dropFirst(2).first?.hasPrefix("\(file):10:11: error: unknown modifier 'bordr'; did you mean 'border'?") == true)
        #expect(lines.dropFirst(3).first?.hasPrefix("\(file):15:18: error: 'color' cannot be 'nope'") == true)
        // render prints the same problems and writes nothing.
        let folder = try ExternalTool.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let render = CLITests.run(binary, ["render", file, "-o", folder.path], in: CLITests.root)
        #expect(render.status == 1)
        #expect(render.errors.split(separator: "\n").filter { $0.contains(": error: ") }.count == 4)
        #expect((try FileManager.default.contentsOfDirectory(atPath: folder.path)).isEmpty)
    }

    @Test func tenIndependentMistakesOfEveryKindAreReportedInOneRun() throws {
        let binary = try #require(CLITests.binary, "the arrange binary was not found; build it with 'swift build'")
        let folder = try ExternalTool.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // Ten mistakes, each independent of the others, of ten kinds.
        try Data("""
            canvas: {width: 300, height: 200}
            view:
              vstack: {}
              children:
                - rectangle: {}
                  modifiers: [{fil: red}]
                - rectangle: {}
                  modifiers: [{fill: blurple}]
                - text: Hello
                  modifiers: [{font: {family: Nonexistent Family, size: 12}}]
                - image: missing.png
                - zstack: {}
                  children:
                    - circle: {}
                      id: a
                  modifiers: [{connect: [{from: a, to: nowhere}]}]
                - rectangle: {}
                  modifiers: [{frame: {width: -5}}]
                - rectangl: {}
                - rectangle: {}
                  modifiers: [{opacity: 2}]
                - circle: {}
                  modifiers: [{padding: abc}]
            animation:
              duration: 1
              keyframes:
                - {at: 1, set: {ghost: {opacity: 0.5}}}

            """.utf8).write(to: folder.appendingPathComponent("ten.yaml"))
        let run = CLITests.run(binary, ["validate", "ten.yaml"], in: folder)
        #expect(run.status == 1)
        let lines = run.errors.split(separator: "\n").map(String.init)
        // Line and column of each mistake, counted in the text above (the first line is 1).
        let expected = [
            "ten.yaml:6:20: error: unknown modifier 'fil'",
            "ten.yaml:8:26: error: 'fill' cannot be 'blurple'",
            "ten.yaml:10:35: error: no font family 'Nonexistent Family'",
            "ten.yaml:11:14: error: the image 'missing.png' does not exist",
            "ten.yaml:16:44: error: no view with id 'nowhere' inside the view that draws this connector",
            "ten.yaml:18:35: error: 'width' must be a number ≥ 0, found -5",
            "ten.yaml:19:7: error: unknown view kind 'rectangl'",
            "ten.yaml:21:29: error: 'opacity' must be a number from 0 to 1, found 2",
            "ten.yaml:23:29: error: 'padding' expects a number",
            "ten.yaml:27:21: error: no view has the id 'ghost'",
        ]
        #expect(lines.count == 10, "\(run.errors)")
        for start in expected {
            #expect(lines.contains { $0.hasPrefix(start) }, "missing \(start) in:\n\(run.errors)")
        }
    }

    @Test func theCommonYAMLSlipsGetHints() throws {
        let binary = try #require(CLITests.binary, "the arrange binary was not found; build it with 'swift build'")
        let colour = CLITests.run(binary, ["validate", "Fixtures/invalid/unquoted-hex-colour.yaml"], in: CLITests.root)
        #expect(colour.status == 1)
        #expect(colour.errors.hasPrefix("Fixtures/invalid/unquoted-hex-colour.yaml:4:12: error: "))
        #expect(colour.errors.contains("YAML reads an unquoted '#' as the start of a comment, so quote a hex colour, as in fill: \"#ff0000\""))
        let indented = CLITests.run(binary, ["validate", "Fixtures/invalid/children-under-parameters.yaml"], in: CLITests.root)
        #expect(indented.status == 1)
        #expect(indented.errors.hasPrefix("Fixtures/invalid/children-under-parameters.yaml:4:5: error: unknown key 'children' in the parameters of 'vstack'"))
        #expect(indented.errors.contains("'children' belongs to the view, not to its parameters: dedent it to line up with the view's kind"))
    }

    @Test func animatedScenesAreValidatedInEveryState() throws {
        let binary = try #require(CLITests.binary, "the arrange binary was not found; build it with 'swift build'")
        let good = CLITests.run(binary, ["validate", "Fixtures/animation"], in: CLITests.root)
        #expect(good.status == 0, "\(good.errors)")
        #expect(good.errors.contains("validated 6 scenes: 6 good, 0 with errors"))
        // The keyframe's state is 40,000 points wide: over 32,767 pixels a side, at the keyframe.
        let folder = try ExternalTool.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let scene = folder.appendingPathComponent("wide.yaml")
        try Data("""
            view:
              rectangle:
              id: r
              modifiers: [{frame: {width: 100, height: 100}}]
            animation:
              duration: 1
              keyframes:
                - at: 1
                  set: {r: {frame: {width: 40000, height: 100}}}
            """.utf8).write(to: scene)
        let wide = CLITests.run(binary, ["validate", scene.path], in: CLITests.root)
        #expect(wide.status == 1)
        #expect(wide.errors.hasPrefix("\(scene.path):8:7: error: at the keyframe at 1 s: the picture would be 40000 × 100 pixels"), "\(wide.errors)")
    }

    @Test func shellCompletionsAreGenerated() throws {
        let binary = try #require(CLITests.binary, "the arrange binary was not found; build it with 'swift build'")
        for shell in ["bash", "zsh", "fish"] {
            let run = CLITests.run(binary, ["--generate-completion-script", shell], in: CLITests.root)
            #expect(run.status == 0, "\(shell): \(run.errors)")
            // Every subcommand is completed.
            for command in ["render", "check", "diff", "layout", "validate"] {
                #expect(run.stdout.contains(command), "\(shell) lacks \(command)")
            }
        }
    }

    @Test func aTabIndentationGetsTheSpacesHint() throws {
        let binary = try #require(CLITests.binary, "the arrange binary was not found; build it with 'swift build'")
        let run = CLITests.run(binary, ["validate", "Fixtures/invalid/malformed-tab-indentation.yaml"], in: CLITests.root)
        #expect(run.status == 1)
        #expect(run.errors.hasPrefix("Fixtures/invalid/malformed-tab-indentation.yaml:"))
        #expect(run.errors.hasSuffix("; YAML indents with spaces, not tabs\n"))
    }
}
