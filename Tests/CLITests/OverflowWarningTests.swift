import Foundation
import Testing
import TestSupport

/// Content that lands outside the canvas is cut off: `validate` and `render` warn about it, with
/// the view's place in the file, unless `--no-warn-overflow`; `layout` when `--warn-overflow`.
@Suite struct OverflowWarningTests {
    /// An HStack of 150 + 252 points (a fixed-size text "A long caption that will not fit" in
    /// DejaVu Sans 17 pt is 252 wide: `hb-shape --font-size=17 DejaVuSans.ttf` sums its advances
    /// to 252) centred on a 200-wide canvas: x from (200 − 402) / 2 = −101 to 301.
    static let scene = """
    canvas: {width: 200, height: 100}
    view:
      hstack: {spacing: 0}
      children:
        - rectangle: {}
          modifiers: [{frame: {width: 150, height: 50}}]
        - text: "A long caption that will not fit"
          modifiers: [{fixedSize: {}}]

    """

    @Test func validateAndRenderWarnLayoutOnRequest() throws {
        let binary = try #require(CLITests.binary, "the arrange binary was not found; build it with 'swift build'")
        let folder = try ExternalTool.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(Self.scene.utf8).write(to: folder.appendingPathComponent("wide.yaml"))
        let warning = "wide.yaml:3:3: warning: 'HStack' lands outside the canvas and is cut off: it spans x -101…301, y 25…75 of a 200 × 100 canvas\n"
        let validate = CLITests.run(binary, ["validate", "wide.yaml"], in: folder)
        #expect(validate.status == 0)
        #expect(validate.errors == warning)
        let quiet = CLITests.run(binary, ["validate", "wide.yaml", "--no-warn-overflow"], in: folder)
        #expect(quiet.status == 0 && quiet.errors.isEmpty, "\(quiet.errors)")
        let render = CLITests.run(binary, ["render", "wide.yaml", "-o", "out"], in: folder)
        #expect(render.status == 0)
        #expect(render.errors.hasPrefix(warning))
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("out/wide.png").path))
        let layout = CLITests.run(binary, ["layout", "wide.yaml"], in: folder)
        #expect(layout.errors.isEmpty)
        let warned = CLITests.run(binary, ["layout", "wide.yaml", "--warn-overflow"], in: folder)
        #expect(warned.errors == warning)
    }

    @Test func noFixtureOverflows() throws {
        let binary = try #require(CLITests.binary, "the arrange binary was not found; build it with 'swift build'")
        let run = CLITests.run(binary, ["validate", "Fixtures/*.yaml", "Fixtures/json"], in: CLITests.root)
        #expect(run.status == 0)
        #expect(!run.errors.contains("warning:"), "\(run.errors)")
    }
}
