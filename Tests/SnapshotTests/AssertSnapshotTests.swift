import Arrange
import ArrangeSnapshotTesting
import Foundation
import Testing

/// `assertSnapshot` as a test suite uses it: references in `__Snapshots__/AssertSnapshotTests/`
/// beside this file (kept out of the build by `exclude: ["__Snapshots__"]` in Package.swift),
/// named by the test, failures recorded as issues with their artifact paths.
@Suite struct AssertSnapshotTests {
    /// A small card: two texts on a tinted, rounded background.
    struct Card: View {
        var body: some View {
            VStack(alignment: .leading, spacing: 4) {
                Text("Arrange").font(.title2).bold()
                Text("layouts on Linux").font(.caption)
            }
            .padding(12)
            .background(Color.blue.opacity(0.15))
            .cornerRadius(10)
        }
    }

    /// The committed reference was recorded by this test's first run and looked at.
    @Test func cardMatchesItsReference() {
        assertSnapshot(of: Card(), as: ViewSnapshot.png(scale: 2), record: .never)
        assertSnapshot(of: Card(), as: ViewSnapshot.svg(), named: "vector", record: .never)
    }

    @Test func theReferencesAreNamedByTestFileAndTest() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("__Snapshots__/AssertSnapshotTests")
        let png = try Bitmap(contentsOfPNG: folder.appendingPathComponent("cardMatchesItsReference.png"))
        #expect(png.width > 100 && png.height > 40)
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("cardMatchesItsReference.vector.svg").path))
    }

    /// A changed view fails the test; the message names the diff image in the artifacts folder.
    @Test func aMismatchIsATestIssueWithTheDiffsPath() throws {
        let artifacts = FileManager.default.temporaryDirectory.appendingPathComponent("arrange-artifacts-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: artifacts) }
        let changed = Card().border(Color.red, width: 2)
        let message = try #require(verifySnapshot(of: changed, as: ViewSnapshot.png(scale: 2), named: "cardMatchesItsReference",
                                                  record: .never, artifacts: artifacts))
        #expect(message.contains("pixels differ"))
        let diff = try #require(message.split(separator: "\n").first { $0.hasPrefix("diff: ") }.map { String($0.dropFirst(6)) })
        #expect(diff == artifacts.appendingPathComponent("AssertSnapshotTests/cardMatchesItsReference.diff.png").path)
        #expect(FileManager.default.fileExists(atPath: diff))
        withKnownIssue {
            assertSnapshot(of: changed, as: ViewSnapshot.png(scale: 2), named: "changed", record: .never)
        }
    }
}
