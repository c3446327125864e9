import Foundation
import Testing
import TestSupport

/// The guards against hostile scenes stay, but `--limit NAME=N` raises one for a big scene that
/// is meant.
@Suite struct LimitOptionTests {
    /// 20,000 rectangles of 40 × 20 in a 1,000-wide flow with spacing 8: 21 a row
    /// (21 · 40 + 20 · 8 = 1,000), so 953 rows: 953 · 20 + 952 · 8 = 26,676 points tall.
    static let scene = """
    canvas: {width: 1000}
    view:
      flow: {spacing: 8}
      children:
        - rectangle: {}
          repeat: 20000
          modifiers: [{fill: random}, {frame: {width: 40, height: 20}}]

    """

    @Test func aRaisedLimitLetsABigSceneThrough() throws {
        let binary = try #require(CLITests.binary, "the arrange binary was not found; build it with 'swift build'")
        let folder = try ExternalTool.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(Self.scene.utf8).write(to: folder.appendingPathComponent("big.yaml"))
        let refused = CLITests.run(binary, ["validate", "big.yaml"], in: folder)
        #expect(refused.status == 1)
        #expect(refused.errors == "big.yaml:6:15: error: 'repeat' must be from 0 to 10000, found 20000; if you mean it, raise the limit with --limit repeat=N\n")
        let views = CLITests.run(binary, ["validate", "big.yaml", "--limit", "repeat=20000"], in: folder)
        #expect(views.errors.contains("the scene has more than 100000 views") == false)
        #expect(views.status == 0, "\(views.errors)")
        let layout = CLITests.run(binary, ["layout", "big.yaml", "--limit", "repeat=20000", "--json"], in: folder)
        let tree = try #require(try JSONSerialization.jsonObject(with: layout.output) as? [String: Any])
        let canvas = try #require(tree["canvas"] as? [String: Any])
        #expect(canvas["height"] as? Double == 26_676)
        // A lower limit refuses what the default allows.
        let lowered = CLITests.run(binary, ["validate", "big.yaml", "--limit", "repeat=20000", "--limit", "views=5000"], in: folder)
        #expect(lowered.status == 1)
        #expect(lowered.errors.contains("error: the scene has more than 5000 views (copies made by 'repeat' and connectors included); if you mean it, raise the limit with --limit views=N"))
    }

    @Test func anUnknownLimitIsAUsageErrorWithASuggestion() throws {
        let binary = try #require(CLITests.binary, "the arrange binary was not found; build it with 'swift build'")
        let run = CLITests.run(binary, ["validate", "Fixtures/stacks.yaml", "--limit", "repat=3"], in: CLITests.root)
        #expect(run.status == 64)
        #expect(run.errors.contains("--limit: unknown limit 'repat'; did you mean 'repeat'?"))
        let bad = CLITests.run(binary, ["render", "Fixtures/stacks.yaml", "--limit", "views"], in: CLITests.root)
        #expect(bad.status == 64)
        #expect(bad.errors.contains("--limit expects NAME=N, such as views=500000; found 'views'"))
    }
}
