import Foundation
import Testing
@testable import Arrange

private struct BadgeSizeKey: EnvironmentKey {
    static let defaultValue: CGFloat = 10
}

extension EnvironmentValues {
    fileprivate var badgeSize: CGFloat {
        get { self[BadgeSizeKey.self] }
        set { self[BadgeSizeKey.self] = newValue }
    }
}

/// A square as large as the environment says, read in its body.
private struct Badge: View {
    @Environment(\.badgeSize) var size
    var body: some View { Color.red.frame(width: size, height: size) }
}

/// Text in the environment's font, read in its body.
private struct FontEcho: View {
    @Environment(\.font) var font
    var body: some View { Text(font == .title ? "title" : "other") }
}

/// The environment as SwiftUI documents it: a value set with `.environment(_:_:)` holds for the
/// view and everything inside it, the nearest setting wins, `transformEnvironment` changes what
/// the views above set, a key nobody sets has its default, and the text modifiers are
/// environment writes that `@Environment` reads back.
@Suite struct EnvironmentTests {
    func size(_ view: some View) -> CGSize { LayoutResult(of: view).rootSize }

    @Test func aKeyNobodySetsHasItsDefault() {
        #expect(size(Badge()) == CGSize(width: 10, height: 10))
        // Read outside any body, too.
        #expect(Environment(\.badgeSize).wrappedValue == 10)
    }

    @Test func theNearestSettingWinsAndSiblingsKeepTheirs() {
        #expect(size(Badge().environment(\.badgeSize, 24)) == CGSize(width: 24, height: 24))
        // Set on a stack: both children see it; the inner setting wins for its own child.
        let result = LayoutResult(of: HStack(spacing: 0) {
            Badge().id("outer")
            Badge().environment(\.badgeSize, 30).id("inner")
        }.environment(\.badgeSize, 24))
        #expect(result.frames["outer"]?.size == CGSize(width: 24, height: 24))
        #expect(result.frames["inner"]?.size == CGSize(width: 30, height: 30))
        // A sibling outside the setting keeps the default.
        let siblings = LayoutResult(of: HStack(spacing: 0) {
            Badge().environment(\.badgeSize, 24).id("set")
            Badge().id("unset")
        })
        #expect(siblings.frames["unset"]?.size == CGSize(width: 10, height: 10))
    }

    @Test func transformEnvironmentChangesWhatIsAbove() {
        // 24 from above, doubled inside: 48; with nothing above, the default 10 doubled: 20.
        let doubled = Badge().transformEnvironment(\.badgeSize) { $0 *= 2 }
        #expect(size(doubled.environment(\.badgeSize, 24)) == CGSize(width: 48, height: 48))
        #expect(size(doubled) == CGSize(width: 20, height: 20))
    }

    @Test func textModifiersAreEnvironmentWrites() {
        // `.font` writes the environment's font, which `@Environment(\.font)` reads back.
        let echoed = LayoutResult(of: FontEcho().font(.title))
        guard case .text(let run)? = echoed.displayList.items.first?.content else {
            Issue.record("no text")
            return
        }
        #expect(run.lines.first?.text == "title")
        // And `.environment(\.font, …)` sets the font text is laid out in, as `.font` does.
        #expect(size(Text("Hello").environment(\.font, .title)) == size(Text("Hello").font(.title)))
        // `.environment(\.lineLimit, 1)` limits lines as `.lineLimit(1)` does.
        let long = Text("A text long enough to wrap onto several lines").frame(width: 80)
        #expect(size(long.environment(\.lineLimit, 1)) == size(long.lineLimit(1)))
    }
}
