import Arrange
import ArgumentParser
import ArrangeScene
import Foundation

/// `--limit NAME=N` and `--allow-read DIR`, shared by the commands that read scenes: raise a
/// guard for a big scene that is meant, or let scenes read another folder (the defaults protect
/// against hostile files).
struct LimitOptions: ParsableArguments {
    @Option(name: .customLong("limit"),
            help: ArgumentHelp("Raise a limit for big scenes, as NAME=N; repeatable. Names: "
                               + SceneLimits.names.map { "\($0.key) (\($0.value))" }.joined(separator: ", ") + ".",
                               valueName: "name=n"))
    var limitSettings: [String] = []

    @Option(name: .customLong("allow-read"),
            help: ArgumentHelp("Let scenes read images and fonts below this folder too (by default only the current folder and each scene's own); repeatable.",
                               valueName: "folder"))
    var allowedFolders: [String] = []

    /// The defaults with every `--limit` applied.
    func limits() throws -> SceneLimits {
        var limits = SceneLimits()
        limits.readPolicy = ReadPolicy(allowing: allowedFolders)
        for setting in limitSettings {
            let parts = setting.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2 else { throw ValidationError("--limit expects NAME=N, such as views=500000; found '\(setting)'") }
            do {
                try limits.set(parts[0], to: parts[1])
            } catch let problem as SceneLimits.Problem {
                throw ValidationError("--limit: \(problem)")
            }
        }
        return limits
    }

    func validate() throws {
        _ = try limits()
        for folder in allowedFolders {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else {
                throw ValidationError("--allow-read: '\(TerminalText.escaped(folder))' is not a folder")
            }
        }
    }
}
