import Arrange
import Foundation

/// The laid-out tree as JSON (what `arrange layout --json` prints and what `arrange check` keeps
/// beside each reference image), read back, and compared: which views moved or resized.
public enum LayoutDump {
    /// The tree as JSON: keys in a fixed order, numbers exact, one view per object. A view with
    /// `marks` (layout warnings, by path) has them as "warnings"; others have no such key.
    public static func json(_ tree: LayoutTree, file: String, marks: [String: [String]] = [:]) -> String {
        var out = "{\n"
        let canvas = tree.result.canvasSize
        out += "  \"file\": \(quoted(file)),\n"
        out += "  \"canvas\": {\"width\": \(number(canvas.width)), \"height\": \(number(canvas.height)), \"scale\": \(number(tree.result.displayList.scale))},\n"
        out += "  \"root\": "
        func add(_ node: LayoutNodeInfo, _ indent: String) {
            let f = node.frame
            out += "{\n"
            out += indent + "  \"kind\": \(quoted(node.kind)),\n"
            out += indent + "  \"id\": \(node.id.map(quoted) ?? "null"),\n"
            out += indent + "  \"path\": \(quoted(node.path)),\n"
            out += indent + "  \"source\": \(node.source.map(quoted) ?? "null"),\n"
            out += indent + "  \"frame\": {\"x\": \(number(f.minX)), \"y\": \(number(f.minY)), \"width\": \(number(f.width)), \"height\": \(number(f.height))},\n"
            if let warnings = marks[node.path], !warnings.isEmpty {
                out += indent + "  \"warnings\": [\(warnings.map(quoted).joined(separator: ", "))],\n"
            }
            out += indent + "  \"children\": ["
            for (index, child) in node.children.enumerated() {
                out += index == 0 ? "\n" + indent + "    " : ",\n" + indent + "    "
                add(child, indent + "    ")
            }
            out += node.children.isEmpty ? "]\n" : "\n" + indent + "  ]\n"
            out += indent + "}"
        }
        add(tree.root, "  ")
        return out + "\n}\n"
    }

    /// Reads the root view back from `json(_:file:)`'s output; nil when it is not such a dump.
    public static func read(_ data: Data) -> LayoutNodeInfo? {
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let root = object["root"] as? [String: Any] else { return nil }
        return node(root, depth: 0)
    }

    private static func node(_ object: [String: Any], depth: Int) -> LayoutNodeInfo? {
        guard depth <= Limits.viewDepth * 8, let kind = object["kind"] as? String, let path = object["path"] as? String,
              let frame = object["frame"] as? [String: Any],
              let x = (frame["x"] as? NSNumber)?.doubleValue, let y = (frame["y"] as? NSNumber)?.doubleValue,
              let width = (frame["width"] as? NSNumber)?.doubleValue, let height = (frame["height"] as? NSNumber)?.doubleValue
        else { return nil }
        let children = (object["children"] as? [[String: Any]] ?? []).compactMap { node($0, depth: depth + 1) }
        return LayoutNodeInfo(kind: kind, id: object["id"] as? String, path: path, source: object["source"] as? String,
                              frame: CGRect(x: x, y: y, width: width, height: height), children: children)
    }

    /// A view whose frame changed between two layouts.
    public struct Change: Hashable, Sendable, Codable, CustomStringConvertible {
        /// The view's id if it has one, else its kind and tree path ("Rectangle at 0.1.2").
        public var view: String
        public var kind: String
        /// The old frame; nil for a view that is new.
        public var before: CGRect?
        /// The new frame; nil for a view that is gone.
        public var after: CGRect?

        public var description: String {
            func text(_ r: CGRect) -> String { "(\(LayoutDump.number(r.minX)), \(LayoutDump.number(r.minY)), \(LayoutDump.number(r.width)), \(LayoutDump.number(r.height)))" }
            switch (before, after) {
            case let (before?, after?):
                let what = before.size == after.size ? "moved" : (before.origin == after.origin ? "resized" : "moved and resized")
                return "\(view) \(what): \(text(before)) → \(text(after))"
            case let (nil, after?): return "\(view) is new at \(text(after))"
            case let (before?, nil): return "\(view) is gone from \(text(before))"
            case (nil, nil): return view
            }
        }
    }

    /// The views whose frames differ between `old` and `new`, matched by id where they have one,
    /// else by kind and tree path; tagged views first, in tree order. A view that moved exactly
    /// as its nearest tagged ancestor did (the shape inside an `.id`'d frame) is not listed again.
    public static func changes(from old: LayoutNodeInfo, to new: LayoutNodeInfo) -> [Change] {
        func key(_ node: LayoutNodeInfo) -> String { node.id.map { "#" + $0 } ?? node.kind + " at " + node.path }
        /// Every node with the key of its nearest tagged ancestor.
        func flatten(_ node: LayoutNodeInfo, _ tagged: String?) -> [(node: LayoutNodeInfo, tagged: String?)] {
            let own = node.id != nil ? key(node) : tagged
            return [(node, tagged)] + node.children.flatMap { flatten($0, own) }
        }
        let before = flatten(old, nil), after = flatten(new, nil)
        var oldByKey: [String: LayoutNodeInfo] = [:]
        for entry in before where oldByKey[key(entry.node)] == nil { oldByKey[key(entry.node)] = entry.node }
        var seen = Set<String>()
        var changes: [(change: Change, tagged: String?)] = []
        for entry in after {
            let name = key(entry.node)
            guard seen.insert(name).inserted else { continue }
            if let previous = oldByKey[name] {
                if !same(previous.frame, entry.node.frame) {
                    changes.append((Change(view: name, kind: entry.node.kind, before: previous.frame, after: entry.node.frame), entry.tagged))
                }
            } else {
                changes.append((Change(view: name, kind: entry.node.kind, before: nil, after: entry.node.frame), entry.tagged))
            }
        }
        for entry in before where !seen.contains(key(entry.node)) && seen.insert(key(entry.node)).inserted {
            changes.append((Change(view: key(entry.node), kind: entry.node.kind, before: entry.node.frame, after: nil), entry.tagged))
        }
        var byView: [String: Change] = [:]
        for item in changes { byView[item.change.view] = item.change }
        let kept = changes.filter { item in
            guard let tagged = item.tagged, let ancestor = byView[tagged] else { return true }
            return !(item.change.before == ancestor.before && item.change.after == ancestor.after)
        }.map(\.change)
        return kept.filter { $0.view.hasPrefix("#") } + kept.filter { !$0.view.hasPrefix("#") }
    }

    /// Frames equal to 1/1000 pt: JSON keeps them exact, arithmetic may not.
    static func same(_ a: CGRect, _ b: CGRect) -> Bool {
        abs(a.minX - b.minX) < 1e-3 && abs(a.minY - b.minY) < 1e-3 && abs(a.width - b.width) < 1e-3 && abs(a.height - b.height) < 1e-3
    }

    /// A number as JSON writes it: whole numbers without a fraction.
    public static func number(_ value: CGFloat) -> String {
        guard value.isFinite else { return "null" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return "\(Double(value))"
    }

    /// A JSON string literal.
    public static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            // C1 controls too (U+0080–U+009F), which some terminals obey like ESC sequences.
            case _ where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value): result += String(format: "\\u%04x", scalar.value)
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
