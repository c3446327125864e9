import Arrange
import Foundation

/// Something about how a scene came out that is not an error but would go unseen in the picture:
/// a text cut short, lines that spill out of their frame, a connector's label over another view.
/// A result only: `RenderedScene.layoutWarnings` makes them.
public struct SceneWarning: Hashable, Sendable, CustomStringConvertible {
    /// Where the view (or the connector) it is about is written.
    public var location: SourceLocation
    /// What is wrong and where in the picture, without the location.
    public var message: String
    /// The tree path (`LayoutNodeInfo.path`) of the view `arrange layout` marks.
    public var path: String
    /// The mark `arrange layout` shows on that view: "truncated", "label covers 'db'", ….
    public var mark: String

    /// `file:line:column: warning: message`, as compilers write warnings.
    public var description: String { "\(location): warning: \(message)" }
}

/// What commands do with a scene's warnings: the one place `--strict` is applied, so that every
/// warning of `RenderedScene.warnings(overflow:)` (and any a command adds) is caught by it.
public struct WarningPolicy: Sendable {
    /// Whether warnings are errors that fail the scene, for CI (`--strict`).
    public var strict: Bool

    public init(strict: Bool = false) {
        self.strict = strict
    }

    /// The warnings to print. With `strict`, when there are any, throws them as `StrictWarnings`
    /// instead: the scene fails, and nothing is written for it.
    public func apply(_ warnings: [String]) throws -> [String] {
        guard strict, !warnings.isEmpty else { return warnings }
        throw StrictWarnings(warnings: warnings)
    }
}

/// A scene's warnings made errors by `--strict`.
public struct StrictWarnings: Error, Hashable, Sendable, CustomStringConvertible {
    /// The warnings, each `file:line:column: warning: …`.
    public var warnings: [String]

    /// Each warning written as an error: `file:line:column: error: … (--strict)`.
    public var lines: [String] {
        warnings.map { warning in
            guard let range = warning.range(of: ": warning: ") else { return "error: \(warning) (--strict)" }
            return warning.replacingCharacters(in: range, with: ": error: ") + " (--strict)"
        }
    }

    /// The errors, one a line.
    public var description: String { lines.joined(separator: "\n") }
}

extension RenderedScene {
    /// The most layout warnings `warnings(overflow:)` prints for one scene; `arrange layout`
    /// still marks every view.
    static let printedLayoutWarnings = 20

    /// What the layout hides, each at the view's line: texts cut short with "…", clipped, or
    /// whose lines spill out of their frame; connectors whose label covers another view (its
    /// ends included), an arrowhead or another label, whose line runs through a view that is not
    /// one of its ends (nor holds one), or that were drawn without a route around the views in
    /// their way (`LayoutNodeInfo.notes`).
    public var layoutWarnings: [SceneWarning] {
        LayoutInspection(tree: tree, connectors: scene.connectors, locate: location(of:)).warnings
    }

    /// The layout warnings by the path of the view they mark, for `arrange layout`.
    public var layoutMarks: [String: [String]] {
        layoutWarnings.reduce(into: [:]) { marks, warning in marks[warning.path, default: []].append(warning.mark) }
    }

    /// A view as warnings name it: its id, else `kindName(_:)`.
    static func name(_ node: LayoutNodeInfo) -> String {
        node.id.map { "'\($0)'" } ?? kindName(node)
    }

    /// A view's kind, and a text's first characters.
    static func kindName(_ node: LayoutNodeInfo) -> String {
        node.text.map { "\(node.kind) \(LayoutDump.quoted(String($0.prefix(30))))" } ?? "'\(node.kind)'"
    }

    /// The layout warnings as printed: at most `printedLayoutWarnings`, then a count.
    var layoutWarningLines: [String] {
        let all = layoutWarnings
        var lines = all.prefix(Self.printedLayoutWarnings).map(\.description)
        if all.count > lines.count { lines[lines.count - 1] += " (and \(all.count - lines.count) more layout warnings; 'arrange layout' marks them all)" }
        return lines
    }

    /// "x 1…2, y 3…4".
    static func span(_ rect: CGRect) -> String {
        "x \(number(rect.minX))…\(number(rect.maxX)), y \(number(rect.minY))…\(number(rect.maxY))"
    }

    /// A coordinate for reading: at most three decimals, as `arrange layout` prints them.
    static func number(_ value: CGFloat) -> String {
        SceneReader.format((value * 1000).rounded() / 1000)
    }
}

/// One walk over a laid-out tree that finds what `RenderedScene.layoutWarnings` reports.
struct LayoutInspection {
    /// Half a point of slack: anti-aliasing and rounding never count as a problem.
    static let slack: CGFloat = 0.5

