import Arrange
import ArgumentParser
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
        'bordr'; did you mean 'border'? The format is described by Schema/arrange-scene.schema.json.

        Examples:
          arrange render Fixtures/*.yaml -o Output --format png,svg
          arrange layout Fixtures/wheel-0.yaml
          arrange validate Fixtures/*.yaml
        """,
        version: "arrange 0.2.0",
        subcommands: [RenderCommand.self, CheckCommand.self, DiffCommand.self, ReportCommand.self, LayoutCommand.self, ValidateCommand.self]
    )
}

/// A scene named on the command line: a file, or standard input (`-`).
struct SceneInput: Hashable, Sendable {
    /// The path, or "-" for standard input.
    var path: String
    /// The name in messages: the path, or `<stdin>`.
    var displayName: String { path == "-" ? "<stdin>" : path }
    /// The base of output file names: the file name without its extension, or "stdin".
    var baseName: String {
        path == "-" ? "stdin" : ((path as NSString).lastPathComponent as NSString).deletingPathExtension
    }

    /// Reads and checks the scene; `seed` replaces its own.
    func load(seed: UInt64?) throws -> Scene {
        guard path == "-" else { return try Scene.load(contentsOf: path, seed: seed) }
        return try Scene.read(from: .standardInput, file: displayName, format: .yaml, seed: seed)
    }

    /// The inputs named by command-line arguments: files as given, `-` for standard input,
    /// directories as the scene files (`.yaml`, `.yml`, `.json`) directly inside them, and
    /// patterns (`*`, `?`, `[`) the shell did not expand as the files they match, sorted.
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
                    let names = (try? FileManager.default.contentsOfDirectory(atPath: argument)) ?? []
                    let scenes = names.filter { ["yaml", "yml", "json"].contains(($0 as NSString).pathExtension.lowercased()) }.sorted()
                    guard !scenes.isEmpty else {
                        throw ValidationError("the folder '\(argument)' holds no scene files (.yaml, .yml, .json)")
                    }
                    inputs += scenes.map { SceneInput(path: (argument as NSString).appendingPathComponent($0)) }
                } else {
                    inputs.append(SceneInput(path: argument))
                }
                continue
            }
            if argument.contains(where: { "*?[".contains($0) }) {
                let matches = glob(argument)
                guard !matches.isEmpty else { throw ValidationError("no file matches '\(argument)'") }
                inputs += matches.map { SceneInput(path: $0) }
                continue
            }
            // A missing file is reported when it is read, as an error of that scene.
            inputs.append(SceneInput(path: argument))
        }
        return inputs
    }

    private static func glob(_ pattern: String) -> [String] {
        var result = glob_t()
        defer { globfree(&result) }
        #if canImport(Glibc)
        guard Glibc.glob(pattern, 0, nil, &result) == 0 else { return [] }
        #else
        guard Darwin.glob(pattern, 0, nil, &result) == 0 else { return [] }
        #endif
        return (0..<Int(result.gl_pathc)).compactMap { index in
            result.gl_pathv[index].flatMap { String(validatingCString: $0) }
        }.sorted()
    }
}

/// Where messages go: errors and the summary to standard error, so that standard output carries
/// only what was asked for (a layout, or a picture with `-o -`).
enum Console {
    /// Whether standard error is a terminal (progress lines) or a log (quiet).
    static let isTerminal = isatty(STDERR_FILENO) == 1

    static func error(_ error: any Error) {
        if let scene = error as? SceneError {
            printError(scene.description)
        } else {
            printError("arrange: error: \(FileOutput.describe(error))")
        }
    }

    static func printError(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }

    /// Replaces the progress line on a terminal; does nothing elsewhere.
    static func progress(_ line: String) {
        guard isTerminal else { return }
        let width = 100
        let shown = line.count > width ? String(line.prefix(width - 1)) + "…" : line
        FileHandle.standardError.write(Data(("\r\u{1B}[K" + shown).utf8))
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
        if isTerminal { try? FileHandle.standardError.write(contentsOf: Data("\r\u{1B}[K".utf8)) }
        try? FileHandle.standardOutput.write(contentsOf: Data((line + "\n").utf8))
    }

    /// Clears the progress line.
    static func endProgress() {
        guard isTerminal else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
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

/// Runs `body(0..<count)` on `workers` threads.
func runInParallel(_ count: Int, workers: Int, _ body: @escaping @Sendable (Int) -> Void) {
    let next = Mutex(0)
    let group = DispatchGroup()
    for _ in 0..<workers {
        group.enter()
        let thread = Thread {
            while true {
                let index = next.withLock { value -> Int in
                    defer { value += 1 }
                    return value
                }
                guard index < count else { break }
                body(index)
            }
            group.leave()
        }
        thread.start()
    }
    group.wait()
}
