import Foundation
import Testing
@testable import Arrange

/// Places every subview with its top-leading corner at the container's `minX`, 30 × 20: the
/// left edge in left-to-right. Records the layout direction it is told.
private struct MinXLayout: Layout {
    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
        proposal.replacingUnspecifiedDimensions()
    }

    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {
        for subview in subviews {
            subview.place(at: CGPoint(x: bounds.minX, y: bounds.minY), proposal: ProposedViewSize(width: 30, height: 20))
        }
    }
}

/// A square 10 × displayScale points wide, read in its body.
private struct ScaleEcho: View {
    @Environment(\.displayScale) var scale
    var body: some View { Color.red.frame(width: 10 * scale, height: 10) }
}

/// A layout as wide as 10 × the display scale it reads.
private struct ScaleSizedLayout: Layout {
    @Environment(\.displayScale) var scale
    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
        CGSize(width: 10 * scale, height: 10)
    }
    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {}
}

/// The first item's text run, anywhere in the list.
private func textRun(_ list: DisplayList) -> TextRun? {
    func find(_ items: [DisplayItem]) -> TextRun? {
        for item in items {
            switch item.content {
            case .text(let run): return run
            case .group(let group): if let run = find(group.items) { return run }
            default: continue
            }
        }
        return nil
    }
    return find(list.items)
}

/// The fill colours of a list in drawing order, groups flattened.
private func fillColors(_ list: DisplayList) -> [Color] {
    var colors: [Color] = []
    func walk(_ items: [DisplayItem]) {
        for item in items {
            switch item.content {
            case .fill(_, let color): colors.append(color)
            case .group(let group): walk(group.items)
            default: continue
            }
        }
    }
    walk(list.items)
    return colors
}

/// Right to left (docs/layout-rules.md §6c): each container's placements are mirrored within
/// its bounds; text keeps its glyphs.
@Suite struct RightToLeftTests {
    let rtl = LayoutDirection.rightToLeft

    @Test func anHStackStartsAtTheRight() {
        // Two 50 × 20 with spacing 10 make a 110-wide stack; `.leading` in a 200-wide frame puts
        // it at the right, x = 200 − 110 = 90. Its first child sits at the right end: 200 − 50 =
        // 150; the second 10 to its left: 150 − 10 − 50 = 90.
        let view = HStack(spacing: 10) {
            Color.red.frame(width: 50, height: 20).id("a")
            Color.blue.frame(width: 50, height: 20).id("b")
        }
        .frame(width: 200, alignment: .leading)
        let result = LayoutResult(of: view.environment(\.layoutDirection, rtl))
        #expect(result.frames["a"]?.minX == 150)
        #expect(result.frames["b"]?.minX == 90)
        // Left to right, as before: 0 and 60.
        let ltr = LayoutResult(of: view)
        #expect(ltr.frames["a"]?.minX == 0)
        #expect(ltr.frames["b"]?.minX == 60)
    }

    @Test func leadingPaddingIsOnTheRight() {
        // 50 wide with 10 of leading padding: 60 wide, the view at x = 0 and the 10 at the right
        // (left to right: x = 10).
        let padded = Color.red.frame(width: 50, height: 20).id("c").padding(.leading, 10)
        let result = LayoutResult(of: padded.environment(\.layoutDirection, rtl))
        #expect(result.rootSize == CGSize(width: 60, height: 20))
        #expect(result.frames["c"]?.minX == 0)
        #expect(LayoutResult(of: padded).frames["c"]?.minX == 10)
    }

