@_exported import ArrangeSnapshot
import Foundation
import Testing
import XCTest

/// Fails the current test when `value` does not match its reference snapshot, in Swift Testing
/// and in XCTest alike, as swift-snapshot-testing's `assertSnapshot` does:
///
/// ```swift
/// import ArrangeSnapshotTesting
///
/// @Test func card() {
///     assertSnapshot(of: Card(), as: ViewSnapshot.png(scale: 2))
/// }
/// ```
///
/// The reference is `__Snapshots__/<TestFile>/<test>.<extension>` beside the test file (with
/// `.<name>` before the extension when `name` is given, for several snapshots in one test). The
/// first run records it and fails, so it is looked at once; `ARRANGE_RECORD=all|missing|failed|never`
/// switches the record mode (CI: `never`). Images must match strictly (no differing pixel beyond
/// the threshold, anti-aliasing aside) unless the strategy's `ImageComparison` gives a tolerance
/// (`maxDifferingPixels`, `maxDifferingFraction`). On a mismatch the actual and diff images go to
/// `.build/snapshot-artifacts/<TestFile>/` (or `ARRANGE_SNAPSHOT_ARTIFACTS`), and the failure
/// message gives their paths.
public func assertSnapshot<Value, Format>(of value: @autoclosure () throws -> Value, as strategy: Snapshotting<Value, Format>,
                                          named name: String? = nil, record: SnapshotCheck.RecordMode? = nil,
                                          fileID: String = #fileID, filePath: StaticString = #filePath,
                                          function: String = #function, line: UInt = #line, column: UInt = #column) {
    let test = testName(function)
    let file = name.map { "\(test).\($0)" } ?? test
    guard let message = verifySnapshot(of: try value(), as: strategy, named: file, record: record, file: filePath) else { return }
    if Test.current != nil {
        Issue.record(Comment(rawValue: message),
                     sourceLocation: SourceLocation(fileID: fileID, filePath: "\(filePath)", line: Int(line), column: Int(column)))
    } else {
        XCTFail(message, file: filePath, line: line)
    }
}

/// `card()` → `card`, `testCard()` → `testCard`: the function's name, safe in a file name.
func testName(_ function: String) -> String {
    let base = function.split(separator: "(").first.map(String.init) ?? function
    let safe = base.unicodeScalars.map { CharacterSet.alphanumerics.contains($0) || $0 == "_" || $0 == "-" ? Character($0) : "_" }
    return safe.isEmpty ? "snapshot" : String(safe)
}
