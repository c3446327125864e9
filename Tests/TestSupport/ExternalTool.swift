import Foundation

/// Runs programs for the tests: the tools they check against (rsvg-convert, xmllint, chromium,
/// hb-shape, python3), found on PATH (set-up installs them), and the `arrange` command itself.
/// Output goes through files, so no pipe can fill up and block the program.
public enum ExternalTool {
    /// A tool that is not installed, or could not be run.
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// What a run gave.
    public struct Run: Sendable {
        public var status: Int32
        public var output: Data
        public var errors: String
        public init(status: Int32, output: Data, errors: String) {
            self.status = status
            self.output = output
            self.errors = errors
        }

        /// Standard output as UTF-8 text.
        public var stdout: String { String(decoding: output, as: UTF8.self) }
    }

    /// The full path of `name`, or a failure saying which Debian package provides it.
    public static func locate(_ name: String, package: String) throws -> String {
        for folder in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin").split(separator: ":") {
            let path = "\(folder)/\(name)"
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        throw Failure(description: "\(name) is not installed: run Scripts/setup.sh (Debian package \(package))")
    }

    /// How long a run may take before it is stopped: far beyond any tool's need on a loaded
    /// machine, so only a hang reaches it.
    public static let timeout: TimeInterval = 300

    /// Runs `path` with `arguments`, in `folder` if given, with `input` on standard input and
    /// `environment` added to this process's. A run that has not ended after `timeout` seconds
    /// is killed; a browser (chromium, firefox-esr), which can hang at start on a loaded machine
    /// (seen once in 40 minutes of headless screenshots), is then run once more, anything else
    /// fails, naming the tool.
    @discardableResult
    public static func run(_ path: String, _ arguments: [String], in folder: URL? = nil, input: Data? = nil,
                           environment: [String: String] = [:], timeout: TimeInterval = timeout) throws -> Run {
        if let run = try runOnce(path, arguments, in: folder, input: input, environment: environment, timeout: timeout) { return run }
        let name = (path as NSString).lastPathComponent
        if ["chromium", "firefox-esr", "firefox"].contains(name),
           let run = try runOnce(path, arguments, in: folder, input: input, environment: environment, timeout: timeout) {
            return run
        }
        throw Failure(description: "\(name) did not end within \(Int(timeout)) s; it was killed (arguments: \(arguments.joined(separator: " ")))")
    }

    /// One run; nil when it was killed for taking longer than `timeout`.
    private static func runOnce(_ path: String, _ arguments: [String], in folder: URL?, input: Data?,
                                environment: [String: String], timeout: TimeInterval) throws -> Run? {
        let scratch = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let out = scratch.appendingPathComponent("out"), err = scratch.appendingPathComponent("err"), inFile = scratch.appendingPathComponent("in")
        for file in [out, err] { _ = FileManager.default.createFile(atPath: file.path, contents: nil) }
        _ = FileManager.default.createFile(atPath: inFile.path, contents: input ?? Data())
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        if let folder { process.currentDirectoryURL = folder }
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        }
        let outHandle = try FileHandle(forWritingTo: out), errHandle = try FileHandle(forWritingTo: err)
        let inHandle = try FileHandle(forReadingFrom: inFile)
        process.standardOutput = outHandle
        process.standardError = errHandle
        process.standardInput = inHandle
        do { try process.run() } catch { throw Failure(description: "cannot run \(path): \(error)") }
        let deadline = Date(timeIntervalSinceNow: timeout)
        while process.isRunning, Date() < deadline { usleep(20_000) }
        if process.isRunning {
            process.terminate()
            let grace = Date(timeIntervalSinceNow: 5)
            while process.isRunning, Date() < grace { usleep(20_000) }
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            process.waitUntilExit()
            try? outHandle.close()
            try? errHandle.close()
            try? inHandle.close()
            return nil
        }
        process.waitUntilExit()
        try? outHandle.close()
        try? errHandle.close()
        try? inHandle.close()
        return Run(status: process.terminationStatus, output: (try? Data(contentsOf: out)) ?? Data(),
                   errors: (try? String(contentsOf: err, encoding: .utf8)) ?? "")
    }

    /// Runs the tool and returns what it printed on standard output.
    public static func output(_ path: String, _ arguments: [String]) throws -> String {
        try run(path, arguments).stdout
    }

    /// A fresh folder for one test's files.
    public static func scratchFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("arrange-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
