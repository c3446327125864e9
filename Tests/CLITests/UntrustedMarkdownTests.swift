import Foundation
import Testing
import TestSupport

/// `arrange render` and `validate` on Markdown and scene files from strangers: what they write
/// stays where it belongs and means what it says, and their names cannot steer a terminal.
@Suite struct UntrustedMarkdownTests {
    func arrange(_ arguments: [String], in folder: URL) throws -> ExternalTool.Run {
        let binary = try #require(CLITests.binary, "the arrange binary was not found; build it with 'swift build'")
        return CLITests.run(binary, arguments, in: folder)
    }

    func write(_ text: String, to name: String, in folder: URL) throws {
        let url = folder.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    func mode(of path: URL) throws -> Int {
        try #require(FileManager.default.attributesOfItem(atPath: path.path)[.posixPermissions] as? Int)
    }

    static let box = "```arrange\ncanvas: {width: 10, height: 10}\nview: rectangle\n```\n"

    @Test func inPlaceKeepsTheFilesPermissions() throws {
        let folder = try ExternalTool.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try write("# Notes\n\n" + Self.box, to: "notes.md", in: folder)
        let notes = folder.appendingPathComponent("notes.md")
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: notes.path)
        let run = try arrange(["render", "notes.md", "-o", "images", "--in-place"], in: folder)
        #expect(run.status == 0, "\(run.errors)")
        #expect(try String(contentsOf: notes, encoding: .utf8)
                == "# Notes\n\n<!-- arrange\ncanvas: {width: 10, height: 10}\nview: rectangle\n-->\n![arrange scene 1](images/notes-1.png)\n")
        #expect(try mode(of: notes) == 0o600)
        // A copy is a new file: 0644 less the umask, whatever the source's mode.
        try write(Self.box, to: "other.md", in: folder)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: folder.appendingPathComponent("other.md").path)
        let fresh = try arrange(["render", "other.md", "-o", "out"], in: folder)
        #expect(fresh.status == 0, "\(fresh.errors)")
        let mask = umask(0)
        umask(mask)
        #expect(try mode(of: folder.appendingPathComponent("out/other.md")) == 0o644 & ~Int(mask))
    }

    @Test func aCopyNeverReplacesAMarkdownSourceThroughALink() throws {
        let folder = try ExternalTool.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try write(Self.box, to: "docs/guide.md", in: folder)
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("alias").path, withDestinationPath: "docs")
        let linked = try arrange(["render", "docs/guide.md", "-o", "alias"], in: folder)
        #expect(linked.status == 64)
        #expect(linked.errors.contains("the rewritten copy of 'docs/guide.md' would replace it: 'alias/guide.md' is the same file; give -o another folder, or --in-place to rewrite it"), "\(linked.errors)")
        #expect(try String(contentsOf: folder.appendingPathComponent("docs/guide.md"), encoding: .utf8) == Self.box)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("docs").path) == ["guide.md"])
        // A hard link is the same file by another name.
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("out"), withIntermediateDirectories: true)
        try FileManager.default.linkItem(atPath: folder.appendingPathComponent("docs/guide.md").path, toPath: folder.appendingPathComponent("out/guide.md").path)
        let hard = try arrange(["render", "docs/guide.md", "-o", "out"], in: folder)
        #expect(hard.status == 64)
        #expect(hard.errors.contains("the rewritten copy of 'docs/guide.md' would replace it: 'out/guide.md' is the same file"), "\(hard.errors)")
        // Nor another Markdown file being read.
        try write(Self.box, to: "a/x.md", in: folder)
        try write(Self.box, to: "b/x.md", in: folder)
        let other = try arrange(["render", "a/x.md", "b/x.md", "-o", "b", "--flat"], in: folder)
        #expect(other.status == 64)
        #expect(other.errors.contains("the rewritten copy of 'a/x.md' would replace the Markdown file 'b/x.md': 'b/x.md' is the same file; give -o another folder"), "\(other.errors)")
        #expect(try String(contentsOf: folder.appendingPathComponent("b/x.md"), encoding: .utf8) == Self.box)
    }

    @Test func detailsFenceOutlastsEveryBacktickRunOfTheSource() throws {
        let folder = try ExternalTool.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // A four-backtick block whose quoted text holds a line of three: that line closed the
        // three-backtick fence --details wrote, and the HTML after it was read as HTML.
        let source = "canvas: {width: 10, height: 10}\nview: {text: \"a\n  ```\n  <img src=x onerror=alert(1)>\"}"
        try write("````arrange\n\(source)\n````\n", to: "page.md", in: folder)
        let run = try arrange(["render", "page.md", "-o", "out", "--details", "--no-warn-overflow"], in: folder)
        #expect(run.status == 0, "\(run.errors)")
        #expect(try String(contentsOf: folder.appendingPathComponent("out/page.md"), encoding: .utf8) == """
        ![arrange scene 1](page-1.png)

        <details><summary>Scene source</summary>

        ````arrange
        \(source)
        ````

        </details>

        """)
    }

    @Test func linkDestinationsAreEncodedAndAltTextIsOneEscapedLine() throws {
        let folder = try ExternalTool.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // YAML escapes: a CR LF, a line separator, brackets, a tag and a backslash.
        try write("```arrange\ndescription: \"One\\r\\nTwo\\u2028[x] <b> \\\\ok\"\ncanvas: {width: 10, height: 10}\nview: rectangle\n```\n",
                  to: "a)b c.md", in: folder)
        let run = try arrange(["render", "a)b c.md", "-o", "images"], in: folder)
        #expect(run.status == 0, "\(run.errors)")
        #expect(try String(contentsOf: folder.appendingPathComponent("images/a)b c.md"), encoding: .utf8)
                == "<!-- arrange\ndescription: \"One\\r\\nTwo\\u2028[x] <b> \\\\ok\"\ncanvas: {width: 10, height: 10}\nview: rectangle\n-->\n"
                + "![One Two \\[x\\] \\<b\\> \\\\ok](a%29b%20c-1.png)\n")
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("images/a)b c-1.png").path))
    }

    /// A file name that would set the terminal's title and clear its screen.
    static let hostileName = "x\u{1B}]0;pwned\u{07}\u{1B}[2J"
    static let shownName = "x\\u{1B}]0;pwned\\u{7}\\u{1B}[2J"

    @Test func controlCharactersInFileNamesAreEscapedInEveryMessage() throws {
        let folder = try ExternalTool.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try write("view: rectangl\n", to: Self.hostileName + ".yaml", in: folder)
        try write("canvas: {width: 10, height: 10}\nview: rectangle\n", to: "good" + Self.hostileName + ".yaml", in: folder)
        try write("# no scene\n", to: Self.hostileName + ".md", in: folder)
        let bad = Self.hostileName + ".yaml", good = "good" + Self.hostileName + ".yaml"
        let runs = [
            ("render", try arrange(["render", bad, "-o", "out"], in: folder)),
            ("render -v", try arrange(["render", good, "-o", "out", "-v"], in: folder)),
            ("validate", try arrange(["validate", "-v", bad, good], in: folder)),
            ("check", try arrange(["check", bad, good, "--references", "refs"], in: folder)),
            ("markdown", try arrange(["render", Self.hostileName + ".md"], in: folder)),
            ("missing", try arrange(["render", Self.hostileName + ".txt"], in: folder)),
            ("layout", try arrange(["layout", good], in: folder)),
        ]
        for (name, run) in runs {
            let bytes = Array(run.output) + Array(run.errors.utf8)
            #expect(!bytes.contains(0x1B) && !bytes.contains(0x07), "\(name) printed a control character")
        }
        // 'rectangl' is column 7 of line 1.
        let error = "\(Self.shownName).yaml:1:7: error: 'rectangl' is not a view; did you mean 'rectangle'?"
        #expect(runs[0].1.errors.contains(error))
        #expect(runs[1].1.errors.contains("wrote out/good\(Self.shownName).png"))
        #expect(runs[2].1.errors.contains(error))
        #expect(runs[2].1.stdout.contains("good\(Self.shownName).yaml: ok, 1 view on a 10 × 10 canvas"))
        #expect(runs[3].1.stdout.contains("ERROR    \(Self.shownName): \(error)"), "\(runs[3].1.stdout)")
        #expect(runs[3].1.stdout.contains("RECORDED good\(Self.shownName)"), "\(runs[3].1.stdout)")
        #expect(runs[4].1.errors.contains("'\(Self.shownName).md' holds no scene"))
        // The name's '[' makes it a pattern.
        #expect(runs[5].1.errors.contains("no file matches '\(Self.shownName).txt'"))
        // The view 'rectangle' is written on line 2 from column 7.
        #expect(runs[6].1.stdout.contains("← good\(Self.shownName).yaml:2:7"), "\(runs[6].1.stdout)")
    }

    /// Blocks are read alone, not with one padding line for each line above: 1,000 blocks take
    /// time in proportion, and errors still name the file's own lines.
    @Test func aThousandBlocksKeepTheirLinesAndTakeLinearTime() throws {
        let folder = try ExternalTool.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // Two header lines, then five lines a block: block i (from 0) opens on line 3 + 5i.
        var text = "# Many\n\n"
        for index in 0..<1000 {
            let canvas = index == 499 ? "canvas: {widht: 4, height: 4}" : "canvas: {width: 4, height: 4}"
            let view = index == 999 ? "view: rectangl" : "view: rectangle"
            text += "```arrange\n\(canvas)\n\(view)\n```\n\n"
        }
        try write(text, to: "MANY.md", in: folder)
        let start = Date()
        let run = try arrange(["validate", "MANY.md"], in: folder)
        print("validate of 1,000 Markdown blocks: \(String(format: "%.2f", Date().timeIntervalSince(start))) s")
        #expect(run.status == 1)
        // Block 499's canvas is line 3 + 2495 + 1; 'widht' starts in column 10.
        #expect(run.errors.contains("MANY.md:2499:10: error: unknown key 'widht' in 'canvas'"), "\(run.errors)")
        // Block 999's view is line 3 + 4995 + 2; 'rectangl' starts in column 7.
        #expect(run.errors.contains("MANY.md:5000:7: error: 'rectangl' is not a view"), "\(run.errors)")
        #expect(run.errors.contains("validated 1000 scenes: 998 good, 2 with errors"))
        let renderStart = Date()
        let render = try arrange(["render", "MANY.md", "-o", "out"], in: folder)
        print("render of 1,000 Markdown blocks: \(String(format: "%.2f", Date().timeIntervalSince(renderStart))) s")
        #expect(render.status == 1)
        #expect(render.errors.contains("MANY.md:5000:7: error: 'rectangl' is not a view"))
    }

    @Test func incrementalRedrawsOnlyTheEditedBlock() throws {
        let folder = try ExternalTool.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try write("# Two\n\n" + Self.box + "\n" + Self.box, to: "two.md", in: folder)
        let first = try arrange(["render", "two.md", "-o", "out", "--incremental"], in: folder)
        #expect(first.errors.contains("rendered 2 of 2 scenes (0 unchanged), wrote 2 files"), "\(first.errors)")
        try write("# Two, edited\n\n" + Self.box + "\n" + Self.box.replacingOccurrences(of: "rectangle", with: "circle"), to: "two.md", in: folder)
        // Block 1 is as it was (the heading above it changed); block 2 is a circle now.
        let second = try arrange(["render", "two.md", "-o", "out", "--incremental"], in: folder)
        #expect(second.errors.contains("rendered 1 of 2 scenes (1 unchanged), wrote 1 file"), "\(second.errors)")
    }

    @Test func aYAMLSyntaxErrorInABlockNamesTheFilesLine() throws {
        let folder = try ExternalTool.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // The flow mapping opened on line 6, column 9 is never closed: "4" runs on as a plain
        // scalar onto line 7 ("4 view"), and the ':' in column 5 is where a ',' or '}' was due.
        try write("# A\n\nText.\n\n```arrange\ncanvas: {width: 4, height: 4\nview: rectangle\n```\n", to: "A.md", in: folder)
        let run = try arrange(["validate", "A.md"], in: folder)
        #expect(run.status == 1)
        #expect(run.errors.contains("A.md:7:5: error: malformed YAML: did not find expected ',' or '}' (while parsing a flow mapping that starts at line 6, column 9)"),
                "\(run.errors)")
    }
}
