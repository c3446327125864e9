import ArgumentParser
import ArrangeSnapshot
import Arrange
import Foundation

/// `arrange diff`: the image comparison alone.
struct DiffCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract: "Compare two PNG images as `arrange check` does and print how many pixels differ.",
        discussion: """
        Exits 0 when the images match within --max-diff, 1 when they differ (or differ in size), \
        as diff(1) does, and 1 when an image cannot be read. Sizes are read from the PNG headers \
        first: images of different sizes differ without being decoded, and an image of more \
        pixels than the limit image-pixels is refused before it is decoded (raise it with \
        --limit image-pixels=N).

        Example:
          arrange diff reference.png actual.png -o diff.png
        """
    )

    @Argument(help: "The reference image.") var reference: String
    @Argument(help: "The image to compare with it.") var actual: String

    @Option(name: [.short, .customLong("output")], help: ArgumentHelp("Write the diff image here (differences red, anti-aliasing yellow).", valueName: "file"))
    var output: String?

    @Option(help: "The colour distance a pixel may have, 0 to 1 (pixelmatch's threshold).")
    var threshold: Double = ImageComparison.checkDefault.threshold

    @Option(name: .customLong("max-diff"), help: "The share of pixels that may differ, 0 to 1.")
    var maxDiff: Double = ImageComparison.checkDefault.maxDifferingFraction

    @Flag(name: .customLong("include-aa"), help: "Count anti-aliased pixels as differences too.")
    var includeAntiAliasing = false

    func validate() throws {
        guard (0...1).contains(threshold) else { throw ValidationError("--threshold must be a number from 0 to 1") }
        guard (0...1).contains(maxDiff) else { throw ValidationError("--max-diff must be a number from 0 to 1") }
    }

    @OptionGroup var limitOptions: LimitOptions

    func run() throws {
        let pixelLimit = try limitOptions.limits().imagePixels
        func read(_ path: String) throws -> Data {
            do {
                return try Data(contentsOf: URL(fileURLWithPath: path))
            } catch {
                Console.printError("\(path): error: cannot read: \(FileOutput.describe(error))")
                throw ExitCode.failure
            }
        }
        func size(_ data: Data, _ path: String) throws -> (width: Int, height: Int) {
            do { return try Bitmap.pngSize(data) } catch { throw Self.failure(path, error) }
        }
        let referenceData = try read(reference), actualData = try read(actual)
        // The headers first: a size mismatch is the answer, without decoding either image.
        let referenceSize = try size(referenceData, reference), actualSize = try size(actualData, actual)
        guard referenceSize == actualSize else {
            Console.printLine("size differs: reference \(referenceSize.width)×\(referenceSize.height), actual \(actualSize.width)×\(actualSize.height); the images differ")
            throw ExitCode.failure
        }
        func load(_ data: Data, _ path: String) throws -> Bitmap {
            do { return try Bitmap(png: data, maximumPixels: pixelLimit) } catch { throw Self.failure(path, error) }
        }
        let a = try load(referenceData, reference), b = try load(actualData, actual)
        let result: ImageComparison.Result
        do {
            result = try ImageComparison(threshold: threshold, includeAntiAliasing: includeAntiAliasing, maxDifferingFraction: maxDiff).compare(a, b)
        } catch {
            Console.printError("error: \(error)")
            throw ExitCode.failure
        }
        if let output {
            do {
                try FileOutput.write(result.diffImage.pngData(), to: URL(fileURLWithPath: output))
            } catch {
                Console.printError("\(output): error: cannot write the diff image: \(FileOutput.describe(error))")
                throw ExitCode.failure
            }
        }
        Console.printLine(result.summary + (result.passes ? "" : "; the images differ"))
        if !result.passes { throw ExitCode.failure }
    }

    /// Prints why `path` cannot be decoded, naming it, and gives the exit status.
    private static func failure(_ path: String, _ error: any Error) -> ExitCode {
        if case .unreadableImage(let why) = error as? SnapshotError {
            Console.printError("\(path): error: cannot read the image: \(why)")
        } else {
            Console.printError("\(path): error: \(FileOutput.describe(error))")
        }
        return ExitCode.failure
    }
}
