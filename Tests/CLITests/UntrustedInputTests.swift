import Foundation
import Testing
import TestSupport

/// Issue 23: scenes from strangers. A scene may read files only below the current folder and its
/// own folder (`--allow-read` adds more), only regular files, with sizes checked first; what a
/// scene asks of images and layers is bounded before the work. Each case runs the command as CI
/// would, from a work folder beside a folder of secrets, and checks the exit, the message and
/// that nothing was written.
@Suite(.serialized) struct UntrustedInputTests {
    /// The bytes the secrets carry: none of them may reach any output.
    static let marker = "CANARY-7F3A-SECRET"

    /// A work folder (the current folder of every run, holding the scenes) beside `secret/`,
    /// which holds a PNG and a font with the marker in them, and `out/` for outputs.
    struct Sandbox {
        let root: URL
        var work: URL { root.appendingPathComponent("work") }
        var secret: URL { root.appendingPathComponent("secret") }
        var out: URL { work.appendingPathComponent("out") }

        init() throws {
            root = try ExternalTool.scratchFolder()
            for folder in [work, secret] { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) }
            // A real PNG and a real font, each with the marker appended: a reader that takes the
            // file whole carries the marker along.
            let png = try Data(contentsOf: CLITests.root.appendingPathComponent("Fixtures/images/logo.png"))
            try (png + Data(marker.utf8)).write(to: secret.appendingPathComponent("private.png"))
            let fonts = CLITests.root.appendingPathComponent("Fixtures/fonts")
            let font = try #require(FileManager.default.contentsOfDirectory(atPath: fonts.path).sorted().first { $0.hasSuffix(".otf") })
            try (Data(contentsOf: fonts.appendingPathComponent(font)) + Data(marker.utf8)).write(to: secret.appendingPathComponent("private.otf"))
            try Data(marker.utf8).write(to: secret.appendingPathComponent("notes.txt"))
        }

        func write(_ name: String, _ text: String) throws {
            try text.write(to: work.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }

        /// `arrange ARGUMENTS` in the work folder, under `timeout` so that a hang fails the test
        /// (status 124) instead of stopping the suite.
        func arrange(_ arguments: [String], stdin: Data? = nil) throws -> ExternalTool.Run {
            let binary = try #require(CLITests.binary, "the arrange binary was not found; build it with 'swift build'")
            let timeout = try ExternalTool.locate("timeout", package: "coreutils")
            return CLITests.run(timeout, ["60", binary] + arguments, in: work, stdin: stdin)
        }

        /// Every file below `out/`.
        func written() -> [String] {
            guard let walker = FileManager.default.enumerator(atPath: out.path) else { return [] }
            return walker.compactMap { $0 as? String }.sorted()
        }

        func remove() { try? FileManager.default.removeItem(at: root) }
    }

    /// The marker in `data`: as it is, or base64-encoded at any of the three alignments (as an
    /// SVG data URI would carry it).
    static func carriesMarker(_ data: Data) -> Bool {
        let marker = Data(Self.marker.utf8)
        if data.range(of: marker) != nil { return true }
        for shift in 0..<3 {
            // The base64 of the marker behind `shift` bytes, less the characters the shift touches.
            let encoded = (Data(repeating: 0, count: shift) + marker).base64EncodedString()
            let core = encoded.dropFirst(shift == 0 ? 0 : 4).dropLast(4)
            if data.range(of: Data(core.utf8)) != nil { return true }
        }
        return false
    }

