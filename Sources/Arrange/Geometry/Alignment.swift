import Foundation

/// A type that names an alignment guide and gives its value for views that set none.
///
/// Declare your own as in SwiftUI:
/// ```swift
/// enum MidAccount: AlignmentID {
///     static func defaultValue(in d: ViewDimensions) -> CGFloat { d[VerticalAlignment.center] }
/// }
/// extension VerticalAlignment { static let midAccount = VerticalAlignment(MidAccount.self) }
/// ```
/// Containers combine their children's explicit values of a custom guide by averaging them
/// (docs/layout-rules.md §4.6).
public protocol AlignmentID: SendableMetatype {
    /// The guide's value for a view of the given dimensions that has no explicit value.
    static func defaultValue(in context: ViewDimensions) -> CGFloat
}

/// How a container turns its children's explicit guide values into its own (docs/layout-rules.md §4.6).
enum GuideCombination: Sendable {
    /// Frame guides (leading, centre, trailing, top, bottom): a container never has explicit ones.
    case none
    /// The smallest value: the top-most first baseline.
    case minimum
    /// The largest value: the bottom-most last baseline.
    case maximum
    /// The mean of the values that exist (custom guides).
    case average
}

/// Which guide a key names: the built-in ones by name, everything else as custom. Worked out once
/// when the key is made, so the engine switches over it instead of testing metatypes.
enum GuideKind: Sendable {
    case leading, horizontalCenter, trailing, top, verticalCenter, bottom
    case firstTextBaseline, lastTextBaseline
    case custom

    /// How containers combine their children's explicit values of this guide.
    var combination: GuideCombination {
        switch self {
        case .leading, .horizontalCenter, .trailing, .top, .verticalCenter, .bottom: .none
        case .firstTextBaseline: .minimum
        case .lastTextBaseline: .maximum
        case .custom: .average
        }
    }
}

/// The identity of a guide, for use as a dictionary key, with its kind and default value.
@usableFromInline
struct AlignmentKey: Hashable, Sendable {
    let id: ObjectIdentifier
    let axis: Axis
    let kind: GuideKind
    let type: any AlignmentID.Type

    init(_ type: any AlignmentID.Type, axis: Axis) {
        self.id = ObjectIdentifier(type)
        self.axis = axis
        self.type = type
        self.kind = switch ObjectIdentifier(type) {
        case ObjectIdentifier(LeadingGuide.self): .leading
        case ObjectIdentifier(HorizontalCenterGuide.self): .horizontalCenter
        case ObjectIdentifier(TrailingGuide.self): .trailing
        case ObjectIdentifier(TopGuide.self): .top
        case ObjectIdentifier(VerticalCenterGuide.self): .verticalCenter
        case ObjectIdentifier(BottomGuide.self): .bottom
        case ObjectIdentifier(FirstTextBaselineGuide.self): .firstTextBaseline
        case ObjectIdentifier(LastTextBaselineGuide.self): .lastTextBaseline
        default: .custom
        }
    }

    @usableFromInline static func == (lhs: AlignmentKey, rhs: AlignmentKey) -> Bool { lhs.id == rhs.id && lhs.axis == rhs.axis }
    @usableFromInline func hash(into hasher: inout Hasher) {
        hasher.combine(id)
        hasher.combine(axis)
    }

    var combination: GuideCombination { kind.combination }

    /// The built-in guides answer by their kind, as their `AlignmentID`s below do, without a call
    /// through the metatype: frames and layers ask for them at every node.
    @inline(__always)
    func defaultValue(in dimensions: ViewDimensions) -> CGFloat {
        switch kind {
        case .leading, .top: 0
        case .horizontalCenter: dimensions.width / 2
        case .trailing: dimensions.width
        case .verticalCenter: dimensions.height / 2
        case .bottom, .firstTextBaseline, .lastTextBaseline: dimensions.height
        case .custom: type.defaultValue(in: dimensions)
        }
    }
}

