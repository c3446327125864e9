import Foundation
import Testing
import TestSupport

/// What `arrange` writes and removes when the scenes and references come from strangers (CI
/// checking a pull request): only files inside the folders it was given, never a file a link
/// leads to, nothing half written after a failure or an interrupt, and images that claim to be
/// huge cost nothing to refuse. Run as a person runs the command; peak memory is printed (GNU
/// time), never timed.
@Suite(.serialized) struct UntrustedOutputTests {
    let fileManager = FileManager.default

    /// A scratch folder holding copies of `fixtures`.
    func scratch(_ fixtures: [String] = []) throws -> URL {
        let folder = try ExternalTool.scratchFolder()
        for name in fixtures {
            try fileManager.copyItem(at: CLITests.root.appendingPathComponent("Fixtures/\(name)"),
                                     to: folder.appendingPathComponent((name as NSString).lastPathComponent))
        }
        return folder
    }

    func arrange(_ arguments: [String], in folder: URL) throws -> ExternalTool.Run {
        let binary = try #require(CLITests.binary, "the arrange binary was not found; build it with 'swift build'")
        return CLITests.run(binary, arguments, in: folder)
    }

    /// `arrange` under GNU time: the run, and its peak memory in KB, printed with `label`.
    func measured(_ label: String, _ arguments: [String], in folder: URL) throws -> (run: ExternalTool.Run, kilobytes: Int) {
        let binary = try #require(CLITests.binary, "the arrange binary was not found; build it with 'swift build'")
        let time = try ExternalTool.locate("time", package: "time")
        let report = folder.appendingPathComponent("time-\(UUID().uuidString).txt")
        defer { try? fileManager.removeItem(at: report) }
        let run = try ExternalTool.run(time, ["-o", report.path, "-f", "%e %M", binary] + arguments, in: folder)
        let numbers = try String(contentsOf: report, encoding: .utf8).split(whereSeparator: \.isWhitespace).suffix(2)
        let kilobytes = Int(numbers.last ?? "") ?? -1
        print("\(label): exit \(run.status), \(numbers.first ?? "?") s, \(kilobytes / 1024) MB peak")
        return (run, kilobytes)
    }

    func exists(_ url: URL) -> Bool {
        // lstat, so a dangling link counts as there.
        (try? fileManager.attributesOfItem(atPath: url.path)) != nil
    }

