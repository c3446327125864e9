import Arrange
import ArgumentParser
import ArrangeScene
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `arrange serve`: a live preview of scenes in a browser.
struct ServeCommand: ParsableCommand, SceneReadingCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Show scenes in a browser, redrawn on every save.",
        discussion: """
        Starts a small web server and prints its address. The page shows each scene's picture; \
        hovering over it outlines the view under the pointer with its kind, frame (x, y, width, \
        height in points) and the line of the scene file that wrote it. When a scene or a file it \
        reads (fonts, images, --font-dir) is saved, the page shows the new picture within a \
        second, without reloading. A save with errors shows them above the picture (file, line, \
        column and message), and the last good picture stays; so does a scene that has errors at \
        start.

        The server listens on 127.0.0.1 only, so no other machine can reach it, and answers only \
        requests addressed to localhost, 127.0.0.1 or [::1] (a web page under another name cannot \
        read it). --host ADDRESS listens on another address (0.0.0.0: every interface) and \
        answers requests under any name (unless ADDRESS is a loopback one): only do this on a \
        network you trust. It serves the page, \
        the pictures and their layout trees, and nothing else: no file is served by its path. \
        Ctrl-C stops it.

        Examples:
          arrange serve card.yaml
          arrange serve Fixtures/*.yaml --port 8080
          arrange serve docs/README.md --font-dir Fonts
          arrange serve card.yaml --host 0.0.0.0 --port 8080
        """
    )

    @Argument(help: "Scene files, folders or patterns; Markdown files stand for their arrange blocks.")
    var scenes: [String]

    @Option(help: "The port to listen on; 0 picks a free one.")
    var port: UInt16 = 8080

    @Option(help: ArgumentHelp("The IP address to listen on, such as 0.0.0.0 for every interface (default: 127.0.0.1, this machine only).", valueName: "address"))
    var host: String?

    @Option(help: "Draw random values from this seed instead of the scene's.", transform: UInt64.parseSeed)
    var seed: UInt64?

    @Option(name: .customLong("color-scheme"),
            help: ArgumentHelp("Draw every scene in this colour scheme, light, dark or both, replacing each scene's 'colorScheme' (default: the scene's, or light). Both serves the one SVG that follows the browser's scheme, as render writes it.", valueName: "scheme"))
    var colorScheme: ColorSchemeOption?

    @OptionGroup var sceneOptions: SceneOptions

    func run() throws {
        guard !scenes.contains("-") else {
            throw ValidationError("serve watches scene files: it cannot read standard input")
        }
        let inputs = try SceneInput.expand(scenes)
        let renderer = SceneRenderer(fonts: try fonts.library()).drawing(in: colorScheme)
        let settings = PreviewScenes.Settings(renderer: renderer, seed: seed,
                                              limits: try limitOptions.limits(), warnings: strictOption.policy,
                                              fontDirs: fonts.fontDirs)
        let preview = PreviewScenes(inputs, settings: settings)
        let server: PreviewServer
        do {
            server = try PreviewServer(scenes: preview, host: host ?? "127.0.0.1", port: port)
        } catch let failure as PreviewServer.Failure {
            Console.printError("arrange: error: \(failure.description)")
            throw ExitCode.failure
        }
        let stop = Self.stopOnSignals()
        preview.start()
        // Every interface: the address to open on this machine is loopback's.
        let shownHost = ["0.0.0.0": "127.0.0.1", "[::]": "[::1]"][server.address] ?? server.address
        Console.printError("serving \(inputs.count) scene\(inputs.count == 1 ? "" : "s") on http://\(shownHost):\(server.port)/ (Ctrl-C stops)")
        server.run(until: stop)
        Console.printError("arrange serve: stopped")
    }

    /// A pipe that becomes readable when SIGINT or SIGTERM arrives. The server writes no file,
    /// so being stopped is its normal end: `Interruption` hands the signal here (a byte written
    /// for the accepting thread to see) instead of exiting with 130 or 143.
    static func stopOnSignals() -> Int32 {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { return -1 }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        let writeEnd = ends[1]
        Interruption.stop.withLock {
            $0 = {
                var byte: UInt8 = 1
                _ = write(writeEnd, &byte, 1)
            }
        }
        // A process started by another (a test runner, an IDE) may inherit a mask that blocks
        // these; the server must stop when asked, as `Watcher` does.
        var stopSignals = sigset_t()
        sigemptyset(&stopSignals)
        for number in [SIGINT, SIGTERM] { sigaddset(&stopSignals, number) }
        pthread_sigmask(SIG_UNBLOCK, &stopSignals, nil)
        return ends[0]
    }
}
