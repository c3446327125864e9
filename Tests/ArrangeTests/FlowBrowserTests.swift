import Foundation
import Testing
@testable import Arrange

/// FlowLayout inside `.frame(width: W, alignment: A)` places its children exactly where Chromium
/// places `display:flex; flex-wrap:wrap` children (docs/layout-rules.md §8b). The cases and the browser's
/// positions are in Fixtures/flow-browser-cases.json, made by Tests/FlowOracle/generate.py; every
/// length is a multiple of 1/32 px, so every position is a multiple of 1/64 px, which both sides
/// represent exactly.
@Suite struct FlowBrowserTests {
    struct Case: Decodable {
        let width: CGFloat
        let hSpacing: CGFloat
        let vSpacing: CGFloat
        let justify: String
        let align: String
        let children: [[CGFloat]]
        let origins: [[CGFloat]]
    }

    struct File: Decodable { let cases: [Case] }

    static func cases() throws -> [Case] {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/flow-browser-cases.json")
        return try JSONDecoder().decode(File.self, from: Data(contentsOf: url)).cases
    }

    @Test func atLeastAHundredCases() throws {
        #expect(try Self.cases().count >= 100)
    }

    @Test func flowMatchesTheBrowser() throws {
        var worst: CGFloat = 0
        for (index, item) in try Self.cases().enumerated() {
            let horizontal: HorizontalAlignment = item.justify == "center" ? .center : item.justify == "flex-end" ? .trailing : .leading
            let vertical: VerticalAlignment = item.align == "center" ? .center : item.align == "flex-end" ? .bottom : .top
            let view = FlowLayout(alignment: horizontal, rowAlignment: vertical, horizontalSpacing: item.hSpacing, verticalSpacing: item.vSpacing) {
                ForEach(0..<item.children.count, id: \.self) { child in
                    Color.red.frame(width: item.children[child][0], height: item.children[child][1]).id(child)
                }
            }
            .frame(width: item.width, alignment: Alignment(horizontal: horizontal, vertical: .top))
            let result = LayoutResult(of: view)
            for (child, origin) in item.origins.enumerated() {
                guard let frame = result.frames[child] else {
                    Issue.record("case \(index): child \(child) not laid out")
                    continue
                }
                // The frame sits at the root's origin, (0, 0) in the canvas; the browser's origin is the container's.
                let dx = abs(frame.minX - result.rootFrame.minX - origin[0]), dy = abs(frame.minY - result.rootFrame.minY - origin[1])
                worst = max(worst, dx, dy)
                #expect(dx <= 1e-6 && dy <= 1e-6, "case \(index) child \(child): Arrange \(frame.origin), browser \(origin)")
            }
        }
        #expect(worst <= 1e-6)
    }
}
