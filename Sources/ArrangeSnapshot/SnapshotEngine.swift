import Arrange
import Foundation

/// The one snapshot engine behind `verifySnapshot` and `arrange check` (`SnapshotCheck`): given a
/// reference file, the actual snapshot, a record mode, a `Diffing` and where failures go, it
/// records or compares as the mode says, writes the references, writes a failure's artefacts
/// (`NAME.expected.EXT` if asked, `NAME.actual.EXT`, `NAME.diff.png`) and words the outcome, for a
/// test (`assertionMessage`) or for the check's report (`checkMessage`).
///
/// Removing the artefacts of an earlier failure (`SnapshotArtefacts.removeStale`) is the caller's
/// to time: `verifySnapshot` after a match, `arrange check` after every scene, even one that never
/// rendered.
struct SnapshotEngine<Format> {
    /// The folder the reference is read from and written to.
    var references: ReferenceFolder
    /// The reference's file name in that folder; whether it exists decides record or compare.
    var fileName: String
    /// Files written with the reference, in order (the check's layout dump and SVG).
    var companions: [(name: String, data: Data)] = []
    var record: SnapshotCheck.RecordMode
    var diffing: Diffing<Format>
    /// The folder a failure's files go to.
    var artefactsFolder: URL
    var artefacts: SnapshotArtefacts

    var reference: URL { references.url.appendingPathComponent(fileName) }

    /// What one snapshot came to.
    enum Verdict {
        /// The reference was written; `anew` when it existed before.
        case recorded(anew: Bool)
        /// No reference, and the record mode does not write one.
        case missing
        /// The reference exists but could not be read or decoded.
        case unreadable(any Error)
        case matched
        /// The diffing's message; `recordedAnew` when record mode `failed` wrote the reference.
        case mismatched(String, recordedAnew: Bool)
        /// Anything else that went wrong: making the snapshot, comparing, writing.
        case error(any Error)
    }

    struct Outcome {
        var verdict: Verdict
        /// The artefacts written, by file name, in the order written: also after an error.
        var written: [String] = []
    }

    /// Records or compares `actual` and writes what the outcome calls for.
    func verify(_ actual: @autoclosure () throws -> Format) -> Outcome {
        var outcome = Outcome(verdict: .matched)
        do {
            try verify(actual(), into: &outcome)
        } catch {
            outcome.verdict = .error(error)
        }
        return outcome
    }

    private func verify(_ actual: Format, into outcome: inout Outcome) throws {
        let exists = FileManager.default.fileExists(atPath: reference.path)
        // Encoded once, for the reference and the actual artefact alike.
        var encoded: Data?
        func actualData() throws -> Data {
            if let encoded { return encoded }
            let data = try diffing.toData(actual)
            encoded = data
            return data
        }
        func writeReference() throws {
            try references.write([(fileName, actualData())] + companions)
        }
        if record == .all || (record == .missing && !exists) {
            try writeReference()
            outcome.verdict = .recorded(anew: exists)
            return
        }
        guard exists else {
            outcome.verdict = .missing
            return
        }
        // Read once: these bytes are compared and copied to the expected artefact, never the
        // file opened again.
        let stored: Data, expected: Format
        do {
            guard let data = try references.read(reference) else {
                throw CheckFailure("the reference \(reference.path) vanished while it was checked")
            }
            stored = data
            expected = try diffing.fromData(stored)
        } catch {
            outcome.verdict = .unreadable(error)
            return
        }
        guard let (message, image) = try diffing.diff(expected, actual) else {
            outcome.verdict = .matched
            return
        }
        outcome.verdict = .mismatched(message, recordedAnew: false)
        try FileManager.default.createDirectory(at: artefactsFolder, withIntermediateDirectories: true)
        func write(_ data: Data, as name: String) throws {
            try FileOutput.write(data, to: artefactsFolder.appendingPathComponent(name))
            outcome.written.append(name)
        }
        if let copy = artefacts.expected { try write(stored, as: copy) }
        try write(actualData(), as: artefacts.actual)
        if let image { try write(image, as: artefacts.diff) }
        if record == .failed {
            try writeReference()
            outcome.verdict = .mismatched(message, recordedAnew: true)
        }
    }

