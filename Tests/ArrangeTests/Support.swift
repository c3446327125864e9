import Foundation
@testable import Arrange

/// Lays `view` out for a proposal and returns the frame of the view tagged `id`.
func frame<V: View>(_ id: String, in view: V, _ width: CGFloat? = nil, _ height: CGFloat? = nil) -> CGRect? {
    LayoutResult(of: view, in: ProposedViewSize(width: width, height: height)).frames[id]
}

/// The size `view` chooses for a proposal, laid out as the root.
func size<V: View>(of view: V, _ width: CGFloat?, _ height: CGFloat?) -> CGSize {
    LayoutResult(of: view, in: ProposedViewSize(width: width, height: height)).rootSize
}

/// A rectangle of fixed size, tagged.
func box(_ id: String, _ width: CGFloat, _ height: CGFloat) -> some View {
    Rectangle().frame(width: width, height: height).id(id)
}

/// Asks the root of resolved trees directly, each question in a layout pass of its own: for rules
/// that can only be seen below `LayoutResult` (infinite sizes, guides, spacing).
struct RootProbe {
    var measurer: any TextMeasurer = FontLibrary.system

    func size(_ tree: ResolvedTree, _ proposal: ProposedViewSize) -> CGSize {
        LayoutPass(tree: tree, measurer: measurer).size(tree.root, proposal)
    }

    func explicitValue(_ tree: ResolvedTree, _ key: AlignmentKey, _ proposal: ProposedViewSize) -> CGFloat? {
        LayoutPass(tree: tree, measurer: measurer).explicitValue(tree.root, key, proposal)
    }

    func spacing(_ tree: ResolvedTree) -> ViewSpacing {
        LayoutPass(tree: tree, measurer: measurer).spacing(tree.root)
    }
}

extension ResolvedTree {
    /// The root's layout priority, as a parent would see it.
    var priority: Double { priority(of: root) }
}
