import Foundation

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
        let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
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
            unlink(temporary.path)
            throw FileOutputError(path: url.path, reason: String(cString: strerror(failure)))
        }
        // rename(2) replaces the target in one step on the same file system.
        guard rename(temporary.path, url.path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary.path)
            throw FileOutputError(path: url.path, reason: reason)
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
    public var path: String
    public var reason: String
    public var description: String { "cannot write \(path): \(reason)" }
}
