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
