import Arrange
import ArrangeScene
import ArrangeSnapshot
import Foundation
import Testing

/// Fixtures/references holds the reference picture and layout of every fixture scene; every
/// fixture matches them (record mode `never`: nothing is written).
@Suite struct ReferenceTests {
    @Test func everyFixtureMatchesItsReference() throws {
        let references = URL(fileURLWithPath: repositoryPath("Fixtures/references"))
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("arrange-references-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: output) }
        let check = SnapshotCheck(references: references, output: output, record: .never)
        let scenes = try validFixtures().filter { $0.hasSuffix(".yaml") }
        #expect(scenes.count >= 15)
        for path in scenes {
            let name = SnapshotCheck.referenceName(of: path)
            let result = check.check({ try Scene.load(contentsOf: path) }, file: path, name: name)
            #expect(result.status == .passed, "\(name): \(result.message ?? "")")
            #expect(result.changes.isEmpty, "\(name): \(result.changes)")
        }
        // Every reference belongs to a fixture.
        #expect(check.unusedReferences(names: Set(scenes.map(SnapshotCheck.referenceName))).isEmpty)
    }
}