enum LeadingGuide: AlignmentID { static func defaultValue(in d: ViewDimensions) -> CGFloat { 0 } }
enum HorizontalCenterGuide: AlignmentID { static func defaultValue(in d: ViewDimensions) -> CGFloat { d.width / 2 } }
enum TrailingGuide: AlignmentID { static func defaultValue(in d: ViewDimensions) -> CGFloat { d.width } }
enum TopGuide: AlignmentID { static func defaultValue(in d: ViewDimensions) -> CGFloat { 0 } }
enum VerticalCenterGuide: AlignmentID { static func defaultValue(in d: ViewDimensions) -> CGFloat { d.height / 2 } }
enum BottomGuide: AlignmentID { static func defaultValue(in d: ViewDimensions) -> CGFloat { d.height } }
/// Views without text put their baselines at the bottom (docs/layout-rules.md §7.1).
enum FirstTextBaselineGuide: AlignmentID { static func defaultValue(in d: ViewDimensions) -> CGFloat { d.height } }
enum LastTextBaselineGuide: AlignmentID { static func defaultValue(in d: ViewDimensions) -> CGFloat { d.height } }

/// A guide along the horizontal axis: a vertical line that lines views up in a VStack.
public struct HorizontalAlignment: Equatable, Sendable {
    let key: AlignmentKey
    /// A guide named by your own `AlignmentID`.
    public init(_ id: any AlignmentID.Type) { key = AlignmentKey(id, axis: .horizontal) }

    public static let leading = HorizontalAlignment(LeadingGuide.self)
    public static let center = HorizontalAlignment(HorizontalCenterGuide.self)
    public static let trailing = HorizontalAlignment(TrailingGuide.self)
}

/// A guide along the vertical axis: a horizontal line that lines views up in an HStack.
public struct VerticalAlignment: Equatable, Sendable {
    let key: AlignmentKey
    /// A guide named by your own `AlignmentID`.
    public init(_ id: any AlignmentID.Type) { key = AlignmentKey(id, axis: .vertical) }

    public static let top = VerticalAlignment(TopGuide.self)
    public static let center = VerticalAlignment(VerticalCenterGuide.self)
    public static let bottom = VerticalAlignment(BottomGuide.self)
    /// The top-most text baseline; the bottom edge for views without text.
    public static let firstTextBaseline = VerticalAlignment(FirstTextBaselineGuide.self)
    /// The bottom-most text baseline; the bottom edge for views without text.
    public static let lastTextBaseline = VerticalAlignment(LastTextBaselineGuide.self)
}

/// A pair of guides, one per axis.
public struct Alignment: Equatable, Sendable {
    public var horizontal: HorizontalAlignment
    public var vertical: VerticalAlignment

    public init(horizontal: HorizontalAlignment, vertical: VerticalAlignment) {
        self.horizontal = horizontal
        self.vertical = vertical
    }

    public static let center = Alignment(horizontal: .center, vertical: .center)
    public static let leading = Alignment(horizontal: .leading, vertical: .center)
    public static let trailing = Alignment(horizontal: .trailing, vertical: .center)
    public static let top = Alignment(horizontal: .center, vertical: .top)
    public static let bottom = Alignment(horizontal: .center, vertical: .bottom)
    public static let topLeading = Alignment(horizontal: .leading, vertical: .top)
    public static let topTrailing = Alignment(horizontal: .trailing, vertical: .top)
    public static let bottomLeading = Alignment(horizontal: .leading, vertical: .bottom)
    public static let bottomTrailing = Alignment(horizontal: .trailing, vertical: .bottom)
    public static let centerFirstTextBaseline = Alignment(horizontal: .center, vertical: .firstTextBaseline)
    public static let centerLastTextBaseline = Alignment(horizontal: .center, vertical: .lastTextBaseline)
    public static let leadingFirstTextBaseline = Alignment(horizontal: .leading, vertical: .firstTextBaseline)
    public static let leadingLastTextBaseline = Alignment(horizontal: .leading, vertical: .lastTextBaseline)
    public static let trailingFirstTextBaseline = Alignment(horizontal: .trailing, vertical: .firstTextBaseline)
    public static let trailingLastTextBaseline = Alignment(horizontal: .trailing, vertical: .lastTextBaseline)
}