    @Test func leadingAlignmentOfFramesAndOverlaysIsTheRightEdge() {
        // A 30-wide view in a 100-wide frame aligned `.leading`: x = 100 − 30 = 70.
        let framed = Color.red.frame(width: 30, height: 10).id("f").frame(width: 100, height: 10, alignment: .leading)
        #expect(LayoutResult(of: framed.environment(\.layoutDirection, rtl)).frames["f"]?.minX == 70)
        // A 20-wide overlay aligned `.topLeading` on an 80-wide view: x = 80 − 20 = 60.
        let overlaid = Color.gray.frame(width: 80, height: 40)
            .overlay(alignment: .topLeading) { Color.red.frame(width: 20, height: 20).id("o") }
        #expect(LayoutResult(of: overlaid.environment(\.layoutDirection, rtl)).frames["o"]?.minX == 60)
        // A VStack's `.leading` alignment lines its children up on the right: the 40-wide child
        // of a 100-wide stack at 100 − 40 = 60.
        let stack = VStack(alignment: .leading, spacing: 0) {
            Color.red.frame(width: 100, height: 10)
            Color.blue.frame(width: 40, height: 10).id("v")
        }
        #expect(LayoutResult(of: stack.environment(\.layoutDirection, rtl)).frames["v"]?.minX == 60)
    }

    @Test func aCustomLayoutIsMirrored() {
        // The layout places a 30-wide child at bounds.minX of a 200 × 20 container: mirrored,
        // at x = 200 − 30 = 170. It is told the direction.
        let view = MinXLayout { Color.red.id("m") }.frame(width: 200, height: 20)
        #expect(LayoutResult(of: view.environment(\.layoutDirection, rtl)).frames["m"]?.minX == 170)
        #expect(LayoutResult(of: view).frames["m"]?.minX == 0)
    }

    @Test func offsetAndPositionAreInTheFlippedSpace() {
        // `offset(x: 10)` moves towards the trailing edge: left in right-to-left, x = −10.
        let moved = Color.red.frame(width: 50, height: 20).offset(x: 10).id("o")
        #expect(LayoutResult(of: moved.environment(\.layoutDirection, rtl)).frames["o"]?.minX == -10)
        #expect(LayoutResult(of: moved).frames["o"]?.minX == 10)
        // `position(x: 10, y: 10)` of a 20 × 20 view in 100 × 100: its centre 10 from the right
        // edge, so x = 100 − 10 − 10 = 80 (left to right: 0).
        let placed = Color.red.frame(width: 20, height: 20).id("p").position(x: 10, y: 10).frame(width: 100, height: 100)
        #expect(LayoutResult(of: placed.environment(\.layoutDirection, rtl)).frames["p"]?.minX == 80)
        #expect(LayoutResult(of: placed).frames["p"]?.minX == 0)
    }

    @Test func aGeometryReaderPlacesItsContentAtTheTopRight() {
        // Its top-leading corner is the top-right one: a 30-wide view in a 100-wide reader at
        // x = 100 − 30 = 70 (left to right: 0).
        let reader = GeometryReader { _ in Color.red.frame(width: 30, height: 10).id("g") }.frame(width: 100, height: 50)
        #expect(LayoutResult(of: reader.environment(\.layoutDirection, rtl)).frames["g"]?.minX == 70)
        #expect(LayoutResult(of: reader).frames["g"]?.minX == 0)
    }

    @Test func aNestedLeftToRightSubtreeIsNotMirrored() {
        // The inner HStack is set back to left to right: its first child at its left, x = 90
        // (the 110-wide stack itself sits at the right of the 200-wide frame).
        let view = HStack(spacing: 10) {
            Color.red.frame(width: 50, height: 20).id("a")
            Color.blue.frame(width: 50, height: 20)
        }
        .environment(\.layoutDirection, .leftToRight)
        .frame(width: 200, alignment: .leading)
        #expect(LayoutResult(of: view.environment(\.layoutDirection, rtl)).frames["a"]?.minX == 90)
    }