    /// The ways a scene has tried to read the secret folder, each as a scene text and the
    /// line:column of the entry that names the file.
    static func disclosures(_ box: Sandbox) -> [(name: String, scene: String, place: String)] {
        let secret = box.secret.path
        return [
            ("absolute-image.yaml", "view:\n  image: \(secret)/private.png\n", "2:10"),
            ("dotdot-image.yaml", "view:\n  image: ../secret/private.png\n", "2:10"),
            ("linked-image.yaml", "view:\n  image: link.png\n", "2:10"),
            ("linked-folder-image.yaml", "view:\n  image: {path: linked/private.png, resizable: true}\n", "2:17"),
            ("absolute-font.yaml", "fonts: [\(secret)/private.otf]\nview: {text: Hello}\n", "1:9"),
            ("dotdot-font.yaml", "fonts: ../secret\nview: {text: Hello}\n", "1:8"),
            ("root-font.yaml", "fonts: ['/']\nview: {text: Hello}\n", "1:9"),
            ("dotdot-include.yaml", "include: ../secret/notes.txt\nview: {text: Hello}\n", "1:10"),
            ("absolute-include.yaml", "include: [\(secret)/notes.txt]\nview: {text: Hello}\n", "1:11"),
            ("keyframe-image.yaml", """
                view:
                  image: {path: own.png, resizable: true}
                  id: pic
                animation:
                  duration: 1
                  keyframes:
                    - at: 1
                      set: {pic: {path: ../secret/private.png}}

                """, "8:25"),
        ]
    }

    @Test func noFileOutsideTheAllowedFoldersReachesAnyOutput() throws {
        let box = try Sandbox()
        defer { box.remove() }
        try FileManager.default.createSymbolicLink(at: box.work.appendingPathComponent("link.png"), withDestinationURL: box.secret.appendingPathComponent("private.png"))
        try FileManager.default.createSymbolicLink(at: box.work.appendingPathComponent("linked"), withDestinationURL: box.secret)
        try FileManager.default.copyItem(at: CLITests.root.appendingPathComponent("Fixtures/images/logo.png"), to: box.work.appendingPathComponent("own.png"))
        var printed = Data()
        for (name, scene, place) in Self.disclosures(box) {
            try box.write(name, scene)
            let commands: [[String]] = [
                ["render", name, "-o", "out", "--format", "png,svg,pdf"],
                ["validate", name],
                ["layout", name, "--json"],
            ] + (name.hasPrefix("keyframe") ? [["animate", name, "-o", "out", "--format", "svg"]] : [])
            for command in commands {
                let run = try box.arrange(command)
                printed += run.output + Data(run.errors.utf8)
                #expect(run.status == 1, "\(command): exit \(run.status): \(run.errors)")
                #expect(run.errors.contains("\(name):\(place): error: the "), "\(command): \(run.errors)")
                #expect(run.errors.contains("is outside the folders this scene may read"), "\(command): \(run.errors)")
                #expect(run.errors.contains("--allow-read"), "\(command): \(run.errors)")
                #expect(box.written().isEmpty, "\(command) wrote \(box.written())")
            }
        }
        // The same scenes in Markdown: the block's line in the file.
        try box.write("guide.md", "# Guide\n\n```arrange\nview:\n  image: ../secret/private.png\n```\n")
        let markdown = try box.arrange(["render", "guide.md", "-o", "out"])
        printed += markdown.output + Data(markdown.errors.utf8)
        #expect(markdown.status == 1)
        #expect(markdown.errors.contains("guide.md:5:10: error: the image '../secret/private.png'"), "\(markdown.errors)")
        #expect(box.written().isEmpty)
        // Messages name the files, never their contents.
        #expect(!Self.carriesMarker(printed))
        // The policy is what stopped them: with the folder allowed, the image is drawn.
        let allowed = try box.arrange(["render", "absolute-image.yaml", "-o", "out", "--format", "png", "--allow-read", box.secret.path])
        #expect(allowed.status == 0, "\(allowed.errors)")
        #expect(box.written() == ["absolute-image.png"])
    }

