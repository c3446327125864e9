import Arrange
import ArrangeScene
import Foundation
import Testing
import TestSupport

/// `Scene.inputs`: every file a scene reads, found where the reader opens it, for
/// `render --incremental`, `--watch` and `check` to follow.
@Suite struct SceneInputsTests {
    /// `url`'s path with its links resolved: the scratch folder may lie behind one (/tmp on macOS).
    func real(_ url: URL) -> String { url.resolvingSymlinksInPath().path }

    static func svg(_ colour: String) -> Data {
        Data("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"4\" height=\"4\"><rect width=\"4\" height=\"4\" fill=\"\(colour)\"/></svg>\n".utf8)
    }

    @Test func theSceneItsFontsAndItsImagesKeyframesIncludedAreItsInputsEachOnce() throws {
        let folder = try ExternalTool.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("fonts"), withIntermediateDirectories: true)
        let font = folder.appendingPathComponent("fonts/face.otf")
        try FileManager.default.copyItem(at: repositoryRoot.appendingPathComponent("Fixtures/fonts/ComicNeue-Regular.otf"), to: font)
        for (name, colour) in [("a.svg", "red"), ("b.svg", "green"), ("c.svg", "blue")] {
            try Self.svg(colour).write(to: folder.appendingPathComponent(name))
        }
        let scene = folder.appendingPathComponent("scene.yaml")
        // a.svg twice (once by another spelling of its path), c.svg only in a keyframe.
        try Data("""
            fonts: [fonts]
            canvas: {width: 20, height: 60}
            view:
              vstack: {}
              children:
                - image: {path: a.svg}
                  id: pic
                - image: ./a.svg
                - image: b.svg
            animation:
              duration: 1
              keyframes:
                - {at: 1, set: {pic: {path: c.svg}}}

            """.utf8).write(to: scene)
        let read = try Scene.load(contentsOf: scene.path)
        let expected = ["a.svg", "b.svg", "c.svg", "fonts/face.otf", "scene.yaml"].map { real(folder.appendingPathComponent($0)) }
        #expect(read.inputs == expected.sorted())
        #expect(read.inputFolders == [real(folder.appendingPathComponent("fonts"))])
    }

    @Test func aSceneFromTextHasNoInputsButTheFilesItReads() throws {
        let folder = try ExternalTool.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.svg("red").write(to: folder.appendingPathComponent("dot.svg"))
        // Named as if it were in the folder: its images are read from there, the text itself from nowhere.
        let scene = try Scene(data: Data("canvas: {width: 4, height: 4}\nview: {image: dot.svg}\n".utf8),
                              file: folder.appendingPathComponent("unsaved.yaml").path, format: .yaml)
        #expect(scene.inputs == [real(folder.appendingPathComponent("dot.svg"))])
        #expect(scene.inputFolders.isEmpty)
    }

    @Test func aMarkdownBlocksInputsAreItsFileAndWhatItReads() throws {
        let folder = try ExternalTool.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.svg("red").write(to: folder.appendingPathComponent("dot.svg"))
        let file = folder.appendingPathComponent("GUIDE.md")
        try Data("# Guide\n\n```arrange\ncanvas: {width: 4, height: 4}\nview: {image: dot.svg}\n```\n".utf8).write(to: file)
        let scene = try MarkdownScenes(contentsOf: file.path).scene(1)
        #expect(scene.inputs == [real(folder.appendingPathComponent("GUIDE.md")), real(folder.appendingPathComponent("dot.svg"))].sorted())
    }
}