    @Test func textKeepsItsGlyphsAndAlignsLeadingLinesRight() throws {
        // The glyphs of a line are not mirrored: the same glyphs at the same places.
        let word = Text("Hello")
        let ltrRun = try #require(textRun(LayoutResult(of: word).displayList))
        let rtlRun = try #require(textRun(LayoutResult(of: word.environment(\.layoutDirection, rtl)).displayList))
        #expect(rtlRun.lines.map(\.glyphs) == ltrRun.lines.map(\.glyphs))
        #expect(rtlRun.lines.first?.glyphs.map(\.x) == ltrRun.lines.first?.glyphs.map(\.x))
        // Multi-line text aligned `.leading` is flush right: each line ends at the right edge of
        // the text's frame (origin + width = the frame's width).
        let lines = Text("A long first line\nshort").multilineTextAlignment(.leading)
        let list = LayoutResult(of: lines.environment(\.layoutDirection, rtl)).displayList
        let run = try #require(textRun(list))
        let width = try #require(list.items.first?.frame.width)
        #expect(run.lines.count == 2)
        for line in run.lines { #expect(abs(line.origin.x + line.width - width) < 0.01) }
        // And left to right, flush left: every line starts at 0.
        let ltrLines = try #require(textRun(LayoutResult(of: lines).displayList))
        for line in ltrLines.lines { #expect(line.origin.x == 0) }
    }

    @Test func layoutSubviewsTellTheDirection() {
        final class Seen: @unchecked Sendable { var directions: [LayoutDirection] = [] }
        struct DirectionProbe: Layout {
            let seen: Seen
            func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
                seen.directions.append(subviews.layoutDirection)
                return .zero
            }
            func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {}
        }
        let seen = Seen()
        let probe = DirectionProbe(seen: seen)
        _ = LayoutResult(of: probe { Color.red; Color.blue }.environment(\.layoutDirection, rtl))
        #expect(seen.directions.last == .rightToLeft)
        _ = LayoutResult(of: probe { Color.red; Color.blue })
        #expect(seen.directions.last == .leftToRight)
    }
}

/// Colour schemes (docs/layout-rules.md §6b): semantic colours resolve where views are resolved,
/// and display lists hold plain colours.
@Suite struct ColorSchemeTests {
    func fills(_ view: some View, _ scheme: ColorScheme) -> [Color] {
        fillColors(LayoutResult(of: view.environment(\.colorScheme, scheme)).displayList)
    }

    @Test func primaryIsBlackInLightAndWhiteInDark() {
        // A shape without a fill paints in the foreground colour, `primary`: iOS's label colour,
        // #000000 light, #FFFFFF dark.
        let shape = Rectangle().frame(width: 10, height: 10)
        #expect(fills(shape, .light).map(\.hexRGB) == ["#000000"])
        #expect(fills(shape, .dark).map(\.hexRGB) == ["#ffffff"])
        // Light is the default, and its value is exactly the plain colour black.
        #expect(fillColors(LayoutResult(of: shape).displayList) == [Color.black])
        #expect(fills(Color.primary, .dark) == [Color.white])
    }

