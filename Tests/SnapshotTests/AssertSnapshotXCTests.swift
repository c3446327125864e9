import Arrange
import ArrangeSnapshotTesting
import XCTest

/// `assertSnapshot` from XCTest: the reference is found by the test file and test method,
/// `__Snapshots__/AssertSnapshotXCTests/testCardMatchesItsReference.png`, and a mismatch would be
/// reported with XCTFail. (Linux's XCTest cannot expect a failure, so the failing path is tested
/// from Swift Testing, with `withKnownIssue`.)
final class AssertSnapshotXCTests: XCTestCase {
    func testCardMatchesItsReference() {
        assertSnapshot(of: AssertSnapshotTests.Card(), as: ViewSnapshot.png(scale: 2), record: .never)
        let reference = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("__Snapshots__/AssertSnapshotXCTests/testCardMatchesItsReference.png")
        XCTAssertTrue(FileManager.default.fileExists(atPath: reference.path))
    }
}
