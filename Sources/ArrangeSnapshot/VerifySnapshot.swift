import Arrange
import Foundation

/// Where snapshot tests keep their files, and when they write references.
public enum SnapshotSettings {
    /// The record mode from the environment variable `ARRANGE_RECORD` (`all`, `missing`,
    /// `failed` or `never`; `1` or `true` mean `all`), else `missing`: new references are
    /// written, existing ones compared. CI should set `never`.
    public static var recordMode: SnapshotCheck.RecordMode {
        let value = ProcessInfo.processInfo.environment["ARRANGE_RECORD"]?.lowercased() ?? ""
        if value == "1" || value == "true" || value == "yes" { return .all }
        return SnapshotCheck.RecordMode(rawValue: value) ?? .missing
    }

    /// Where the actual and diff images of failures go: `ARRANGE_SNAPSHOT_ARTIFACTS` if set,
    /// else `.build/snapshot-artifacts` in the package that holds `testFile`, so CI can upload
    /// one folder; the system's temporary folder when no package is found.
    public static func artifacts(for testFile: URL) -> URL {
        if let folder = ProcessInfo.processInfo.environment["ARRANGE_SNAPSHOT_ARTIFACTS"], !folder.isEmpty {
            return URL(fileURLWithPath: folder)
        }
        var folder = testFile.deletingLastPathComponent()
        while folder.path != "/" {
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path) {
                return folder.appendingPathComponent(".build/snapshot-artifacts")
            }
            folder.deleteLastPathComponent()
        }
        return FileManager.default.temporaryDirectory.appendingPathComponent("arrange-snapshot-artifacts")
    }
}

/// Compares `value`'s snapshot with the reference stored beside the test file, in
/// `__Snapshots__/<TestFile>/<name>.<extension>`, and returns nil when they match, else a message
/// for the test to fail with. `assertSnapshot` (module ArrangeSnapshotTesting) calls it and fails
/// the test for you.
///
/// ```swift
/// #expect(verifySnapshot(of: Card(), as: ViewSnapshot.png(scale: 2), named: "card") == nil)
/// ```
///
/// `record` (default: `SnapshotSettings.recordMode`, from `ARRANGE_RECORD`) says when the
/// reference is written; a reference written because it was missing is reported as a failure, so
/// a new snapshot is looked at once before it counts. On a mismatch the actual snapshot and a diff
/// image are written to `artifacts/<TestFile>/` (`SnapshotSettings.artifacts`), and the message
/// names them; a later match removes them.
public func verifySnapshot<Value, Format>(of value: @autoclosure () throws -> Value, as strategy: Snapshotting<Value, Format>,
                                          named name: String, record: SnapshotCheck.RecordMode? = nil,
                                          snapshotDirectory: URL? = nil, artifacts: URL? = nil,
                                          file: StaticString = #filePath) -> String? {
    let testFile = URL(fileURLWithPath: "\(file)")
    let testName = testFile.deletingPathExtension().lastPathComponent
    let folder = snapshotDirectory ?? testFile.deletingLastPathComponent().appendingPathComponent("__Snapshots__")
        .appendingPathComponent(testName)
    let reference = folder.appendingPathComponent("\(name).\(strategy.pathExtension)")
    let mode = record ?? SnapshotSettings.recordMode
    do {
        let actual = try strategy.snapshot(value())
        let fileManager = FileManager.default
        let exists = fileManager.fileExists(atPath: reference.path)
        func writeReference() throws {
            try fileManager.createDirectory(at: folder, withIntermediateDirectories: true)
            try FileOutput.write(strategy.diffing.toData(actual), to: reference)
        }
        if mode == .all || (mode == .missing && !exists) {
            try writeReference()
            return "recorded \(exists ? "anew" : "a new reference") at \(reference.path); check it and run again"
        }
        guard exists else {
            return "no reference at \(reference.path) (record mode 'never'); run with ARRANGE_RECORD=missing to make one"
        }
        let expected: Format
        do {
            expected = try strategy.diffing.fromData(Data(contentsOf: reference))
        } catch {
            return "the reference \(reference.path) cannot be read: \(error)"
        }
        let failures = (artifacts ?? SnapshotSettings.artifacts(for: testFile)).appendingPathComponent(testName)
        let actualFile = failures.appendingPathComponent("\(name).actual.\(strategy.pathExtension)")
        guard let (message, image) = try strategy.diffing.diff(expected, actual) else {
            // A pass leaves nothing of an earlier failure behind (only files are removed).
            _ = FileOutput.removeFiles([actualFile.lastPathComponent, "\(name).diff.png"], in: failures)
            return nil
        }
        try fileManager.createDirectory(at: failures, withIntermediateDirectories: true)
        try FileOutput.write(strategy.diffing.toData(actual), to: actualFile)
        var report = "snapshot \"\(name)\" does not match \(reference.path): \(message)\nactual: \(actualFile.path)"
        if let image {
            let diffFile = failures.appendingPathComponent("\(name).diff.png")
            try FileOutput.write(image, to: diffFile)
            report += "\ndiff: \(diffFile.path)"
        }
        if mode == .failed {
            try writeReference()
            report += "\nrecorded anew"
        }
        return report
    } catch {
        return "snapshot \"\(name)\" could not be checked: \(error)"
    }
}