    /// Every view, depth first, parents before children, with its parent's index and the sum of
    /// the offsets of it and its ancestors.
    private var nodes: [(node: LayoutNodeInfo, parent: Int?, offset: CGSize)] = []
    /// How many views each view's subtree has, itself included: in this order a subtree is the
    /// views from its root on.
    private var sizes: [Int] = []
    /// Whether each view is part of a connector's drawing: inside the view whose child is a line
    /// tagged "connector:…".
    private var inConnector: [Bool] = []
    private let connectors: [(connector: Connector, location: SourceLocation)]
    /// What is drawn, where connectors' lines and arrowheads are read from.
    private let displayList: DisplayList
    private let locate: (LayoutNodeInfo) -> SourceLocation

    init(tree: LayoutTree, connectors: [(connector: Connector, location: SourceLocation)], locate: @escaping (LayoutNodeInfo) -> SourceLocation) {
        self.connectors = connectors
        displayList = tree.result.displayList
        self.locate = locate
        var stack: [(LayoutNodeInfo, Int?, CGSize)] = [(tree.root, nil, .zero)]
        while let (node, parent, above) = stack.popLast() {
            let offset = CGSize(width: above.width + node.offset.width, height: above.height + node.offset.height)
            let index = nodes.count
            nodes.append((node, parent, offset))
            for child in node.children.reversed() { stack.append((child, index, offset)) }
        }
        sizes = Array(repeating: 1, count: nodes.count)
        for index in nodes.indices.reversed() {
            if let parent = nodes[index].parent { sizes[parent] += sizes[index] }
        }
        inConnector = Array(repeating: false, count: nodes.count)
        for index in nodes.indices where !inConnector[index]
            && nodes[index].node.children.contains(where: { $0.id?.hasPrefix("connector:") == true }) {
            for inside in index ..< index + sizes[index] { inConnector[inside] = true }
        }
    }

    var warnings: [SceneWarning] { textWarnings + connectorWarnings }

    /// The indices of the ancestors of `index`, innermost first.
    private func ancestorIndices(of index: Int) -> [Int] {
        var result: [Int] = []
        var current = nodes[index].parent
        while let parent = current {
            result.append(parent)
            current = nodes[parent].parent
        }
        return result
    }

    // MARK: Texts

    /// A text cut short, clipped by a view around it, or spilling out of one: one warning a text.
    private var textWarnings: [SceneWarning] {
        nodes.indices.compactMap { index -> SceneWarning? in
            let (node, _, offset) = nodes[index]
            guard let fit = node.textFit else { return nil }
            // Named only for a warning: most texts fit, and naming one splits its words.
            var what: String { "text \(LayoutDump.quoted(Self.firstWords(node.text ?? "")))" }
            func warning(_ message: String, _ mark: String) -> SceneWarning {
                SceneWarning(location: locate(node), message: message, path: node.path, mark: mark)
            }
            // A text its own lineLimit cuts short is as asked; one its frame cuts short is not.
            if fit.isCutBySpace {
                return warning("\(what) is truncated: it needs \(fit.neededLines) lines but its frame has room for \(fit.drawnLines), which end\(fit.drawnLines == 1 ? "s" : "") \(LayoutDump.quoted(fit.lastLine)) (\(RenderedScene.span(node.frame)))",
                               "truncated")
            }
            // Layout puts a text in its frame before offsets move it: a text an offset moves
            // out of its frame, or under a clip, is where its author put it.
            func placed(in ancestor: Int) -> CGRect {
                node.frame.offsetBy(dx: nodes[ancestor].offset.width - offset.width, dy: nodes[ancestor].offset.height - offset.height)
            }
            let ancestors = ancestorIndices(of: index)
            if let clip = ancestors.first(where: { nodes[$0].node.clips && !Self.holds(nodes[$0].node.frame, placed(in: $0)) }) {
                let clipping = nodes[clip].node
                return warning("\(what) is clipped by \(RenderedScene.name(clipping)): its lines span \(RenderedScene.span(node.frame)), the clip \(RenderedScene.span(clipping.frame))",
                               "clipped")
            }
            // Out to the frame or container that gave it its space: a text that fits its stack is
            // fine, even when the stack itself is too wide for what holds it.
            for ancestor in ancestors {
                let around = nodes[ancestor].node
                if !Self.holds(around.frame, placed(in: ancestor)) {
                    return warning("\(what) spills out of its \(RenderedScene.name(around)): its lines span \(RenderedScene.span(node.frame)), the \(around.kind) \(RenderedScene.span(around.frame))",
                                   "spills")
                }
                if around.kind == "frame" || around.children.count > 1 { break }
            }
            return nil
        }
    }

