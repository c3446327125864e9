import Foundation

/// Writes files whole or not at all: the bytes go to a temporary file in the target folder,
/// which is then renamed over the target, so a reader never sees half a file and a failure
/// leaves nothing behind.
public enum FileOutput {
    /// Writes `data` to `url` atomically.
    /// - Throws: `FileOutputError` naming the file and the reason.
    public static func write(_ data: Data, to url: URL) throws {
        let folder = url.deletingLastPathComponent()
        let temporary = folder.appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString).tmp")
        do {
            try data.write(to: temporary)
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw FileOutputError(path: url.path, reason: Self.reason(error))
        }
        // rename(2) replaces the target in one step on the same file system.
        guard rename(temporary.path, url.path) == 0 else {
            let reason = String(cString: strerror(errno))
            try? FileManager.default.removeItem(at: temporary)
            throw FileOutputError(path: url.path, reason: reason)
        }
    }

    /// Writes `text` as UTF-8 to `url` atomically.
    public static func write(_ text: String, to url: URL) throws {
        try write(Data(text.utf8), to: url)
    }

    private static func reason(_ error: Error) -> String {
        let error = error as NSError
        if let underlying = error.userInfo[NSUnderlyingErrorKey] as? NSError,
           underlying.domain == NSPOSIXErrorDomain, let code = POSIXErrorCode(rawValue: Int32(underlying.code)) {
            return String(cString: strerror(code.rawValue))
        }
        return error.localizedDescription
    }
}

/// A file that could not be written.
public struct FileOutputError: Error, CustomStringConvertible, Equatable, Sendable {
    public var path: String
    public var reason: String
    public var description: String { "cannot write \(path): \(reason)" }
}