    @Test func theCanaryAppearsInNoOutputByteOfAnyCommand() throws {
        // Every command over scenes that name the secrets in every way, and the outputs of the
        // ones that succeed for the scenes beside them: no byte of any output, report or message
        // carries the marker (raw or base64).
        let box = try Sandbox()
        defer { box.remove() }
        try FileManager.default.createSymbolicLink(at: box.work.appendingPathComponent("link.png"), withDestinationURL: box.secret.appendingPathComponent("private.png"))
        try FileManager.default.createSymbolicLink(at: box.work.appendingPathComponent("linked"), withDestinationURL: box.secret)
        try FileManager.default.copyItem(at: CLITests.root.appendingPathComponent("Fixtures/images/logo.png"), to: box.work.appendingPathComponent("own.png"))
        var names: [String] = []
        for (name, scene, _) in Self.disclosures(box) {
            try box.write(name, scene)
            names.append(name)
        }
        try box.write("good.yaml", "view:\n  image: own.png\n")
        names.append("good.yaml")
        var printed = Data()
        for command in [["render"] + names + ["-o", "out", "--format", "png,svg,pdf"],
                        ["check"] + names + ["--references", "refs", "-o", "out/check", "--record", "missing", "--json", "out/check.json"],
                        ["animate", "keyframe-image.yaml", "-o", "out/anim", "--format", "svg"],
                        ["layout"] + names + ["--json"]] {
            let run = try box.arrange(command)
            printed += run.output + Data(run.errors.utf8)
            #expect(run.status == 1, "\(command[0]): exit \(run.status)")
        }
        #expect(box.written().contains("good.png"), "\(box.written())")
        var checked = 0
        for relative in box.written() {
            let url = box.out.appendingPathComponent(relative)
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), !isFolder.boolValue else { continue }
            #expect(!Self.carriesMarker(try Data(contentsOf: url)), "\(relative) carries the secret")
            checked += 1
        }
        for reference in (try? FileManager.default.contentsOfDirectory(atPath: box.work.appendingPathComponent("refs").path)) ?? [] {
            #expect(!Self.carriesMarker(try Data(contentsOf: box.work.appendingPathComponent("refs/" + reference))))
        }
        #expect(checked >= 3)
        #expect(!Self.carriesMarker(printed))
    }

    @Test func onlyRegularFilesAreOpenedAndEachRefusalSaysWhy() throws {
        let box = try Sandbox()
        defer { box.remove() }
        #expect(mkfifo(box.work.appendingPathComponent("pipe.png").path, 0o600) == 0)
        #expect(mkfifo(box.work.appendingPathComponent("pipe.otf").path, 0o600) == 0)
        try FileManager.default.createDirectory(at: box.work.appendingPathComponent("folder.png"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: box.work.appendingPathComponent("null.png"), withDestinationURL: URL(fileURLWithPath: "/dev/null"))
        try FileManager.default.createSymbolicLink(at: box.work.appendingPathComponent("gone.png"), withDestinationURL: box.work.appendingPathComponent("nothing.png"))
        let cases: [(scene: String, extra: [String], words: String)] = [
            ("view: {image: pipe.png}\n", [], "the image 'pipe.png' is a FIFO (named pipe), not a regular file"),
            ("fonts: pipe.otf\nview: {text: Hi}\n", [], "the font 'pipe.otf' is a FIFO (named pipe), not a regular file"),
            ("view: {image: folder.png}\n", [], "the image 'folder.png' is a folder, not a regular file"),
            ("view: {image: gone.png}\n", [], "the image 'gone.png' is a link that leads to no file"),
            ("view: {image: missing.png}\n", [], "the image 'missing.png' does not exist"),
            ("view: {image: /dev/null}\n", [], "the image '/dev/null' is outside the folders this scene may read"),
            ("view: {image: null.png}\n", [], "the image 'null.png' (it is /dev/null) is outside the folders this scene may read"),
            ("view: {image: /dev/null}\n", ["--allow-read", "/dev"], "the image '/dev/null' is a character device, not a regular file"),
            ("view: {image: /dev/zero}\n", ["--allow-read", "/dev"], "the image '/dev/zero' is a character device, not a regular file"),
            ("view: {image: /dev/tty}\n", ["--allow-read", "/dev"], "the image '/dev/tty' is a character device, not a regular file"),
        ]
        for (index, (scene, extra, words)) in cases.enumerated() {
            let name = "special-\(index).yaml"
            try box.write(name, scene)
            for command in ["render", "validate"] {
                let arguments = command == "render" ? [command, name, "-o", "out"] + extra : [command, name] + extra
                // Standard input is a pipe that stays open: a reader that opened it would wait.
                let run = try box.arrange(arguments, stdin: Data("x".utf8))
                #expect(run.status == 1, "\(scene) \(command): exit \(run.status) (124 is a hang)")
                #expect(run.errors.contains("\(name):") && run.errors.contains(words), "\(scene): \(run.errors)")
                #expect(!run.errors.contains("permission") && !run.errors.contains("NSCocoaErrorDomain"), "\(run.errors)")
                #expect(box.written().isEmpty)
            }
        }
        // `/dev/stdin` while standard input is a pipe that stays open (this shell holds its other
        // end, and never writes): once a 60-second hang.
        try box.write("stdin.yaml", "fonts: /dev/stdin\nview: {text: Hi}\n")
        let binary = try #require(CLITests.binary)
        let piped = CLITests.run("/bin/bash", ["-c", "mkfifo pipe && exec 3<>pipe && timeout 60 \"$0\" validate stdin.yaml --allow-read / < pipe", binary], in: box.work)
        #expect(piped.status == 1, "exit \(piped.status) (124 is a hang)")
        #expect(piped.errors.contains("stdin.yaml:1:8: error: the font '/dev/stdin' is a FIFO (named pipe), not a regular file"), "\(piped.errors)")
        let badFlag = try box.arrange(["validate", "special-0.yaml", "--allow-read", "no-such-folder"])
        #expect(badFlag.status == 64 && badFlag.errors.contains("--allow-read: 'no-such-folder' is not a folder"), "\(badFlag.errors)")
    }
}

