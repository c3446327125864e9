import Arrange
import ArgumentParser
import ArrangeBackends
import ArrangeScene
import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The `arrange` command: renders, lays out and checks scene files.
@main
struct ArrangeTool: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "arrange",
        abstract: "Lay out SwiftUI-style scenes and render them to PNG, SVG and PDF.",
        discussion: """
        A scene is a YAML or JSON file that describes a view tree the way SwiftUI code does: \
        stacks, shapes, text, flow and wheel layouts, and their modifiers. Arrange lays it out \
        with SwiftUI's rules and draws the result.

          canvas: {width: 393, scale: 2, background: white}
          seed: 7
          view:
            vstack: {spacing: 8}
            children:
              - text: Hello
              - rectangle:
                modifiers: [{fill: random}, {frame: {width: 120, height: 40}}]

        Errors name the file, line and column: scene.yaml:6:9: error: unknown modifier \
        'bordr'; did you mean 'border'? (see docs/scene-format.md#modifiers). Every key of the \
        format is described in docs/scene-format.md (written by 'arrange schema --markdown' from \
        Schema/arrange-scene.schema.json).

        Examples:
          arrange render Fixtures/*.yaml -o Output --format png,svg
          arrange animate Fixtures/animation/wheel-modes.yaml --format svg
          arrange layout Fixtures/wheel-0.yaml
          arrange validate Fixtures/*.yaml
          arrange icons cloud
        """,
        version: ArrangeTool.version,
        subcommands: [RenderCommand.self, AnimateCommand.self, CheckCommand.self, DiffCommand.self, ReportCommand.self, LayoutCommand.self, ValidateCommand.self, ServeCommand.self, SchemaCommand.self, IconsCommand.self]
    )

    /// `arrange --version`; part of every `--incremental` fingerprint, so a new version draws anew.
    static let version = "arrange 0.5.0"

    /// Runs the command with `Interruption`'s handlers installed first, so every command that
    /// writes files cleans up when it is stopped.
    static func main() {
        // A batch lays out and draws scene after scene: their arrays reuse the memory freed.
        ProcessMemory.keepFreedMemory()
        let sources = Interruption.install()
        withExtendedLifetime(sources) {
            // The common `render` lines skip the parser's start-up cost; errors are reported as
            // `main` reports them.
            guard let command = QuickRender.command(Array(CommandLine.arguments.dropFirst())) else { return main(nil) }
            do {
                try command.run()
            } catch {
                exit(withError: error)
            }
        }
    }
}

/// A scene named on the command line: a file, or standard input (`-`).
struct SceneInput: Sendable {
    /// The path, or "-" for standard input.
    var path: String
    /// The folders between the folder or pattern that named the scene and the scene itself
    /// ("a/b" for `docs/a/b/intro.yaml` found under `docs`): where its outputs go under `-o`.
    var subfolder = ""
    /// For a scene inside a Markdown file, its `arrange` block: 1 for the first.
    var markdownBlock: Int?
    /// For a scene inside a Markdown file, the file as it was read once for the run: every block
    /// is read from it (not the file again, once a block), and the rewrite replaces its blocks.
    var markdown: MarkdownScenes?
    /// The name in messages: the path (control characters escaped), `<stdin>`, or
    /// "README.md, block 2".
    var displayName: String {
        let name = TerminalText.escaped(path)
        if let markdownBlock { return "\(name), block \(markdownBlock)" }
        return path == "-" ? "<stdin>" : name
    }
    /// The base of output file names: the file name without its extension, "stdin", or for a
    /// Markdown block the file's name and the block's name ("README-flow-intro", from
    /// ```` ```arrange id=flow-intro ````) or, without one, its number ("README-2").
    var baseName: String {
        let base = path == "-" ? "stdin" : ((path as NSString).lastPathComponent as NSString).deletingPathExtension
        guard let markdownBlock else { return base }
        return "\(base)-\(block?.name ?? String(markdownBlock))"
    }

    /// For a scene inside a Markdown file, its block.
    var block: MarkdownScenes.Block? {
        guard let markdownBlock, let markdown, markdown.blocks.indices.contains(markdownBlock - 1) else { return nil }
        return markdown.blocks[markdownBlock - 1]
    }

    /// Where the scene is, for a message that must name it among others: a Markdown block's file
    /// and opening line ("README.md:12, block 2"), else `displayName`.
    var placeName: String {
        guard let block, let markdownBlock else { return displayName }
        return "\(TerminalText.escaped(path)):\(block.openingLine), block \(markdownBlock)"
    }

    /// Reads and checks the scene; `seed` replaces its own. A Markdown block is read from the
    /// file as it was read for the run (`--watch` reads the file again when it changes). With
    /// `fonts` (what the scene is drawn over), its font families are checked with everything else.
    func load(seed: UInt64?, limits: SceneLimits = SceneLimits(), fonts: FontLibrary? = nil) throws -> Scene {
        if let markdownBlock, let markdown {
            return try markdown.scene(markdownBlock, seed: seed, limits: limits, fonts: fonts)
        }
        guard path == "-" else { return try Scene.load(contentsOf: path, seed: seed, limits: limits, fonts: fonts) }
        return try Scene.read(from: .standardInput, file: displayName, format: .yaml, seed: seed, limits: limits, fonts: fonts)
    }

