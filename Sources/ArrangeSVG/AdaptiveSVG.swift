import Foundation

/// One SVG document that shows a picture in light and in dark (`arrange render --color-scheme
/// both`): the light document as it is, its colours in presentation attributes, so viewers
/// without CSS (Inkscape, librsvg) show the light picture, and a `<style>` whose
/// `@media (prefers-color-scheme: dark)` rules switch the paints that differ in the dark
/// document. CSS rules override presentation attributes, so a browser that prefers dark shows
/// the dark picture.
///
/// The two documents are drawn from the light and the dark display list by the same writer, so
/// they hold the same elements in the same order (glyph outlines, gradients and filters are the
/// same definitions) and differ only in paints. Each element whose paints differ gets a class
/// (`class="k1"`), numbered by first use; elements that switch alike share one. A picture with no
/// differing paint is the light document unchanged, without a `<style>`.
public enum AdaptiveSVG {
    /// Why two documents cannot be one adaptive file: they differ in more than paints (a
    /// `ViewThatFits` that chose another child in dark, a translucent border that no longer
    /// merges with its fill, two equal shadows in light that differ in dark).
    public struct Mismatch: Error, CustomStringConvertible, Sendable {
        /// What differs, with the first element that does.
        public let description: String
    }

    /// The attributes that carry paint, which may differ between the documents; everything else
    /// must be equal.
    static let paintAttributes: Set<String> = [
        "fill", "stroke", "fill-opacity", "stroke-opacity", "stop-color", "stop-opacity", "flood-color", "flood-opacity",
    ]

    /// The light document with the dark one's paints as `prefers-color-scheme: dark` rules.
    /// - Throws: `Mismatch` when the documents differ in anything but paints.
    public static func merge(light: String, dark: String) throws -> String {
        guard light != dark else { return light }
        // The writer escapes `<` in text and attributes, so every `<` starts a tag: a token is
        // a tag and the text after it, up to the next tag.
        var tokens = light.split(separator: "<", omittingEmptySubsequences: false).map(String.init)
        let darkTokens = dark.split(separator: "<", omittingEmptySubsequences: false)
        guard tokens.count == darkTokens.count else {
            throw Mismatch(description: "the dark picture has \(darkTokens.count - 1) tags and the light one \(tokens.count - 1): they differ in more than colours")
        }
        var classes: [String: Int] = [:]
        var rules: [String] = []
        for index in tokens.indices where tokens[index] != darkTokens[index] {
            let lightTag = try Tag(tokens[index]), darkTag = try Tag(String(darkTokens[index]))
            let declarations = try lightTag.paintChanges(to: darkTag)
            let number: Int
            if let known = classes[declarations] {
                number = known
            } else {
                number = classes.count + 1
                classes[declarations] = number
                rules.append("  .k\(number){\(declarations)}\n")
            }
            tokens[index] = lightTag.withClass("k\(number)")
        }
        // After the root element and any <title> and <desc> that open it, which stay first
        // for screen readers and tooltips.
        var place = 2
        while place < tokens.count, ["title", "/title", "desc", "/desc"].contains(where: { Tag.name(of: tokens[place]) == $0 }) { place += 1 }
        let style = "style>\n@media (prefers-color-scheme: dark) {\n" + rules.joined() + "}\n"
        tokens.insert(contentsOf: [style, "/style>\n"], at: min(place, tokens.count))
        return tokens.joined(separator: "<")
    }

    /// One tag as the writer writes it: `name a="…" b="…">` or `…/>`, then the text after it.
    struct Tag {
        let name: String
        var attributes: [(name: String, value: String)]
        /// `>` or `/>` and the text up to the next tag.
        let tail: String

        /// The element name a token starts with.
        static func name(of token: String) -> String {
            String(token.prefix { $0 != " " && $0 != ">" && $0 != "\n" })
        }

        init(_ token: String) throws {
            var rest = Substring(token)
            let name = rest.prefix { !" />\n".contains($0) }
            guard !name.isEmpty else { throw Mismatch(description: "cannot read a closing tag as an element") }
            self.name = String(name)
            rest = rest.dropFirst(name.count)
            var attributes: [(name: String, value: String)] = []
            while rest.first == " " {
                rest = rest.dropFirst()
                guard let equals = rest.firstIndex(of: "="), rest[rest.index(after: equals)...].first == "\"" else {
                    throw Mismatch(description: "cannot read the tag <\(name)>")
                }
                let valueStart = rest.index(equals, offsetBy: 2)
                guard let close = rest[valueStart...].firstIndex(of: "\"") else {
                    throw Mismatch(description: "cannot read the tag <\(name)>")
                }
                attributes.append((String(rest[..<equals]), String(rest[valueStart..<close])))
                rest = rest[rest.index(after: close)...]
            }
            self.attributes = attributes
            tail = String(rest)
        }

        /// The CSS declarations that turn this tag's paints into `dark`'s ("fill:#FFFFFF"),
        /// joined with ";" in the order the attributes are written.
        /// - Throws: `Mismatch` when anything else differs.
        func paintChanges(to dark: Tag) throws -> String {
            let others = attributes.filter { !AdaptiveSVG.paintAttributes.contains($0.name) }
            let darkOthers = dark.attributes.filter { !AdaptiveSVG.paintAttributes.contains($0.name) }
            guard name == dark.name, tail == dark.tail, others.map(\.name) == darkOthers.map(\.name),
                  others.map(\.value) == darkOthers.map(\.value), !attributes.contains(where: { $0.name == "class" }) else {
                throw Mismatch(description: "the light and dark pictures differ in more than colours, first at <\(name)> in light and <\(dark.name)> in dark")
            }
            var names: [String] = []
            for attribute in attributes + dark.attributes where AdaptiveSVG.paintAttributes.contains(attribute.name) && !names.contains(attribute.name) {
                names.append(attribute.name)
            }
            var declarations: [String] = []
            for name in names {
                let before = attributes.first { $0.name == name }?.value
                let after = dark.attributes.first { $0.name == name }?.value
                guard before != after else { continue }
                // The writer leaves out an opacity of 1; a paint it leaves out is inherited.
                let value = after ?? (name.hasSuffix("opacity") ? "1" : "unset")
                // Paints are colours, numbers and url(#…) references: nothing that could end a
                // rule or the style element.
                guard !value.contains(where: { "{};<>\\".contains($0) }) else {
                    throw Mismatch(description: "the paint '\(value)' cannot be written as CSS")
                }
                declarations.append("\(name):\(value)")
            }
            guard !declarations.isEmpty else {
                throw Mismatch(description: "the light and dark pictures differ in more than colours, first at <\(name)>")
            }
            return declarations.joined(separator: ";")
        }

        /// The tag as written, with `class="…"` after its name.
        func withClass(_ name: String) -> String {
            var text = self.name + " class=\"" + name + "\""
            for attribute in attributes { text += " \(attribute.name)=\"\(attribute.value)\"" }
            return text + tail
        }
    }
}
