import Arrange
@testable import ArrangeScene
import Foundation
import Testing
import TestSupport

/// `include:` (issue 28): styles and components from other files, read through the scene's read
/// policy, each file an input of the scene; a scene's own definitions override included ones, two
/// included files that define one name clash, and a file that includes itself (through others
/// or not) is refused. Each case writes its files in a scratch folder.
@Suite struct IncludeTests {
    /// A scratch folder with `files` (name → text) written in it.
    func folder(_ files: [String: String]) throws -> URL {
        let folder = try ExternalTool.scratchFolder()
        for (name, text) in files {
            let url = folder.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        return folder
    }

    func real(_ url: URL) -> String { url.resolvingSymlinksInPath().path }

    /// The problems of the scene `name` in `folder`, each as "file:line:column: message" with the
    /// folder's path left out.
    func problems(_ name: String, in folder: URL) -> [String] {
        do {
            _ = try Scene.load(contentsOf: folder.appendingPathComponent(name).path).layout()
            return []
        } catch let error as SceneError {
            return error.all.map { $0.description.replacingOccurrences(of: folder.path + "/", with: "") }
        } catch {
            return ["\(error)"]
        }
    }

    static let theme = """
        styles:
          card: [{padding: 10}, {background: red}]
        components:
          square:
            parameters: {side: 20}
            view: {color: blue, modifiers: [{frame: {width: $side, height: $side}}]}
        """

    @Test func aSceneUsesWhatItIncludesAndItsOwnDefinitionsWin() throws {
        let folder = try folder([
            "shared/theme.yaml": Self.theme,
            "scene.yaml": "include: shared/theme.yaml\nview: {use: {component: square}, style: card}\n",
            // The scene's own `card` pads by 5 instead of 10.
            "own.yaml": "include: [shared/theme.yaml]\nstyles:\n  card: [{padding: 5}, {background: red}]\nview: {use: {component: square}, style: card}\n",
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        // Padding 10, then red behind: 20 + 2·10 = 40 a side, the blue square 10 in.
        let included = try Scene.load(contentsOf: folder.appendingPathComponent("scene.yaml").path)
        #expect(fills(try included.layout().result.displayList).map(\.frame) == [CGRect(x: 0, y: 0, width: 40, height: 40), CGRect(x: 10, y: 10, width: 20, height: 20)])
        // Padding 5: 30 a side, the square 5 in.
        let own = try Scene.load(contentsOf: folder.appendingPathComponent("own.yaml").path)
        #expect(fills(try own.layout().result.displayList).map(\.frame) == [CGRect(x: 0, y: 0, width: 30, height: 30), CGRect(x: 5, y: 5, width: 20, height: 20)])
    }

    @Test func includedFilesAreInputsAndIncludeOthersRelativeToThemselves() throws {
        let folder = try folder([
            "shared/theme.yaml": "include: parts/base.yaml\nstyles:\n  card: [{padding: 10}]\n",
            "shared/parts/base.yaml": "components:\n  square: {view: {color: blue, modifiers: [{frame: {width: 20, height: 20}}]}}\n",
            "scene.yaml": "include: shared/theme.yaml\nview: {use: {component: square}, style: card}\n",
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let scene = try Scene.load(contentsOf: folder.appendingPathComponent("scene.yaml").path)
        #expect(try scene.layout().result.canvasSize == CGSize(width: 40, height: 40))
        let expected = ["scene.yaml", "shared/parts/base.yaml", "shared/theme.yaml"].map { real(folder.appendingPathComponent($0)) }
        #expect(scene.inputs == expected.sorted())
    }

    @Test func aComponentsImagesAreFoundFromItsOwnFile() throws {
        let folder = try folder(["shared/logo.yaml": "components:\n  logo: {view: {image: {path: dot.svg, resizable: true}}}\n",
                                 "scene.yaml": "canvas: {width: 4, height: 4}\ninclude: shared/logo.yaml\nview: {use: logo}\n"])
        defer { try? FileManager.default.removeItem(at: folder) }
        try SceneInputsTests.svg("red").write(to: folder.appendingPathComponent("shared/dot.svg"))
        let scene = try Scene.load(contentsOf: folder.appendingPathComponent("scene.yaml").path)
        #expect(scene.inputs.contains(real(folder.appendingPathComponent("shared/dot.svg"))))
    }

    @Test func problemsInAnIncludedFileNameThatFileAndTheUse() throws {
        let folder = try folder([
            "theme.yaml": "components:\n  tag:\n    view: {text: Hi, modifiers: [{opacity: 2}]}\n",
            "scene.yaml": "include: theme.yaml\nview:\n  use: tag\n",
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        // The 2 is at line 3, column 44 of theme.yaml; the use at line 3, column 3 of the scene.
        let found = problems("scene.yaml", in: folder)
        #expect(found.count == 1)
        #expect(found.first?.hasPrefix("theme.yaml:3:44: error: ") == true, "\(found)")
        #expect(found.first?.contains("(used at scene.yaml:3:3)") == true, "\(found)")
    }

    @Test func anIncludedFileHoldsOnlyDefinitions() throws {
        let folder = try folder(["theme.yaml": "styles: {}\nview: {text: Hi}\n", "scene.yaml": "include: theme.yaml\nview: {text: Hi}\n"])
        defer { try? FileManager.default.removeItem(at: folder) }
        // 'view' is a key of the top level of a scene, so the message says so (MisplacedKeys).
        #expect(problems("scene.yaml", in: folder) == ["theme.yaml:2:1: error: unknown key 'view' in an included file (it holds only definitions); it is a key of the top level of a scene (view: …), a component: {view: …} or background: {view: …}, among others (expected one of: 'styles', 'components' or 'include') (see docs/scene-format.md#styles-components-and-include)"])
    }

    @Test func twoIncludedFilesThatDefineOneNameClashUnlessTheSceneChooses() throws {
        let folder = try folder([
            "a.yaml": "styles:\n  card: [{padding: 1}]\n",
            "b.yaml": "styles:\n  card: [{padding: 2}]\n",
            "both.yaml": "include: [a.yaml, b.yaml]\nview: {text: Hi, style: card}\n",
            "chosen.yaml": "include: [a.yaml, b.yaml]\nstyles:\n  card: [{padding: 3}]\nview: {text: Hi, style: card}\n",
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let found = problems("both.yaml", in: folder)
        #expect(found.count == 1)
        #expect(found.first?.hasPrefix("b.yaml:2:3: error: the style 'card' is defined both here and at ") == true, "\(found)")
        #expect(found.first?.contains("a.yaml:2:3, in files this scene includes") == true, "\(found)")
        #expect(problems("chosen.yaml", in: folder).isEmpty)
    }

    @Test func aFileIncludedTwiceIsReadOnceAndDoesNotClash() throws {
        let folder = try folder([
            "base.yaml": "styles:\n  card: [{padding: 1}]\n",
            "a.yaml": "include: base.yaml\n",
            "b.yaml": "include: base.yaml\n",
            "scene.yaml": "include: [a.yaml, b.yaml, base.yaml]\nview: {text: Hi, style: card}\n",
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(problems("scene.yaml", in: folder).isEmpty)
    }

    @Test func aCycleOfIncludesIsRefusedWithItsChain() throws {
        let folder = try folder([
            "a.yaml": "include: b.yaml\n",
            "b.yaml": "include: a.yaml\n",
            "scene.yaml": "include: a.yaml\nview: {text: Hi}\n",
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        // scene.yaml includes a.yaml (1:10), which includes b.yaml (1:10), which includes a.yaml.
        let expected = "b.yaml:1:10: error: the include 'a.yaml' makes a cycle: a.yaml is being read already (scene.yaml:1:10 includes 'a.yaml', a.yaml:1:10 includes 'b.yaml', b.yaml:1:10 includes it again); a file cannot include itself (see docs/scene-format.md#styles-components-and-include)"
        let found = problems("scene.yaml", in: folder).map { $0.replacingOccurrences(of: folder.path + "/", with: "") }
        #expect(found == [expected])
    }

    @Test func anIncludeOutsideTheAllowedFoldersIsRefusedAsAnImageIs() throws {
        let outside = try folder(["theme.yaml": Self.theme])
        let work = try folder(["scene.yaml": "include: \(outside.path)/theme.yaml\nview: {text: Hi}\n"])
        defer {
            try? FileManager.default.removeItem(at: outside)
            try? FileManager.default.removeItem(at: work)
        }
        let found = problems("scene.yaml", in: work)
        #expect(found.count == 1)
        #expect(found.first?.hasPrefix("scene.yaml:1:10: error: the include '\(outside.path)/theme.yaml' is outside the folders this scene may read") == true, "\(found)")
        // Allowed, it is read.
        var limits = SceneLimits()
        limits.readPolicy = ReadPolicy(allowing: [outside.path])
        let allowed = try Scene.load(contentsOf: work.appendingPathComponent("scene.yaml").path, limits: limits)
        #expect(allowed.inputs.contains(real(outside.appendingPathComponent("theme.yaml"))))
    }

    @Test func aNameAFailedIncludeMayHaveDefinedSaysSo() throws {
        let folder = try folder(["scene.yaml": "include: missing.yaml\nview: {use: card}\n"])
        defer { try? FileManager.default.removeItem(at: folder) }
        let found = problems("scene.yaml", in: folder)
        #expect(found.count == 2)
        #expect(found.first == "scene.yaml:1:10: error: the include 'missing.yaml' does not exist (see docs/scene-format.md#styles-components-and-include)")
        #expect(found.last?.hasPrefix("scene.yaml:2:13: error: unknown component 'card'") == true, "\(found)")
        #expect(found.last?.hasSuffix("some definitions could not be read (see the problems above), and it may be among them (see docs/scene-format.md#view-use)") == true, "\(found)")
    }

    @Test func aSceneAndItsIncludesShareTheFileSizeLimit() throws {
        let folder = try folder([
            "big.yaml": "# " + String(repeating: "x", count: 600) + "\nstyles: {}\n",
            "scene.yaml": "include: big.yaml\nview: {text: Hi}\n",
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        var limits = SceneLimits()
        limits.fileBytes = 500
        // The scene is 18 + 17 = 35 bytes, so 465 are left for big.yaml's 2 + 600 + 1 + 11 = 614.
        let error = try #require(throws: SceneError.self) { try Scene.load(contentsOf: folder.appendingPathComponent("scene.yaml").path, limits: limits) }
        #expect(error.message.hasPrefix("the include 'big.yaml' is 614 bytes, and a scene and the files it includes may have 500 bytes together (465 are left)"))
    }

    @Test func jsonFilesMayBeIncluded() throws {
        let folder = try folder([
            "theme.json": "{\"styles\": {\"card\": [{\"frame\": {\"width\": 20, \"height\": 20}}]}}\n",
            "scene.json": "{\"include\": \"theme.json\", \"view\": {\"color\": \"blue\", \"style\": \"card\", \"modifiers\": [{\"padding\": 10}]}}\n",
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        // The style's 20-point frame comes first, then the scene's own padding: 20 + 2·10 = 40.
        let scene = try Scene.load(contentsOf: folder.appendingPathComponent("scene.json").path)
        #expect(try scene.layout().result.canvasSize == CGSize(width: 40, height: 40))
    }
}