    /// Whether `outer`, with the slack, holds `inner`.
    static func holds(_ outer: CGRect, _ inner: CGRect) -> Bool {
        // Compared edge by edge: `CGRect.contains` compares a union, which rounding can change.
        inner.minX >= outer.minX - slack && inner.maxX <= outer.maxX + slack && inner.minY >= outer.minY - slack && inner.maxY <= outer.maxY + slack
    }

    /// The first five words of a text, or its first 30 characters.
    static func firstWords(_ text: String) -> String {
        let words = text.split(whereSeparator: \.isWhitespace)
        let short = words.prefix(5).joined(separator: " ")
        let cut = short.count > 30 ? String(short.prefix(30)) : short
        return cut + (cut.count < words.joined(separator: " ").count ? "…" : "")
    }

    // MARK: Connectors

    /// A connector's drawing found in the tree, with the connector it draws.
    private struct Drawn {
        let connector: Connector
        let location: SourceLocation
        /// The index of its line: the view tagged "connector:FROM→TO".
        let line: Int
        /// Its label's text view and the plate under it, if it has a label.
        let label: (text: Int, plate: CGRect)?
        /// The line as drawn, in canvas coordinates, curves flattened.
        let route: [CGPoint]
        /// Its arrowheads as drawn: triangles, tip first.
        let arrowheads: [[CGPoint]]
        /// Its ends' indices and frames.
        let ends: [(index: Int, frame: CGRect)]
    }

    /// Whether `drawn` may touch the view at `index`: one of its ends, inside one, or holding one
    /// (an ancestor, or a view whose frame holds an end's, such as a panel's background).
    private func mayTouch(_ index: Int, _ drawn: Drawn) -> Bool {
        drawn.ends.contains { end in
            isInside(index, end.index) || isInside(end.index, index) || Self.holds(nodes[index].node.frame, end.frame)
        }
    }

    /// Whether `drawn`'s label may lie over the view at `index`: a view around one of its ends
    /// (an ancestor, or a view whose frame holds the end's, such as a panel's background), but
    /// not an end itself nor anything inside one.
    private func mayCover(_ index: Int, _ drawn: Drawn) -> Bool {
        if drawn.ends.contains(where: { isInside(index, $0.index) }) { return false }
        return drawn.ends.contains { end in isInside(end.index, index) || Self.holds(nodes[index].node.frame, end.frame) }
    }

    /// The key a connector's line is tagged with.
    static func key(_ connector: Connector) -> String { "connector:\(connector.from)→\(connector.to)" }

    /// Every connector drawn, its ends found by id as the connector's anchors were, its line,
    /// arrowheads and label as the display list draws them: the views after its line in the
    /// drawing, up to the next connector's line.
    private func drawnConnectors(_ paths: [String: DrawnPath]) -> [Drawn] {
        var byKey: [String: (connector: Connector, location: SourceLocation)] = [:]
        for entry in connectors where byKey[Self.key(entry.connector)] == nil {
            byKey[Self.key(entry.connector)] = entry
        }
        // A later view with an id wins, as it does for the anchors.
        var byID: [String: Int] = [:]
        for index in nodes.indices where !inConnector[index] {
            if let id = nodes[index].node.id { byID[id] = index }
        }
        let lines = nodes.indices.filter { index in inConnector[index] && nodes[index].node.id.map { byKey[$0] != nil } == true }
        return lines.enumerated().compactMap { position, index -> Drawn? in
            guard let key = nodes[index].node.id, let entry = byKey[key], let parent = nodes[index].parent,
                  let from = byID[entry.connector.from], let to = byID[entry.connector.to] else { return nil }
            let drawing = ancestorIndices(of: index).first { nodes[$0].node.kind == "ConnectorCanvasLayout" } ?? parent
            let next = position + 1 < lines.count ? lines[position + 1] : Int.max
            let pieces = (index + 1) ..< min(next, drawing + sizes[drawing])
            let heads = pieces.compactMap { piece -> [CGPoint]? in
                guard let path = paths[nodes[piece].node.path], path.closed, path.points.count == 3 else { return nil }
                return path.points
            }
            var label: (Int, CGRect)?
            if let text = entry.connector.label, !text.isEmpty, let textIndex = pieces.first(where: { nodes[$0].node.text == text }) {
                // The plate is the label's background; its text alone without one.
                let plate = ancestorIndices(of: textIndex).first { nodes[$0].node.kind == "background" && pieces.contains($0) }
                label = (textIndex, nodes[plate ?? textIndex].node.frame)
            }
            return Drawn(connector: entry.connector, location: entry.location, line: index, label: label,
                         route: paths[nodes[index].node.path]?.points ?? [], arrowheads: heads,
                         ends: [(from, nodes[from].node.frame), (to, nodes[to].node.frame)])
        }
    }

