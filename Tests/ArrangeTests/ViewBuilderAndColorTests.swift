import Foundation
import Testing
@testable import Arrange

@Suite struct ViewBuilderRules {
    /// How many top-level nodes `view` resolves into.
    func count<V: View>(_ view: V) -> Int {
        var builder = ResolvedTree.Builder()
        view.resolve(in: ViewEnvironment(), into: &builder)
        return builder.pending.count
    }

    @Test func builderForms() {
        let flag = true, none: Int? = nil, some: Int? = 3
        #expect(count(Group { Color.red; Color.blue; Color.green }) == 3)
        #expect(count(Group { if flag { Color.red } else { Color.blue; Color.green } }) == 1)
        #expect(count(Group { if !flag { Color.red } else { Color.blue; Color.green } }) == 2)
        #expect(count(Group { if let none { Color.red.frame(width: CGFloat(none)) } }) == 0)
        #expect(count(Group { if let some { Color.red.frame(width: CGFloat(some)) } }) == 1)
        #expect(count(ForEach(0..<4) { _ in Color.red }) == 4)
        #expect(count(ForEach(["a", "b"], id: \.self) { _ in Color.red }) == 2)
        #expect(count(EmptyView()) == 0)
        #expect(count(AnyView(Group { Color.red; Color.red })) == 2)
    }

    @Test func forEachOverARangeAndOverAnArrayResolveAlike() {
        // A range of integers is stepped apart from other collections: same elements, same order.
        let fromRange = HStack(spacing: 0) { ForEach(3..<6) { Color.red.frame(width: CGFloat($0), height: CGFloat($0)).id($0) } }
        let fromArray = HStack(spacing: 0) { ForEach([3, 4, 5], id: \.self) { Color.red.frame(width: CGFloat($0), height: CGFloat($0)).id($0) } }
        #expect(size(of: fromRange, nil, nil) == CGSize(width: 12, height: 5))
        let rangeFrames = LayoutResult(of: fromRange).frames, arrayFrames = LayoutResult(of: fromArray).frames
        for element in 3..<6 {
            #expect(rangeFrames[element] != nil)
            #expect(rangeFrames[element] == arrayFrames[element])
        }
        #expect(count(ForEach(0..<0) { _ in Color.red }) == 0)
    }

    @Test func nodesShareKindNames() {
        let tree = ViewGraph.resolveRoot(VStack { ForEach(0..<5) { _ in Rectangle().fill(Color.red).border(Color.black) } })
        let kinds = (0..<tree.count).map { tree.kinds[$0] }
        #expect(kinds.filter { $0 == "overlay" }.count == 5)
        #expect(kinds.last == "VStack")
        #expect(Set(kinds).count == tree.kindNames.count)
    }

    @Test func aModifierOnAGroupAppliesToEachChild() {
        // Each child is padded: two 10-pt colours become 30 wide each, 8 apart.
        let view = HStack(spacing: 8) { Group { Color.red.frame(width: 10, height: 10); Color.blue.frame(width: 10, height: 10) }.padding(10) }
        #expect(size(of: view, nil, nil) == CGSize(width: 68, height: 30))
    }

    @Test func customViewsUseTheirBody() {
        struct Card: View {
            var body: some View { Color.red.frame(width: 30, height: 20).padding(5) }
        }
        #expect(size(of: Card(), nil, nil) == CGSize(width: 40, height: 30))
    }
}

@Suite struct ColorRules {
    @Test func namedHexAndOpacity() {
        #expect(Color.red.hexRGB == "#ff3b30")
        #expect(Color(hex: "#007AFF") == .blue)
        #expect(Color(hex: "ff000080")?.alpha == 128.0 / 255)
        #expect(Color.red.opacity(0.5).alpha == 0.5)
        #expect(Color(white: 1) == .white)
        #expect(Color.named["indigo"] == .indigo)
    }

    @Test func hexIsThreeSixOrEightASCIIDigitsAfterAnOptionalHash() {
        // #abc doubles each digit: #aabbcc, opaque; 0xaa / 255 = 170 / 255.
        #expect(Color(hex: "#abc") == Color(red: 170.0 / 255, green: 187.0 / 255, blue: 204.0 / 255))
        #expect(Color(hex: "abc") == Color(hex: "#AABBCC"))
        #expect(Color(hex: "#aabbcc80")?.alpha == 128.0 / 255)
        // Not a colour: wrong counts, a second or a misplaced '#', spaces, other digits
        // (fullwidth 'ＦＦＦ' are hex digits to Unicode, but not to CSS or to Arrange).
        for text in ["", "#", "##fff", "fff#", " #fff", "#ffff", "#1234567", "123456789", "#ＦＦＦ", "#ggg", "#f\u{301}ff"] {
            #expect(Color(hex: text) == nil, "\(text.debugDescription)")
        }
    }

    @Test func seededGeneratorIsSplitMix64() {
        // SplitMix64 from seed 42, computed in Python:
        // 0xbdd732262feb6e95, 0x28efe333b266f103, 0x47526757130f9f52
        var generator = SeededGenerator(seed: 42)
        #expect(generator.next() == 0xBDD7_3226_2FEB_6E95)
        #expect(generator.next() == 0x28EF_E333_B266_F103)
        #expect(generator.next() == 0x4752_6757_130F_9F52)
    }

    @Test func randomColoursDependOnlyOnTheSeed() {
        var a = SeededGenerator(seed: 7), b = SeededGenerator(seed: 7), c = SeededGenerator(seed: 8)
        let first = Color.random(using: &a)
        #expect(first == Color.random(using: &b))
        #expect(first != Color.random(using: &c))
        // Each channel is the top 53 bits of one output over 2^53 − 1.
        var d = SeededGenerator(seed: 42)
        let top: UInt64 = 0xBDD7_3226_2FEB_6E95 >> 11
        #expect(Color.random(using: &d).red == Double(top) / Double((UInt64(1) << 53) - 1))
    }
}
