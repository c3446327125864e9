import Foundation

/// A view's size together with its alignment guides, as a container sees it.
///
/// `d[guide]` is the view's explicit value for the guide if it has one (an `alignmentGuide`
/// override, a text baseline, a container's combined value), else the guide's default.
public struct ViewDimensions: Equatable {
    /// The view's size.
    let size: CGSize
    /// Looks up explicit guide values; nil for a view known to have none.
    let explicit: ExplicitGuides?

    init(size: CGSize, explicit: ExplicitGuides? = nil) {
        self.size = size
        self.explicit = explicit
    }

    public var width: CGFloat { size.width }
    public var height: CGFloat { size.height }

    public subscript(guide: HorizontalAlignment) -> CGFloat { value(guide.key) }
    public subscript(guide: VerticalAlignment) -> CGFloat { value(guide.key) }
    public subscript(explicit guide: HorizontalAlignment) -> CGFloat? { explicit?.value(guide.key) }
    public subscript(explicit guide: VerticalAlignment) -> CGFloat? { explicit?.value(guide.key) }

    func value(_ key: AlignmentKey) -> CGFloat { explicit?.value(key) ?? key.defaultValue(in: self) }
    func explicitValue(_ key: AlignmentKey) -> CGFloat? { explicit?.value(key) }

    public static func == (lhs: ViewDimensions, rhs: ViewDimensions) -> Bool {
        lhs.size == rhs.size && lhs.explicit === rhs.explicit
    }
}

/// The source of a view's explicit guide values; a reference so that dimensions stay cheap to
/// copy and are only computed when a guide is asked for.
final class ExplicitGuides {
    private let lookup: (AlignmentKey) -> CGFloat?
    init(_ lookup: @escaping (AlignmentKey) -> CGFloat?) { self.lookup = lookup }
    func value(_ key: AlignmentKey) -> CGFloat? { lookup(key) }
}
