import Foundation
import Synchronization

/// Writes files whole or not at all: the bytes go to a temporary file in the target folder,
/// which is then renamed over the target, so a reader never sees half a file and a failure
/// leaves nothing behind.
public enum FileOutput {
    /// Writes `data` to `url` atomically; with `sync`, flushes it to disk (fsync) before the
    /// rename, for durability against power loss at the cost of a disk round trip per file.
    /// A new file is readable by everyone (0644 less the umask); with `keepingMode`, a file that
    /// replaces another takes that file's permissions, as an editor saving it would.
    /// - Throws: `FileOutputError` naming the file and the reason.
    public static func write(_ data: Data, to url: URL, sync: Bool = false, keepingMode: Bool = false) throws {
        let folder = url.deletingLastPathComponent()
        // A random name (getrandom, not a UUID, which opens /dev/urandom for every file); O_EXCL
        // refuses the astronomically unlikely clash rather than writing into another's file.
        let temporary = folder.appendingPathComponent(".\(url.lastPathComponent).\(String(UInt64.random(in: 0 ... .max), radix: 36)).tmp")
        // POSIX calls, so a failure reports the operating system's reason (a full disk, a path
        // through a file). No fsync unless asked: like compilers and build tools, durability
        // against power loss is left to the file system; the rename keeps readers from half files.
        // Made through the registry, so an interrupted command removes it (TemporaryFiles).
        let descriptor = TemporaryFiles.create(temporary.path)
        guard descriptor >= 0 else { throw FileOutputError(path: url.path, reason: String(cString: strerror(errno))) }
        var failure: Int32 = 0
        var existing = stat()
        // Set before any byte is written, so the content is never readable under wider permissions.
        if keepingMode, stat(url.path, &existing) == 0, fchmod(descriptor, existing.st_mode & 0o777) != 0 { failure = errno }
        data.withUnsafeBytes { buffer in
            var offset = 0
            while failure == 0, offset < buffer.count, let base = buffer.baseAddress {
                let written = Foundation.write(descriptor, base.advanced(by: offset), buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    return
                }
                offset += written
            }
        }
        if sync, failure == 0, fsync(descriptor) != 0 { failure = errno }
        if close(descriptor) != 0, failure == 0 { failure = errno }
        if failure != 0 {
            TemporaryFiles.discard(temporary.path)
            throw FileOutputError(path: url.path, reason: String(cString: strerror(failure)))
        }
        // rename(2) replaces the target in one step on the same file system.
        let renamed = TemporaryFiles.commit(temporary.path, to: url.path)
        guard renamed == 0 else {
            TemporaryFiles.discard(temporary.path)
            throw FileOutputError(path: url.path, reason: String(cString: strerror(renamed)))
        }
    }

    /// Writes `text` as UTF-8 to `url` atomically.
    public static func write(_ text: String, to url: URL) throws {
        try write(Data(text.utf8), to: url)
    }

    /// A file-system error as a person reads it ("No space left on device", "Not a directory",
    /// "Permission denied"): the operating system's own words for the underlying error, never
    /// Foundation's error domains and codes.
    /// Errors of Arrange's own (which describe themselves) are returned as they describe
    /// themselves.
    public static func describe(_ error: any Error) -> String {
        if let error = error as? FileOutputError { return error.reason }
        if !(error is CocoaError), !(error is POSIXError), !(type(of: error) is NSError.Type) {
            return String(describing: error)
        }
        let error = error as NSError
        var current: NSError? = error
        while let inner = current {
            if inner.domain == NSPOSIXErrorDomain { return String(cString: strerror(Int32(inner.code))) }
            current = (inner.userInfo[NSUnderlyingErrorKey] as? any Error).map { $0 as NSError }
        }
        if error.domain == NSCocoaErrorDomain {
            switch CocoaError.Code(rawValue: error.code) {
            case .fileNoSuchFile, .fileReadNoSuchFile: return String(cString: strerror(ENOENT))
            case .fileReadNoPermission, .fileWriteNoPermission: return String(cString: strerror(EACCES))
            case .fileWriteOutOfSpace: return String(cString: strerror(ENOSPC))
            case .fileWriteVolumeReadOnly: return String(cString: strerror(EROFS))
            case .fileWriteFileExists: return String(cString: strerror(EEXIST))
            case .fileReadTooLarge: return "the file is too large"
            case .fileReadCorruptFile, .fileReadInapplicableStringEncoding: return "the file's contents cannot be read"
            default: return "the file system refused (\(error.code == 512 || error.code == 256 ? "an input or output error" : "an error"))"
            }
        }
        return "\(error.localizedDescription)"
    }
}