    /// Whether a file is Markdown, whose `arrange` blocks are the scenes.
    static func isMarkdown(_ path: String) -> Bool {
        ["md", "markdown"].contains((path as NSString).pathExtension.lowercased())
    }

    /// The scenes of a Markdown file: one input per `arrange` block.
    /// - Throws: `ValidationError` when the file cannot be read or has no such block.
    static func markdownBlocks(_ input: SceneInput, skippingEmpty: Bool = false) throws -> [SceneInput] {
        let document: MarkdownScenes
        do {
            document = try MarkdownScenes(contentsOf: input.path)
            // Before anything is rendered: a bad or repeated name would name pictures wrongly.
            try document.checkNames()
        } catch let error as SceneError {
            throw ValidationError(error.all.map(\.description).joined(separator: "\n"))
        }
        if skippingEmpty, document.blocks.isEmpty { return [] }
        guard !document.blocks.isEmpty else {
            throw ValidationError("'\(TerminalText.escaped(input.path))' holds no scene: a scene in Markdown is a fenced code block that starts with ```arrange")
        }
        return document.blocks.map { block in
            var copy = input
            copy.markdownBlock = block.number
            copy.markdown = document
            return copy
        }
    }

    static let extensions: Set<String> = ["yaml", "yml", "json"]

    /// Whether a found file is a scene: its extension, and not a layout dump `arrange check`
    /// keeps beside its references (`NAME.layout.json`).
    static func isScene(_ name: String) -> Bool {
        extensions.contains((name as NSString).pathExtension.lowercased()) && !name.hasSuffix(".layout.json")
    }

    /// The inputs named by command-line arguments: files as given, `-` for standard input,
    /// folders as every scene file (`.yaml`, `.yml`, `.json`) in them and their subfolders, and
    /// patterns the shell did not expand (`*`, `?`, `[…]` within a folder name, `**` across
    /// folders) as the files they match; each found file keeps its folders below the folder or
    /// the pattern's fixed start, for mirrored outputs.
    /// - Throws: `ValidationError` for a named file that does not exist, a folder without scenes
    ///   and a pattern that matches nothing, before anything is rendered.
    static func expand(_ arguments: [String]) throws -> [SceneInput] {
        var inputs: [SceneInput] = []
        for argument in arguments {
            if argument == "-" {
                inputs.append(SceneInput(path: "-"))
                continue
            }
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: argument, isDirectory: &isDirectory) {
                if isDirectory.boolValue {
                    // A folder's Markdown files count when they hold `arrange` blocks; others
                    // (a README without scenes) are not scenes.
                    let found = try scenes(under: argument).flatMap { isMarkdown($0.path) ? try markdownBlocks($0, skippingEmpty: true) : [$0] }
                    guard !found.isEmpty else {
                        throw ValidationError("the folder '\(TerminalText.escaped(argument))' holds no scene files (.yaml, .yml, .json, or Markdown with ```arrange blocks), nor do its subfolders")
                    }
                    inputs += found
                } else {
                    inputs.append(SceneInput(path: argument))
                }
                continue
            }
            if argument.contains(where: { "*?[".contains($0) }) {
                let matches = glob(argument)
                guard !matches.isEmpty else { throw ValidationError("no file matches '\(TerminalText.escaped(argument))'") }
                inputs += matches
                continue
            }
            let hint = BackendRegistry.standard.format(named: (argument as NSString).pathExtension) != nil
                ? " (to write a picture to a file, use -o \(TerminalText.escaped(argument)))" : ""
            throw ValidationError("no scene file '\(TerminalText.escaped(argument))'\(hint)")
        }
        return try inputs.flatMap { $0.path != "-" && $0.markdownBlock == nil && isMarkdown($0.path) ? try markdownBlocks($0) : [$0] }
    }

    /// Every scene file and Markdown file below `folder`, sorted, hidden folders skipped.
    static func scenes(under folder: String) -> [SceneInput] {
        let root = URL(fileURLWithPath: folder)
        guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil, options: [.skipsHiddenFiles]) else { return [] }
        var found: [SceneInput] = []
        for case let url as URL in walker where isScene(url.lastPathComponent) || isMarkdown(url.lastPathComponent) {
            let relative = String(url.standardizedFileURL.path.dropFirst(root.standardizedFileURL.path.count + 1))
            let subfolder = FolderPath.of(relative)
            found.append(SceneInput(path: (folder as NSString).appendingPathComponent(relative), subfolder: subfolder))
        }
        return found.sorted { $0.path < $1.path }
    }

    /// The files a pattern matches: its fixed leading folders, then each component matched with
    /// fnmatch, `**` standing for any number of folders.
    static func glob(_ pattern: String) -> [SceneInput] {
        let components = pattern.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard let firstWild = components.firstIndex(where: { $0.contains(where: { "*?[".contains($0) }) }) else { return [] }
        let base = components[..<firstWild].joined(separator: "/")
        let rest = Array(components[firstWild...])
        let root = base.isEmpty ? "." : base
        guard let walker = FileManager.default.enumerator(atPath: root) else { return [] }
        var found: [SceneInput] = []
        while let relative = walker.nextObject() as? String {
            let parts = relative.split(separator: "/").map(String.init)
            guard !parts.contains(where: { $0.hasPrefix(".") }), matches(rest[...], parts[...]) else { continue }
            var isDirectory: ObjCBool = false
            let path = base.isEmpty ? relative : base + "/" + relative
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue else { continue }
            found.append(SceneInput(path: path, subfolder: FolderPath.of(relative)))
        }
        return found.sorted { $0.path < $1.path }
    }

    private static func matches(_ pattern: ArraySlice<String>, _ path: ArraySlice<String>) -> Bool {
        guard let first = pattern.first else { return path.isEmpty }
        if first == "**" {
            if matches(pattern.dropFirst(), path) { return true }
            return !path.isEmpty && matches(pattern, path.dropFirst())
        }
        guard let component = path.first, fnmatch(first, component, 0) == 0 else { return false }
        return matches(pattern.dropFirst(), path.dropFirst())
    }
}

