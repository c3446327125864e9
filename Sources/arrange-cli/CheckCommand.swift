import Arrange
import ArgumentParser
import ArrangeScene
import ArrangeSnapshot
import Foundation
import Synchronization

/// `arrange check`: scenes against reference pictures.
struct CheckCommand: ParsableCommand, SceneReadingCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check scenes against reference pictures (visual regression tests).",
        discussion: """
        Each scene is rendered and its PNG compared with REFERENCES/NAME.png, where NAME is the \
        scene's file name without its extension. Pixels are compared by perceived colour \
        (pixelmatch's YIQ distance); pixels that differ only as anti-aliased edges are ignored. \
        A check also compares the layout with REFERENCES/NAME.layout.json and names the views \
        that moved or resized.

        A scene drawn in light and dark (its `colorScheme: both`, or --color-scheme both) is two \
        pictures, each its own entry in the output and the reports: the light one compared with \
        REFERENCES/NAME.png, the dark one, NAME~dark, with REFERENCES/NAME~dark.png. A missing \
        dark reference is a failure as a light one is, unless the record mode writes it.

        The check is strict: a scene fails if any pixel differs beyond the threshold. To allow \
        a few, opt in with --max-diff-pixels N or --max-diff RATIO; a pass they allow is \
        printed as "PASSED   NAME (440 px differ, tolerated)" and marked in the reports.

        Failures leave NAME.expected.png, NAME.actual.png and NAME.diff.png (differences red, \
        anti-aliasing yellow; for images of different sizes, the two side by side with magenta \
        stripes where one has no pixels) in the output folder, with report.html; a later run \
        removes them once the scene passes. The exit status is 1 if any scene failed, had no \
        reference (with --record never) or could not be rendered.

        Record modes: missing (default) writes references that do not exist yet; all writes \
        every reference anew; failed writes the references of failing scenes; never only \
        compares, as CI should.

        References are read only if they are files in the references folder: a symbolic link \
        that leads out of it is an error, never read or copied. --prune removes only files (a \
        symbolic link as a link, never what it leads to) and notes what it left.

        Examples:
          arrange check Fixtures/*.yaml --references Fixtures/references
          arrange check scenes --references refs --max-diff-pixels 500
          arrange check docs --references docs/references --record never --junit junit.xml
          arrange check 'docs/*.yaml' --references refs --shard 2/4 --json shard-2.json
        """
    )

    @Argument(help: "Scene files, folders of scene files or patterns such as 'Fixtures/*.yaml'.")
    var scenes: [String]

    @Option(help: ArgumentHelp("The folder of reference files.", valueName: "folder"))
    var references: String

    @Option(name: [.short, .customLong("output")], help: "Where failures and report.html go.")
    var output = "arrange-check"

    @Option(help: "When references are written: missing, all, failed or never.")
    var record: SnapshotCheck.RecordMode = .missing

    @OptionGroup var tolerance: ToleranceOptions

    @Flag(help: "Also compare each scene's SVG with REFERENCES/NAME.svg, as text.")
    var svg = false

    @Option(help: ArgumentHelp("Check only the share i of n of the scenes (by a hash of their names), for a CI matrix.", valueName: "i/n"),
            transform: ShardOption.parse)
    var shard: ShardOption?

    @Flag(help: "List and remove references that no scene given uses.")
    var prune = false

    @Option(help: ArgumentHelp("Write JUnit XML here.", valueName: "file"))
    var junit: String?

    @Option(help: ArgumentHelp("Write the machine-readable summary here (for `arrange report merge`).", valueName: "file"))
    var json: String?

    @Option(name: [.short, .long], help: "Scenes checked at once (default: the number of cores).")
    var jobs: Int?

    @Option(name: .customLong("color-scheme"),
            help: ArgumentHelp("Check every scene in this colour scheme, light, dark or both, replacing each scene's 'colorScheme', as render does. Both compares NAME.png and NAME~dark.png.", valueName: "scheme"))
    var colorScheme: ColorSchemeOption?

    @OptionGroup var sceneOptions: SceneOptions

    func validate() throws {
        guard !scenes.isEmpty else { throw ValidationError("name at least one scene file") }
        if let jobs, jobs < 1 { throw ValidationError("--jobs must be at least 1") }
    }

    func run() throws {
        let inputs = try SceneInput.expand(scenes).filter { $0.path != "-" }
        let referencesURL = URL(fileURLWithPath: references), outputURL = URL(fileURLWithPath: output)
        let limits = try limitOptions.limits()
        let renderer = SceneRenderer(fonts: try fonts.library()).drawing(in: colorScheme)
        let check = SnapshotCheck(references: referencesURL, output: outputURL,
                                  comparison: tolerance.comparison(),
                                  compareSVG: svg, record: record, renderer: renderer,
                                  imagePixels: limits.imagePixels, warnings: strictOption.policy)

        // Two scenes with one reference name would overwrite each other's references.
        var owners: [String: [String]] = [:]
        for input in inputs { owners[input.baseName, default: []].append(input.displayName) }
        let clashes = owners
        // A dark picture named like another scene (x.yaml's x~dark, and x~dark.yaml) is an error of its own.
        let sceneNames = owners.mapValues { $0.joined(separator: " and ") }
        let selected = shard?.select(inputs) ?? inputs
        let results = Mutex<[CheckResult]>([])
        let work = selected
        LargeStack.forEach(work.count, workers: jobs ?? ProcessInfo.processInfo.activeProcessorCount) { index in
            let input = work[index]
            let name = input.baseName
            var checked: [CheckResult]
            if let clash = clashes[name], clash.count > 1 {
                var result = CheckResult(name: name, scene: input.path, status: .error)
                result.message = "\(clash.joined(separator: " and ")) share the reference name '\(name)'; rename one of them"
                checked = [result]
            } else {
                checked = check.check({ try input.load(seed: nil, limits: limits, fonts: check.renderer.fonts) }, file: input.displayName,
                                      name: name, sceneNames: sceneNames)
            }
            Console.printLine(checked.map { ([$0.line] + Self.changeLines($0)).joined(separator: "\n") }.joined(separator: "\n"))
            results.withLock { $0.append(contentsOf: checked) }
        }
        let report = CheckReport(results: results.withLock { $0 })

        if prune {
            let names = Self.usedReferenceNames(inputs.map(\.baseName), results: report.results)
            // Only files go: a folder named like a reference stays, as does what a link leads to.
            let removal = FileOutput.removeFiles(check.unusedReferences(names: names).map(\.lastPathComponent), in: referencesURL)
            for name in removal.removed { Console.printError("pruned \(referencesURL.appendingPathComponent(name).path)") }
            for skipped in removal.skipped {
                Console.printError("\(referencesURL.appendingPathComponent(skipped.name).path): note: not pruned: \(skipped.reason)")
            }
        }
        try writeReports(report, output: outputURL)
        Console.printLine(report.summary + (shard?.summarySuffix ?? "")
                          + (report.failed > 0 ? "; see \(outputURL.appendingPathComponent("report.html").path)" : ""))
        if report.failed > 0 { throw ExitCode.failure }
    }

    /// The reference names the scenes `names` use, for `--prune`: each scene's, and its dark
    /// picture's (NAME~dark) when it was checked in both schemes or its check did not get as far
    /// as telling (a scene of another shard, or one that could not be read).
    static func usedReferenceNames(_ names: [String], results: [CheckResult]) -> Set<String> {
        var used = Set(names).union(results.map(\.name))
        let told = Set(results.filter { $0.status != .error }.map(\.name))
        for name in names where !told.contains(name) { used.insert(name + ColorSchemeFiles.darkSuffix) }
        return used
    }

    /// The views that moved, indented under the scene's line: at most ten, then a count.
    static func changeLines(_ result: CheckResult) -> [String] {
        guard result.status.isFailure else { return [] }
        var lines = result.changes.prefix(10).map { "    " + $0.description }
        if result.changes.count > 10 { lines.append("    … and \(result.changes.count - 10) more (report.html lists them all)") }
        return lines
    }

    func writeReports(_ report: CheckReport, output: URL) throws {
        do {
            if report.failed > 0 || FileManager.default.fileExists(atPath: output.path) {
                try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
                try FileOutput.write(Data(report.html().utf8), to: output.appendingPathComponent("report.html"))
            }
            if let junit { try FileOutput.write(Data(report.junit().utf8), to: URL(fileURLWithPath: junit)) }
            if let json { try FileOutput.write(report.json(), to: URL(fileURLWithPath: json)) }
        } catch let error as FileOutputError {
            Console.printError("\(error.path): error: cannot write the report: \(error.reason)")
            throw ExitCode.failure
        } catch {
            Console.printError("error: cannot write the report: \(FileOutput.describe(error))")
            throw ExitCode.failure
        }
    }
}
extension SnapshotCheck.RecordMode: ExpressibleByArgument {}