/// A file that could not be written.
public struct FileOutputError: Error, CustomStringConvertible, Equatable, Sendable {
    /// The file, as the user named it.
    public var path: String
    /// The operating system's words for what went wrong ("No space left on device").
    public var reason: String
    /// An error for `path`, failed for `reason`.
    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }
    public var description: String { "cannot write \(path): \(reason)" }
}

/// The temporary files and folders this process has in flight: `FileOutput`'s half-written files
/// and the folders `arrange animate` gathers its frames in. A command that is interrupted (SIGINT,
/// SIGTERM) calls `removeAll()` from its signal handler, so no `.NAME.<random>.tmp` is left behind.
///
/// The handler runs on a dispatch queue, not in signal context, so it may take a lock. Creating,
/// renaming and removing happen under that lock, and after `removeAll()` nothing more is created:
/// a file cannot appear after the sweep that should have removed it.
public enum TemporaryFiles {
    private struct State {
        var files: Set<String> = []
        var folders: Set<String> = []
        /// Set by `removeAll()`: the process is ending, so nothing new is made.
        var closed = false
    }

    private static let state = Mutex(State())

    /// Creates the file `path` for writing (it must not exist) and registers it; returns the
    /// descriptor, or -1 with `errno` set (EINTR once the process is being interrupted).
    static func create(_ path: String) -> Int32 {
        state.withLock { state in
            guard !state.closed else {
                errno = EINTR
                return -1
            }
            let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
            if descriptor >= 0 { state.files.insert(path) }
            return descriptor
        }
    }

    /// Renames the temporary `path` to `target`, no longer registered; returns 0 or the error
    /// number.
    static func commit(_ path: String, to target: String) -> Int32 {
        state.withLock { state in
            guard !state.closed else { return EINTR }
            guard rename(path, target) == 0 else { return errno }
            state.files.remove(path)
            return 0
        }
    }

    /// Removes the temporary `path` after a failure.
    static func discard(_ path: String) {
        state.withLock { state in
            unlink(path)
            state.files.remove(path)
        }
    }

    /// Makes a hidden folder `.NAME.<random>.tmp` inside `folder` and registers it: files are
    /// gathered there and moved into place (`move(_:to:)`) only when all of them are written.
    /// - Throws: `FileOutputError` naming the folder.
    public static func makeFolder(in folder: URL, for name: String) throws -> URL {
        let url = folder.appendingPathComponent(".\(name).\(String(UInt64.random(in: 0 ... .max), radix: 36)).tmp")
        let failure: Int32 = state.withLock { state in
            guard !state.closed else { return EINTR }
            guard mkdir(url.path, 0o755) == 0 else { return errno }
            state.folders.insert(url.path)
            return 0
        }
        guard failure == 0 else { throw FileOutputError(path: url.path, reason: String(cString: strerror(failure))) }
        return url
    }

    /// Moves a finished file out of a temporary folder into place, replacing what has its name.
    /// - Throws: `FileOutputError` naming `target`.
    public static func move(_ file: URL, to target: URL) throws {
        let failure: Int32 = state.withLock { state in
            guard !state.closed else { return EINTR }
            return rename(file.path, target.path) == 0 ? 0 : errno
        }
        guard failure == 0 else { throw FileOutputError(path: target.path, reason: String(cString: strerror(failure))) }
    }

    /// Removes a folder from `makeFolder` with everything in it.
    public static func removeFolder(_ url: URL) {
        state.withLock { state in
            try? FileManager.default.removeItem(at: url)
            state.folders.remove(url.path)
        }
    }

    /// Removes every temporary file and folder in flight and refuses to make more; returns how
    /// many were removed. For a signal handler, just before the process exits.
    @discardableResult
    public static func removeAll() -> Int {
        state.withLock { state in
            state.closed = true
            for file in state.files { unlink(file) }
            for folder in state.folders { try? FileManager.default.removeItem(atPath: folder) }
            defer { state.files = []; state.folders = [] }
            return state.files.count + state.folders.count
        }
    }
}
