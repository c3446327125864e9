import Foundation
import Synchronization

extension LayoutPass {
    /// Texts enough for laying them out ahead on another core to pay for the thread.
    static let textsLaidOutAhead = 64

    /// `layOutRoot(for:)`, with the tree's texts laid out at the same time on another core when
    /// there are enough of them (`TextsAhead`): the layout then finds most of them done. A text
    /// laid out ahead is the one the layout would make, so the frames are the same; on one core
    /// this is `layOutRoot(for:)`.
    func layOutRootWithTextsAhead(for proposal: ProposedViewSize) -> (size: CGSize, frame: CGRect, canvas: CGSize) {
        let texts = tree.texts
        guard texts.count >= Self.textsLaidOutAhead, ProcessInfo.processInfo.activeProcessorCount > 1 else { return layOutRoot(for: proposal) }
        let ahead = TextsAhead(count: texts.count)
        textsAhead = ahead
        defer { textsAhead = nil }
        let measurer = self.measurer, scale = self.scale
        return LargeStack.both({ layOutRoot(for: proposal) }, { ahead.run(texts, measurer: measurer, scale: scale) }).0
    }
}

/// The texts of a pass laid out ahead on a second core, from the last back, while the layout
/// goes from the first.
///
/// Most text-heavy scenes (flows of tags, stacks measuring ideal sizes) ask each text first for
/// its size with nothing proposed, so that is the layout made ahead; the layout takes it when it
/// asks that, and makes any other itself. Once the layout has asked a text anything else, the
/// rest are only shaped ahead (their glyphs are cached for whatever it asks): no layout is made
/// that may go unused. A text the layout reaches first is claimed by it and skipped here; one
/// being made here when the layout reaches it is waited for, which happens where the two meet.
final class TextsAhead: @unchecked Sendable {
    private enum Claim: UInt8 { case free, ahead, done, taken }
    private struct State {
        var claims: [Claim]
        var layouts: [TextLayout?]
        /// Whether every text the layout asked so far was asked with nothing proposed.
        var unspecifiedOnly = true
    }
    private let state: Mutex<State>

    init(count: Int) {
        state = Mutex(State(claims: Array(repeating: .free, count: count), layouts: Array(repeating: nil, count: count)))
    }

    /// The layout of text `index` for `proposal` if it is made ahead (waiting for it while it
    /// is being made: it is then at most one text away); claims the text for the layout
    /// otherwise.
    func take(_ index: Int, for proposal: ProposedViewSize) -> TextLayout? {
        enum Answer { case layout(TextLayout?), wait }
        while true {
            let answer = state.withLock { state -> Answer in
                guard index < state.claims.count else { return .layout(nil) }
                guard proposal == .unspecified else {
                    state.unspecifiedOnly = false
                    if state.claims[index] == .free { state.claims[index] = .taken }
                    return .layout(nil)
                }
                switch state.claims[index] {
                case .done:
                    state.claims[index] = .taken
                    defer { state.layouts[index] = nil }
                    return .layout(state.layouts[index])
                case .free:
                    state.claims[index] = .taken
                    return .layout(nil)
                case .taken:
                    return .layout(nil)
                case .ahead:
                    return .wait
                }
            }
            guard case .layout(let layout) = answer else {
                sched_yield()
                continue
            }
            return layout
        }
    }

    /// Lays out (or, once the layout asks otherwise, shapes) every text not yet claimed, from
    /// the last back: the layout goes from the first, so the two share the work and meet once.
    func run(_ texts: [TextLeaf], measurer: any TextMeasurer, scale: CGFloat) {
        for index in texts.indices.reversed() {
            let whole = state.withLock { state -> Bool? in
                guard state.claims[index] == .free else { return nil }
                state.claims[index] = .ahead
                return state.unspecifiedOnly
            }
            guard let whole else { continue }
            let leaf = texts[index]
            if whole {
                let layout = leaf.layout(.unspecified, measurer: measurer, scale: scale)
                state.withLock { state in
                    state.layouts[index] = layout
                    state.claims[index] = .done
                }
            } else {
                if leaf.runs == nil { TextLayout.preshape(leaf.string, font: leaf.font, measurer: measurer) }
                // Shaped only: the layout makes its lines itself.
                state.withLock { $0.claims[index] = .free }
            }
        }
    }
}