/// Issue 23's costs a scene controls, each bounded in `Limits` and checked before the work: the
/// cases that once ran for minutes or took gigabytes fail at once with the limit's name, and
/// print their time and peak memory (GNU time); the bound asserted is memory, time only as a
/// guard against hangs.
@Suite(.serialized) struct UntrustedCostTests {
    /// `arrange ARGUMENTS` in `folder` under GNU time: the run, seconds and peak kilobytes.
    func measured(_ arguments: [String], in folder: URL, _ label: String) throws -> (run: ExternalTool.Run, seconds: Double, kilobytes: Int) {
        let binary = try #require(CLITests.binary)
        let time = try ExternalTool.locate("time", package: "time")
        let report = folder.appendingPathComponent("time-\(label).txt")
        let run = try ExternalTool.run(time, ["-o", report.path, "-f", "%e %M", binary] + arguments, in: folder)
        let numbers = try String(contentsOf: report, encoding: .utf8).split(whereSeparator: \.isWhitespace).suffix(2)
        let seconds = Double(numbers.first ?? "") ?? -1, kilobytes = Int(numbers.last ?? "") ?? -1
        print("untrusted cost \(label): exit \(run.status), \(seconds) s, \(kilobytes / 1024) MB")
        #expect(kilobytes > 0 && kilobytes < 1_048_576, "\(label): \(kilobytes) KB")
        #expect(seconds >= 0 && seconds < 60, "\(label) took \(seconds) s")
        return (run, seconds, kilobytes)
    }

