import Foundation
import PackagePlugin

/// `swift package --allow-writing-to-package-directory render-scenes`: renders the scene files of
/// a package's DocC catalogs into the catalogs' `Resources` folders, with the file names DocC
/// resolves by name (`card@2x.png`, `card~dark@2x.png`), by running the package's own build of
/// `arrange render`.
///
/// By convention, for each source target with a catalog `<Name>.docc`, the scenes in
/// `<Name>.docc/Scenes/` (and its subfolders) render into `<Name>.docc/Resources/`. `--scenes DIR
/// --output DIR` renders one folder anywhere in the package instead. A command plugin rather than
/// a build-tool plugin because the pictures are source files of the catalog: a build-tool plugin
/// may only write into its work folder, which DocC does not read.
@main
struct RenderScenes: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        // A thrown Failure is printed by SwiftPM as "error: …" and makes the exit status 1.
        let options = try Options(arguments)
        if options.help {
            say(Options.usage)
            return
        }
        let jobs = try Self.jobs(context: context, options: options)
        guard !jobs.isEmpty else {
            throw Failure(message: "no scenes to render: no target has a '<Name>.docc/Scenes' folder; make one, or name a folder with --scenes DIR --output DIR")
        }
        let arrange = try context.tool(named: "arrange").url
        for (number, job) in jobs.enumerated() {
            // `arrange render` gives DocC's scale suffix (card@2x.png, @3x) only to the pair it
            // writes for both schemes; one scheme at scale 2 or 3 is drawn into the plugin's work folder
            // and moved into place under DocC's name, or DocC would show it at twice its size.
            let scale = Double(options.scale)
            let renamed = options.colorScheme != "both" && (scale == 2 || scale == 3)
            let drawTo = renamed ? context.pluginWorkDirectoryURL.appendingPathComponent("render-\(number)") : job.output
            if renamed { try? FileManager.default.removeItem(at: drawTo) }
            let arguments = ["render", job.scenes.path, "-o", drawTo.path, "--format", "png", "--flat",
                             "--scale", options.scale, "--color-scheme", options.colorScheme] + options.passThrough
            say("render-scenes: \(job.label): \(job.scenes.path) → \(job.output.path)")
            let status = try Self.run(arrange, arguments)
            // arrange has printed its errors, each naming the scene's file and line.
            guard status == 0 else {
                throw Failure(message: "arrange render failed for \(job.label) (exit status \(status))")
            }
            if renamed { try Self.move(from: drawTo, to: job.output, suffix: "@\(Int(scale ?? 1))x") }
        }
    }

    /// Moves every PNG of `folder` into `output` with `suffix` before its extension (card.png →
    /// card@2x.png), replacing a picture of that name.
    static func move(from folder: URL, to output: URL, suffix: String) throws {
        let files = FileManager.default
        try files.createDirectory(at: output, withIntermediateDirectories: true)
        for name in try files.contentsOfDirectory(atPath: folder.path).sorted() where name.hasSuffix(".png") {
            let target = output.appendingPathComponent(String(name.dropLast(4)) + suffix + ".png")
            try? files.removeItem(at: target)
            try files.moveItem(at: folder.appendingPathComponent(name), to: target)
        }
    }

    /// Prints a line unbuffered, so it comes before what `arrange` prints after it.
    func say(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }

    /// One `arrange render` run: a folder of scenes and the folder its pictures go to.
    struct Job {
        var label: String
        var scenes: URL
        var output: URL
    }

    /// The folders to render: the one named by `--scenes`/`--output`, or each catalog's
    /// `Scenes` folder of the chosen targets (every source target when none is named).
    static func jobs(context: PluginContext, options: Options) throws -> [Job] {
        let root = context.package.directoryURL
        if let scenes = options.scenes, let output = options.output {
            return [Job(label: scenes, scenes: URL(fileURLWithPath: scenes, relativeTo: root).standardizedFileURL,
                        output: URL(fileURLWithPath: output, relativeTo: root).standardizedFileURL)]
        }
        let known = context.package.targets.compactMap { $0 as? SourceModuleTarget }
        let chosen: [SourceModuleTarget]
        if options.targets.isEmpty {
            chosen = known
        } else {
            chosen = try options.targets.map { name in
                guard let target = known.first(where: { $0.name == name }) else {
                    throw Failure(message: "no source target '\(name)' in the package; its targets are \(known.map(\.name).joined(separator: ", "))")
                }
                return target
            }
        }
        var jobs: [Job] = []
        for target in chosen {
            guard let folder = folder(of: target) else { continue }
            for catalog in catalogs(in: folder) {
                let scenes = catalog.appendingPathComponent("Scenes")
                var isFolder: ObjCBool = false
                guard FileManager.default.fileExists(atPath: scenes.path, isDirectory: &isFolder), isFolder.boolValue else { continue }
                jobs.append(Job(label: "\(target.name) (\(catalog.lastPathComponent))", scenes: scenes,
                                output: catalog.appendingPathComponent("Resources")))
            }
        }
        return jobs
    }

    /// A source target's folder. With tools version 6.0, `directoryURL` exists only on the
    /// concrete target types (the protocol gains it in 6.1).
    static func folder(of target: SourceModuleTarget) -> URL? {
        if let swift = target as? SwiftSourceModuleTarget { return swift.directoryURL }
        if let clang = target as? ClangSourceModuleTarget { return clang.directoryURL }
        return nil
    }

    /// The `.docc` folders inside a target's folder, sorted so the runs' order is stable; a
    /// catalog's own contents are not searched for further catalogs.
    static func catalogs(in folder: URL) -> [URL] {
        guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isDirectoryKey],
                                                          options: [.skipsHiddenFiles]) else { return [] }
        var found: [URL] = []
        for case let url as URL in walker where url.pathExtension == "docc" {
            found.append(url)
            walker.skipDescendants()
        }
        return found.sorted { $0.path < $1.path }
    }

    /// Runs `tool` with standard output and error passed through, and returns its exit status.
    static func run(_ tool: URL, _ arguments: [String]) throws -> Int32 {
        let process = Process()
        process.executableURL = tool
        process.arguments = arguments
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }
}