    func entries(_ folder: URL) -> [String] {
        ((try? fileManager.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
    }

    // MARK: Fault 7: removing only files

    @Test func pruneRemovesFilesAndLinksButNeverAFolderOrWhatALinkLeadsTo() throws {
        let folder = try scratch(["spacer.yaml"])
        defer { try? fileManager.removeItem(at: folder) }
        #expect(try arrange(["check", "spacer.yaml", "--references", "refs", "--record", "all"], in: folder).status == 0)
        let refs = folder.appendingPathComponent("refs")
        // A folder named like a reference, with a file inside; a stale reference; a link named
        // like a reference that leads to a file outside the folder.
        try fileManager.createDirectory(at: refs.appendingPathComponent("old.png"), withIntermediateDirectories: true)
        try Data("keep me".utf8).write(to: refs.appendingPathComponent("old.png/inside.txt"))
        try Data("stale".utf8).write(to: refs.appendingPathComponent("stale.png"))
        let secret = folder.appendingPathComponent("secret.txt")
        try Data("private".utf8).write(to: secret)
        try fileManager.createSymbolicLink(atPath: refs.appendingPathComponent("link.png").path, withDestinationPath: secret.path)

        let prune = try arrange(["check", "spacer.yaml", "--references", "refs", "--prune", "-o", "out"], in: folder)
        #expect(prune.status == 0, "\(prune.errors)")
        #expect(prune.errors.contains("refs/stale.png") && prune.errors.contains("pruned"), "\(prune.errors)")
        #expect(prune.errors.contains("refs/old.png: note: not pruned: a folder, not a file; only files are removed"), "\(prune.errors)")
        // The folder and its file stay; the stale file and the link go; the link's target stays.
        #expect(try String(contentsOf: refs.appendingPathComponent("old.png/inside.txt"), encoding: .utf8) == "keep me")
        #expect(!exists(refs.appendingPathComponent("stale.png")))
        #expect(!exists(refs.appendingPathComponent("link.png")))
        #expect(try String(contentsOf: secret, encoding: .utf8) == "private")
        #expect(entries(refs) == ["old.png", "spacer.layout.json", "spacer.png"])
    }

    @Test func animateKeepsAFolderNamedLikeAStaleFrame() throws {
        let folder = try scratch(["animation/wheel-turn-arc.yaml"])
        defer { try? fileManager.removeItem(at: folder) }
        let out = folder.appendingPathComponent("out")
        try fileManager.createDirectory(at: out.appendingPathComponent("wheel-turn-arc-0099.png"), withIntermediateDirectories: true)
        try Data("keep me".utf8).write(to: out.appendingPathComponent("wheel-turn-arc-0099.png/inside.txt"))
        try Data("stale".utf8).write(to: out.appendingPathComponent("wheel-turn-arc-0098.png"))

        let run = try arrange(["animate", "wheel-turn-arc.yaml", "-o", "out"], in: folder)
        #expect(run.status == 0, "\(run.errors)")
        #expect(run.errors.contains("out/wheel-turn-arc-0099.png: note: not removed as a stale frame: a folder, not a file; only files are removed"), "\(run.errors)")
        #expect(try String(contentsOf: out.appendingPathComponent("wheel-turn-arc-0099.png/inside.txt"), encoding: .utf8) == "keep me")
        #expect(!exists(out.appendingPathComponent("wheel-turn-arc-0098.png")))
        // 1 s at 30 frames a second: frames 0 to 30, and the folder kept.
        #expect(entries(out).count == 32)
        #expect(!entries(out).contains { $0.hasPrefix(".") })
    }

    // MARK: Fault 3: references that are links

    @Test func aReferenceLinkedToAPrivateFileIsRefusedAndNeverCopied() throws {
        let folder = try scratch(["stacks.yaml", "spacer.yaml"])
        defer { try? fileManager.removeItem(at: folder) }
        #expect(try arrange(["check", "stacks.yaml", "spacer.yaml", "--references", "refs", "--record", "all"], in: folder).status == 0)
        let refs = folder.appendingPathComponent("refs")
        // The "private file": another scene's picture, outside the references folder.
        let secret = folder.appendingPathComponent("private.png")
        try fileManager.moveItem(at: refs.appendingPathComponent("spacer.png"), to: secret)
        try fileManager.removeItem(at: refs.appendingPathComponent("stacks.png"))
        try fileManager.createSymbolicLink(atPath: refs.appendingPathComponent("stacks.png").path, withDestinationPath: "../private.png")

        let check = try arrange(["check", "stacks.yaml", "--references", "refs", "--record", "never", "-o", "out"], in: folder)
        #expect(check.status == 1)
        #expect(check.stdout.contains("ERROR    stacks: the reference "), "\(check.stdout)")
        #expect(check.stdout.contains("refs/stacks.png is refused: it is a symbolic link that leads outside the references folder (or nowhere); a reference must be a file in that folder"), "\(check.stdout)")
        #expect(!exists(folder.appendingPathComponent("out/stacks.expected.png")))
        #expect(!entries(folder.appendingPathComponent("out")).contains { $0.hasSuffix(".png") })

        // A link that stays inside the folder is a reference like any other: the real picture,
        // moved into a subfolder, passes.
        try fileManager.removeItem(at: refs.appendingPathComponent("stacks.png"))
        #expect(try arrange(["check", "stacks.yaml", "--references", "refs", "--record", "all"], in: folder).status == 0)
        try fileManager.createDirectory(at: refs.appendingPathComponent("real"), withIntermediateDirectories: true)
        try fileManager.moveItem(at: refs.appendingPathComponent("stacks.png"), to: refs.appendingPathComponent("real/stacks.png"))
        try fileManager.createSymbolicLink(atPath: refs.appendingPathComponent("stacks.png").path, withDestinationPath: "real/stacks.png")
        let inside = try arrange(["check", "stacks.yaml", "--references", "refs", "--record", "never", "-o", "out"], in: folder)
        #expect(inside.status == 0, "\(inside.stdout)")
        #expect(inside.stdout.contains("1 scene: 1 passed, 0 recorded, 0 failed"), "\(inside.stdout)")
    }

    // MARK: Fault 21: PNG bombs

    /// Writes an all-zero RGBA PNG of `width` × `height` with Python's zlib: 16384 × 16384 (1 GiB
    /// of pixels) compresses to about a megabyte.
    func zeroPNG(_ url: URL, width: Int, height: Int) throws {
        let python = try ExternalTool.locate("python3", package: "python3")
        let script = """
        import struct, sys, zlib
        path, w, h = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
        def chunk(kind, data): return struct.pack('>I', len(data)) + kind + data + struct.pack('>I', zlib.crc32(kind + data))
        z = zlib.compressobj(9)
        row = bytes(1 + 4 * w)
        body = b''.join(z.compress(row) for _ in range(h)) + z.flush()
        header = struct.pack('>IIBBBBB', w, h, 8, 6, 0, 0, 0)
        open(path, 'wb').write(b'\\x89PNG\\r\\n\\x1a\\n' + chunk(b'IHDR', header) + chunk(b'IDAT', body) + chunk(b'IEND', b''))
        """
        let run = try ExternalTool.run(python, ["-c", script, url.path, "\(width)", "\(height)"])
        #expect(run.status == 0, "\(run.errors)")
    }

    @Test func aPNGBombIsAnsweredFromItsHeaderWithoutDecoding() throws {
        let folder = try scratch()
        defer { try? fileManager.removeItem(at: folder) }
        try zeroPNG(folder.appendingPathComponent("bomb.png"), width: 16384, height: 16384)
        try fileManager.copyItem(at: folder.appendingPathComponent("bomb.png"), to: folder.appendingPathComponent("bomb2.png"))
        try zeroPNG(folder.appendingPathComponent("small.png"), width: 16, height: 16)

        // Sizes differ: known from the headers, so nothing is decoded.
        let mismatch = try measured("diff of a 16384² bomb and a 16² PNG", ["diff", "bomb.png", "small.png"], in: folder)
        #expect(mismatch.run.status == 1)
        #expect(mismatch.run.stdout == "size differs: reference 16384×16384, actual 16×16; the images differ\n", "\(mismatch.run.stdout)")
        #expect(mismatch.kilobytes > 0 && mismatch.kilobytes < 1_048_576)

        // Equal sizes, but 2²⁸ pixels is over the 2²⁵ an image compared may have: refused from the
        // header, naming the file, the limit and how to raise it.
        let equal = try measured("diff of two 16384² bombs", ["diff", "bomb.png", "bomb2.png"], in: folder)
        #expect(equal.run.status == 1)
        #expect(equal.run.errors.contains("bomb.png: error: the PNG is 16384 × 16384 pixels, more than the 33554432 pixels an image compared may have; if you mean it, raise the limit with --limit image-pixels=N"),
                "\(equal.run.errors)")
        #expect(equal.kilobytes > 0 && equal.kilobytes < 1_048_576)

        // check: a 16 × 16 scene (8 points at scale 2) against the bomb fails at once on the size.
        try "canvas: {width: 8, height: 8, scale: 2}\nview: {rectangle: {}}\n".write(to: folder.appendingPathComponent("tiny.yaml"), atomically: true, encoding: .utf8)
        try fileManager.createDirectory(at: folder.appendingPathComponent("refs"), withIntermediateDirectories: true)
        try fileManager.copyItem(at: folder.appendingPathComponent("bomb.png"), to: folder.appendingPathComponent("refs/tiny.png"))
        let check = try measured("check of a 16² scene against a 16384² bomb",
                                 ["check", "tiny.yaml", "--references", "refs", "--record", "never", "-o", "out"], in: folder)
        #expect(check.run.status == 1)
        #expect(check.run.stdout.contains("FAILED   tiny: size differs: reference 16384×16384, actual 16×16"), "\(check.run.stdout)")
        #expect(check.kilobytes > 0 && check.kilobytes < 1_048_576)
    }

    // MARK: Fault 9: truncated PNGs

    /// A PNG cut short in its image data is called truncated, and named; one that lacks only its
    /// IEND chunk (odiff writes its diff images so) is read, with a warning that names it.
    @Test func aPNGWithoutItsEndIsCalledTruncatedAndNamed() throws {
        let folder = try scratch(["stacks.yaml"])
        defer { try? fileManager.removeItem(at: folder) }
        #expect(try arrange(["check", "stacks.yaml", "--references", "refs", "--record", "all"], in: folder).status == 0)
        let whole = try Data(contentsOf: folder.appendingPathComponent("refs/stacks.png"))
        // The last 12 bytes are the IEND chunk: length, type, checksum; 100 more cut the image data.
        try whole.dropLast(112).write(to: folder.appendingPathComponent("cut.png"))
        try whole.dropLast(12).write(to: folder.appendingPathComponent("unended.png"))
        try whole.write(to: folder.appendingPathComponent("whole.png"))

        let diff = try arrange(["diff", "cut.png", "whole.png"], in: folder)
        #expect(diff.status == 1)
        #expect(diff.errors == "cut.png: error: cannot read the image: the PNG is truncated: the file ends before the image does (its last chunk, IEND, or image data is missing)\n",
                "\(diff.errors)")
        let unended = try arrange(["diff", "unended.png", "whole.png"], in: folder)
        #expect(unended.status == 0 && unended.stdout.hasPrefix("0 of "), "\(unended.stdout)")
        #expect(unended.errors == "unended.png: warning: the PNG has no IEND chunk (the end marker every PNG must close with); it is read if its image data is whole\n",
                "\(unended.errors)")