    @Test func layersAndAnimationFramesAreBoundedBeforeDrawing() throws {
        let folder = try ExternalTool.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var nested = "canvas: {width: 8000, height: 8000}\nview:\n", indent = "  "
        for _ in 0..<150 {
            nested += indent + "zstack: {}\n" + indent + "modifiers: [{opacity: 0.99}]\n" + indent + "children:\n" + indent + "  -\n"
            indent += "    "
        }
        nested += indent + "rectangle: {}\n"
        // Estimates by hand (LayerWork): a composited group costs what can show of it, a shadow
        // twenty times its area widened by three deviations, both within the canvas.
        let cases: [(name: String, scene: String, words: String)] = [
            // 100 × 20 × 2420²: each 900-point square (at 50…950) widened by the blur's reach, three
            // deviations capped at 760 pixels, to −710…1710, within the canvas widened alike.
            ("shadows.yaml", "canvas: {width: 1000, height: 1000}\nview:\n  zstack: {}\n  children:\n    - rectangle:\n      repeat: 100\n      modifiers: [{fill: blue}, {frame: {width: 900, height: 900}}, {shadow: {radius: 1000}}]\n",
             "would draw about 11712800000 pixels, over the limit of 1073741824"),
            // 1000 × (2000 × 2000): an unclipped blend group is drawn over the whole canvas.
            ("blend.yaml", "canvas: {width: 2000, height: 2000}\nview:\n  zstack: {}\n  children:\n    - rectangle:\n      repeat: 1000\n      modifiers: [{fill: random}, {frame: {width: 1900, height: 1900}}, {blendMode: multiply}]\n",
             "would draw about 4000000000 pixels, over the limit of 1073741824"),
            // 150 × (8000 × 8000).
            ("nested.yaml", nested, "would draw about 9600000000 pixels, over the limit of 1073741824"),
        ]
        for (name, scene, words) in cases {
            try scene.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
            let (run, _, _) = try measured(["render", name, "-o", "out", "--format", "png,svg"], in: folder, name)
            #expect(run.status == 1 && run.errors.contains("\(name):3:3: error: the picture's opacity, blend-mode and shadow layers \(words)"), "\(run.errors)")
            #expect(run.errors.contains("--limit layer-pixels=N"))
            #expect(CLITests().files(in: folder.appendingPathComponent("out")).isEmpty)
        }
        // 20,000 views at 120 fps for 83 s: 9,961 frames, 199,220,000 view frames.
        let animation = "canvas: {width: 100, height: 100}\nview:\n  zstack: {}\n  id: box\n  children:\n    - rectangle:\n      repeat: 10000\n    - rectangle:\n      repeat: 9999\n  modifiers: [{frame: {width: 10}}]\nanimation:\n  duration: 83\n  keyframes:\n    - at: 83\n      set: {box: {frame: {width: 20}}}\n"
        try animation.write(to: folder.appendingPathComponent("frames.yaml"), atomically: true, encoding: .utf8)
        let (run, _, _) = try measured(["animate", "frames.yaml", "--format", "layout", "--fps", "120", "-o", "out"], in: folder, "frames.yaml")
        #expect(run.status == 1 && run.errors.contains("frames.yaml:12:13: error: 9961 frames of 20000 views each are 199220000 view frames to lay out, over the limit of 20000000"), "\(run.errors)")
        #expect(CLITests().files(in: folder.appendingPathComponent("out")).isEmpty)
    }

    @Test func aLongFlipbookEmbedsItsImageOnce() throws {
        // 9,961 frames (83 s at 120 fps) over a 2.5 MB picture of noise: once 3.9 GB, as every
        // frame of the flipbook (a colour changes, so frames differ by more than a move) embedded
        // the picture again.
        let folder = try ExternalTool.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let python = try ExternalTool.locate("python3", package: "python3")
        let script = """
            import os, struct, zlib
            def chunk(kind, data): return struct.pack('>I', len(data)) + kind + data + struct.pack('>I', zlib.crc32(kind + data))
            rows = b''.join(b'\\0' + os.urandom(800 * 4) for _ in range(800))
            open('noise.png', 'wb').write(b'\\x89PNG\\r\\n\\x1a\\n' + chunk(b'IHDR', struct.pack('>IIBBBBB', 800, 800, 8, 6, 0, 0, 0)) + chunk(b'IDAT', zlib.compress(rows, 1)) + chunk(b'IEND', b''))
            """
        #expect(try ExternalTool.run(python, ["-c", script], in: folder).status == 0)
        let size = try #require(try FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent("noise.png").path)[.size] as? Int)
        #expect(size > 2_500_000)
        let scene = """
            canvas: {width: 200, height: 100}
            view:
              hstack: {}
              children:
                - image: {path: noise.png, resizable: true}
                  modifiers: [{frame: {width: 100, height: 100}}]
                - rectangle:
                  id: box
                  modifiers: [{fill: red}, {frame: {width: 100, height: 100}}]
            animation:
              duration: 83
              keyframes:
                - at: 83
                  set: {box: {fill: blue}}

            """
        try scene.write(to: folder.appendingPathComponent("flipbook.yaml"), atomically: true, encoding: .utf8)
        let (run, _, _) = try measured(["animate", "flipbook.yaml", "--format", "svg", "--fps", "120", "-o", "out"], in: folder, "9,961-frame flipbook over a 2.5 MB image")
        #expect(run.status == 0, "\(run.errors)")
        let svg = try String(contentsOf: folder.appendingPathComponent("out/flipbook.svg"), encoding: .utf8)
        print("untrusted cost flipbook: \(svg.utf8.count) bytes of SVG")
        // The picture is defined once and shown by every frame.
        #expect(svg.components(separatedBy: "data:image/png;base64,").count == 2)
        #expect(svg.components(separatedBy: "<use xlink:href=\"#image1\"/>").count - 1 == 9_961)
    }

