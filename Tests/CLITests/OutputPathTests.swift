import ArrangeScene
import Foundation
import Testing
import TestSupport

/// Where `arrange render` writes: `-o` a file or a folder, folders searched with their
/// subfolders, `**` patterns, outputs mirroring the scenes' folders, and `--sync`.
@Suite(.serialized) struct OutputPathTests {
    func tree() throws -> URL {
        let folder = try ExternalTool.scratchFolder()
        for (source, target) in [("stacks.yaml", "docs/a/intro.yaml"), ("wheel-0.yaml", "docs/b/intro.yaml"), ("spacer.yaml", "docs/top.yaml")] {
            let url = folder.appendingPathComponent(target)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: CLITests.root.appendingPathComponent("Fixtures/" + source), to: url)
        }
        return folder
    }

    func arrange(_ arguments: [String], in folder: URL) throws -> ExternalTool.Run {
        let binary = try #require(CLITests.binary, "the arrange binary was not found; build it with 'swift build'")
        return CLITests.run(binary, arguments, in: folder)
    }

    /// The files below `folder/sub`, as relative paths, sorted.
    func files(_ folder: URL, _ sub: String) -> [String] {
        let root = folder.appendingPathComponent(sub)
        guard let walker = FileManager.default.enumerator(atPath: root.path) else { return [] }
        return walker.compactMap { $0 as? String }.filter { relative in
            var isFolder: ObjCBool = false
            return FileManager.default.fileExists(atPath: root.appendingPathComponent(relative).path, isDirectory: &isFolder) && !isFolder.boolValue
        }.sorted()
    }

    @Test func dashOTakesAFileForOnePicture() throws {
        let folder = try tree()
        defer { try? FileManager.default.removeItem(at: folder) }
        let one = try arrange(["render", "docs/top.yaml", "-o", "my.png"], in: folder)
        #expect(one.status == 0, "\(one.errors)")
        var isFolder: ObjCBool = true
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("my.png").path, isDirectory: &isFolder) && !isFolder.boolValue)
        // The extension implies the format.
        #expect(try arrange(["render", "docs/top.yaml", "-o", "page.pdf"], in: folder).status == 0)
        #expect(try Data(contentsOf: folder.appendingPathComponent("page.pdf")).prefix(5) == Data("%PDF-".utf8))
        // Ambiguous: two scenes, or another format, for one file: an error before anything is written.
        let two = try arrange(["render", "docs/top.yaml", "docs/a/intro.yaml", "-o", "x.png"], in: folder)
        #expect(two.status == 64)
        #expect(two.errors.contains("-o 'x.png' names one PNG file, but 2 scenes were named"))
        let mixed = try arrange(["render", "docs/top.yaml", "--format", "svg", "-o", "y.png"], in: folder)
        #expect(mixed.status == 64)
        // A positional argument is a scene: a missing one stops everything, with a hint.
        let missing = try arrange(["render", "docs/top.yaml", "out2.png"], in: folder)
        #expect(missing.status == 64)
        #expect(missing.errors.contains("no scene file 'out2.png' (to write a picture to a file, use -o out2.png)"))
        for name in ["x.png", "y.png", "top.png", "out2.png"] {
            #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent(name).path), "\(name) was written")
        }
    }

    /// One-letter names: Foundation's `deletingLastPathComponent` crashed on "o" and "x/"; the
    /// folder of a path is now worked out by `FolderPath`.
    @Test func oneLetterOutputFoldersAndScenesDoNotCrash() throws {
        let folder = try tree()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.copyItem(at: folder.appendingPathComponent("docs/top.yaml"), to: folder.appendingPathComponent("s"))
        for output in ["o", "p/"] {
            let run = try arrange(["render", "s", "docs/top.yaml", "-o", output, "--format", "png", "--flat"], in: folder)
            #expect(run.status == 0, "\(output): \(run.errors)")
            #expect(files(folder, output) == ["s.png", "top.png"])
        }
        #expect(FolderPath.of("o") == "" && FolderPath.of("x/") == "" && FolderPath.of("/o") == "/")
        #expect(FolderPath.of("a/b/c") == "a/b" && FolderPath.of("a//b/") == "a" && FolderPath.of("/") == "/")
    }

    @Test func outputsMirrorTheScenesFolders() throws {
        let folder = try tree()
        defer { try? FileManager.default.removeItem(at: folder) }
        let globbed = try arrange(["render", "docs/**/*.yaml", "-o", "out", "--format", "png,svg"], in: folder)
        #expect(globbed.status == 0, "\(globbed.errors)")
        #expect(files(folder, "out") == ["a/intro.png", "a/intro.svg", "b/intro.png", "b/intro.svg", "top.png", "top.svg"])
        let walked = try arrange(["render", "docs", "-o", "walked"], in: folder)
        #expect(walked.status == 0)
        #expect(files(folder, "walked") == ["a/intro.png", "b/intro.png", "top.png"])
        // --flat puts every output in one folder: the two intro.yaml then clash, and the second fails.
        let flat = try arrange(["render", "docs", "-o", "flat", "--flat"], in: folder)
        #expect(flat.status == 1)
        #expect(flat.errors.contains("flat/intro.png is already the output of docs/a/intro.yaml"))
        #expect(files(folder, "flat") == ["intro.png", "top.png"])
        // --sync writes the same bytes, flushed.
        #expect(try arrange(["render", "docs/top.yaml", "-o", "synced", "--sync"], in: folder).status == 0)
        #expect(try Data(contentsOf: folder.appendingPathComponent("synced/top.png")) == Data(contentsOf: folder.appendingPathComponent("walked/top.png")))
    }

    @Test func anOutputFolderThatCannotBeMadeIsAFailureNotAUsageError() throws {
        let folder = try tree()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("x".utf8).write(to: folder.appendingPathComponent("plain.txt"))
        let run = try arrange(["render", "docs/top.yaml", "-o", "plain.txt/out"], in: folder)
        #expect(run.status == 1)
        #expect(run.errors.contains("error: cannot make the output folder 'plain.txt/out': Not a directory"))
        #expect(!run.errors.contains("Usage:"))
    }
}