/// Where messages go: errors and the summary to standard error, so that standard output carries
/// only what was asked for (a layout, or a picture with `-o -`).
enum Console {
    /// Whether standard error is a terminal (progress lines) or a log (quiet).
    static let isTerminal = isatty(STDERR_FILENO) == 1

    static func error(_ error: any Error) {
        if let scene = error as? SceneError {
            for problem in scene.all { printError(problem.description) }
            if scene.all.count >= SceneError.maximumReported {
                printError("\(scene.location.file): note: stopped after \(SceneError.maximumReported) problems; fix these and run again")
            }
        } else if let strict = error as? StrictWarnings {
            strict.lines.forEach(printError)
        } else {
            printError("arrange: error: \(FileOutput.describe(error))")
        }
    }

    /// Prints a scene's warnings as `policy` has them: as they are, or with `--strict` throws
    /// them (`StrictWarnings`, which `error(_:)` prints as errors) so that the scene fails.
    static func warn(_ warnings: [String], _ policy: WarningPolicy) throws {
        try policy.apply(warnings).forEach(printError)
    }

    /// The progress line shown now, if any: cleared before a message and drawn again after it,
    /// so that an error never lands on the end of a progress line.
    private static let shownProgress = Mutex<String?>(nil)

    /// Writes to standard error; a standard error that cannot be written is ignored, never a
    /// crash.
    private static func writeError(_ text: String) {
        try? FileHandle.standardError.write(contentsOf: Data(text.utf8))
    }

    /// Writes a message line to standard error. Control characters in it (from a file name, say)
    /// are escaped here, the one way out for messages, so none reaches the terminal raw.
    static func printError(_ message: String) {
        let line = TerminalText.escapedLines(message)
        shownProgress.withLock { progress in
            if isTerminal, let progress {
                writeError("\r\u{1B}[K" + line + "\n" + progress)
            } else {
                writeError(line + "\n")
            }
        }
    }

    /// Replaces the progress line on a terminal; does nothing elsewhere.
    static func progress(_ line: String) {
        guard isTerminal else { return }
        let width = 100
        let shown = TerminalText.escaped(line, limit: width - 1)
        shownProgress.withLock { progress in
            progress = shown
            writeError("\r\u{1B}[K" + shown)
        }
    }

    /// Writes what was asked for (a picture, a layout) to standard output. A full disk or a
    /// closed pipe is an error to report, never a crash: SIGPIPE is ignored so that the write
    /// fails with EPIPE instead of ending the process.
    static func writeOutput(_ data: Data) throws {
        signal(SIGPIPE, SIG_IGN)
        try FileHandle.standardOutput.write(contentsOf: data)
    }

    /// Prints one result line on standard output (clearing a progress line first).
    static func printLine(_ line: String) {
        if isTerminal { writeError("\r\u{1B}[K") }
        try? FileHandle.standardOutput.write(contentsOf: Data((TerminalText.escapedLines(line) + "\n").utf8))
    }

    /// Clears the progress line.
    static func endProgress() {
        guard isTerminal else { return }
        shownProgress.withLock { progress in
            progress = nil
            writeError("\r\u{1B}[K")
        }
    }
}

/// Numbers as people read them: whole numbers without a fraction, others as Swift prints them
/// (the shortest text that reads back as the same number).
func formatNumber(_ value: CGFloat) -> String {
    if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
    return "\(Double(value))"
}

extension UInt64 {
    /// `--seed` values.
    static func parseSeed(_ text: String) throws -> UInt64 {
        guard let value = UInt64(text) else { throw ValidationError("--seed expects a whole number from 0 to \(UInt64.max), found '\(text)'") }
        return value
    }
}