    /// Four 8192 × 8192 PNGs (64 megapixels each, 256 MB decoded), written by Python's zlib.
    func bigImages(in folder: URL) throws {
        let python = try ExternalTool.locate("python3", package: "python3")
        let script = """
            import struct, sys, zlib
            def chunk(kind, data): return struct.pack('>I', len(data)) + kind + data + struct.pack('>I', zlib.crc32(kind + data))
            for i in range(4):
                row = b'\\0' + bytes((40 * i, 100, 200, 255)) * 8192
                z = zlib.compressobj(9)
                data = b''.join(z.compress(row) for _ in range(8192)) + z.flush()
                open('big%d.png' % i, 'wb').write(b'\\x89PNG\\r\\n\\x1a\\n' + chunk(b'IHDR', struct.pack('>IIBBBBB', 8192, 8192, 8, 6, 0, 0, 0)) + chunk(b'IDAT', data) + chunk(b'IEND', b''))
            """
        let made = try ExternalTool.run(python, ["-c", script], in: folder)
        #expect(made.status == 0, "\(made.errors)")
    }

    @Test func imagesAreBoundedTogetherKeyframesIncludedBeforeDecoding() throws {
        let folder = try ExternalTool.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try bigImages(in: folder)
        let images = (0..<4).map { "    - image: {path: big\($0).png, resizable: true}\n" }
        let four = "canvas: {width: 400, height: 100}\nview:\n  hstack: {}\n  children:\n" + images.joined()
        try four.write(to: folder.appendingPathComponent("four.yaml"), atomically: true, encoding: .utf8)
        let refused = try measured(["render", "four.yaml", "-o", "out", "--format", "png,svg"], in: folder, "four 64-megapixel images")
        // 2 × 8192² = 134,217,728 pixels may be decoded; the third is refused from its header.
        #expect(refused.run.status == 1)
        #expect(refused.run.errors.contains("four.yaml:7:21: error: the image 'big2.png' has 8192 × 8192 pixels, but a scene's images may have 134217728 together (keyframes included) and the others already have 134217728"), "\(refused.run.errors)")
        #expect(CLITests().files(in: folder.appendingPathComponent("out")).isEmpty)
        let two = "canvas: {width: 200, height: 100}\nview:\n  hstack: {}\n  children:\n" + images.prefix(2).joined()
        try two.write(to: folder.appendingPathComponent("two.yaml"), atomically: true, encoding: .utf8)
        let drawn = try measured(["render", "two.yaml", "-o", "out", "--format", "png,svg"], in: folder, "two 64-megapixel images")
        #expect(drawn.run.status == 0, "\(drawn.run.errors)")
        // Keyframes that name new images count against the same budget: once 4.1 GB for 20.
        var keyframes = "canvas: {width: 100, height: 100}\nview:\n  image: {path: big0.png, resizable: true}\n  id: pic\nanimation:\n  duration: 20\n  keyframes:\n"
        for index in 1...20 { keyframes += "    - at: \(index)\n      set: {pic: {path: big\(index % 4).png}}\n" }
        try keyframes.write(to: folder.appendingPathComponent("keyframes.yaml"), atomically: true, encoding: .utf8)
        let animated = try measured(["validate", "keyframes.yaml"], in: folder, "20 keyframes of 64-megapixel images")
        #expect(animated.run.status == 1)
        #expect(animated.run.errors.contains("keyframes.yaml:11:25: error: the image 'big2.png' has 8192 × 8192 pixels, but a scene's images may have 134217728 together"), "\(animated.run.errors)")
    }
}
