import Arrange
import ArgumentParser

/// `arrange render` in the forms a documentation build calls once per picture, read without
/// swift-argument-parser: its reflection over the commands' options (each option's type looked up
/// in the runtime's tables the first time) is 25 M of the 42 M instructions of rendering an empty
/// scene, paid again by every process.
///
/// Only scene paths and `-o`/`--output`, `--format`, `-j`/`--jobs`, `--flat`, `--strict` and
/// `-v`/`--verbose`, each at most once with its value as the next word, are read here. Anything
/// else (another command, another option, `--help`, `-` for standard input, `--name=value`, a
/// value that starts with `-`, one that does not parse or a command that does not validate)
/// gives nil, and the parser reads the whole line as always, so that its messages stay its own.
/// `QuickRenderTests` checks that every line read here gives the command the parser makes.
enum QuickRender {
    /// The options read here, by the words that name them.
    private enum Option {
        case output, format, jobs, flat, strict, verbose

        init?(_ word: String) {
            switch word {
            case "-o", "--output": self = .output
            case "--format": self = .format
            case "-j", "--jobs": self = .jobs
            case "--flat": self = .flat
            case "--strict": self = .strict
            case "-v", "--verbose": self = .verbose
            default: return nil
            }
        }
    }

    /// The command `arguments` (without the program's name) ask for, or nil for the parser.
    static func command(_ arguments: [String]) -> RenderCommand? {
        guard arguments.first == "render" else { return nil }
        var scenes: [String] = []
        var output: String?, format: [OutputFormat]?, jobs: Int?
        var flat = false, strict = false, verbose = false
        var seen: [Option] = []
        var words = arguments.dropFirst()
        while let word = words.popFirst() {
            guard word.hasPrefix("-") else {
                scenes.append(word)
                continue
            }
            // A repeat goes to the parser, which knows which one wins.
            guard let option = Option(word), !seen.contains(option) else { return nil }
            seen.append(option)
            switch option {
            case .flat: flat = true
            case .strict: strict = true
            case .verbose: verbose = true
            case .output, .format, .jobs:
                guard let value = words.popFirst(), !value.hasPrefix("-") else { return nil }
                switch option {
                case .format:
                    guard let formats = try? OutputFormat.parseList(value) else { return nil }
                    format = formats
                case .jobs:
                    guard let count = Int(argument: value) else { return nil }
                    jobs = count
                default:
                    output = value
                }
            }
        }
        var command = RenderCommand()
        command.scenes = scenes
        command.output = output ?? RenderCommand.defaultOutput
        command.format = format
        command.flat = flat
        command.jobs = jobs
        command.verbose = verbose
        // The rest as the parser leaves them when not given.
        command.sync = false
        command.warnOverflow = true
        command.inPlace = false
        command.details = false
        command.incremental = false
        command.watch = false
        command.scale = nil
        command.seed = nil
        command.at = nil
        command.svgText = RenderCommand.defaultSVGText
        command.colorScheme = nil
        command.shard = nil
        command.sceneOptions = SceneOptions(strict: strict)
        // As the parser does: the command and each of its option groups.
        do {
            try command.validate()
            try command.sceneOptions.validate()
            try command.sceneOptions.fonts.validate()
            try command.sceneOptions.limitOptions.validate()
            try command.sceneOptions.strictOption.validate()
        } catch {
            return nil
        }
        return command
    }
}

extension SceneOptions {
    /// The options as the parser leaves them when only `--strict` may be given.
    init(strict: Bool) {
        self.init()
        var fonts = FontOptions()
        fonts.fontDirs = []
        var limits = LimitOptions()
        limits.limitSettings = []
        limits.allowedFolders = []
        var strictOption = StrictOption()
        strictOption.strict = strict
        self.fonts = fonts
        self.limitOptions = limits
        self.strictOption = strictOption
    }
}
