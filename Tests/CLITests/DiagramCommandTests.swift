import Foundation
import Testing
import TestSupport

/// Issue 14: a bad image or an unknown connector id is a located error, exit 1, and nothing is
/// written for that scene (the good scene beside it in the same run is drawn as usual).
@Suite(.serialized) struct DiagramCommandTests {
    let cli = CLITests()

    @Test(arguments: [
        ("image-missing.yaml", "2:10", "does not exist"),
        ("image-corrupt.yaml", "3:17", "the image is corrupt"),
        ("image-not-an-image.yaml", "4:14", "not a PNG, JPEG or SVG image"),
        ("image-too-large.yaml", "2:17", "over the limit"),
        ("connect-unknown-id.yaml", "7:34", "no view with id 'secnd'"),
    ])
    func badDiagramsAreLocatedErrorsAndWriteNothing(_ name: String, _ place: String, _ words: String) throws {
        let folder = try cli.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("out")
        for format in ["svg", "png", "pdf"] {
            let run = try cli.arrange("render", "Fixtures/wheel-0.yaml", "Fixtures/invalid/\(name)", "--format", format, "-o", output.path)
            #expect(run.status == 1, "\(name) \(format): exit \(run.status)")
            #expect(run.errors.contains("Fixtures/invalid/\(name):\(place): error: "), "\(name): \(run.errors)")
            #expect(run.errors.contains(words), "\(name): \(run.errors)")
            let stem = name.replacingOccurrences(of: ".yaml", with: "")
            #expect(!cli.files(in: output).contains { $0.hasPrefix(stem) }, "\(name) \(format): wrote \(cli.files(in: output))")
            #expect(cli.files(in: output).contains("wheel-0.\(format)"))
        }
    }
}
