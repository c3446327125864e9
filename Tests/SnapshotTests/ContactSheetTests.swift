import Arrange
import ArrangeSnapshot
import ArrangeSnapshotTesting
import Foundation
import Testing

/// `Snapshotting.contactSheet`: a transition's frames side by side, so a snapshot test checks
/// the motion and not only its ends. Positions are worked out by hand from the sheet's margins
/// (16 pt), gaps (16 pt) and the frames' layout.
@Suite struct ContactSheetTests {
    /// A 40 × 40 red square at the leading or trailing edge of a 200 × 60 frame.
    func square(_ alignment: Alignment) -> some View {
        Color.red.frame(width: 40, height: 40).frame(width: 200, height: 60, alignment: alignment)
    }

    @Test func aSheetShowsEachMomentInItsCell() throws {
        let slide = LayoutTransition(from: square(.leading), to: square(.trailing), animation: .linear)
        let sheet = try Snapshotting<LayoutTransition, Bitmap>.contactSheet(frames: 3, columns: 3).snapshot(slide)
        // Three 200-wide cells: 16 + 200 + 16 + 200 + 16 + 200 + 16 = 664.
        #expect(sheet.width == 664)
        // Cell k starts at x = 16 + 216k, y = 16; the square is 10 below the cell's top and at
        // x 0, 80 and 160 inside it (linear: half way at 0.5).
        func isRed(_ x: Int, _ y: Int) -> Bool {
            let pixel = sheet[x, y]
            return pixel.red > 200 && pixel.green < 120 && pixel.blue < 120
        }
        for (cell, squareX) in [(0, 0), (1, 80), (2, 160)] {
            let left = 16 + 216 * cell + squareX
            #expect(isRed(left + 20, 46), "cell \(cell): no square at \(left + 20)")
            #expect(isRed(left + 1, 27) && isRed(left + 38, 64), "cell \(cell): the square is not at x \(left)…\(left + 40)")
            #expect(!isRed(left - 2, 46) && !isRed(left + 42, 46), "cell \(cell): the square is wider than 40")
        }
        // Between the cells, the sheet's white paper.
        let gap = sheet[224, 46]
        #expect(gap.red == 255 && gap.green == 255 && gap.blue == 255)
    }

    @Test func theSheetsLabelsAndColumnsFollowTheFrames() throws {
        let slide = LayoutTransition(from: square(.leading), to: square(.trailing), animation: .linear)
        // Six frames in two columns: three rows; 16 + 200 + 16 + 200 + 16 = 448 wide.
        let sheet = try Snapshotting<LayoutTransition, Bitmap>.contactSheet(frames: 6, columns: 2).snapshot(slide)
        #expect(sheet.width == 448)
        let list = ContactSheet(columns: 2).list(of: [slide.frame(at: 0).displayList], labels: ["t = 0"])
        let texts = list.items.flatMap { item -> [String] in
            guard case .group(let group) = item.content else { return [] }
            return group.items.compactMap { inner in
                if case .text(let run) = inner.content { return run.lines.map(\.text).joined() }
                return nil
            }
        }
        #expect(texts == ["t = 0"])
        #expect(ContactSheet.seconds(0.5) == "0.5" && ContactSheet.seconds(1) == "1" && ContactSheet.seconds(1.0 / 3) == "0.33")
    }
}


/// The README's example: seed 003's wheel turned by 90°, its motion as one reference picture.
@Suite struct TransitionSnapshotTests {
    static func squares() -> some View {
        ForEach(0..<8, id: \.self) { index in
            RoundedRectangle(cornerRadius: 8).fill(Color.blue.opacity(0.2 + 0.1 * Double(index))).frame(width: 70, height: 70)
        }
    }

    /// The committed reference was recorded by this test's first run and looked at: the squares
    /// swing along the circle.
    @Test func aWheelsTurnMatchesItsReference() {
        let turn = LayoutTransition(from: WheelLayout(radius: 130) { Self.squares() },
                                    to: WheelLayout(radius: 130, rotation: .degrees(90)) { Self.squares() })
        assertSnapshot(of: turn, as: .contactSheet(frames: 5), record: .never)
    }
}
