import Foundation

/// One resolved view: the unit the engine measures, places and draws.
///
/// The view tree is resolved once into nodes. Attribute modifiers (`layoutPriority`, `id`,
/// `alignmentGuide`, `layoutValue`, `offset`, `clipped`, `opacity`) set fields of the node they
/// modify; layout modifiers (`frame`, `padding`, `fixedSize`, `background`, …) wrap it in a new
/// container node. A node is a reference so that its measurements can be remembered during a pass.
final class Node {
    enum Content {
        /// Draws and sizes itself.
        case leaf(Leaf)
        /// Sizes and places its children with a `Layout`.
        case container(any LayoutBox)
    }

    /// How a container reports its layout priority (docs/layout-rules.md §3, §2.6).
    enum PriorityRule {
        /// Frames, padding and other position-changing modifiers: 0.
        case zero
        /// Modifiers that reuse a child's layout (`fixedSize`, `background`): that child's priority.
        case child(Int)
        /// Stacks and custom layouts: 0, or −∞ when they have no children.
        case container
    }

    /// A drawing effect, in the order it was applied (innermost first).
    enum Effect {
        case offset(CGSize)
        case clip(ShapeKind)
        case opacity(Double)
    }

    /// A container's layout is swapped for an interpolated one while an animation re-solves it.
    var content: Content
    let children: [Node]
    /// What the node is, for dumps and display-list identities ("HStack", "frame", "Rectangle").
    let kind: String
    var priorityRule: PriorityRule
    /// Set by `layoutPriority`; the outermost call wins.
    var explicitPriority: Double?
    /// Set by `.id(_:)`.
    var id: AnyHashable?
    var guideOverrides: [AlignmentKey: (ViewDimensions) -> CGFloat] = [:]
    var layoutValues: [ObjectIdentifier: Any] = [:]
    var effects: [Effect] = []
    /// The structural position in the tree, "0.2.1": child indices from the root.
    var path = ""

    // Per-pass memory: a child is measured once per distinct proposal (docs/architecture.md).
    var sizeCache: [ProposedViewSize: CGSize] = [:]
    var guideCache: [GuideQuery: CGFloat?] = [:]
    var spacingCache: ViewSpacing?
    /// A text's lines per proposal: measuring, its baselines and drawing share one layout.
    var textLayouts: [ProposedViewSize: TextLayout] = [:]
    /// How many times the node's size was computed (cache misses), for tests and benchmarks.
    var sizeComputations = 0
    /// The placed frame in root coordinates, offsets excluded.
    var frame: CGRect = .zero
    /// The proposal the node was placed with (text draws the lines it was laid out in).
    var placementProposal = ProposedViewSize.unspecified

    init(_ content: Content, kind: String, children: [Node] = [], priorityRule: PriorityRule = .container) {
        self.content = content
        self.kind = kind
        self.children = children
        self.priorityRule = priorityRule
    }

    /// The layout priority a parent sees (docs/layout-rules.md §3.8, §2.4, §2.6).
    var priority: Double {
        if let explicitPriority { return explicitPriority }
        switch content {
        case .leaf(let leaf):
            if case .spacer = leaf { return -.infinity }
            return 0
        case .container:
            switch priorityRule {
            case .zero: return 0
            case .child(let index): return children.indices.contains(index) ? children[index].priority : 0
            case .container: return children.isEmpty ? -.infinity : 0
            }
        }
    }

    /// Whether the node is a `Spacer` (whose spacing a frame around it keeps, §4.2).
    var isSpacer: Bool {
        if case .leaf(.spacer) = content { return true }
        return false
    }
}

/// A key of the per-pass guide memory.
struct GuideQuery: Hashable {
    let key: AlignmentKey
    let proposal: ProposedViewSize
    let includeOverrides: Bool
}

/// What a leaf node is.
enum Leaf {
    /// A shape or colour: takes the proposal (10 for nil); a circle is square.
    case shape(ShapeKind, paint: Paint)
    /// A spacer growing along `axis`, or along both axes when it is in no stack.
    case spacer(minLength: CGFloat, axis: Axis?)
    /// Text, measured by the engine's `TextMeasurer`.
    case text(TextLeaf)
}

/// How a shape is painted.
enum Paint {
    case fill(Color)
    case strokeBorder(Color, lineWidth: CGFloat)
}

extension Node {
    /// Wraps each node in a container of `layout`, as a modifier on a group applies to each child.
    static func wrap<L: Layout>(_ nodes: [Node], kind: String, priority: PriorityRule, _ layout: L) -> [Node] {
        nodes.map { Node(.container(TypedLayoutBox(layout)), kind: kind, children: [$0], priorityRule: priority) }
    }
}