    /// Whether `index` is `ancestor` or inside it.
    private func isInside(_ index: Int, _ ancestor: Int) -> Bool {
        index >= ancestor && index < ancestor + sizes[ancestor]
    }

    /// The views a connector may not cross or cover: views that draw (no children; spacers draw
    /// nothing), of some size, outside every connector's drawing.
    private var obstacles: [Int] {
        nodes.indices.filter { index in
            let node = nodes[index].node
            return node.children.isEmpty && node.kind != "Spacer" && node.frame.width > 1 && node.frame.height > 1 && !inConnector[index]
        }
    }

    /// The view a warning names for an obstacle: its nearest ancestor with an id, unless that
    /// is a view the connector may touch (`allowed`); else the obstacle itself.
    private func named(_ obstacle: Int, _ drawn: Drawn, allowed: (Int, Drawn) -> Bool) -> Int {
        for index in [obstacle] + ancestorIndices(of: obstacle) {
            if allowed(index, drawn) { break }
            if nodes[index].node.id != nil { return index }
        }
        return obstacle
    }

    private var connectorWarnings: [SceneWarning] {
        guard nodes.indices.contains(where: { inConnector[$0] }) else { return [] }
        let all = drawnConnectors(Self.drawnPaths(displayList))
        let obstacles = self.obstacles
        var warnings = routingWarnings(all)
        for (number, drawn) in all.enumerated() {
            let c = drawn.connector
            let what = "connector '\(c.from)' → '\(c.to)'"
            // Only views near the line can be in its way.
            var near = drawn.label?.plate ?? .null
            for point in drawn.route { near = near.union(CGRect(origin: point, size: .zero)) }
            near = near.insetBy(dx: -1, dy: -1)
            let nearby = obstacles.filter { nodes[$0].node.frame.intersects(near) }
            let blocking = nearby.filter { !mayTouch($0, drawn) }
            if let (text, plate) = drawn.label {
                let covered = plate.insetBy(dx: Self.slack, dy: Self.slack)
                let quoted = "its label \(LayoutDump.quoted(c.label ?? "")) (\(RenderedScene.span(plate)))"
                var named = Set<Int>()
                // A label may cover the panels around its ends, not the ends themselves.
                for obstacle in nearby where covered.intersects(nodes[obstacle].node.frame) && !mayCover(obstacle, drawn) {
                    let name = self.named(obstacle, drawn, allowed: mayCover)
                    guard named.insert(name).inserted else { continue }
                    let view = nodes[name].node
                    warnings.append(SceneWarning(location: drawn.location,
                                                 message: "\(what): \(quoted) covers \(RenderedScene.name(view)) (\(view.kind), \(RenderedScene.span(view.frame)))",
                                                 path: nodes[text].node.path, mark: "label covers \(RenderedScene.name(view))"))
                }
                for other in all {
                    for head in other.arrowheads where ConnectorRoute.triangle(head, overlaps: covered) {
                        warnings.append(SceneWarning(location: drawn.location,
                                                     message: "\(what): \(quoted) covers the arrowhead of connector '\(other.connector.from)' → '\(other.connector.to)' at (\(RenderedScene.number(head[0].x)), \(RenderedScene.number(head[0].y)))",
                                                     path: nodes[text].node.path, mark: "label covers an arrowhead"))
                    }
                }
                for other in all[..<number] {
                    guard let (_, otherPlate) = other.label, covered.intersects(otherPlate.insetBy(dx: Self.slack, dy: Self.slack)) else { continue }
                    warnings.append(SceneWarning(location: drawn.location,
                                                 message: "\(what): \(quoted) covers the label \(LayoutDump.quoted(other.connector.label ?? "")) of connector '\(other.connector.from)' → '\(other.connector.to)' (\(RenderedScene.span(otherPlate)))",
                                                 path: nodes[text].node.path, mark: "label covers a label"))
                }
            }
            // A view must be entered by more than the slack to count.
            var crossed = Set<Int>()
            for obstacle in blocking {
                let inner = nodes[obstacle].node.frame.insetBy(dx: Self.slack, dy: Self.slack)
                guard let point = Self.entry(of: drawn.route, into: inner) else { continue }
                let name = named(obstacle, drawn, allowed: mayTouch)
                guard crossed.insert(name).inserted else { continue }
                let view = nodes[name].node
                warnings.append(SceneWarning(location: drawn.location,
                                             message: "\(what) (\(c.routing.rawValue)) runs through \(RenderedScene.name(view)) (\(view.kind), \(RenderedScene.span(view.frame))), entering it at (\(RenderedScene.number(point.x)), \(RenderedScene.number(point.y)))",
                                             path: nodes[drawn.line].node.path, mark: "route crosses \(RenderedScene.name(view))"))
            }
        }
        return warnings
    }

