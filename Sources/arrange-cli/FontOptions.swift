import Arrange
import ArgumentParser
import ArrangeSVG
import ArrangeScene
import Foundation

/// `--font-dir`, shared by the commands that lay scenes out.
struct FontOptions: ParsableArguments {
    @Option(name: .customLong("font-dir"),
            help: ArgumentHelp("A folder (searched recursively) or file of fonts whose families scenes may name; repeatable.",
                               valueName: "path"))
    var fontDirs: [String] = []

    /// The installed fonts with those of `--font-dir` in front.
    func library() throws -> FontLibrary {
        guard !fontDirs.isEmpty else { return .system }
        do {
            return try FontLibrary(fonts: fontDirs.map { URL(fileURLWithPath: $0) }, over: .system)
        } catch let error as FontError {
            throw ValidationError("--font-dir: \(error)")
        }
    }
}

/// `--strict`, shared by the commands that lay scenes out: warnings become errors.
struct StrictOption: ParsableArguments {
    @Flag(help: "Treat warnings as errors, for CI: a scene with any fails (exit status 1), and nothing is written for it.")
    var strict = false

    /// What the command does with each scene's warnings.
    var policy: WarningPolicy { WarningPolicy(strict: strict) }
}

extension SVGRenderer.TextMode: ExpressibleByArgument {}

/// `--color-scheme light|dark`.
extension ColorScheme: ExpressibleByArgument {
    public init?(argument: String) {
        switch argument {
        case "light": self = .light
        case "dark": self = .dark
        default: return nil
        }
    }

    public static var allValueStrings: [String] { ["light", "dark"] }
}

/// `--font-dir`, `--limit`, `--allow-read` and `--strict`: the options of every command that
/// reads and lays out scenes.
struct SceneOptions: ParsableArguments {
    @OptionGroup var fonts: FontOptions

    @OptionGroup var limitOptions: LimitOptions

    @OptionGroup var strictOption: StrictOption
}

/// A command that reads scenes, with `SceneOptions`' groups by their own names.
protocol SceneReadingCommand {
    var sceneOptions: SceneOptions { get }
}

extension SceneReadingCommand {
    var fonts: FontOptions { sceneOptions.fonts }
    var limitOptions: LimitOptions { sceneOptions.limitOptions }
    var strictOption: StrictOption { sceneOptions.strictOption }
}