    /// The outcome as a test's failure, naming the snapshot `name`: nil for a match.
    func assertionMessage(_ outcome: Outcome, name: String) -> String? {
        switch outcome.verdict {
        case .recorded(let anew):
            return "recorded \(anew ? "anew" : "a new reference") at \(reference.path); check it and run again"
        case .missing:
            return "no reference at \(reference.path) (record mode 'never'); run with ARRANGE_RECORD=missing to make one"
        case .unreadable(let error):
            return "the reference \(reference.path) cannot be read: \(error)"
        case .matched:
            return nil
        case let .mismatched(message, recordedAnew):
            var report = "snapshot \"\(name)\" does not match \(reference.path): \(message)"
            report += "\nactual: \(artefactsFolder.appendingPathComponent(artefacts.actual).path)"
            if outcome.written.contains(artefacts.diff) { report += "\ndiff: \(artefactsFolder.appendingPathComponent(artefacts.diff).path)" }
            return report + (recordedAnew ? "\nrecorded anew" : "")
        case .error(let error):
            return "snapshot \"\(name)\" could not be checked: \(error)"
        }
    }

    /// The outcome as `arrange check` reports it: nil for a match, whose notes are the check's.
    func checkMessage(_ outcome: Outcome) -> String? {
        switch outcome.verdict {
        case .recorded(let anew): anew ? "recorded anew" : "recorded a new reference"
        case .missing: "no reference \(reference.path); run with --record missing to make one"
        case .unreadable(let error), .error(let error): SnapshotCheck.describe(error)
        case .matched: nil
        case let .mismatched(message, recordedAnew): message + (recordedAnew ? "; recorded anew" : "")
        }
    }
}

/// A folder of reference files: how they are read and written.
struct ReferenceFolder {
    var url: URL
    /// Read a reference only if it is a regular file inside `url` (`arrange check`: references
    /// may come from a stranger's pull request); otherwise read it as any file (a test's own).
    var confined: Bool

    /// Makes the folder and writes `files` into it, in order.
    func write(_ files: [(name: String, data: Data)]) throws {
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        for file in files { try FileOutput.write(file.data, to: url.appendingPathComponent(file.name)) }
    }

    /// The bytes of the reference file `file`; confined, nil when there is no such entry.
    /// - Throws: when confined, `CheckFailure` naming the reference and why it is refused.
    func read(_ file: URL) throws -> Data? {
        confined ? try readConfined(file) : try Data(contentsOf: file)
    }

    /// Read only if it is a regular file whose real path (symbolic links resolved) lies inside
    /// the folder's real path: a reference from a stranger's pull request may be a link to a
    /// private file, which must never be read, compared or copied into the output.
    private func readConfined(_ file: URL) throws -> Data? {
        var status = stat()
        guard lstat(file.path, &status) == 0 else {
            if errno == ENOENT { return nil }
            throw CheckFailure("the reference \(file.path) cannot be read: \(String(cString: strerror(errno)))")
        }
        let refused = "the reference \(file.path) is refused: "
        guard let folder = FileOutput.realPath(url.path), let real = FileOutput.realPath(file.path),
              real.hasPrefix(folder.hasSuffix("/") ? folder : folder + "/") else {
            throw CheckFailure(refused + "it is a symbolic link that leads outside the references folder (or nowhere); a reference must be a file in that folder")
        }
        // O_NOFOLLOW: the resolved path holds no link, so one appearing now is refused; O_NONBLOCK:
        // opening a named pipe must not wait for a writer.
        let descriptor = open(real, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw CheckFailure("the reference \(file.path) cannot be read: \(String(cString: strerror(errno)))")
        }
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            throw CheckFailure(refused + "it is not a regular file")
        }
        do {
            return try handle.readToEnd() ?? Data()
        } catch {
            throw CheckFailure("the reference \(file.path) cannot be read: \(FileOutput.describe(error))")
        }
    }
}

/// The files a failing snapshot `name` may leave: `NAME.expected.EXT` (a copy of the reference,
/// when asked), `NAME.actual.EXT` and `NAME.diff.png`.
struct SnapshotArtefacts {
    var name: String
    /// The snapshot's file extension.
    var pathExtension: String
    /// Whether a failure copies the reference too, so the artefacts folder alone shows both sides.
    var copiesReference: Bool

    var expected: String? { copiesReference ? "\(name).expected.\(pathExtension)" : nil }
    var actual: String { "\(name).actual.\(pathExtension)" }
    var diff: String { "\(name).diff.png" }
    var names: [String] { (expected.map { [$0] } ?? []) + [actual, diff] }

    /// Removes from `folder` the artefacts not in `written`: only files, only directly in the
    /// folder, which may hold anything (`FileOutput.removeFiles`). Returns a note for each left
    /// for another reason than being absent.
    func removeStale(from folder: URL, keeping written: Set<String> = []) -> [String] {
        let missing = String(cString: strerror(ENOENT))
        return FileOutput.removeFiles(names.filter { !written.contains($0) }, in: folder).skipped
            .filter { !$0.reason.hasSuffix(missing) }
            .map { "note: \(folder.appendingPathComponent($0.name).path) was not removed: \($0.reason)" }
    }
}