/// On a terminal, an error never lands on the end of the progress line: the line is cleared,
/// the error printed, and the progress drawn again. A standard error that cannot be written is
/// no crash either.
@Suite struct ProgressLineTests {
    @Test func errorsClearTheProgressLineFirst() throws {
        let binary = try #require(CLITests.binary, "the arrange binary was not found; build it with 'swift build'")
        // `script` runs the command on a pseudo-terminal, as a person's shell would.
        let script = try ExternalTool.locate("script", package: "bsdutils")
        let command = "'\(binary)' render Fixtures/stacks.yaml Fixtures/invalid/unknown-frame-key.yaml Fixtures/wheel-0.yaml -o '\(FileManager.default.temporaryDirectory.path)/arrange-progress-\(UUID().uuidString)' -j 1"
        let run = try ExternalTool.run(script, ["-qc", command, "/dev/null"], in: CLITests.root)
        let text = run.stdout
        #expect(text.contains("unknown-frame-key.yaml\r\u{1B}[KFixtures/invalid/unknown-frame-key.yaml:4:15: error:"), "\(text.debugDescription)")
        #expect(text.contains("error: unknown key 'widht'") && text.contains("\r\n[2/3] Fixtures/invalid/unknown-frame-key.yaml"), "\(text.debugDescription)")
        let sh = try ExternalTool.locate("sh", package: "dash")
        let full = try ExternalTool.run(sh, ["-c", "'\(binary)' render Fixtures/invalid/unknown-frame-key.yaml -o /tmp 2>/dev/full"], in: CLITests.root)
        #expect(full.status == 1)
    }
}

/// `arrange layout` shows text content and takes several scenes.
@Suite struct LayoutCommandTests {
    @Test func textContentAndSeveralScenes() throws {
        let binary = try #require(CLITests.binary, "the arrange binary was not found; build it with 'swift build'")
        let run = CLITests.run(binary, ["layout", "Fixtures/hello-world-fonts.yaml", "Fixtures/stacks.yaml"], in: CLITests.root)
        #expect(run.status == 0, "\(run.errors)")
        #expect(run.stdout.hasPrefix("Fixtures/hello-world-fonts.yaml\ncanvas 393 × 40 at scale 2\n"))
        #expect(run.stdout.contains("    Text \"Hello\" ("))
        #expect(run.stdout.contains("\nFixtures/stacks.yaml\ncanvas 486 × 208 at scale 2\n"))
        // Each view points at where it is written: the kind's key, or for a view a modifier
        // wraps it in, the modifier's key (Fixtures/frame-background-order.yaml, lines 8–19).
        let sources = CLITests.run(binary, ["layout", "Fixtures/frame-background-order.yaml"], in: CLITests.root)
        let file = "Fixtures/frame-background-order.yaml"
        #expect(sources.stdout.contains("\nVStack (50, 25, 200, 110)  ← \(file):8:3\n"), "\(sources.stdout)")
        #expect(sources.stdout.contains("\n  frame #background-then-frame (50, 25, 200, 50)  ← \(file):14:11\n"))
        #expect(sources.stdout.contains("\n    background (99.5, 40, 101, 20)  ← \(file):13:11\n"))
        #expect(sources.stdout.contains("\n      Text \"Hello, world\" (99.5, 40, 101, 20)  ← \(file):10:7\n"))
        let json = CLITests.run(binary, ["layout", "--json", "Fixtures/stacks.yaml", "Fixtures/wheel-0.yaml"], in: CLITests.root)
        let trees = try #require(try JSONSerialization.jsonObject(with: json.output) as? [[String: Any]])
        #expect(trees.map { $0["file"] as? String } == ["Fixtures/stacks.yaml", "Fixtures/wheel-0.yaml"])
    }
}
