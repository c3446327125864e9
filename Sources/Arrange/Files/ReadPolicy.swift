import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Which files a scene may read: the one gate every file a scene names (images, font files and
/// folders) passes through, so that a scene from a stranger cannot read a secret into a picture.
///
/// A path is allowed when its real path (every symbolic link resolved) lies inside an allowed
/// folder: by default the current folder and the scene's own folder, plus the folders of
/// `allowedFolders` (`--allow-read DIR` on the command line). Only regular files are opened, never
/// a FIFO, a device or a socket, and a file's size is checked before it is read. Fonts installed on
/// the system and named by family stay usable: they are found through fontconfig (DejaVu in its
/// system folder), not by a path the scene writes.
public struct ReadPolicy: Sendable, Hashable {
    /// Folders a scene may read besides the current folder and its own, as given.
    public var allowedFolders: [String]
    /// Whether every path is allowed (still regular files only, sizes still checked): for code
    /// that builds its own scenes and trusts them.
    public var allowsEverywhere: Bool

    /// The default policy, with `allowedFolders` added to the current folder and the scene's.
    public init(allowing allowedFolders: [String] = []) {
        self.allowedFolders = allowedFolders
        allowsEverywhere = false
    }

    /// Any path, regular files only.
    public static let unrestricted: ReadPolicy = {
        var policy = ReadPolicy()
        policy.allowsEverywhere = true
        return policy
    }()

    /// The folders a scene in `sceneFolder` may read, as real paths; nil `sceneFolder` for a scene
    /// from standard input, which may read below the current folder.
    public func scope(sceneFolder: String?) -> ReadScope {
        guard !allowsEverywhere else { return ReadScope(roots: ["/"], named: ["any folder"]) }
        let current = FileManager.default.currentDirectoryPath
        var named = [current] + (sceneFolder.map { [$0] } ?? []) + allowedFolders
        var roots: [String] = []
        for folder in named {
            if let real = Self.realPath(folder), !roots.contains(real) { roots.append(real) }
        }
        named = named.map { Self.realPath($0) ?? $0 }
        return ReadScope(roots: roots, named: named.reduce(into: []) { if !$0.contains($1) { $0.append($1) } })
    }

    /// The path with every link, `.` and `..` resolved, or nil when a part of it does not exist.
    public static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}

/// The folders one scene may read, resolved: what `ReadPolicy.scope(sceneFolder:)` gives.
public struct ReadScope: Sendable, Hashable {
    /// Real paths of the allowed folders.
    public let roots: [String]
    /// The folders as messages name them.
    let named: [String]

    /// What a path names once resolved.
    public enum Kind: Sendable {
        case file, folder
    }

    /// The real path of `path` when it lies inside an allowed folder and is a regular file (or,
    /// with `folders`, a folder).
    /// - Throws: `ReadRefusal` naming the path and why.
    public func resolve(_ path: String, folders: Bool = false) throws(ReadRefusal) -> (path: String, kind: Kind) {
        guard !path.isEmpty, !path.utf8.contains(0) else { throw ReadRefusal(path: path, reason: .missing) }
        guard let real = ReadPolicy.realPath(path) else {
            let failure = errno
            var link = stat()
            // A link to nothing, or to a pipe as /dev/stdin is (`pipe:[…]` names no file).
            if failure == ENOENT, lstat(path, &link) == 0 { throw ReadRefusal(path: path, reason: .notRegular("a link that leads to no file")) }
            throw ReadRefusal(path: path, reason: failure == ENOENT || failure == ENOTDIR ? .missing : .unreadable(String(cString: strerror(failure))))
        }
        guard isInside(real) else { throw ReadRefusal(path: path, reason: .outside(real: real, allowed: named)) }
        var info = stat()
        guard stat(real, &info) == 0 else { throw ReadRefusal(path: path, reason: .unreadable(String(cString: strerror(errno)))) }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return (real, .file)
        case S_IFDIR where folders: return (real, .folder)
        default: throw ReadRefusal(path: path, reason: .notRegular(Self.kindName(info.st_mode)))
        }
    }

    /// Whether the real path `real` is one of the roots or below one.
    public func isInside(_ real: String) -> Bool {
        roots.contains { root in
            root == "/" || real == root || (real.hasPrefix(root) && real.utf8.dropFirst(root.utf8.count).first == UInt8(ascii: "/"))
        }
    }

    /// The bytes of the regular file at `path`, at most `limit` of them.
    ///
    /// The file is opened without blocking (a FIFO swapped in after the check cannot hang the
    /// read) and checked again through its descriptor; its size is checked before reading.
    /// - Throws: `ReadRefusal` naming the path and why.
    public func read(_ path: String, limit: Int) throws(ReadRefusal) -> Data {
        try readFile(path, limit: limit).data
    }

    /// The real path of the regular file at `path` and its bytes, as `read(_:limit:)` reads them:
    /// for a reader that records which files it read (a scene's inputs).
    /// - Throws: `ReadRefusal` naming the path and why.
    public func readFile(_ path: String, limit: Int) throws(ReadRefusal) -> (path: String, data: Data) {
        let (real, _) = try resolve(path)
        let descriptor = open(real, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOFOLLOW)
        guard descriptor >= 0 else { throw ReadRefusal(path: path, reason: .unreadable(String(cString: strerror(errno)))) }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw ReadRefusal(path: path, reason: .unreadable(String(cString: strerror(errno)))) }
        guard info.st_mode & S_IFMT == S_IFREG else { throw ReadRefusal(path: path, reason: .notRegular(Self.kindName(info.st_mode))) }
        let size = Int(info.st_size)
        guard size <= limit else { throw ReadRefusal(path: path, reason: .tooLarge(size: size, limit: limit)) }
        var data = Data(count: size)
        var offset = 0
        let failure: Int32 = data.withUnsafeMutableBytes { buffer in
            while offset < size, let base = buffer.baseAddress {
                let count = Foundation.read(descriptor, base.advanced(by: offset), size - offset)
                if count < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                // The file shrank while it was read: what is there is all there is.
                if count == 0 { break }
                offset += count
            }
            return 0
        }
        guard failure == 0 else { throw ReadRefusal(path: path, reason: .unreadable(String(cString: strerror(failure)))) }
        return (real, offset == size ? data : data.prefix(offset))
    }

    /// The font files (`.ttf`, `.otf`, `.ttc`, `.otc`) below the folder `path` (hidden folders
    /// skipped), sorted: each a regular file inside the allowed folders once resolved (a link out
    /// of them is refused, not followed), at most `limit` of them; or `path` itself when it is a
    /// file.
    /// - Throws: `ReadRefusal` for the folder itself, a file found that is not allowed, or more
    ///   than `limit` files.
    public func fontFiles(in path: String, limit: Int) throws(ReadRefusal) -> [String] {
        let (real, kind) = try resolve(path, folders: true)
        guard kind == .folder else { return [real] }
        guard let walker = FileManager.default.enumerator(atPath: real) else {
            throw ReadRefusal(path: path, reason: .unreadable("the folder cannot be listed"))
        }
        var files: [String] = []
        var seen = 0
        while let relative = walker.nextObject() as? String {
            // Hidden folders (.git, .build) hold no fonts a scene means, and can be huge.
            if (relative as NSString).lastPathComponent.hasPrefix(".") {
                walker.skipDescendants()
                continue
            }
            seen += 1
            // Listing a huge tree is itself the cost: bounded by entries seen, not fonts found.
            guard seen <= limit * 16 else { throw ReadRefusal(path: path, reason: .tooManyFiles(limit: limit * 16)) }
            guard ["ttf", "otf", "ttc", "otc"].contains((relative as NSString).pathExtension.lowercased()) else { continue }
            let (file, kind) = try resolve((real as NSString).appendingPathComponent(relative), folders: true)
            guard kind == .file else { continue }
            files.append(file)
            guard files.count <= limit else { throw ReadRefusal(path: path, reason: .tooManyFiles(limit: limit)) }
        }
        return files.sorted()
    }

    private static func kindName(_ mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFDIR: "a folder"
        case S_IFIFO: "a FIFO (named pipe)"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        case S_IFSOCK: "a socket"
        default: "not a regular file"
        }
    }
}

