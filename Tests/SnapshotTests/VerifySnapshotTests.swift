import Arrange
import ArrangeSnapshot
import Foundation
import Testing

@Suite struct VerifySnapshotTests {
    func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("snapshot-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test func aMissingReferenceIsRecordedThenMatches() throws {
        let directory = try folder()
        defer { try? FileManager.default.removeItem(at: directory) }
        let view = HStack { Color.red.frame(width: 20, height: 10); Color.blue.frame(width: 20, height: 10) }
        let first = verifySnapshot(of: view, as: ViewSnapshot.png(scale: 2), named: "row", snapshotDirectory: directory)
        #expect(first?.hasPrefix("recorded a new reference") == true)
        // 20 + 8 + 20 = 48 pt wide, 10 tall; at 2× 96 × 20 pixels.
        let reference = try Bitmap(contentsOfPNG: directory.appendingPathComponent("row.png"))
        #expect(reference.width == 96 && reference.height == 20)
        #expect(verifySnapshot(of: view, as: ViewSnapshot.png(scale: 2), named: "row", snapshotDirectory: directory) == nil)
    }

    @Test func aChangedViewFailsWithADiffImage() throws {
        let directory = try folder()
        defer { try? FileManager.default.removeItem(at: directory) }
        let before = HStack { Color.red.frame(width: 20, height: 10); Color.blue.frame(width: 20, height: 10) }
        _ = verifySnapshot(of: before, as: ViewSnapshot.png(), named: "row", snapshotDirectory: directory)
        // The second colour changes: its 20 × 10 = 200 of 48 × 10 = 480 pixels differ.
        let after = HStack { Color.red.frame(width: 20, height: 10); Color.green.frame(width: 20, height: 10) }
        let message = try #require(verifySnapshot(of: after, as: ViewSnapshot.png(), named: "row", snapshotDirectory: directory))
        #expect(message.contains("200 of 480 pixels differ"))
        let diffPath = try #require(message.split(separator: "\n").first { $0.hasPrefix("diff: ") }?.dropFirst(6))
        let diff = try Bitmap(contentsOfPNG: URL(fileURLWithPath: String(diffPath)))
        #expect(diff[35, 5] == (255, 0, 0, 255))
        #expect(diff[5, 5] != (255, 0, 0, 255))
    }

    /// A match after a mismatch removes the actual and diff images the mismatch left.
    @Test func aMatchRemovesTheArtefactsOfAnEarlierMismatch() throws {
        let directory = try folder()
        defer { try? FileManager.default.removeItem(at: directory) }
        let artifacts = directory.appendingPathComponent("artifacts")
        let before = Color.red.frame(width: 20, height: 10), after = Color.blue.frame(width: 20, height: 10)
        _ = verifySnapshot(of: before, as: ViewSnapshot.png(), named: "box", snapshotDirectory: directory, artifacts: artifacts)
        #expect(verifySnapshot(of: after, as: ViewSnapshot.png(), named: "box", snapshotDirectory: directory, artifacts: artifacts) != nil)
        let left = artifacts.appendingPathComponent("VerifySnapshotTests")
        let files = [left.appendingPathComponent("box.actual.png"), left.appendingPathComponent("box.diff.png")]
        #expect(files.allSatisfy { FileManager.default.fileExists(atPath: $0.path) })
        #expect(verifySnapshot(of: before, as: ViewSnapshot.png(), named: "box", snapshotDirectory: directory, artifacts: artifacts) == nil)
        #expect(files.allSatisfy { !FileManager.default.fileExists(atPath: $0.path) })
        // A tolerance is the library's to give too: all 200 pixels differ, 200 are allowed.
        func verify<V: View>(_ view: V, allowing pixels: Int) -> String? {
            verifySnapshot(of: view, as: ViewSnapshot.png(comparison: ImageComparison(maxDifferingPixels: pixels)), named: "box",
                           snapshotDirectory: directory, artifacts: artifacts)
        }
        #expect(verify(after, allowing: 200) == nil)
        #expect(verify(after, allowing: 199)?.contains("200 of 200 pixels differ") == true)
    }

    @Test func svgSnapshotsNameTheFirstDifferingLine() throws {
        let directory = try folder()
        defer { try? FileManager.default.removeItem(at: directory) }
        _ = verifySnapshot(of: Color.red.frame(width: 10, height: 10), as: ViewSnapshot.svg(), named: "box", snapshotDirectory: directory)
        let message = try #require(verifySnapshot(of: Color.blue.frame(width: 10, height: 10), as: ViewSnapshot.svg(),
                                                  named: "box", snapshotDirectory: directory))
        #expect(message.contains("line 2 differs"))
        #expect(message.contains("fill=\"#ff3b30\"") && message.contains("fill=\"#007aff\""))
    }

    @Test func pullbackAdaptsAStrategyToAnotherValue() throws {
        let directory = try folder()
        defer { try? FileManager.default.removeItem(at: directory) }
        let bySide = Snapshotting<DisplayList, String>.svg.pullback { (side: CGFloat) in
            LayoutResult(of: Color.red.frame(width: side, height: side)).displayList
        }
        _ = verifySnapshot(of: 12, as: bySide, named: "square", snapshotDirectory: directory)
        #expect(verifySnapshot(of: 12, as: bySide, named: "square", snapshotDirectory: directory) == nil)
        #expect(verifySnapshot(of: 13, as: bySide, named: "square", snapshotDirectory: directory) != nil)
    }
}
