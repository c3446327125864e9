import Arrange
import Foundation
import Yams

// Reading the other values a parameter may take: booleans, text, a name from a list of
// choices, alignments and unit points.

extension SceneReader {
    func bool(_ node: Node, _ name: String) throws -> Bool {
        if case .scalar(let scalar) = node, scalar.style == .plain {
            switch scalar.string {
            case "true", "True", "TRUE": return true
            case "false", "False", "FALSE": return false
            default: break
            }
        }
        throw error("'\(name)' expects true or false, found \(Self.describe(node))", at: node)
    }

    /// Counts code points of text against `Limits.textScalars`, and refuses a character made of
    /// more than `Limits.scalarsPerCharacter` code points.
    mutating func countText(_ text: String, at node: Node) throws {
        // ASCII text, most text, has one code point a byte and no combining marks.
        let ascii = text.utf8.allSatisfy { $0 < 0x80 }
        collected.textCharacters += ascii ? text.utf8.count : text.unicodeScalars.count
        guard collected.textCharacters <= context.limits.textScalars else {
            throw stop("the scene has more than \(context.limits.textScalars) code points of text (copies made by 'repeat' included)\(SceneLimits.raise("text"))", at: node)
        }
        guard !ascii else { return }
        // Grapheme breaking of a giant cluster is itself slow: look at runs of combining code
        // points first, and only then at characters.
        var run = 0
        for scalar in text.unicodeScalars {
            run = scalar.properties.canonicalCombiningClass.rawValue != 0 || scalar.properties.generalCategory == .nonspacingMark
                || scalar.value == 0x200D || (0xFE00...0xFE0F).contains(scalar.value) ? run + 1 : 0
            if run >= Limits.scalarsPerCharacter {
                throw error("the text has a character of more than \(Limits.scalarsPerCharacter) code points (a letter with \(run) or more combining marks); at most \(Limits.scalarsPerCharacter)", at: node)
            }
        }
    }

    /// Text: any scalar, as written (a number or word reads as its text).
    func string(_ node: Node, _ name: String) throws -> String {
        guard case .scalar(let scalar) = node, !Self.isNull(node) else {
            throw error("'\(name)' expects text, found \(Self.describe(node))", at: node)
        }
        return scalar.string
    }

    /// One of the names of `choices`.
    func choice<T>(_ node: Node, _ name: String, _ choices: KeyValuePairs<String, T>) throws -> T {
        let names = choices.map(\.key)
        guard case .scalar(let scalar) = node, !Self.isNull(node) else {
            throw error("'\(name)' expects \(Suggestion.list(names)), found \(Self.describe(node))", at: node)
        }
        if let match = choices.first(where: { $0.key == scalar.string }) { return match.value }
        throw error("'\(name)' cannot be '\(Self.shown(scalar.string))'\(Suggestion.expected(scalar.string, in: names))",
                    at: node)
    }

    // MARK: Environment values

    static let layoutDirections: KeyValuePairs<String, LayoutDirection> = [
        "leftToRight": .leftToRight, "rightToLeft": .rightToLeft,
    ]

    static let colorSchemes: KeyValuePairs<String, ColorScheme> = ["light": .light, "dark": .dark]
    /// A scene's top-level `colorScheme`: also `both`, nil here, drawn in light and in dark.
    static let sceneColorSchemes: KeyValuePairs<String, ColorScheme?> = ["light": .light, "dark": .dark, "both": nil]

    /// SwiftUI's `DynamicTypeSize` cases, by their names.
    static let dynamicTypeSizes: KeyValuePairs<String, DynamicTypeSize> = [
        "xSmall": .xSmall, "small": .small, "medium": .medium, "large": .large, "xLarge": .xLarge,
        "xxLarge": .xxLarge, "xxxLarge": .xxxLarge, "accessibility1": .accessibility1,
        "accessibility2": .accessibility2, "accessibility3": .accessibility3, "accessibility4": .accessibility4,
        "accessibility5": .accessibility5,
    ]

    // MARK: Alignment

    static let horizontalAlignments: KeyValuePairs<String, HorizontalAlignment> = [
        "leading": .leading, "center": .center, "trailing": .trailing,
    ]

    static let verticalAlignments: KeyValuePairs<String, VerticalAlignment> = [
        "top": .top, "center": .center, "bottom": .bottom,
        "firstTextBaseline": .firstTextBaseline, "lastTextBaseline": .lastTextBaseline,
    ]

    static let alignments: KeyValuePairs<String, Alignment> = [
        "center": .center, "leading": .leading, "trailing": .trailing, "top": .top, "bottom": .bottom,
        "topLeading": .topLeading, "topTrailing": .topTrailing, "bottomLeading": .bottomLeading,
        "bottomTrailing": .bottomTrailing,
        "centerFirstTextBaseline": .centerFirstTextBaseline, "centerLastTextBaseline": .centerLastTextBaseline,
        "leadingFirstTextBaseline": .leadingFirstTextBaseline, "leadingLastTextBaseline": .leadingLastTextBaseline,
        "trailingFirstTextBaseline": .trailingFirstTextBaseline, "trailingLastTextBaseline": .trailingLastTextBaseline,
    ]

    func horizontalAlignment(_ node: Node, _ name: String = "alignment") throws -> HorizontalAlignment {
        try choice(node, name, Self.horizontalAlignments)
    }

    func verticalAlignment(_ node: Node, _ name: String = "alignment") throws -> VerticalAlignment {
        try choice(node, name, Self.verticalAlignments)
    }

    func alignment(_ node: Node, _ name: String = "alignment") throws -> Alignment {
        try choice(node, name, Self.alignments)
    }

    // MARK: Unit points

    static let unitPoints: KeyValuePairs<String, UnitPoint> = [
        "center": .center, "leading": .leading, "trailing": .trailing, "top": .top, "bottom": .bottom,
        "topLeading": .topLeading, "topTrailing": .topTrailing, "bottomLeading": .bottomLeading, "bottomTrailing": .bottomTrailing,
    ]

    /// A unit point: a name (`top`, `bottomTrailing`, …) or `{x:, y:}`.
    mutating func unitPoint(_ node: Node, _ name: String) throws -> UnitPoint {
        let outerSection = context.enter(.value(.unitPoint))
        defer { context.section = outerSection }
        guard case .mapping = node else { return try choice(node, name, Self.unitPoints) }
        var x = 0.5, y = 0.5
        for entry in try entries(node, in: "'\(name)'", as: UnitPointKey.self) {
            switch entry.key {
            case .x: x = try number(entry.value, entry.name, .finite)
            case .y: y = try number(entry.value, entry.name, .finite)
            }
        }
        return UnitPoint(x: x, y: y)
    }
}
