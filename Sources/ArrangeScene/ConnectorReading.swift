import Arrange
import Foundation
import Yams

// The `connect` modifier: connectors between views by id, each id checked once the view
// that draws them is read.

extension SceneReader {
    /// `connect: {from:, to:, …}` or a list of them: lines drawn over this view between views
    /// inside it with those ids. Each id is checked once the view is read (`checkConnections`).
    mutating func connect(_ node: Node) throws -> Modification {
        let items: [Node]
        if case .sequence(let list) = node { items = Array(list) } else { items = [node] }
        guard items.count <= 10_000 else { throw error("'connect' lists at most 10000 connectors, found \(items.count)", at: node) }
        var connectors: [Connector] = []
        for item in items {
            // Each connector is a few views more; with 'repeat' they would otherwise be unbounded.
            try countView(item)
            var from: (String, Node)?, to: (String, Node)?
            var connector = Connector(from: "", to: "")
            var fromAnchor: UnitPoint?, toAnchor: UnitPoint?
            for entry in try entries(item, in: "a connector of 'connect'", as: ConnectKey.self) {
                switch entry.key {
                case .from: from = (try string(entry.value, entry.name) + context.idSuffix, entry.value)
                case .to: to = (try string(entry.value, entry.name) + context.idSuffix, entry.value)
                case .fromAnchor: fromAnchor = try unitPoint(entry.value, entry.name)
                case .toAnchor: toAnchor = try unitPoint(entry.value, entry.name)
                case .routing:
                    connector.routing = try choice(entry.value, entry.name, ["straight": .straight, "elbow": .elbow, "curve": .curve])
                case .arrow:
                    (connector.startArrow, connector.endArrow) = try choice(entry.value, entry.name,
                                                                            ["end": (false, true), "start": (true, false), "both": (true, true), "none": (false, false)])
                case .color: connector.color = try color(entry.value, entry.name)
                case .lineWidth:
                    connector.lineWidth = try number(entry.value, entry.name, .nonNegative)
                    guard connector.lineWidth <= 100 else { throw error("'lineWidth' of a connector is at most 100", at: entry.value) }
                case .dash: connector.dash = try dash(entry.value, entry.name)
                case .label:
                    let label = try string(entry.value, entry.name)
                    try countText(label, at: entry.value)
                    connector.label = label
                case .labelBackground: connector.labelBackground = try color(entry.value, entry.name)
                case .margin:
                    connector.margin = try number(entry.value, entry.name, .nonNegative)
                    guard connector.margin <= 1000 else { throw error("'margin' of a connector is at most 1000", at: entry.value) }
                }
            }
            guard let from, let to else { throw error("a connector needs 'from' and 'to': the ids of two views inside this one", at: item) }
            connector.from = from.0
            connector.to = to.0
            connector.fromAnchor = fromAnchor
            connector.toAnchor = toAnchor
            collected.connections.append((from.0, from.1))
            collected.connections.append((to.0, to.1))
            connectors.append(connector)
            collected.connectors.append((connector, location(item)))
        }
        let made = connectors
        return { .view(AnyView($0.view.connectors(made))) }
    }

    /// Checks that the connectors registered since `mark` name views read since `idMark`: the ids
    /// inside the view that draws them.
    mutating func checkConnections(since mark: Int, ids idMark: Int) throws {
        guard collected.connections.count > mark else { return }
        let inside = Set(collected.sceneIDs[idMark...])
        for (id, node) in collected.connections[mark...] where !inside.contains(id) {
            let known = Array(inside).sorted()
            let listed = known.isEmpty ? " (no view inside it has an id)" : known.count <= 12 ? " (ids inside it: \(Suggestion.list(known)))" : ""
            // About the connector, whichever view's reading finds it (an ancestor checks again).
            throw error("no view with id '\(Self.shown(id))' inside the view that draws this connector\(Suggestion.hint(for: id, in: known))\(listed)", at: node,
                        see: .modifier(.connect))
        }
        collected.connections.removeSubrange(mark...)
    }

    /// Whether any mapping in the tree has the key `key` (the YAML guard has bounded its size).
    static func mentions(_ key: String, in root: Node) -> Bool {
        var pending = [root]
        while let node = pending.popLast() {
            switch node {
            case .mapping(let mapping):
                for index in mapping.positions {
                    let (name, value) = mapping[index]
                    if name.string == key { return true }
                    pending.append(value)
                }
            case .sequence(let items):
                pending.append(contentsOf: items)
            case .scalar, .alias:
                continue
            }
        }
        return false
    }
}
