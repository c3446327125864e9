import Arrange
import Foundation
import Testing
import TestSupport

/// `FileOutput.removeFiles` removes files and links only, and `TemporaryFiles` removes what is in
/// flight and refuses to make more once told to.
struct FileRemovalTests {
    let fileManager = FileManager.default

    @Test func onlyFilesAndLinksAreRemovedNeverFoldersOrLinkTargets() throws {
        let folder = try ExternalTool.scratchFolder()
        defer { try? fileManager.removeItem(at: folder) }
        let inside = folder.appendingPathComponent("inside")
        try fileManager.createDirectory(at: inside.appendingPathComponent("a-folder.png"), withIntermediateDirectories: true)
        try Data("x".utf8).write(to: inside.appendingPathComponent("a-folder.png/kept.txt"))
        try Data("x".utf8).write(to: inside.appendingPathComponent("file.png"))
        try Data("secret".utf8).write(to: folder.appendingPathComponent("target.txt"))
        try fileManager.createSymbolicLink(atPath: inside.appendingPathComponent("link.png").path,
                                           withDestinationPath: folder.appendingPathComponent("target.txt").path)
        // The folder reached through a link to it: removals happen in the folder it leads to.
        try fileManager.createSymbolicLink(atPath: folder.appendingPathComponent("via").path, withDestinationPath: inside.path)

        let removal = FileOutput.removeFiles(["file.png", "link.png", "a-folder.png", "../target.txt", "missing.png"],
                                             in: folder.appendingPathComponent("via"))
        #expect(removal.removed == ["file.png", "link.png"])
        #expect(removal.skipped.map(\.name) == ["a-folder.png", "../target.txt", "missing.png"])
        #expect(removal.skipped.map(\.reason) == ["a folder, not a file; only files are removed",
                                                   "not the name of an entry in the folder", "No such file or directory"])
        #expect(try fileManager.contentsOfDirectory(atPath: inside.path) == ["a-folder.png"])
        #expect(try String(contentsOf: folder.appendingPathComponent("target.txt"), encoding: .utf8) == "secret")
        #expect(fileManager.fileExists(atPath: inside.appendingPathComponent("a-folder.png/kept.txt").path))
    }

    @Test func aTemporaryFolderIsGoneAfterRemoval() throws {
        let folder = try ExternalTool.scratchFolder()
        defer { try? fileManager.removeItem(at: folder) }
        let staging = try TemporaryFiles.makeFolder(in: folder, for: "scene")
        #expect(staging.lastPathComponent.hasPrefix(".scene.") && staging.lastPathComponent.hasSuffix(".tmp"))
        try FileOutput.write(Data("frame".utf8), to: staging.appendingPathComponent("scene-0000.png"))
        try TemporaryFiles.move(staging.appendingPathComponent("scene-0000.png"), to: folder.appendingPathComponent("scene-0000.png"))
        try FileOutput.write(Data("frame".utf8), to: staging.appendingPathComponent("scene-0001.png"))
        TemporaryFiles.removeFolder(staging)
        // The moved file stays; the folder goes with the file still in it.
        #expect(try fileManager.contentsOfDirectory(atPath: folder.path) == ["scene-0000.png"])
    }
}
