import Arrange
import Foundation
import Yams

// The `geometryReader` kind, and the placeholders of texts inside one.

extension SceneReader {
    /// `geometryReader: {}` with children: they are offered the reader's size and put at its
    /// top-leading corner. Texts inside may show the reader's numbers (`{width}`,
    /// `{global.minY}`, `{NAME.minX}`: see `geometryText`).
    mutating func geometryReader(_ node: Node) throws -> ViewMaker {
        try noParameters(node, of: .geometryReader)
        return { children in .view(AnyView(GeometryReader { _ in ForEach(0..<children.count) { children[$0] } })) }
    }

    /// The fields a text in a geometry reader may show.
    static let geometryFields = ["minX", "minY", "maxX", "maxY", "midX", "midY", "width", "height"]

    /// A text with `{…}` placeholders, shown with the numbers of the enclosing geometry reader:
    /// `{width}` and `{height}` its size, `{SPACE.FIELD}` a field of its frame in SPACE
    /// (`global`, `local` or a name given with `coordinateSpace`). Numbers read as Swift prints a
    /// CGFloat ("108.0"), as the seed's `Text("\(geo.frame(in: .global).minY)")` does.
    func geometryText(_ content: String, at node: Node) throws -> [GeometryTextPart]? {
        guard content.contains("{") else { return nil }
        var parts: [GeometryTextPart] = [], rest = Substring(content)
        while let open = rest.firstIndex(of: "{") {
            parts.append(.literal(String(rest[..<open])))
            guard let close = rest[open...].firstIndex(of: "}") else {
                throw error("a '{' in the text has no '}'; placeholders are written {width}, {global.minY} or {NAME.minX}", at: node)
            }
            let name = rest[rest.index(after: open)..<close]
            let pieces = name.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
            switch pieces.count {
            case 1 where pieces[0] == "width" || pieces[0] == "height":
                parts.append(.field(space: "local", field: pieces[0]))
            case 2 where Self.geometryFields.contains(pieces[1]) && !pieces[0].isEmpty:
                parts.append(.field(space: pieces[0], field: pieces[1]))
            default:
                throw error("unknown placeholder '{\(Self.shown(String(name)))}'; write {width}, {height} or {SPACE.FIELD} with SPACE global, local or a coordinateSpace name, and FIELD one of \(Suggestion.list(Self.geometryFields))",
                            at: node)
            }
            rest = rest[rest.index(after: close)...]
        }
        parts.append(.literal(String(rest)))
        return parts
    }
}

/// One piece of a geometry text: words as written, or a number of the reader's frame.
enum GeometryTextPart {
    case literal(String)
    case field(space: String, field: String)

    /// The text with the numbers of `proxy`.
    static func text(_ parts: [GeometryTextPart], _ proxy: GeometryProxy) -> String {
        parts.map { part in
            switch part {
            case .literal(let text): return text
            case .field(let space, let field):
                let frame = switch space {
                case "global": proxy.frame(in: .global)
                case "local": proxy.frame(in: .local)
                default: proxy.frame(in: .named(space))
                }
                let value: CGFloat = switch field {
                case "minX": frame.minX
                case "minY": frame.minY
                case "maxX": frame.maxX
                case "maxY": frame.maxY
                case "midX": frame.midX
                case "midY": frame.midY
                case "width": frame.width
                default: frame.height
                }
                return "\(value)"
            }
        }.joined()
    }
}
