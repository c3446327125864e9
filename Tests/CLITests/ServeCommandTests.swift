import ArrangeSnapshot
import Foundation
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// `arrange serve`: the live preview in headless Chromium, what it serves and refuses, and how it
/// stops.
@Suite(.serialized) struct ServeCommandTests {
    /// A 300 × 200 white canvas with a 200 × 100 rectangle of `colour`, centred: by
    /// docs/layout-rules.md §7.3 at (50, 50)–(250, 150). The rectangle is written on line 3,
    /// column 3.
    static func scene(_ colour: String) -> String {
        "canvas: {width: 300, height: 200, scale: 1, background: white}\nview:\n  rectangle: {}\n  modifiers: [{fill: '\(colour)'}, {frame: {width: 200, height: 100}}]\n"
    }

    /// A running `arrange serve`, its standard error in log.txt in its folder.
    final class Server {
        let process = Process()
        let log: URL
        var port = 0

        init(_ arguments: [String], in folder: URL) throws {
            let binary = try #require(CLITests.binary, "the arrange binary was not found; build it with 'swift build'")
            log = folder.appendingPathComponent("log.txt")
            try Data().write(to: log)
            process.executableURL = URL(fileURLWithPath: binary)
            process.arguments = ["serve"] + arguments
            process.currentDirectoryURL = folder
            process.standardError = try FileHandle(forWritingTo: log)
            process.standardOutput = FileHandle.nullDevice
            try process.run()
            let found = ServeCommandTests.waitFor(20) { self.text.firstMatch(of: /serving \d+ scenes? on http:\/\/127\.0\.0\.1:(\d+)\//) != nil }
            let match = try #require(text.firstMatch(of: /serving \d+ scenes? on http:\/\/127\.0\.0\.1:(\d+)\//), "no serving line: \(text)")
            #expect(found != nil)
            port = Int(match.1) ?? 0
        }

        var text: String { (try? String(contentsOf: log, encoding: .utf8)) ?? "" }
        var url: String { "http://127.0.0.1:\(port)/" }

        /// Sends `signal` and returns the exit status, or nil if it did not stop within 10 s.
        func stop(_ signal: Int32 = SIGTERM) -> Int32? {
            guard process.isRunning else { return process.terminationStatus }
            kill(process.processIdentifier, signal)
            guard ServeCommandTests.waitFor(10, { !self.process.isRunning }) != nil else {
                kill(process.processIdentifier, SIGKILL)
                process.waitUntilExit()
                return nil
            }
            process.waitUntilExit()
            return process.terminationReason == .exit ? process.terminationStatus : -process.terminationStatus
        }

        deinit { _ = stop(SIGKILL) }
    }

    /// Polls `condition` every 20 ms for up to `seconds`; returns the seconds it took, or nil.
    static func waitFor(_ seconds: Double, _ condition: () throws -> Bool) rethrows -> Double? {
        let start = Date()
        while Date().timeIntervalSince(start) < seconds {
            if try condition() { return Date().timeIntervalSince(start) }
            Thread.sleep(forTimeInterval: 0.02)
        }
        return nil
    }

    /// What a raw HTTP exchange gave: the status (0 when the connection failed), the head's
    /// lines and the body.
    struct Reply {
        var status = 0
        var head = ""
        var body = Data()
        var failure: Int32 = 0
    }

    /// Sends `request` as it is (no client normalises the path) to `address:port` and reads the
    /// reply until the server closes the connection.
    static func exchange(_ request: String, port: Int, address: String = "127.0.0.1") -> Reply {
        var reply = Reply()
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return reply }
        defer { close(fd) }
        var timeout = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var target = sockaddr_in()
        target.sin_family = sa_family_t(AF_INET)
        target.sin_port = UInt16(port).bigEndian
        inet_pton(AF_INET, address, &target.sin_addr)
        let connected = withUnsafePointer(to: &target) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } }
        guard connected == 0 else {
            reply.failure = errno
            return reply
        }
        let bytes = Array(request.utf8)
        _ = bytes.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        var all = Data()
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = recv(fd, &chunk, chunk.count, 0)
            guard count > 0 else { break }
            all.append(contentsOf: chunk[..<count])
        }
        guard let split = all.firstRange(of: Data("\r\n\r\n".utf8)) else { return reply }
        reply.head = String(decoding: all[..<split.lowerBound], as: UTF8.self)
        reply.body = all[split.upperBound...]
        reply.status = Int(reply.head.split(separator: " ").dropFirst().first ?? "") ?? 0
        return reply
    }

    static func get(_ path: String, port: Int, host: String = "127.0.0.1", method: String = "GET", address: String = "127.0.0.1") -> Reply {
        exchange("\(method) \(path) HTTP/1.1\r\nHost: \(host):\(port)\r\n\r\n", port: port, address: address)
    }

    /// A pixel's colour as RGB.
    static func rgb(_ bitmap: Bitmap, _ x: Int, _ y: Int) -> [Int] {
        let pixel = bitmap[x, y]
        return [Int(pixel.red), Int(pixel.green), Int(pixel.blue)]
    }

    static func near(_ a: [Int], _ b: [Int]) -> Bool { zip(a, b).allSatisfy { abs($0 - $1) <= 2 } }

    @Test func thePageFollowsSavesShowsErrorsAndKeepsTheLastGoodPicture() throws {
        let folder = try ExternalTool.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let scene = folder.appendingPathComponent("scene.yaml")
        try Data(Self.scene("#ff0000").utf8).write(to: scene, options: .atomic)
        let server = try Server(["scene.yaml", "--port", "0"], in: folder)
        let browser = try HeadlessChromium()
        try browser.open(server.url)

        // Where the browser put the picture; the rectangle is at (50, 50)–(250, 150) within it.
        let box = try #require(try browser.evaluate("(() => { const r = document.querySelector('section img').getBoundingClientRect(); return [r.left, r.top, r.width, r.height]; })()") as? [Double])
        #expect(box[2] == 300 && box[3] == 200, "the picture shows at its canvas size, one CSS pixel a point")
        let left = Int(box[0].rounded()), top = Int(box[1].rounded())
        let inside = [(left + 150, top + 100), (left + 55, top + 55), (left + 244, top + 144)]
        let outside = (left + 20, top + 20)
        let red = [255, 0, 0], blue = [0, 0, 255], white = [255, 255, 255]
        let first = try browser.screenshot()
        for (x, y) in inside { #expect(Self.near(Self.rgb(first, x, y), red), "(\(x), \(y)) is \(Self.rgb(first, x, y))") }
        #expect(Self.near(Self.rgb(first, outside.0, outside.1), white))

        // Hovering the middle shows the rectangle (the deepest view there), its frame, and its line.
        try browser.hover(x: Double(left + 150), y: Double(top + 100))
        let tipShown = try Self.waitFor(5) { try browser.evaluate("document.querySelector('.tip').hidden") as? Bool == false }
        #expect(tipShown != nil)
        let tip = try browser.evaluate("document.querySelector('.tip').textContent") as? String ?? ""
        #expect(tip == "Rectangle (50, 50, 200, 100)\nscene.yaml:3", "\(tip)")
        // The pointer leaves, taking the outline (which tints what it covers) with it.
        try browser.hover(x: 790, y: 590)
        #expect(try Self.waitFor(5) { try browser.evaluate("document.querySelector('.outline').hidden") as? Bool == true } != nil)

        // A save: the new picture within 2 s (the deadline the issue sets), without a reload.
        _ = try browser.evaluate("window.notReloaded = true")
        try Data(Self.scene("#0000ff").utf8).write(to: scene, options: .atomic)
        let saved = Date()
        var blueAfter: Double?
        while Date().timeIntervalSince(saved) < 5 {
            let shot = try browser.screenshot()
            if inside.allSatisfy({ Self.near(Self.rgb(shot, $0.0, $0.1), blue) }) {
                blueAfter = Date().timeIntervalSince(saved)
                break
            }
        }
        print("arrange serve: the new picture showed \(blueAfter.map { String(format: "%.3f s", $0) } ?? "not within 5 s") after the save")
        let state = try browser.evaluate("document.getElementById('status').textContent + ' ' + document.querySelector('section').dataset.picture + ' ' + document.querySelector('section img').src") as? String ?? ""
        let took = try #require(blueAfter, "the picture did not turn blue: \(server.text) page: \(state)")
        #expect(took < 2)
        #expect(try browser.evaluate("window.notReloaded") as? Bool == true, "the page was reloaded")

        // A broken save: the error with its line shows; the blue picture stays. The error names
        // the misspelt kind, line 2, column 3 (counted by hand), as `render --watch` prints it.
        try Data("view:\n  rectangl: {}\n".utf8).write(to: scene, options: .atomic)
        let message = "scene.yaml:2:3: error: unknown view kind 'rectangl'; did you mean 'rectangle'?"
        let shown = try Self.waitFor(5) { (try browser.evaluate("document.body.innerText") as? String ?? "").contains(message) }
        let text = try browser.evaluate("document.body.innerText") as? String ?? ""
        #expect(shown != nil, "\(text)")
        let kept = try browser.screenshot()
        let keptBox = try #require(try browser.evaluate("(() => { const r = document.querySelector('section img').getBoundingClientRect(); return [r.left, r.top]; })()") as? [Double])
        let keptMiddle = (Int(keptBox[0].rounded()) + 150, Int(keptBox[1].rounded()) + 100)
        #expect(Self.near(Self.rgb(kept, keptMiddle.0, keptMiddle.1), blue), "the last good picture was not kept")

        // Markup in an error is text on the page, never markup.
        try Data("view:\n  '<b id=\"injected\">x</b>': {}\n".utf8).write(to: scene, options: .atomic)
        let escaped = try Self.waitFor(5) { (try browser.evaluate("document.body.innerText") as? String ?? "").contains("<b id=\"injected\">x</b>") }
        let escapedText = try browser.evaluate("document.body.innerText") as? String ?? ""
        #expect(escaped != nil, "\(escapedText)")
        #expect(try browser.evaluate("document.getElementById('injected') === null") as? Bool == true)

        // Fixed: the error box goes.
        try Data(Self.scene("#ff0000").utf8).write(to: scene, options: .atomic)
        let cleared = try Self.waitFor(5) { try browser.evaluate("document.querySelector('pre.error').hidden") as? Bool == true }
        #expect(cleared != nil)
        #expect(server.stop(SIGINT) == 0)
    }

    @Test func itServesItsRoutesAndNothingElse() throws {
        let folder = try ExternalTool.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(Self.scene("#ff0000").utf8).write(to: folder.appendingPathComponent("scene.yaml"))
        let server = try Server(["scene.yaml", "--port", "0"], in: folder)
        let port = server.port

        let page = Self.get("/", port: port)
        #expect(page.status == 200)
        #expect(page.head.contains("Content-Type: text/html; charset=utf-8"))
        #expect(String(decoding: page.body, as: UTF8.self).contains("<h2>scene.yaml</h2>"))
        // No resource from elsewhere: the page names no other host.
        let html = String(decoding: page.body, as: UTF8.self)
        #expect(!html.contains("http:") && !html.contains("https:") && !html.contains("\"//"), "the page names another resource")

        let picture = Self.get("/scene/0.svg?v=1", port: port)
        #expect(picture.status == 200)
        #expect(picture.head.contains("Content-Type: image/svg+xml"))
        #expect(String(decoding: picture.body, as: UTF8.self).contains("<rect x=\"50\" y=\"50\" width=\"200\" height=\"100\" fill=\"#ff0000\"/>"))

        // The layout tree: the rectangle's frame in points (docs/layout-rules.md §7.3, centred)
        // and its line and column, counted by hand.
        let layout = Self.get("/scene/0/layout.json", port: port)
        #expect(layout.status == 200 && layout.head.contains("Content-Type: application/json"))
        let tree = try #require(try JSONSerialization.jsonObject(with: layout.body) as? [String: Any])
        let root = try #require(tree["root"] as? [String: Any])
        let rectangle = try #require((root["children"] as? [[String: Any]])?.first)
        #expect(rectangle["kind"] as? String == "Rectangle")
        #expect(rectangle["source"] as? String == "3:3")
        let frame = try #require(rectangle["frame"] as? [String: Double])
        #expect(frame == ["x": 50, "y": 50, "width": 200, "height": 100])

        let events = Self.get("/events", port: port, method: "HEAD")
        #expect(events.status == 200 && events.head.contains("Content-Type: text/event-stream"))
        #expect(Self.get("/", port: port, method: "HEAD").body.isEmpty)

        for path in ["/../etc/passwd", "/etc/passwd", "/Fixtures/x.yaml", "/scene.yaml", "/scene/../scene.yaml", "/%2e%2e/etc/passwd",
                     "/scene/%30.svg", "/scene/1.svg", "/scene/00.svg", "/scene/-1.svg", "/scene/0.png", "/scene/0/layout.json/..",
                     "//etc/passwd", "/index.html", "/log.txt", "http://127.0.0.1/etc/passwd", "*"] {
            #expect(Self.get(path, port: port).status == 404, "\(path)")
        }
        let post = Self.exchange("POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 0\r\n\r\n", port: port)
        #expect(post.status == 405 && post.head.contains("Allow: GET, HEAD"))
        #expect(Self.exchange("GET / HTTP/2.0\r\nHost: 127.0.0.1\r\n\r\n", port: port).status == 505)
        #expect(Self.exchange("nonsense\r\n\r\n", port: port).status == 400)
        // A head longer than 8 KiB.
        #expect(Self.exchange("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX: " + String(repeating: "a", count: 9000) + "\r\n\r\n", port: port).status == 431)
        // A client that sends half a head and waits is dropped; the server still answers others.
        let idle = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        inet_pton(AF_INET, "127.0.0.1", &address.sin_addr)
        _ = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(idle, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } }
        _ = "GET / HTTP/1.1\r\n".withCString { send(idle, $0, 16, Int32(MSG_NOSIGNAL)) }
        #expect(Self.get("/", port: port).status == 200)
        Glibc.close(idle)
        #expect(server.stop() == 0)
    }

    /// A scene drawn in both schemes is served as the adaptive SVG render writes: the light
    /// colour as the attribute, the dark one in the prefers-color-scheme: dark rules; one
    /// scheme given on the command line wins over the scene's.
    @Test func aSceneInBothSchemesIsServedAsTheAdaptiveSVG() throws {
        let folder = try ExternalTool.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let scene = "colorScheme: both\n" + Self.scene("#111111").replacingOccurrences(of: "'#111111'", with: "{light: '#111111', dark: '#eeeeee'}")
        try Data(scene.utf8).write(to: folder.appendingPathComponent("scene.yaml"))
        let server = try Server(["scene.yaml", "--port", "0"], in: folder)
        let svg = String(decoding: Self.get("/scene/0.svg", port: server.port).body, as: UTF8.self)
        #expect(svg.contains("fill=\"#111111\""), "\(svg)")
        #expect(svg.contains("@media (prefers-color-scheme: dark)") && svg.contains("{fill:#eeeeee}"), "\(svg)")
        #expect(server.stop() == 0)

        let dark = try Server(["scene.yaml", "--port", "0", "--color-scheme", "dark"], in: folder)
        let darkSVG = String(decoding: Self.get("/scene/0.svg", port: dark.port).body, as: UTF8.self)
        #expect(darkSVG.contains("fill=\"#eeeeee\"") && !darkSVG.contains("@media"), "\(darkSVG)")
        #expect(dark.stop() == 0)
    }

    @Test func itRefusesOtherAddressesAndNamesUnlessHostIsGiven() throws {
        let folder = try ExternalTool.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(Self.scene("#ff0000").utf8).write(to: folder.appendingPathComponent("scene.yaml"))
        // This machine's first IPv4 address that is not loopback, if it has one.
        let addresses = CLITests.run("/usr/bin/env", ["hostname", "-I"]).stdout.split(separator: " ").map {
            $0.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        let outside = addresses.first { $0.contains(".") && !$0.hasPrefix("127.") }
        if outside == nil { print("arrange serve: this machine has no non-loopback IPv4 address; the connection refusal is not tested") }

        let local = try Server(["scene.yaml", "--port", "0"], in: folder)
        // DNS rebinding: a page under another name that resolves to 127.0.0.1 is refused.
        let evil = Self.get("/", port: local.port, host: "evil.example")
        #expect(evil.status == 403, "\(evil.head)")
        #expect(Self.get("/scene/0.svg", port: local.port, host: "evil.example").status == 403)
        for name in ["localhost", "127.0.0.1", "[::1]"] {
            #expect(Self.get("/", port: local.port, host: name).status == 200, "\(name)")
        }
        #expect(Self.exchange("GET / HTTP/1.1\r\n\r\n", port: local.port).status == 400, "no Host")
        if let outside {
            // Listening on loopback only: the machine's other address does not answer.
            let reply = Self.get("/", port: local.port, address: outside)
            #expect(reply.status == 0 && reply.failure == ECONNREFUSED, "\(reply.head)")
        }
        #expect(local.stop() == 0)

        let open = try Server(["scene.yaml", "--port", "0", "--host", "0.0.0.0"], in: folder)
        #expect(Self.get("/", port: open.port, host: "evil.example").status == 200)
        if let outside {
            #expect(Self.get("/", port: open.port, host: outside, address: outside).status == 200)
        }
        #expect(open.stop() == 0)
    }

    @Test func ctrlCAndSIGTERMStopItWithStatusZero() throws {
        let folder = try ExternalTool.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(Self.scene("#ff0000").utf8).write(to: folder.appendingPathComponent("scene.yaml"))
        for signal in [SIGINT, SIGTERM] {
            let server = try Server(["scene.yaml", "--port", "0"], in: folder)
            // An open event stream does not keep it running.
            let stream = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            defer { Glibc.close(stream) }
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = UInt16(server.port).bigEndian
            inet_pton(AF_INET, "127.0.0.1", &address.sin_addr)
            _ = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(stream, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } }
            let request = "GET /events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
            _ = request.withCString { send(stream, $0, strlen($0), Int32(MSG_NOSIGNAL)) }
            Thread.sleep(forTimeInterval: 0.2)
            #expect(server.stop(signal) == 0, "signal \(signal): \(server.text)")
            #expect(server.text.contains("arrange serve: stopped"))
        }
    }

    @Test func badScenesAtStartAreShownAndBadOptionsFail() throws {
        let folder = try ExternalTool.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("view:\n  rectangl: {}\n".utf8).write(to: folder.appendingPathComponent("broken.yaml"))
        try Data(Self.scene("#ff0000").utf8).write(to: folder.appendingPathComponent("good.yaml"))
        let server = try Server(["broken.yaml", "good.yaml", "--port", "0"], in: folder)
        #expect(server.text.contains("serving 2 scenes"))
        let page = String(decoding: Self.get("/", port: server.port).body, as: UTF8.self)
        #expect(page.contains("broken.yaml:2:3: error: unknown view kind &apos;rectangl&apos;; did you mean &apos;rectangle&apos;?"), "\(page)")
        #expect(Self.get("/scene/0.svg", port: server.port).status == 404)
        #expect(Self.get("/scene/1.svg", port: server.port).status == 200)

        // The port is taken: an error naming it, status 1.
        let binary = try #require(CLITests.binary)
        let taken = CLITests.run(binary, ["serve", "good.yaml", "--port", String(server.port)], in: folder)
        #expect(taken.status == 1)
        #expect(taken.errors.contains("cannot listen on 127.0.0.1:\(server.port): Address already in use"), "\(taken.errors)")
        #expect(server.stop() == 0)

        let badHost = CLITests.run(binary, ["serve", "good.yaml", "--host", "example.com"], in: folder)
        #expect(badHost.status == 1 && badHost.errors.contains("--host expects an IP address"), "\(badHost.errors)")
        let stdin = CLITests.run(binary, ["serve", "-"], in: folder)
        #expect(stdin.status != 0 && stdin.errors.contains("cannot read standard input"), "\(stdin.errors)")
    }
}
