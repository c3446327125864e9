import ArgumentParser
import ArrangeSnapshot

/// `--threshold`, `--max-diff` and `--max-diff-pixels`, shared by `check` and `diff`: how far a
/// pixel's colour may move, and how many pixels may then differ. Both tolerances are 0 by
/// default, so any differing pixel fails, as in Playwright's `toHaveScreenshot`.
struct ToleranceOptions: ParsableArguments {
    @Option(help: "The colour distance a pixel may have, 0 to 1 (pixelmatch's threshold).")
    var threshold: Double = ImageComparison.checkDefault.threshold

    @Option(name: .customLong("max-diff"),
            help: ArgumentHelp("The share of pixels, 0 to 1, that may differ and still pass; 0 lets none.", valueName: "ratio"))
    var maxDiff: Double = ImageComparison.checkDefault.maxDifferingFraction

    @Option(name: .customLong("max-diff-pixels"),
            help: ArgumentHelp("How many pixels may differ and still pass; 0 lets none. With --max-diff too, the larger allowance applies.",
                               valueName: "n"))
    var maxDiffPixels: Int = ImageComparison.checkDefault.maxDifferingPixels

    func validate() throws {
        guard (0...1).contains(threshold) else { throw ValidationError("--threshold must be a number from 0 to 1") }
        guard (0...1).contains(maxDiff) else { throw ValidationError("--max-diff must be a number from 0 to 1") }
        guard maxDiffPixels >= 0 else { throw ValidationError("--max-diff-pixels must be 0 or more") }
    }

    /// The comparison these options describe.
    func comparison(includeAntiAliasing: Bool = false) -> ImageComparison {
        ImageComparison(threshold: threshold, includeAntiAliasing: includeAntiAliasing, maxDifferingFraction: maxDiff,
                        maxDifferingPixels: maxDiffPixels)
    }
}
