import Arrange
import Dispatch
import Foundation
import Synchronization

/// What an interrupted `arrange` does: on SIGINT (Ctrl-C) or SIGTERM it removes the temporary
/// files and folders it has in flight (`TemporaryFiles`) and exits with 130 or 143, the statuses
/// a shell gives a process the signal ended, so a stopped run leaves no `.NAME.<random>.tmp`.
///
/// The signals are taken by dispatch sources rather than a handler in signal context: the clean-up
/// then runs as ordinary code, while the threads that draw and write go on until it exits.
enum Interruption {
    /// What a signal does instead, for a command whose stop is its normal end: `arrange serve`
    /// writes no files, and stops with status 0. Nil: the clean-up and exit below.
    static let stop = Mutex<(@Sendable () -> Void)?>(nil)

    /// Installs the handlers; called once, before a command runs. The caller keeps the sources
    /// returned alive for as long as the handlers should work.
    static func install() -> [any DispatchSourceSignal] {
        var sources: [any DispatchSourceSignal] = []
        for (number, status) in [(SIGINT, Int32(130)), (SIGTERM, Int32(143))] {
            // Ignored, so the signal reaches the source instead of ending the process at once.
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler {
                if let stop = stop.withLock({ $0 }) { return stop() }
                let removed = TemporaryFiles.removeAll()
                let what = removed == 0 ? "" : "; removed \(removed) temporary \(removed == 1 ? "file or folder" : "files and folders")"
                Console.endProgress()
                Console.printError("arrange: interrupted\(what)")
                _exit(status)
            }
            source.resume()
            sources.append(source)
        }
        return sources
    }
}
