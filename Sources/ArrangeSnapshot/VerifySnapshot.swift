import Arrange
import Foundation

/// Compares `value`'s snapshot with the reference stored beside the test file, in
/// `__Snapshots__/<TestFile>/<name>.<extension>`, and returns nil when they match, else a message
/// for the test to fail with:
///
/// ```swift
/// @Test func card() {
///     #expect(verifySnapshot(of: Card(), as: ViewSnapshot.png(scale: 2), named: "card") == nil)
/// }
/// ```
///
/// `snapshotDirectory` puts the references elsewhere. A missing reference is recorded and reported as a failure, so a new snapshot is looked at once
/// before it counts; `record: true` (or the environment variable `ARRANGE_RECORD=1`) records
/// anew. On a mismatch the actual snapshot and a diff image (differing pixels in red) are
/// written to `<temporary folder>/arrange-snapshots/`, and the message names them.
public func verifySnapshot<Value, Format>(of value: @autoclosure () throws -> Value, as strategy: Snapshotting<Value, Format>,
                                          named name: String, record: Bool = false, snapshotDirectory: URL? = nil,
                                          file: StaticString = #filePath) -> String? {
    let testFile = URL(fileURLWithPath: "\(file)")
    let folder = snapshotDirectory ?? testFile.deletingLastPathComponent().appendingPathComponent("__Snapshots__")
        .appendingPathComponent(testFile.deletingPathExtension().lastPathComponent)
    let reference = folder.appendingPathComponent("\(name).\(strategy.pathExtension)")
    let recording = record || ProcessInfo.processInfo.environment["ARRANGE_RECORD"] == "1"
    do {
        let actual = try strategy.snapshot(value())
        let fileManager = FileManager.default
        if recording || !fileManager.fileExists(atPath: reference.path) {
            try fileManager.createDirectory(at: folder, withIntermediateDirectories: true)
            try FileOutput.write(strategy.diffing.toData(actual), to: reference)
            return "recorded a new reference at \(reference.path); check it and run again"
        }
        let expected = try strategy.diffing.fromData(Data(contentsOf: reference))
        guard let (message, image) = try strategy.diffing.diff(expected, actual) else { return nil }
        let failures = fileManager.temporaryDirectory.appendingPathComponent("arrange-snapshots")
        try fileManager.createDirectory(at: failures, withIntermediateDirectories: true)
        let actualFile = failures.appendingPathComponent("\(name).actual.\(strategy.pathExtension)")
        try FileOutput.write(strategy.diffing.toData(actual), to: actualFile)
        var report = "snapshot \"\(name)\" does not match \(reference.path): \(message)\nactual: \(actualFile.path)"
        if let image {
            let diffFile = failures.appendingPathComponent("\(name).diff.png")
            try FileOutput.write(image, to: diffFile)
            report += "\ndiff: \(diffFile.path)"
        }
        return report
    } catch {
        return "snapshot \"\(name)\" could not be checked: \(error)"
    }
}