/// A file a scene may not read, and why, in words that say what to do.
public struct ReadRefusal: Error, Hashable, Sendable, CustomStringConvertible {
    /// Why.
    public enum Reason: Hashable, Sendable {
        /// Nothing is there (or a folder on the way is missing).
        case missing
        /// The real path lies outside every allowed folder.
        case outside(real: String, allowed: [String])
        /// A folder, FIFO, device or socket where a file is needed.
        case notRegular(String)
        /// Larger than the limit, in bytes.
        case tooLarge(size: Int, limit: Int)
        /// A folder with more entries than a scene may have searched.
        case tooManyFiles(limit: Int)
        /// The operating system refused, with its reason.
        case unreadable(String)
    }

    /// The path as the scene wrote it.
    public var path: String
    public var reason: Reason

    public var description: String {
        let path = "'\(TerminalText.escaped(self.path))'"
        switch reason {
        case .missing: return "\(path) does not exist"
        case .outside(let real, let allowed):
            let shown = real == self.path ? "" : " (it is \(TerminalText.escaped(real)))"
            return "\(path)\(shown) is outside the folders this scene may read (\(allowed.map { TerminalText.escaped($0) }.joined(separator: ", "))); to allow it, run with --allow-read FOLDER"
        case .notRegular(let kind): return "\(path) is \(kind), not a regular file"
        case .tooLarge(let size, let limit): return "\(path) is \(size) bytes, over the limit of \(limit)"
        case .tooManyFiles(let limit): return "\(path) is a folder with more than \(limit) files to search"
        case .unreadable(let why): return "\(path) cannot be read: \(why)"
        }
    }
}
