import Arrange
import ArrangeScene
import ArrangeSnapshot
import Foundation
import Testing

/// Fixtures/references holds the reference picture and layout of every fixture scene (and the
/// dark picture of one drawn in both schemes); every fixture matches them (record mode `never`: nothing is written).
@Suite struct ReferenceTests {
    @Test func everyFixtureMatchesItsReference() throws {
        let references = URL(fileURLWithPath: repositoryPath("Fixtures/references"))
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("arrange-references-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: output) }
        let check = SnapshotCheck(references: references, output: output, record: .never)
        let scenes = try validFixtures().filter { $0.hasSuffix(".yaml") }
        #expect(scenes.count >= 15)
        var names = Set<String>()
        for path in scenes {
            let name = SnapshotCheck.referenceName(of: path)
            // A scene drawn in light and dark (colorScheme: both) is two pictures: NAME and NAME~dark.
            for result in check.check({ try Scene.load(contentsOf: path) }, file: path, name: name) {
                names.insert(result.name)
                #expect(result.status == .passed, "\(result.name): \(result.message ?? "")")
                #expect(result.changes.isEmpty, "\(result.name): \(result.changes)")
            }
        }
        // Fixtures/dark-mode-card.yaml is the one fixture drawn in both schemes.
        #expect(names.count == scenes.count + 1)
        // Every reference belongs to a fixture's picture.
        #expect(check.unusedReferences(names: names).isEmpty)
    }
}
