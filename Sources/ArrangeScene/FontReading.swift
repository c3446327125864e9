import Arrange
import Foundation
import Yams

// Reading fonts: a `font` value, and the font files and folders of a scene's `fonts:`.

extension SceneReader {
    static let textStyles: KeyValuePairs<String, Font.TextStyle> = [
        "largeTitle": .largeTitle, "title": .title, "title2": .title2, "title3": .title3,
        "headline": .headline, "subheadline": .subheadline, "body": .body, "callout": .callout,
        "footnote": .footnote, "caption": .caption, "caption2": .caption2,
    ]

    static let weights: KeyValuePairs<String, Font.Weight> = [
        "ultraLight": .ultraLight, "thin": .thin, "light": .light, "regular": .regular, "medium": .medium,
        "semibold": .semibold, "bold": .bold, "heavy": .heavy, "black": .black,
    ]

    static let designs: KeyValuePairs<String, Font.Design> = [
        "default": .default, "serif": .serif, "rounded": .rounded, "monospaced": .monospaced,
    ]

    /// A font: a text style (`largeTitle`, `body`, …) or `{style:|size:, weight:, design:,
    /// italic:}`.
    mutating func font(_ node: Node, _ name: String = "font") throws -> Font {
        let outerSection = context.enter(.value(.font))
        defer { context.section = outerSection }
        if case .scalar = node {
            return .system(try choice(node, name, Self.textStyles))
        }
        var style: Font.TextStyle?, size: Double?, weight: Font.Weight?, design = Font.Design.default, italic = false
        var family: String?
        for entry in try entries(node, in: "'\(name)'", as: FontKey.self) {
            switch entry.key {
            case .style: style = try choice(entry.value, entry.name, Self.textStyles)
            case .size:
                let value = try number(entry.value, entry.name, .positive)
                guard Limits.fontSizes.contains(value) else {
                    throw error("a font 'size' must be from \(Self.format(Limits.fontSizes.lowerBound)) to \(Self.format(Limits.fontSizes.upperBound)) points, found \(Self.format(value))", at: entry.value)
                }
                size = value
            case .weight: weight = try choice(entry.value, entry.name, Self.weights)
            case .design: design = try choice(entry.value, entry.name, Self.designs)
            case .italic: italic = try bool(entry.value, entry.name)
            case .family:
                let name = try string(entry.value, entry.name)
                guard !name.trimmingCharacters(in: .whitespaces).isEmpty, name.count <= 200 else {
                    throw error("'family' names a font family, as in {family: Inter, size: 17}", at: entry.value)
                }
                family = name
                collected.fontFamilies.append((name, location(entry.value)))
            }
        }
        if style != nil, size != nil {
            throw error("a font has either a 'style' or a 'size', not both", at: node)
        }
        var font: Font
        if let size {
            font = .system(size: size, weight: weight ?? .regular, design: design)
        } else {
            font = .system(style ?? .body, design: design, weight: weight)
        }
        if let family {
            let resolvedSize = font.size
            let resolvedWeight = font.weight
            font = Font.custom(family, size: resolvedSize).weight(resolvedWeight)
            font.design = design
        }
        if italic { font = font.italic() }
        return font
    }

    /// `fonts:` — a font file or folder, or a list of them, relative to the scene file's folder
    /// (to the current folder for standard input): each font file found, checked by the read
    /// policy (inside the allowed folders once links are resolved, a regular file).
    mutating func fontSources(_ node: Node, relativeTo file: String) throws -> [(url: URL, location: SourceLocation)] {
        let items: [Node]
        if case .sequence(let list) = node { items = Array(list) } else { items = [node] }
        var sources: [(url: URL, location: SourceLocation)] = []
        for item in items {
            let path = try string(item, "fonts")
            guard !path.isEmpty else { throw error("'fonts' lists font files or folders, as in fonts: [fonts/Inter.ttf]", at: item) }
            let files: [String]
            do {
                files = try fontInputs(in: Self.path(path, relativeTo: file))
            } catch var refusal {
                if refusal.path.hasSuffix(path) { refusal.path = path }
                throw self.error("the font \(refusal)", at: item)
            }
            guard !files.isEmpty else { throw self.error("the folder '\(Self.shown(path))' holds no font files (.ttf, .otf, .ttc, .otc)", at: item) }
            for file in files where !sources.contains(where: { $0.url.path == file }) {
                sources.append((URL(fileURLWithPath: file), location(item)))
            }
        }
        return sources
    }

    /// The most font files one `fonts` entry may bring.
    static let fontFileLimit = 1_000
}