    @Test func systemColoursTakeTheirTableValues() {
        // Apple's HIG tables: (light, dark).
        let table: [(SystemColor, String, String)] = [
            (.systemBackground, "#ffffff", "#000000"),
            (.secondarySystemBackground, "#f2f2f7", "#1c1c1e"),
            (.tertiarySystemBackground, "#ffffff", "#2c2c2e"),
            (.systemGroupedBackground, "#f2f2f7", "#000000"),
            (.label, "#000000", "#ffffff"),
            (.systemRed, "#ff3b30", "#ff453a"),
            (.systemBlue, "#007aff", "#0a84ff"),
            (.systemGreen, "#34c759", "#30d158"),
            (.systemGray, "#8e8e93", "#8e8e93"),
            (.systemGray2, "#aeaeb2", "#636366"),
            (.systemGray6, "#f2f2f7", "#1c1c1e"),
        ]
        for (system, light, dark) in table {
            #expect(fills(Color(system), .light).map(\.hexRGB) == [light], "\(system)")
            #expect(fills(Color(uiColor: system), .dark).map(\.hexRGB) == [dark], "\(system)")
        }
        // secondaryLabel (SwiftUI's `secondary`): rgba(60, 60, 67, 0.6) light, rgba(235, 235,
        // 245, 0.6) dark; the dark value is kept to 15 bits, so 0.6 within 1/32767.
        let secondary = fills(Color.secondary, .dark)
        #expect(secondary.map(\.hexRGB) == ["#ebebf5"])
        #expect(abs((secondary.first?.alpha ?? 0) - 0.6) < 0.0001)
        #expect(fills(Color.secondary, .light) == [Color(red: 60 / 255, green: 60 / 255, blue: 67 / 255, opacity: 0.6)])
        // separator: rgba(60, 60, 67, 0.29) light, rgba(84, 84, 88, 0.6) dark.
        let separator = fills(Color(.separator), .dark)
        #expect(separator.map(\.hexRGB) == ["#545458"])
        #expect(abs((separator.first?.alpha ?? 0) - 0.6) < 0.0001)
        // The accent colour is systemBlue; the standard colours adapt too.
        #expect(fills(Color.accentColor, .dark).map(\.hexRGB) == ["#0a84ff"])
        #expect(fills(Color.red, .dark).map(\.hexRGB) == ["#ff453a"])
        #expect(fills(Color.red, .light).map(\.hexRGB) == ["#ff3b30"])
    }

    @Test func aColourOfYourOwnForEachScheme() {
        let own = Color(light: Color(hex: "#111111") ?? .black, dark: Color(hex: "#eeeeee") ?? .white)
        #expect(fills(own, .light).map(\.hexRGB) == ["#111111"])
        #expect(fills(own, .dark).map(\.hexRGB) == ["#eeeeee"])
        // Opacity applies to both: 0.5 of each.
        #expect(abs((fills(own.opacity(0.5), .dark).first?.alpha ?? 0) - 0.5) < 0.0001)
        #expect(own.isDynamic && !Color.black.isDynamic)
    }

    @Test func theNearestSchemeWinsAndListsHoldPlainColours() {
        // The inner view is set back to light inside a dark stack.
        let view = HStack(spacing: 0) {
            Color.primary.frame(width: 10, height: 10)
            Color.primary.frame(width: 10, height: 10).environment(\.colorScheme, .light)
        }
        let colors = fills(view, .dark)
        #expect(colors.map(\.hexRGB) == ["#ffffff", "#000000"])
        #expect(colors.allSatisfy { !$0.isDynamic })
    }

    @Test func textStrokesGradientsAndShadowsResolve() throws {
        // Text in `secondary`, dark: #EBEBF5.
        let text = Text("Hi").foregroundStyle(.secondary).environment(\.colorScheme, .dark)
        let run = try #require(textRun(LayoutResult(of: text).displayList))
        #expect(run.color.hexRGB == "#ebebf5")
        // A gradient from primary to blue, dark: white to #0A84FF.
        let gradient = Rectangle().fill(LinearGradient(colors: [.primary, .blue], startPoint: .leading, endPoint: .trailing))
            .frame(width: 10, height: 10).environment(\.colorScheme, .dark)
        guard case .path(let drawing)? = LayoutResult(of: gradient).displayList.items.first?.content,
              case .linear(let resolved, _, _) = drawing.paint else {
            Issue.record("no gradient")
            return
        }
        #expect(resolved.stops.map(\.color.hexRGB) == ["#ffffff", "#0a84ff"])
        // A shadow in primary, dark: white.
        let shadowed = Color.red.frame(width: 10, height: 10).shadow(color: .primary, radius: 2).environment(\.colorScheme, .dark)
        guard case .group(let group)? = LayoutResult(of: shadowed).displayList.items.first?.content else {
            Issue.record("no shadow group")
            return
        }
        #expect(group.shadow?.color.hexRGB == "#ffffff")
    }
}

/// Dynamic Type (docs/layout-rules.md §6b): text styles take Apple's table's sizes.
@Suite struct DynamicTypeTests {
    func fontSize(_ view: some View) -> CGFloat? { textRun(LayoutResult(of: view).displayList)?.font.size }