        try whole.dropLast(112).write(to: folder.appendingPathComponent("refs/stacks.png"))
        let check = try arrange(["check", "stacks.yaml", "--references", "refs", "--record", "never", "-o", "out"], in: folder)
        #expect(check.status == 1)
        #expect(check.stdout.contains("refs/stacks.png cannot be read: the PNG is truncated: the file ends before the image does"), "\(check.stdout)")
        try whole.dropLast(12).write(to: folder.appendingPathComponent("refs/stacks.png"))
        let noted = try arrange(["check", "stacks.yaml", "--references", "refs", "--record", "never", "-o", "out"], in: folder)
        #expect(noted.status == 0)
        #expect(noted.stdout.contains("PASSED   stacks: note: the reference ") && noted.stdout.contains("refs/stacks.png: the PNG has no IEND chunk"),
                "\(noted.stdout)")
    }

    // MARK: Fault 13: --limit at Int.max

    @Test func everyLimitTakesAnyWholeNumberOrRefusesItInWords() throws {
        let folder = try scratch(["stacks.yaml"])
        defer { try? fileManager.removeItem(at: folder) }
        let names = ["file-bytes", "views", "modifiers", "repeat", "text", "canvas-side", "canvas-pixels", "image-pixels"]
        for name in names {
            // Int.max: refused as over 2⁵³, never a trap.
            let huge = try arrange(["render", "stacks.yaml", "-o", "out-\(name)", "--limit", "\(name)=\(Int.max)"], in: folder)
            #expect(huge.status == 64, "\(name): \(huge.errors)")
            #expect(huge.errors.contains("--limit: the limit '\(name)' must be at most 9007199254740992 (2^53), found '9223372036854775807'"), "\(name): \(huge.errors)")
            // 2⁵³ itself: accepted, and the scene renders.
            let largest = try arrange(["render", "stacks.yaml", "-o", "out-\(name)", "--limit", "\(name)=9007199254740992"], in: folder)
            #expect(largest.status == 0, "\(name): \(largest.errors)")
            #expect(entries(folder.appendingPathComponent("out-\(name)")) == ["stacks.png"])
        }
        // Digits past Int.max are a number too large as well, not a malformed one.
        let past = try arrange(["render", "stacks.yaml", "-o", "out", "--limit", "canvas-pixels=99999999999999999999"], in: folder)
        #expect(past.status == 64)
        #expect(past.errors.contains("must be at most 9007199254740992 (2^53), found '99999999999999999999'"), "\(past.errors)")
    }

    // MARK: Fault 22: interrupts and full disks

    @Test func anInterruptedAnimationLeavesNoTemporaryFilesAndExits130() throws {
        let binary = try #require(CLITests.binary, "the arrange binary was not found; build it with 'swift build'")
        let folder = try scratch(["animation/wheel-turn-arc.yaml"])
        defer { try? fileManager.removeItem(at: folder) }
        // 20 s at 30 frames a second: 601 frames, several seconds of drawing and writing.
        let scene = try String(contentsOf: folder.appendingPathComponent("wheel-turn-arc.yaml"), encoding: .utf8)
            .replacingOccurrences(of: "duration: 1\n", with: "duration: 20\n").replacingOccurrences(of: "- at: 1\n", with: "- at: 20\n")
        try scene.write(to: folder.appendingPathComponent("long.yaml"), atomically: true, encoding: .utf8)
        let out = folder.appendingPathComponent("out")
        try fileManager.createDirectory(at: out, withIntermediateDirectories: true)

        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = ["animate", "long.yaml", "-o", "out"]
        process.currentDirectoryURL = folder
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Interrupt once frames are being written into the hidden folder (polled, up to 20 s).
        var written = 0
        for _ in 0..<400 where process.isRunning {
            let hidden = entries(out).filter { $0.hasPrefix(".long.") && $0.hasSuffix(".tmp") }
            written = hidden.first.map { entries(out.appendingPathComponent($0)).count } ?? 0
            if written >= 5 { break }
            usleep(50_000)
        }
        #expect(process.isRunning, "the export ended before it could be interrupted")
        process.interrupt()
        process.waitUntilExit()
        print("interrupted animate after \(written) files in the hidden folder: exit \(process.terminationStatus)")
        #expect(written >= 5)
        #expect(process.terminationReason == .exit)
        #expect(process.terminationStatus == 130)
        // Nothing left: no hidden folder, no half-written file, no frame.
        #expect(entries(out) == [], "\(entries(out))")
    }

    @Test func aFullDiskLeavesNoFramesAndNamesTheFile() throws {
        let folder = try scratch(["animation/wheel-turn-arc.yaml"])
        defer { try? fileManager.removeItem(at: folder) }
        let full = folder.appendingPathComponent("full")
        try fileManager.createDirectory(at: full, withIntermediateDirectories: true)
        // A 200 KB tmpfs holds about 12 of the 31 frames (14 to 18 KB each); where mounting is not
        // allowed (not root), a file-size limit of 8 KB (ulimit -f 8, SIGXFSZ ignored) makes the
        // first frame's write fail with EFBIG.
        let mounted = CLITests.run("/bin/mount", ["-t", "tmpfs", "-o", "size=200k", "tmpfs", full.path]).status == 0
        defer { if mounted { _ = CLITests.run("/bin/umount", [full.path]) } }
        let run: ExternalTool.Run
        if mounted {
            run = try arrange(["animate", "wheel-turn-arc.yaml", "-o", "full"], in: folder)
        } else {
            let binary = try #require(CLITests.binary, "the arrange binary was not found; build it with 'swift build'")
            run = CLITests.run("/bin/bash", ["-c", "trap '' XFSZ; ulimit -f 8; exec \"$0\" animate wheel-turn-arc.yaml -o full", binary], in: folder)
        }
        print("full disk (\(mounted ? "200 KB tmpfs" : "ulimit -f 8")): exit \(run.status): \(run.errors)")
        #expect(run.status == 1)
        #expect(run.errors.contains("full/wheel-turn-arc-00"), "\(run.errors)")
        #expect(run.errors.contains(mounted ? ": error: cannot write the file: No space left on device; nothing was written"
                                            : ": error: cannot write the file: File too large; nothing was written"), "\(run.errors)")
        #expect(entries(full) == [], "\(entries(full))")
    }

    // MARK: Fault 14: frames written as they are drawn

    @Test func manySVGFramesAreWrittenAsTheyAreDrawn() throws {
        let folder = try scratch()
        defer { try? fileManager.removeItem(at: folder) }
        // 400 squares on a wheel turning for 10 s: 301 SVG frames.
        try """
        canvas: {width: 400, height: 400, scale: 1, background: white}
        view:
          wheel: {radius: 150, rotation: 0}
          id: wheel
          children:
            - rectangle:
              repeat: 400
              modifiers: [{fill: random}, {frame: {width: 6, height: 6}}]
        animation:
          duration: 10
          keyframes:
            - at: 10
              set:
                wheel: {rotation: 360}

        """.write(to: folder.appendingPathComponent("many.yaml"), atomically: true, encoding: .utf8)
        let export = try measured("animate 301 SVG frames of 400 squares", ["animate", "many.yaml", "--image-format", "svg", "-o", "out"], in: folder)
        #expect(export.run.status == 0, "\(export.run.errors)")
        let frames = entries(folder.appendingPathComponent("out"))
        #expect(frames.count == 301)
        #expect(frames.first == "many-0000.svg" && frames.last == "many-0300.svg")
        #expect(export.kilobytes > 0 && export.kilobytes < 1_048_576)
    }
}
