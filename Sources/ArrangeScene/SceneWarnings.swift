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
    /// whose lines spill out of their frame; connectors whose label covers another view or an
    /// arrowhead, or whose line runs through a view that is not one of its ends (nor holds one).
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
    private let locate: (LayoutNodeInfo) -> SourceLocation

    init(tree: LayoutTree, connectors: [(connector: Connector, location: SourceLocation)], locate: @escaping (LayoutNodeInfo) -> SourceLocation) {
        self.connectors = connectors
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
            let what = "text \(LayoutDump.quoted(Self.firstWords(node.text ?? "")))"
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
        let route: ConnectorRoute
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

    /// Every connector drawn, its ends found by id as the connector's anchors were.
    private var drawnConnectors: [Drawn] {
        var byKey: [String: (connector: Connector, location: SourceLocation)] = [:]
        for entry in connectors where byKey["connector:\(entry.connector.from)→\(entry.connector.to)"] == nil {
            byKey["connector:\(entry.connector.from)→\(entry.connector.to)"] = entry
        }
        // A later view with an id wins, as it does for the anchors.
        var byID: [String: Int] = [:]
        for index in nodes.indices where !inConnector[index] {
            if let id = nodes[index].node.id { byID[id] = index }
        }
        return nodes.indices.compactMap { index -> Drawn? in
            guard let key = nodes[index].node.id, let entry = byKey[key], let view = nodes[index].parent,
                  let from = byID[entry.connector.from], let to = byID[entry.connector.to] else { return nil }
            let fromFrame = nodes[from].node.frame, toFrame = nodes[to].node.frame
            var label: (Int, CGRect)?
            if let text = entry.connector.label, !text.isEmpty,
               let textIndex = (view ..< view + sizes[view]).first(where: { nodes[$0].node.text == text }) {
                // The plate is the label's background; its text alone without one.
                let plate = ancestorIndices(of: textIndex).first { nodes[$0].node.kind == "background" && isInside($0, view) }
                label = (textIndex, nodes[plate ?? textIndex].node.frame)
            }
            return Drawn(connector: entry.connector, location: entry.location, line: index, label: label,
                         route: ConnectorRoute(entry.connector, from: fromFrame, to: toFrame), ends: [(from, fromFrame), (to, toFrame)])
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
    /// holds an end of the connector; else the obstacle itself.
    private func named(_ obstacle: Int, _ drawn: Drawn) -> Int {
        for index in [obstacle] + ancestorIndices(of: obstacle) {
            if mayTouch(index, drawn) { break }
            if nodes[index].node.id != nil { return index }
        }
        return obstacle
    }

    private var connectorWarnings: [SceneWarning] {
        let all = drawnConnectors
        let obstacles = self.obstacles
        var warnings: [SceneWarning] = []
        for drawn in all {
            let c = drawn.connector
            let what = "connector '\(c.from)' → '\(c.to)'"
            // Only views near the line can be in its way.
            let near = drawn.route.path.boundingRect.union(drawn.label?.plate ?? .null).insetBy(dx: -1, dy: -1)
            let blocking = obstacles.filter { nodes[$0].node.frame.intersects(near) && !mayTouch($0, drawn) }
            if let (text, plate) = drawn.label {
                let covered = plate.insetBy(dx: Self.slack, dy: Self.slack)
                var named = Set<Int>()
                for obstacle in blocking where covered.intersects(nodes[obstacle].node.frame) {
                    let name = self.named(obstacle, drawn)
                    guard named.insert(name).inserted else { continue }
                    let view = nodes[name].node
                    warnings.append(SceneWarning(location: drawn.location,
                                                 message: "\(what): its label \(LayoutDump.quoted(c.label ?? "")) (\(RenderedScene.span(plate))) covers \(RenderedScene.name(view)) (\(view.kind), \(RenderedScene.span(view.frame)))",
                                                 path: nodes[text].node.path, mark: "label covers \(RenderedScene.name(view))"))
                }
                for other in all {
                    for head in other.route.arrowheads(of: other.connector) where Self.intersects(triangle: head, covered) {
                        warnings.append(SceneWarning(location: drawn.location,
                                                     message: "\(what): its label \(LayoutDump.quoted(c.label ?? "")) (\(RenderedScene.span(plate))) covers the arrowhead of connector '\(other.connector.from)' → '\(other.connector.to)' at (\(RenderedScene.number(head[0].x)), \(RenderedScene.number(head[0].y)))",
                                                     path: nodes[text].node.path, mark: "label covers an arrowhead"))
                    }
                }
            }
            // Walked a point at a time; a view must be entered by more than the slack to count.
            let points = drawn.route.points(every: 1)
            var crossed = Set<Int>()
            for obstacle in blocking {
                let inner = nodes[obstacle].node.frame.insetBy(dx: Self.slack, dy: Self.slack)
                guard let point = points.first(where: { inner.contains($0) }) else { continue }
                let name = named(obstacle, drawn)
                guard crossed.insert(name).inserted else { continue }
                let view = nodes[name].node
                warnings.append(SceneWarning(location: drawn.location,
                                             message: "\(what) (\(c.routing.rawValue)) runs through \(RenderedScene.name(view)) (\(view.kind), \(RenderedScene.span(view.frame))), entering it at (\(RenderedScene.number(point.x)), \(RenderedScene.number(point.y)))",
                                             path: nodes[drawn.line].node.path, mark: "route crosses \(RenderedScene.name(view))"))
            }
        }
        return warnings
    }

    /// Whether the triangle `corners` and `rect` overlap: a corner of one inside the other, or
    /// two sides crossing.
    static func intersects(triangle corners: [CGPoint], _ rect: CGRect) -> Bool {
        guard corners.count == 3, !rect.isEmpty else { return false }
        if corners.contains(where: { rect.contains($0) }) { return true }
        let rectCorners = [CGPoint(x: rect.minX, y: rect.minY), CGPoint(x: rect.maxX, y: rect.minY),
                           CGPoint(x: rect.maxX, y: rect.maxY), CGPoint(x: rect.minX, y: rect.maxY)]
        func side(_ a: CGPoint, _ b: CGPoint, _ p: CGPoint) -> CGFloat { (b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x) }
        let inside = rectCorners.contains { p in
            let s = (0..<3).map { side(corners[$0], corners[($0 + 1) % 3], p) }
            return s.allSatisfy { $0 >= 0 } || s.allSatisfy { $0 <= 0 }
        }
        if inside { return true }
        for i in 0..<3 {
            let a = corners[i], b = corners[(i + 1) % 3]
            for j in 0..<4 {
                let c = rectCorners[j], d = rectCorners[(j + 1) % 4]
                if side(a, b, c) * side(a, b, d) < 0, side(c, d, a) * side(c, d, b) < 0 { return true }
            }
        }
        return false
    }
}
