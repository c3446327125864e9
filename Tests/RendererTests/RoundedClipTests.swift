import Arrange
@testable import ArrangeCairo
import Foundation
import Testing

/// A group clipped to a rounded rectangle whose items keep away from its corners (a tag: text
/// padded on a background, `cornerRadius`) is drawn without Cairo's clip, its background filled
/// as the clip's outline. Which groups qualify, and that the pixels are the clip's own.
@Suite struct RoundedClipTests {
    /// A tag's display list: "cpgc" at 14 pt, padded 6 on blue, corners rounded `radius`.
    static func tag(radius: CGFloat, style: RoundedCornerStyle = .circular) -> DisplayList {
        let view = Text("cpgc").font(.system(size: 14)).padding(6).background(Color.blue)
            .clipShape(RoundedRectangle(cornerRadius: radius, style: style)).padding(4)
        return LayoutResult(of: view, in: ProposedViewSize(width: nil, height: nil), scale: 2).displayList
    }

    /// The clipping group of a list and its frame.
    static func clipGroup(_ items: [DisplayItem]) -> (DisplayGroup, CGRect)? {
        for item in items {
            guard case .group(let group) = item.content else { continue }
            if group.clip != nil { return (group, item.frame) }
            if let inner = clipGroup(group.items) { return inner }
        }
        return nil
    }

    func qualifies(_ list: DisplayList) throws -> Bool {
        let (group, frame) = try #require(Self.clipGroup(list.items))
        let shape = try #require(group.clip)
        return CairoPainter.clipDrawnAsFill(group, shape: shape, frame: frame, fonts: .system)
    }

    @Test func aTagsTextKeepsAwayFromItsCornersSoItsClipIsDrawnAsItsBackground() throws {
        // Padding 6 and radius 6: the text's line box starts where the corners end.
        #expect(try qualifies(Self.tag(radius: 6)))
        // A radius of 20 on a tag about 29 pt tall reaches the text: the clip stays.
        #expect(try !qualifies(Self.tag(radius: 20)))
        // Continuous corners reach further than their radius: always clipped.
        #expect(try !qualifies(Self.tag(radius: 6, style: .continuous)))
    }

    /// The same tag drawn through Cairo's clip (an invisible fill in a corner keeps the group from
    /// qualifying) and without it: the same pixels.
    @Test func withoutTheClipThePixelsAreTheClipsOwn() throws {
        let list = Self.tag(radius: 6)
        let (group, frame) = try #require(Self.clipGroup(list.items))
        var clipped = group
        let corner = DisplayItem(frame: CGRect(x: frame.minX, y: frame.minY, width: 2, height: 2),
                                 identity: ViewIdentity(path: "corner", kind: "Color"), content: .fill(.rectangle, Color(white: 0, opacity: 0)))
        clipped.items.append(corner)
        #expect(!CairoPainter.clipDrawnAsFill(clipped, shape: try #require(group.clip), frame: frame, fonts: .system))
        func replacing(_ items: [DisplayItem]) -> [DisplayItem] {
            items.map { item in
                guard case .group(let inner) = item.content else { return item }
                var copy = item
                if inner.clip != nil {
                    copy.content = .group(clipped)
                } else {
                    var nested = inner
                    nested.items = replacing(inner.items)
                    copy.content = .group(nested)
                }
                return copy
            }
        }
        let other = DisplayList(size: list.size, scale: list.scale, items: replacing(list.items))
        let options = RenderOptions(scale: 2, background: .white)
        let fast = try CairoDiagramTests.Pixels(png: CairoRenderer().render(list, options: options))
        let slow = try CairoDiagramTests.Pixels(png: CairoRenderer().render(other, options: options))
        #expect(fast.width == slow.width && fast.height == slow.height)
        #expect(fast.rgba == slow.rgba)
        // The corner pixel is white (the clip cut the blue away), the middle of an edge blue.
        let (r, g, b, _) = fast[Int((frame.minX * 2).rounded()), Int((frame.minY * 2).rounded())]
        #expect(r == 255 && g == 255 && b == 255)
    }
}
