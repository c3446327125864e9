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
    let engine = SnapshotEngine(references: ReferenceFolder(url: folder, confined: false), fileName: "\(name).\(strategy.pathExtension)",
                                record: record ?? SnapshotSettings.recordMode, diffing: strategy.diffing,
                                artefactsFolder: (artifacts ?? SnapshotSettings.artifacts(for: testFile)).appendingPathComponent(testName),
                                artefacts: SnapshotArtefacts(name: name, pathExtension: strategy.pathExtension, copiesReference: false))
    let outcome = engine.verify(try strategy.snapshot(value()))
    // A pass leaves nothing of an earlier failure behind (only files are removed).
    if case .matched = outcome.verdict { _ = engine.artefacts.removeStale(from: engine.artefactsFolder) }
    return engine.assertionMessage(outcome, name: name)
}
