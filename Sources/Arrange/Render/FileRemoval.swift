import Foundation

extension FileOutput {
    /// What `removeFiles(_:in:)` did, by entry name.
    public struct Removal: Sendable {
        /// The entries removed.
        public var removed: [String] = []
        /// The entries left in place, each with the reason in words.
        public var skipped: [Skipped] = []
    }

    /// An entry `removeFiles(_:in:)` left in place.
    public struct Skipped: Sendable, Equatable {
        /// The entry's name in the folder.
        public var name: String
        /// Why it was left, in words ("a folder, not a file; only files are removed").
        public var reason: String
    }

    /// Removes the entries `names` of `folder` that are files, and only those: what `check
    /// --prune` and `animate`'s removal of stale frames use, on folders that files from strangers
    /// may fill. The folder's own path is resolved first (a folder reached through a symbolic link
    /// is the folder it leads to), and each name must be an entry directly in it.
    ///
    /// A folder is never removed, nor is what a symbolic link leads to: a symbolic link is
    /// removed as a link (unlink(2) does not follow it), which leaves its target untouched.
    /// Anything else (a folder, a device, a pipe, a name with a slash) is skipped with a reason.
    public static func removeFiles(_ names: [String], in folder: URL) -> Removal {
        var removal = Removal()
        // One descriptor for the folder, its links resolved: every later call is relative to it,
        // so a folder renamed or replaced meanwhile cannot send a removal elsewhere.
        let directory = realPath(folder.path).map { open($0, O_RDONLY | O_DIRECTORY | O_CLOEXEC) } ?? -1
        guard directory >= 0 else {
            let reason = String(cString: strerror(errno))
            removal.skipped = names.map { Skipped(name: $0, reason: "the folder cannot be opened: \(reason)") }
            return removal
        }
        defer { close(directory) }
        for name in names {
            guard !name.isEmpty, name != ".", name != "..", !name.contains("/") else {
                removal.skipped.append(Skipped(name: name, reason: "not the name of an entry in the folder"))
                continue
            }
            var status = stat()
            guard fstatat(directory, name, &status, AT_SYMLINK_NOFOLLOW) == 0 else {
                removal.skipped.append(Skipped(name: name, reason: String(cString: strerror(errno))))
                continue
            }
            switch status.st_mode & S_IFMT {
            case S_IFREG, S_IFLNK:
                // Flags 0: unlinkat refuses a folder, should one have taken the name meanwhile.
                if unlinkat(directory, name, 0) == 0 {
                    removal.removed.append(name)
                } else {
                    removal.skipped.append(Skipped(name: name, reason: String(cString: strerror(errno))))
                }
            case S_IFDIR:
                removal.skipped.append(Skipped(name: name, reason: "a folder, not a file; only files are removed"))
            default:
                removal.skipped.append(Skipped(name: name, reason: "not a regular file; only files are removed"))
            }
        }
        return removal
    }

    /// `path` with every symbolic link, `.` and `..` resolved (realpath(3)); nil, with `errno`
    /// set, when some part of it does not exist.
    public static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
