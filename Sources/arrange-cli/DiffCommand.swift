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
        Exits 0 when the images match, 1 when they differ (or differ in size), as diff(1) \
        does, and 1 when an image cannot be read. Any pixel that differs beyond --threshold and \
        is not anti-aliasing makes the images differ, unless --max-diff-pixels or --max-diff \
        tolerates it (the line then ends "tolerated"). Sizes are read from the PNG headers \
        first: images of different sizes differ (with -o, the diff image shows the two side by \
        side, magenta stripes where one has no pixels), and an image of more pixels than the \
        limit image-pixels is refused before it is decoded (raise it with \
        --limit image-pixels=N). A PNG that lacks its closing IEND chunk but whose image data is \
        whole is read, with a warning naming it.

        Examples:
          arrange diff reference.png actual.png -o diff.png
          arrange diff reference.png actual.png --max-diff-pixels 500
        """
    )

    @Argument(help: "The reference image.") var reference: String
    @Argument(help: "The image to compare with it.") var actual: String

    @Option(name: [.short, .customLong("output")], help: ArgumentHelp("Write the diff image here (differences red, anti-aliasing yellow).", valueName: "file"))
    var output: String?

    @OptionGroup var tolerance: ToleranceOptions

    @Flag(name: .customLong("include-aa"), help: "Count anti-aliased pixels as differences too.")
    var includeAntiAliasing = false

    @OptionGroup var limitOptions: LimitOptions

    func run() throws {
        let pixelLimit = try limitOptions.limits().imagePixels
        func read(_ path: String) throws -> Data {
            do {
                let data = try Data(contentsOf: URL(fileURLWithPath: path))
                if let warning = Bitmap.missingEndWarning(data) { Console.printError("\(path): warning: \(warning)") }
                return data
            } catch {
                Console.printError("\(path): error: cannot read: \(FileOutput.describe(error))")
                throw ExitCode.failure
            }
        }
        func size(_ data: Data, _ path: String) throws -> (width: Int, height: Int) {
            do { return try Bitmap.pngSize(data) } catch { throw Self.failure(path, error) }
        }
        let referenceData = try read(reference), actualData = try read(actual)
        func load(_ data: Data, _ path: String) throws -> Bitmap {
            do { return try Bitmap(png: data, maximumPixels: pixelLimit) } catch { throw Self.failure(path, error) }
        }
        // The headers first: a size mismatch is the answer, without decoding either image
        // unless a diff image is asked for.
        let referenceSize = try size(referenceData, reference), actualSize = try size(actualData, actual)
        guard referenceSize == actualSize else {
            Console.printLine("size differs: reference \(referenceSize.width)×\(referenceSize.height), actual \(actualSize.width)×\(actualSize.height); the images differ")
            if output != nil {
                let a = try load(referenceData, reference), b = try load(actualData, actual)
                if let picture = Bitmap.sideBySide(a, b, maximumPixels: pixelLimit) {
                    try write(picture)
                } else {
                    Console.printError("note: no diff image: the two side by side would have more than \(pixelLimit) pixels")
                }
            }
            throw ExitCode.failure
        }
        // The same bytes are the same pixels: nothing to decode unless a diff image is asked for.
        if referenceData == actualData, output == nil {
            do {
                try Bitmap.checkDecodable(width: referenceSize.width, height: referenceSize.height, maximumPixels: pixelLimit)
            } catch { throw Self.failure(reference, error) }
            Console.printLine(ImageComparison.Result.summary(differingPixels: 0, antiAliasedPixels: 0, totalPixels: referenceSize.width * referenceSize.height))
            return
        }
        // Both decoded at once, each on a core of its own.
        let decoded = Bitmap.decoding(referenceData, actualData, maximumPixels: pixelLimit)
        let a: Bitmap, b: Bitmap
        do { a = try decoded.0.get() } catch { throw Self.failure(reference, error) }
        do { b = try decoded.1.get() } catch { throw Self.failure(actual, error) }
        let result: ImageComparison.Result
        do {
            result = try tolerance.comparison(includeAntiAliasing: includeAntiAliasing).compare(a, b)
        } catch {
            Console.printError("error: \(error)")
            throw ExitCode.failure
        }
        if output != nil { try write(result.diffImage) }
        Console.printLine(result.summary + (result.tolerated ? "; tolerated" : result.passes ? "" : "; the images differ"))
        if !result.passes { throw ExitCode.failure }
    }

    /// Writes the diff image to `--output`, if given.
    private func write(_ picture: Bitmap) throws {
        guard let output else { return }
        do {
            try FileOutput.write(picture.pngData(), to: URL(fileURLWithPath: output))
        } catch {
            Console.printError("\(output): error: cannot write the diff image: \(FileOutput.describe(error))")
            throw ExitCode.failure
        }
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
