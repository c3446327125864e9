import Arrange
@testable import ArrangeScene
import Foundation

/// The repository's root folder, found from this file's path.
let repositoryRoot: URL = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// A path inside the repository.
func repositoryPath(_ relative: String) -> String {
    repositoryRoot.appendingPathComponent(relative).path
}

/// The valid scene fixtures: every .yaml and .json directly in Fixtures/ and in Fixtures/json/.
func validFixtures() throws -> [String] {
    var paths: [String] = []
    for folder in ["Fixtures", "Fixtures/json"] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: repositoryPath(folder))) ?? []
        paths += names.filter { $0.hasSuffix(".yaml") || $0.hasSuffix(".json") }.map { repositoryPath(folder + "/" + $0) }
    }
    return paths.sorted()
}

/// The animated fixtures, `Fixtures/animation/*.yaml`: scenes with an `animation`, exported by
/// `arrange animate` rather than rendered with the others.
func animationFixtures() -> [String] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: repositoryPath("Fixtures/animation"))) ?? []
    return names.filter { $0.hasSuffix(".yaml") }.sorted().map { repositoryPath("Fixtures/animation/" + $0) }
}

/// Reads a scene from YAML text.
func scene(_ yaml: String, seed: UInt64? = nil) throws -> Scene {
    try Scene(text: yaml, file: "test.yaml", seed: seed)
}

/// A scene written as if it were a file in Fixtures/, so that its image paths (`images/…`) resolve.
func fixtureScene(_ yaml: String) throws -> Scene {
    try Scene(text: yaml, file: repositoryPath("Fixtures/diagram-test.yaml"))
}

/// Lays out a scene from YAML text.

func layout(_ yaml: String, seed: UInt64? = nil) throws -> LayoutTree {
    try scene(yaml, seed: seed).layout()
}

/// The error a scene gives, or nil.
func sceneError(_ yaml: String, format: SceneFormat = .yaml) -> SceneError? {
    do {
        _ = try Scene(text: yaml, file: "test.yaml", format: format).layout()
        return nil
    } catch let error as SceneError {
        return error
    } catch {
        return SceneError("unexpected \(error)", at: SourceLocation(file: "", line: 0, column: 0))
    }
}

extension LayoutNodeInfo {
    /// The first view (depth first) with this id.
    func node(id: String) -> LayoutNodeInfo? { allNodes.first { $0.id == id } }
}

/// The fills of a display list in drawing order, groups flattened.
func fills(_ list: DisplayList) -> [(frame: CGRect, color: Color)] {
    var result: [(CGRect, Color)] = []
    func walk(_ items: [DisplayItem]) {
        for item in items {
            switch item.content {
            case .fill(_, let color): result.append((item.frame, color))
            case .group(let group): walk(group.items)
            default: break
            }
        }
    }
    walk(list.items)
    return result
}
