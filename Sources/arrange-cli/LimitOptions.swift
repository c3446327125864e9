import ArgumentParser
import ArrangeScene

/// `--limit NAME=N`, shared by the commands that read scenes: raises a guard for a big scene
/// that is meant (the defaults protect against hostile files).
struct LimitOptions: ParsableArguments {
    @Option(name: .customLong("limit"),
            help: ArgumentHelp("Raise a limit for big scenes, as NAME=N; repeatable. Names: "
                               + SceneLimits.names.map { "\($0.key) (\($0.value))" }.joined(separator: ", ") + ".",
                               valueName: "name=n"))
    var limitSettings: [String] = []

    /// The defaults with every `--limit` applied.
    func limits() throws -> SceneLimits {
        var limits = SceneLimits()
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

    func validate() throws { _ = try limits() }
}
