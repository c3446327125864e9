import Arrange
import Foundation

/// Random view trees for property tests: a description (`TreeSpec`) drawn from a seed, turned into
/// a view, and shrunk towards a small case when a property fails.
public indirect enum TreeSpec: CustomStringConvertible, Sendable {
    case rectangle
    case circle
    case color
    case text(String)
    case spacer
    case hstack(spacing: Double?, alignment: Int, [TreeSpec])
    case vstack(spacing: Double?, alignment: Int, [TreeSpec])
    case zstack(alignment: Int, [TreeSpec])
    case flow(spacing: Double, [TreeSpec])
    case wheel(radius: Double, [TreeSpec])
    case modified(TreeSpec, Modifier)

    /// A modifier applied to a subtree.
    public enum Modifier: CustomStringConvertible, Sendable {
        case frame(width: Double?, height: Double?)
        case flexibleFrame(minWidth: Double?, maxWidth: Double?, maxHeight: Double?)
        case padding(Double)
        case offset(Double, Double)
        case priority(Double)
        case fixedSize
        case guide(Double)
        case border(Double)
        case id(Int)

        public var description: String {
            switch self {
            case let .frame(w, h): ".frame(width: \(w.map { "\($0)" } ?? "nil"), height: \(h.map { "\($0)" } ?? "nil"))"
            case let .flexibleFrame(a, b, c): ".frame(minWidth: \(a.map { "\($0)" } ?? "nil"), maxWidth: \(b.map { "\($0)" } ?? "nil"), maxHeight: \(c.map { "\($0)" } ?? "nil"))"
            case .padding(let v): ".padding(\(v))"
            case let .offset(x, y): ".offset(x: \(x), y: \(y))"
            case .priority(let v): ".layoutPriority(\(v))"
            case .fixedSize: ".fixedSize()"
            case .guide(let v): ".alignmentGuide(.top) { _ in \(v) }"
            case .border(let v): ".border(.black, width: \(v))"
            case .id(let v): ".id(\(v))"
            }
        }
    }

    /// Whether any text is in the tree.
    public var hasText: Bool {
        switch self {
        case .text: true
        case .rectangle, .circle, .color, .spacer: false
        case let .hstack(_, _, c), let .vstack(_, _, c), let .zstack(_, c), let .flow(_, c), let .wheel(_, c): c.contains { $0.hasText }
        case let .modified(inner, _): inner.hasText
        }
    }

    /// How many views and modifiers the tree has.
    public var size: Int {
        switch self {
        case .rectangle, .circle, .color, .spacer, .text: 1
        case let .hstack(_, _, c), let .vstack(_, _, c), let .zstack(_, c), let .flow(_, c), let .wheel(_, c): 1 + c.reduce(0) { $0 + $1.size }
        case let .modified(inner, _): 1 + inner.size
        }
    }

    public var description: String {
        switch self {
        case .rectangle: "Rectangle()"
        case .circle: "Circle()"
        case .color: "Color.blue"
        case .text(let s): "Text(\"\(s)\")"
        case .spacer: "Spacer()"
        case let .hstack(s, a, c): "HStack(alignment: \(a), spacing: \(s.map { "\($0)" } ?? "nil")) { \(c.map(\.description).joined(separator: "; ")) }"
        case let .vstack(s, a, c): "VStack(alignment: \(a), spacing: \(s.map { "\($0)" } ?? "nil")) { \(c.map(\.description).joined(separator: "; ")) }"
        case let .zstack(a, c): "ZStack(alignment: \(a)) { \(c.map(\.description).joined(separator: "; ")) }"
        case let .flow(s, c): "FlowLayout(spacing: \(s)) { \(c.map(\.description).joined(separator: "; ")) }"
        case let .wheel(r, c): "WheelLayout(radius: \(r)) { \(c.map(\.description).joined(separator: "; ")) }"
        case let .modified(inner, m): inner.description + m.description
        }
    }

    /// A random tree at most `depth` containers deep; no text when `text` is false.
    public static func random(_ generator: inout SeededGenerator, depth: Int = 3, text: Bool = true) -> TreeSpec {
        func number(_ range: ClosedRange<Double>) -> Double { (generator.next(in: range) * 4).rounded() / 4 }
        func pick(_ n: Int) -> Int { Int(generator.next() % UInt64(n)) }
        var tree: TreeSpec
        let leafOnly = depth == 0 || pick(3) == 0
        if leafOnly {
            switch pick(text ? 5 : 4) {
            case 0: tree = .rectangle
            case 1: tree = .circle
            case 2: tree = .color
            case 3: tree = .spacer
            default: tree = .text(["Hi", "Hello world", "A longer line of words to wrap", "well-known 42"][pick(4)])
            }
        } else {
            let children = (0..<pick(5)).map { _ in random(&generator, depth: depth - 1, text: text) }
            switch pick(5) {
            case 0: tree = .hstack(spacing: pick(2) == 0 ? nil : number(0...20), alignment: pick(3), children)
            case 1: tree = .vstack(spacing: pick(2) == 0 ? nil : number(0...20), alignment: pick(3), children)
            case 2: tree = .zstack(alignment: pick(3), children)
            case 3: tree = .flow(spacing: number(0...12), children)
            default: tree = .wheel(radius: number(0...120), children)
            }
        }
        for _ in 0..<pick(3) {
            let modifier: Modifier
            switch pick(9) {
            case 0: modifier = .frame(width: pick(3) == 0 ? nil : number(0...200), height: pick(3) == 0 ? nil : number(0...120))
            case 1: modifier = .flexibleFrame(minWidth: pick(2) == 0 ? nil : number(0...50), maxWidth: pick(2) == 0 ? nil : (pick(4) == 0 ? .infinity : number(50...300)),
                                              maxHeight: pick(2) == 0 ? nil : (pick(4) == 0 ? .infinity : number(20...200)))
            case 2: modifier = .padding(number(-5...20))
            case 3: modifier = .offset(number(-30...30), number(-30...30))
            case 4: modifier = .priority(number(-2...2))
            case 5: modifier = .fixedSize
            case 6: modifier = .guide(number(-20...40))
            case 7: modifier = .border(number(0...3))
            default: modifier = .id(pick(1000))
            }
            tree = .modified(tree, modifier)
        }
        return tree
    }

    /// The tree as a view; with `ids` false, `.id` modifiers are left out.
    public func view(ids: Bool = true) -> AnyView {
        func all(_ children: [TreeSpec]) -> [AnyView] { children.map { $0.view(ids: ids) } }
        func horizontal(_ a: Int) -> HorizontalAlignment { [.leading, .center, .trailing][a % 3] }
        func vertical(_ a: Int) -> VerticalAlignment { [.top, .center, .firstTextBaseline][a % 3] }
        switch self {
        case .rectangle: return AnyView(Rectangle().fill(Color.red))
        case .circle: return AnyView(Circle().fill(Color.green))
        case .color: return AnyView(Color.blue)
        case .text(let s): return AnyView(Text(s))
        case .spacer: return AnyView(Spacer())
        case let .hstack(s, a, c):
            let views = all(c)
            return AnyView(HStack(alignment: vertical(a), spacing: s.map { CGFloat($0) }) { ForEach(views.indices, id: \.self) { views[$0] } })
        case let .vstack(s, a, c):
            let views = all(c)
            return AnyView(VStack(alignment: horizontal(a), spacing: s.map { CGFloat($0) }) { ForEach(views.indices, id: \.self) { views[$0] } })
        case let .zstack(a, c):
            let views = all(c)
            return AnyView(ZStack(alignment: [.center, .topLeading, .bottomTrailing][a % 3]) { ForEach(views.indices, id: \.self) { views[$0] } })
        case let .flow(s, c):
            let views = all(c)
            return AnyView(FlowLayout(spacing: CGFloat(s)) { ForEach(views.indices, id: \.self) { views[$0] } })
        case let .wheel(r, c):
            let views = all(c)
            return AnyView(WheelLayout(radius: CGFloat(r)) { ForEach(views.indices, id: \.self) { views[$0] } })
        case let .modified(inner, modifier):
            let view = inner.view(ids: ids)
            switch modifier {
            case let .frame(w, h): return AnyView(view.frame(width: w.map { CGFloat($0) }, height: h.map { CGFloat($0) }))
            case let .flexibleFrame(a, b, c): return AnyView(view.frame(minWidth: a.map { CGFloat($0) }, maxWidth: b.map { CGFloat($0) }, maxHeight: c.map { CGFloat($0) }))
            case .padding(let v): return AnyView(view.padding(CGFloat(v)))
            case let .offset(x, y): return AnyView(view.offset(x: CGFloat(x), y: CGFloat(y)))
            case .priority(let v): return AnyView(view.layoutPriority(v))
            case .fixedSize: return AnyView(view.fixedSize())
            case .guide(let v): return AnyView(view.alignmentGuide(.top) { _ in CGFloat(v) })
            case .border(let v): return AnyView(view.border(Color.black, width: CGFloat(v)))
            case .id(let v): return ids ? AnyView(view.id(v)) : view
            }
        }
    }

    /// Smaller trees to try when this one fails a property: each child alone, the tree with one
    /// child fewer, the tree without its outermost modifier.
    public var shrinks: [TreeSpec] {
        func variants(_ children: [TreeSpec], _ rebuild: ([TreeSpec]) -> TreeSpec) -> [TreeSpec] {
            var result = children
            for index in children.indices {
                var fewer = children
                fewer.remove(at: index)
                result.append(rebuild(fewer))
                for smaller in children[index].shrinks.prefix(4) {
                    var replaced = children
                    replaced[index] = smaller
                    result.append(rebuild(replaced))
                }
            }
            return result
        }
        switch self {
        case .rectangle, .circle, .color, .spacer, .text: return []
        case let .hstack(s, a, c): return variants(c) { .hstack(spacing: s, alignment: a, $0) }
        case let .vstack(s, a, c): return variants(c) { .vstack(spacing: s, alignment: a, $0) }
        case let .zstack(a, c): return variants(c) { .zstack(alignment: a, $0) }
        case let .flow(s, c): return variants(c) { .flow(spacing: s, $0) }
        case let .wheel(r, c): return variants(c) { .wheel(radius: r, $0) }
        case let .modified(inner, m): return [inner] + inner.shrinks.prefix(4).map { .modified($0, m) }
        }
    }

    /// The smallest tree, reached by shrinking, that still fails `fails`.
    public func shrunk(while fails: (TreeSpec) -> Bool) -> TreeSpec {
        var current = self
        var improved = true
        var steps = 0
        while improved, steps < 200 {
            improved = false
            steps += 1
            for candidate in current.shrinks where candidate.size < current.size && fails(candidate) {
                current = candidate
                improved = true
                break
            }
        }
        return current
    }
}

/// How many trees a property test draws: 1,000 in the normal run, `ARRANGE_PROPERTY_COUNT` when set
/// (100,000 for the long run).
public var propertyTestCount: Int {
    ProcessInfo.processInfo.environment["ARRANGE_PROPERTY_COUNT"].flatMap(Int.init) ?? 1_000
}

/// Nested stacks, alternating axes, each level with a fixed view, a flexible one and the next
/// level: the deep tree the measurement-count tests and the `nested-20` benchmark lay out.
public struct NestedStacks: View {
    public let depth: Int

    public init(depth: Int) { self.depth = depth }

    /// Inlinable, so the tree resolves specialized in the caller's module, as a view written
    /// there would.
    @inlinable
    public var body: some View {
        if depth == 0 {
            Color.red.frame(width: 10, height: 10)
        } else if depth % 2 == 0 {
            HStack { Rectangle().frame(width: 5, height: 5); Color.blue; NestedStacks(depth: depth - 1) }
        } else {
            VStack { Rectangle().frame(width: 5, height: 5); Color.green; NestedStacks(depth: depth - 1) }
        }
    }
}
