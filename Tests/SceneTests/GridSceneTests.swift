import Arrange
@testable import ArrangeScene
import Foundation
import Testing

/// The grid and choice kinds read from scenes lay out as the Swift views do
/// (docs/layout-rules.md §5b–§5e); numbers worked out by hand beside them.
@Suite struct GridSceneTests {
    @Test func aGridReadFromAScene() throws {
        let tree = try layout("""
            view:
              grid: {horizontalSpacing: 10, verticalSpacing: 4}
              children:
                - gridRow: {alignment: top}
                  children:
                    - rectangle:
                      id: a
                      modifiers: [{frame: {width: 30, height: 10}}]
                    - rectangle:
                      id: b
                      modifiers: [{frame: {width: 50, height: 20}}]
                - divider:
                  id: rule
                  modifiers: [{gridCellUnsizedAxes: horizontal}]
                - gridRow:
                  children:
                    - rectangle:
                      id: wide
                      modifiers: [{frame: {width: 20, height: 10}}, {gridCellColumns: 2}, {gridCellAnchor: leading}]
            """)
        #expect(tree.root.kind == "Grid")
        // Columns 30 and 50 with a gap of 10: 90 wide. Row 0 is 20 tall, a at its top.
        #expect(tree.root.frame.size.width == 90)
        #expect(tree.root.node(id: "a")?.frame == CGRect(x: 0, y: 0, width: 30, height: 10))
        // The divider spans both columns at y = 20 + 4 = 24, 1 tall; the span row starts at
        // 24 + 1 + 4 = 29 and puts its 20-wide cell at the leading edge of its 90.
        #expect(tree.root.node(id: "rule")?.frame == CGRect(x: 0, y: 24, width: 90, height: 1))
        #expect(tree.root.node(id: "wide")?.frame == CGRect(x: 0, y: 29, width: 20, height: 10))
    }

    @Test func adaptiveColumnsReadFromAScene() throws {
        let tree = try layout("""
            canvas: {width: 400}
            view:
              lazyVGrid: {columns: [{adaptive: {minimum: 90}, spacing: 10}], spacing: 6}
              children:
                - color: blue
                  repeat: 5
                  id: item
                  modifiers: [{frame: {height: 20}}]
            """)
        // ⌊(400 + 10) / (90 + 10)⌋ = 4 columns of (400 − 30) / 4 = 92.5; the fifth item on the
        // second row at y = 20 + 6 = 26.
        #expect(tree.root.node(id: "item-1")?.frame == CGRect(x: 102.5, y: 0, width: 92.5, height: 20))
        #expect(tree.root.node(id: "item-4")?.frame == CGRect(x: 0, y: 26, width: 92.5, height: 20))
    }

    @Test func viewThatFitsShowsOneChild() throws {
        let tree = try layout("""
            canvas: {width: 200}
            view:
              viewThatFits: {in: horizontal}
              children:
                - rectangle:
                  id: wide
                  modifiers: [{frame: {width: 300, height: 20}}]
                - rectangle:
                  id: narrow
                  modifiers: [{frame: {width: 150, height: 20}}]
            """)
        // 300 does not fit 200; 150 does. The wide one is not in the layout tree.
        #expect(tree.root.node(id: "wide") == nil)
        #expect(tree.root.node(id: "narrow")?.frame.width == 150)
    }

    @Test func forEachCopiesItsContentWithTheItems() throws {
        let scene = try scene("""
            view:
              hstack: {spacing: 0}
              children:
                - forEach:
                    items: [{w: 10}, {w: 20}, {w: 30}]
                    content:
                      rectangle:
                      id: "box$index"
                      modifiers: [{frame: {width: "$item.w", height: 5}}]
            """)
        let tree = try scene.layout()
        // Three boxes side by side, 10, 20 and 30 wide: at x = 0, 10 and 30. Ids get the copy's
        // suffix, as with repeat.
        #expect(tree.root.node(id: "box0-0")?.frame == CGRect(x: 0, y: 0, width: 10, height: 5))
        #expect(tree.root.node(id: "box1-1")?.frame == CGRect(x: 10, y: 0, width: 20, height: 5))
        #expect(tree.root.node(id: "box2-2")?.frame == CGRect(x: 30, y: 0, width: 30, height: 5))
    }

    @Test func labelStylesReadFromAScene() throws {
        let tree = try layout("""
            view:
              vstack: {alignment: leading, spacing: 0}
              children:
                - label: {title: {rectangle: , modifiers: [{frame: {width: 40, height: 10}}]}, icon: {circle: , modifiers: [{frame: {width: 16, height: 16}}]}}
                  id: both
                - label: {title: {rectangle: , modifiers: [{frame: {width: 40, height: 10}}]}, icon: {circle: , modifiers: [{frame: {width: 16, height: 16}}]}, style: iconOnly}
                  id: icon
            """)
        // Icon, gap 8, title: 16 + 8 + 40 = 64 wide; the icon alone is 16.
        #expect(tree.root.node(id: "both")?.frame.size == CGSize(width: 64, height: 16))
        #expect(tree.root.node(id: "icon")?.frame.size == CGSize(width: 16, height: 16))
    }
}
