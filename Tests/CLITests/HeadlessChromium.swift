import ArrangeSnapshot
import Foundation
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// Headless Chromium driven over the DevTools protocol through `--remote-debugging-pipe`: the
/// browser reads commands on its fd 3 and writes replies and events on its fd 4, each message
/// JSON ended by a NUL byte. No websocket, no port. Used by the tests of `arrange serve`.
final class HeadlessChromium {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    private let pid: pid_t
    private let toBrowser: Int32
    private let fromBrowser: Int32
    private var received: [UInt8] = []
    private var nextID = 1
    private var session: String?
    private let profile: URL

    /// Starts the browser with an empty profile and attaches to its page, an 800 × 600 viewport
    /// at one device pixel per CSS pixel.
    init() throws {
        let chromium = try ExternalTool.locate("chromium", package: "chromium")
        profile = try ExternalTool.scratchFolder()
        var commands: [Int32] = [0, 0], replies: [Int32] = [0, 0]
        guard pipe(&commands) == 0, pipe(&replies) == 0 else { throw Failure(description: "cannot make pipes") }
        for end in commands + replies { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, commands[0], 3)
        posix_spawn_file_actions_adddup2(&actions, replies[1], 4)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let arguments = [chromium, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--no-first-run",
                         "--remote-debugging-pipe", "--user-data-dir=\(profile.path)", "--window-size=800,600", "about:blank"]
        let argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var child = pid_t()
        let started = posix_spawn(&child, chromium, &actions, nil, argv, environ)
        close(commands[0])
        close(replies[1])
        toBrowser = commands[1]
        fromBrowser = replies[0]
        guard started == 0 else {
            close(toBrowser)
            close(fromBrowser)
            throw Failure(description: "cannot start \(chromium): \(String(cString: strerror(started)))")
        }
        pid = child
        let targets = try call("Target.getTargets")["targetInfos"] as? [[String: Any]] ?? []
        var page = targets.first { $0["type"] as? String == "page" }?["targetId"] as? String
        if page == nil { page = try call("Target.createTarget", ["url": "about:blank"])["targetId"] as? String }
        guard let page else { throw Failure(description: "chromium has no page") }
        session = try call("Target.attachToTarget", ["targetId": page, "flatten": true])["sessionId"] as? String
        try call("Emulation.setDeviceMetricsOverride", ["width": 800, "height": 600, "deviceScaleFactor": 1, "mobile": false])
    }

    deinit {
        close(toBrowser)
        close(fromBrowser)
        kill(pid, SIGKILL)
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        try? FileManager.default.removeItem(at: profile)
    }

    /// Sends a command (to the page once attached) and returns its result, skipping events.
    @discardableResult
    func call(_ method: String, _ parameters: [String: Any] = [:], seconds: Double = 20) throws -> [String: Any] {
        let id = nextID
        nextID += 1
        var message: [String: Any] = ["id": id, "method": method, "params": parameters]
        if let session { message["sessionId"] = session }
        var bytes = [UInt8](try JSONSerialization.data(withJSONObject: message))
        bytes.append(0)
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { write(toBrowser, $0.baseAddress, $0.count) }
            guard written > 0 else { throw Failure(description: "the browser stopped reading (\(method))") }
            offset += written
        }
        let deadline = Date(timeIntervalSinceNow: seconds)
        while true {
            if let end = received.firstIndex(of: 0) {
                let reply = Data(received[..<end])
                received.removeSubrange(...end)
                guard let object = try JSONSerialization.jsonObject(with: reply) as? [String: Any], object["id"] as? Int == id else { continue }
                if let error = object["error"] { throw Failure(description: "\(method): \(error)") }
                return object["result"] as? [String: Any] ?? [:]
            }
            let left = deadline.timeIntervalSinceNow
            guard left > 0 else { throw Failure(description: "no answer to \(method) within \(seconds) s") }
            var wait = pollfd(fd: fromBrowser, events: Int16(POLLIN), revents: 0)
            guard poll(&wait, 1, Int32(left * 1000) + 1) > 0 else { continue }
            var chunk = [UInt8](repeating: 0, count: 1 << 16)
            let count = read(fromBrowser, &chunk, chunk.count)
            guard count > 0 else { throw Failure(description: "the browser closed its pipe (\(method))") }
            received += chunk[..<count]
        }
    }

    /// The value of a JavaScript expression in the page.
    func evaluate(_ expression: String) throws -> Any? {
        let result = try call("Runtime.evaluate", ["expression": expression, "returnByValue": true])
        if let exception = result["exceptionDetails"] { throw Failure(description: "\(expression): \(exception)") }
        return (result["result"] as? [String: Any])?["value"]
    }

    /// What the viewport shows now.
    func screenshot() throws -> Bitmap {
        guard let text = try call("Page.captureScreenshot", ["format": "png"])["data"] as? String,
              let png = Data(base64Encoded: text) else { throw Failure(description: "no screenshot") }
        return try Bitmap(png: png)
    }

    /// Opens `url` and waits until it and its images have loaded.
    func open(_ url: String) throws {
        try call("Page.navigate", ["url": url])
        let deadline = Date(timeIntervalSinceNow: 20)
        while Date() < deadline {
            let ready = try evaluate("document.readyState === 'complete' && [...document.images].every(i => i.complete && i.naturalWidth > 0)")
            if ready as? Bool == true { return }
            Thread.sleep(forTimeInterval: 0.05)
        }
        throw Failure(description: "\(url) did not load within 20 s")
    }

    /// Moves the mouse to a point of the viewport.
    func hover(x: Double, y: Double) throws {
        try call("Input.dispatchMouseEvent", ["type": "mouseMoved", "x": x, "y": y])
    }
}
