import Foundation
import Testing
import TestSupport

/// `arrange schema`: prints the repository's schema, or with `--markdown` writes the reference
/// the committed docs/scene-format.md must equal (FormatReferenceTests checks that file itself).
@Suite struct SchemaCommandTests {
    @Test func printsTheSchemaAsItIs() throws {
        let binary = try #require(CLITests.binary, "the arrange binary was not found; build it with 'swift build'")
        let run = CLITests.run(binary, ["schema"], in: CLITests.root)
        #expect(run.status == 0, "\(run.errors)")
        let schema = try Data(contentsOf: CLITests.root.appendingPathComponent("Schema/arrange-scene.schema.json"))
        #expect(run.output == schema)
    }

    @Test func markdownWritesTheReferenceAndItsPictures() throws {
        let binary = try #require(CLITests.binary, "the arrange binary was not found; build it with 'swift build'")
        let folder = try ExternalTool.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // A picture the reference does not show is removed; other files are left alone.
        let pictures = folder.appendingPathComponent("images/format")
        try FileManager.default.createDirectory(at: pictures, withIntermediateDirectories: true)
        try Data("old".utf8).write(to: pictures.appendingPathComponent("gone.png"))
        try Data("keep".utf8).write(to: pictures.appendingPathComponent("notes.txt"))
        let run = CLITests.run(binary, ["schema", "--markdown", "-o", folder.path], in: CLITests.root)
        #expect(run.status == 0, "\(run.errors)")
        let docs = CLITests.root.appendingPathComponent("docs")
        let written = try Data(contentsOf: folder.appendingPathComponent("scene-format.md"))
        #expect(written == (try Data(contentsOf: docs.appendingPathComponent("scene-format.md"))))
        let names = try FileManager.default.contentsOfDirectory(atPath: pictures.path).sorted()
        let committed = try FileManager.default.contentsOfDirectory(atPath: docs.appendingPathComponent("images/format").path).sorted()
        #expect(names == (committed + ["notes.txt"]).sorted())
        for name in committed {
            let picture = try Data(contentsOf: pictures.appendingPathComponent(name))
            #expect(picture == (try Data(contentsOf: docs.appendingPathComponent("images/format/\(name)"))), "\(name)")
        }
    }

    @Test func outsideTheRepositoryItSaysWhereToRunIt() throws {
        let binary = try #require(CLITests.binary, "the arrange binary was not found; build it with 'swift build'")
        let folder = try ExternalTool.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = CLITests.run(binary, ["schema", "--markdown"], in: folder)
        #expect(run.status == 1)
        #expect(run.errors.contains("Schema/arrange-scene.schema.json"), "\(run.errors)")
        #expect(run.errors.contains("run this in the Arrange repository"), "\(run.errors)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty, "nothing is written")
    }
}