    /// What the connectors' layout reports (`LayoutNodeInfo.notes`): connectors drawn without a
    /// route around the views in their way, each at its line.
    private func routingWarnings(_ all: [Drawn]) -> [SceneWarning] {
        var warnings: [SceneWarning] = []
        var bySubject: [String: [Drawn]] = [:]
        for drawn in all { bySubject[Self.key(drawn.connector), default: []].append(drawn) }
        for index in nodes.indices {
            for note in nodes[index].node.notes {
                guard let drawn = bySubject[note.subject]?.first(where: { isInside($0.line, index) }) else { continue }
                let c = drawn.connector
                warnings.append(SceneWarning(location: drawn.location, message: "connector '\(c.from)' → '\(c.to)' (\(c.routing.rawValue)) \(note.message)",
                                             path: nodes[drawn.line].node.path, mark: note.mark))
            }
        }
        return warnings
    }

    /// A path as the display list draws it, in canvas coordinates: its points, curves flattened
    /// into 16 chords, and whether it is closed.
    struct DrawnPath {
        var points: [CGPoint]
        var closed: Bool
    }

    /// The path items of `list` by tree path.
    static func drawnPaths(_ list: DisplayList) -> [String: DrawnPath] {
        var result: [String: DrawnPath] = [:]
        var pending: [(items: [DisplayItem], shift: CGSize)] = [(list.items, .zero)]
        while let (items, shift) = pending.popLast() {
            for item in items {
                switch item.content {
                case .path(let drawing):
                    let dx = item.frame.minX + shift.width, dy = item.frame.minY + shift.height
                    var points: [CGPoint] = [], closed = false
                    var current = CGPoint.zero
                    func add(_ p: CGPoint) { points.append(CGPoint(x: p.x + dx, y: p.y + dy)) }
                    for element in drawing.path.elements {
                        switch element {
                        case .move(let p), .line(let p):
                            add(p)
                            current = p
                        case .quadCurve(let p, let c):
                            for step in 1 ... 16 {
                                let t = CGFloat(step) / 16, u = 1 - t
                                add(CGPoint(x: u * u * current.x + 2 * u * t * c.x + t * t * p.x, y: u * u * current.y + 2 * u * t * c.y + t * t * p.y))
                            }
                            current = p
                        case .curve(let p, let c1, let c2):
                            for step in 1 ... 16 {
                                let t = CGFloat(step) / 16, u = 1 - t
                                let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
                                add(CGPoint(x: a * current.x + b * c1.x + c * c2.x + d * p.x, y: a * current.y + b * c1.y + c * c2.y + d * p.y))
                            }
                            current = p
                        case .closeSubpath:
                            closed = true
                        }
                    }
                    result[item.identity.path] = DrawnPath(points: points, closed: closed)
                case .group(let group):
                    pending.append((group.items, CGSize(width: shift.width + group.translation.width, height: shift.height + group.translation.height)))
                default:
                    break
                }
            }
        }
        return result
    }

    /// The first point at which the polyline `points` enters the open interior of `rect`, or nil.
    static func entry(of points: [CGPoint], into rect: CGRect) -> CGPoint? {
        guard rect.width > 0, rect.height > 0 else { return nil }
        for (p, q) in zip(points, points.dropFirst()) {
            var t0: CGFloat = 0, t1: CGFloat = 1
            let dx = q.x - p.x, dy = q.y - p.y
            var outside = false
            for (denominator, numerator) in [(-dx, p.x - rect.minX), (dx, rect.maxX - p.x), (-dy, p.y - rect.minY), (dy, rect.maxY - p.y)] {
                if denominator == 0 {
                    if numerator <= 0 { outside = true }
                } else {
                    let t = numerator / denominator
                    if denominator < 0 { t0 = max(t0, t) } else { t1 = min(t1, t) }
                }
            }
            // Inside for a stretch, not only touching the edge.
            guard !outside, t1 - t0 > 1e-9 else { continue }
            return CGPoint(x: p.x + dx * t0, y: p.y + dy * t0)
        }
        return nil
    }
}