    @Test func bodyFollowsAppleTable() {
        // HIG, "Dynamic Type sizes", iOS: body is 14 at xSmall, 17 at Large, 19 at xLarge,
        // 23 at xxxLarge, 28 at AX1, 53 at AX5.
        let body = Text("Body")
        #expect(fontSize(body) == 17)
        #expect(fontSize(body.dynamicTypeSize(.xSmall)) == 14)
        #expect(fontSize(body.environment(\.dynamicTypeSize, .xLarge)) == 19)
        #expect(fontSize(body.dynamicTypeSize(.xxxLarge)) == 23)
        #expect(fontSize(body.dynamicTypeSize(.accessibility1)) == 28)
        #expect(fontSize(body.dynamicTypeSize(.accessibility5)) == 53)
        // The table for other styles: title 28 at Large, 34 at xxxLarge, 58 at AX5; caption2 11
        // at xSmall and Large, 40 at AX5.
        #expect(fontSize(Text("T").font(.title).dynamicTypeSize(.xxxLarge)) == 34)
        #expect(fontSize(Text("T").font(.title).dynamicTypeSize(.accessibility5)) == 58)
        #expect(Font.TextStyle.caption2.size(for: .xSmall) == 11)
        #expect(Font.TextStyle.caption2.size(for: .accessibility5) == 40)
        // Every style's Large column is its default size.
        for style in Font.TextStyle.allCases { #expect(style.size(for: .large) == style.size) }
    }

    @Test func sizeCategoryIsTheSameValueByItsOldName() {
        // extraExtraExtraLarge is xxxLarge: body 23.
        #expect(fontSize(Text("Body").environment(\.sizeCategory, .extraExtraExtraLarge)) == 23)
        #expect(DynamicTypeSize(ContentSizeCategory.accessibilityMedium) == .accessibility1)
        #expect(ContentSizeCategory(DynamicTypeSize.accessibility5) == .accessibilityExtraExtraExtraLarge)
        #expect(DynamicTypeSize.accessibility1.isAccessibilitySize && !DynamicTypeSize.xxxLarge.isAccessibilitySize)
    }

    @Test func fixedSizesStayAndRelativeSizesScale() {
        // A fixed size does not follow Dynamic Type.
        #expect(fontSize(Text("x").font(.system(size: 17)).dynamicTypeSize(.accessibility5)) == 17)
        // 34 points relative to body at xxxLarge: 34 × 23 / 17 = 46.
        let relative = Text("x").font(.custom("DejaVu Sans", size: 34, relativeTo: .body)).dynamicTypeSize(.xxxLarge)
        #expect(fontSize(relative) == 46)
    }
}

/// The display scale (docs/layout-rules.md §6b): the scale the picture is made at.
@Suite struct DisplayScaleTests {
    @Test func bodiesAndLayoutsReadTheRenderScale() {
        // 10 × scale points wide: 20 at scale 2, 10 at the default 1.
        #expect(LayoutResult(of: ScaleEcho(), scale: 2).rootSize.width == 20)
        #expect(LayoutResult(of: ScaleEcho()).rootSize.width == 10)
        #expect(LayoutResult(of: ScaleSizedLayout { Color.red }, scale: 2).rootSize.width == 20)
        #expect(LayoutTree(of: ScaleEcho(), scale: 3).result.rootSize.width == 30)
        // Set by hand, it wins: 4 → 40.
        #expect(LayoutResult(of: ScaleEcho().environment(\.displayScale, 4), scale: 2).rootSize.width == 40)
        #expect(EnvironmentValues().pixelLength == 1)
    }
}