/// A mistake in the plugin's arguments, or a failed render; SwiftPM prints it as "error: …".
struct Failure: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}

/// The plugin's own options; every other argument goes on to `arrange render`.
struct Options {
    var targets: [String] = []
    var colorScheme = "both"
    var scale = "2"
    var scenes: String?
    var output: String?
    var help = false
    var passThrough: [String] = []

    static let usage = """
    USAGE: swift package --allow-writing-to-package-directory render-scenes [options] [-- arrange render options]

    Renders the scene files (.yaml, .json) in each catalog's <Name>.docc/Scenes/ folder into
    <Name>.docc/Resources/ as PNG files DocC finds by name: card.yaml → card@2x.png and
    card~dark@2x.png.

    OPTIONS:
      --target <name>          Only this target's catalogs (repeat for more; default: every target).
      --color-scheme <scheme>  light, dark or both (default: both); one scheme writes card@2x.png only.
      --scale <n>              Pixels per point (default: 2, which DocC calls @2x).
      --scenes <dir> --output <dir>
                               Render this folder of scenes into that folder instead.
      --help                   Show this text.
    Any other option (--strict, --font-dir DIR, --seed N, …) is passed to `arrange render`.
    """

    init(_ arguments: [String]) throws {
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            if argument == "--" {
                passThrough += rest
                break
            }
            let (name, inline) = Self.split(argument)
            switch name {
            case "--target", "--color-scheme", "--scale", "--scenes", "--output":
                guard let value = inline ?? rest.popFirst() else { throw Failure(message: "\(name) needs a value") }
                switch name {
                case "--target": targets.append(value)
                case "--color-scheme":
                    guard ["light", "dark", "both"].contains(value) else {
                        throw Failure(message: "--color-scheme must be light, dark or both, not '\(value)'")
                    }
                    colorScheme = value
                case "--scale": scale = value
                case "--scenes": scenes = value
                default: output = value
                }
            case "--help", "-h": help = true
            default: passThrough.append(argument)
            }
        }
        if (scenes == nil) != (output == nil) {
            throw Failure(message: "--scenes and --output go together: name the folder of scenes and the folder for their pictures")
        }
        if scenes != nil, !targets.isEmpty {
            throw Failure(message: "--target chooses catalogs by convention; it cannot be used with --scenes and --output")
        }
    }

    /// "--name=value" → ("--name", "value"); any other argument → (argument, nil).
    static func split(_ argument: String) -> (String, String?) {
        guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
        return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
    }
}
