import Arrange
import Foundation
import Yams

// The `icon` kind: an icon of the standard icon set by name.

extension SceneReader {
    /// `icon: storage`, or `icon: {name: storage, resizable: true}`: an icon of Material Icons
    /// (`IconSet.standard`), sized by the font (`font` modifier) or, resizable, by its frame, and
    /// painted with `foregroundStyle`. An unknown name is an error at the name, with suggestions;
    /// a machine without the set, an error saying which Debian package to install.
    mutating func icon(_ node: Node) throws -> ViewMaker {
        var nameNode: Node?, resizable = false
        if case .scalar = node, !Self.isNull(node) {
            nameNode = node
        } else {
            for entry in try parameters(node, of: .icon, as: IconKey.self) {
                switch entry.key {
                case .name: nameNode = entry.value
                case .resizable: resizable = try bool(entry.value, entry.name)
                }
            }
        }
        guard let nameNode else {
            throw error("'icon' needs a 'name', as in {icon: storage} or {icon: {name: storage, resizable: true}}; list the names with 'arrange icons'", at: node)
        }
        let name = try string(nameNode, IconKey.name.name)
        let icon: IconSet.Icon
        do {
            icon = try IconSet.standard.get().icon(named: name)
        } catch IconError.unknownName(let name, let suggestions) {
            throw error("\(IconError.unknownName(name, suggestions: suggestions)) (list the names with 'arrange icons SEARCH')", at: nameNode)
        } catch {
            throw self.error("\(error)", at: nameNode)
        }
        return { _ in
            let image = Image(icon: icon)
            return .view(AnyView(resizable ? image.resizable() : image))
        }
    }
}
