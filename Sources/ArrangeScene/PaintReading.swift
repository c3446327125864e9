import Arrange
import Foundation
import Yams

// Reading colours and gradients.

extension SceneReader {
    /// A colour: a name (`blue`, `primary`, `systemBackground`, …), `#rgb`/`#rrggbb`/`#rrggbbaa`,
    /// `random`, `{red:, green:, blue:, opacity:}`, `{white:, opacity:}`, `{color: <colour>,
    /// opacity:}` (SwiftUI's `color.opacity(x)`) or `{light: <colour>, dark: <colour>}`, one for
    /// each colour scheme. Semantic and system names, and `{light:, dark:}`, take their value
    /// from the `colorScheme` where the view is resolved.
    mutating func color(_ node: Node, _ name: String) throws -> Color {
        let outerSection = context.enter(.value(.color))
        defer { context.section = outerSection }
        switch node {
        case .scalar(let scalar) where !Self.isNull(node):
            let text = scalar.string
            if text == "random" { return Color.random(using: &generator) }
            if let named = Color.named[text] { return named }
            if text.hasPrefix("#") {
                guard let color = Color(hex: text) else {
                    throw error("'\(text)' is not a hex colour; write #rgb, #rrggbb or #rrggbbaa", at: node)
                }
                return color
            }
            let names = Color.named.keys.sorted() + ["random"]
            // The message lists the short names; the system colours' UIKit names are many.
            let systemNames = Set(SystemColor.allCases.map(\.name))
            let listed = names.filter { !systemNames.contains($0) }
            throw error("'\(name)' cannot be '\(Self.shown(text))'\(Suggestion.hint(for: text, in: names)) (expected a colour: a name (\(Suggestion.list(listed)), or a system colour such as 'systemBackground' or 'secondaryLabel'), a hex colour like '#ff8800', or a mapping like {red: 1, green: 0.5, blue: 0})",
                        at: node)
        case .mapping:
            let entries = try entries(node, in: "the colour '\(name)'", as: ColorKey.self)
            var red: Double?, green: Double?, blue: Double?, white: Double?, base: Color?, opacity = 1.0
            var light: Color?, dark: Color?
            for entry in entries {
                switch entry.key {
                case .red: red = try number(entry.value, entry.name, .unit)
                case .green: green = try number(entry.value, entry.name, .unit)
                case .blue: blue = try number(entry.value, entry.name, .unit)
                case .white: white = try number(entry.value, entry.name, .unit)
                case .color: base = try color(entry.value, entry.name)
                case .opacity: opacity = try number(entry.value, entry.name, .unit)
                case .light: light = try color(entry.value, entry.name)
                case .dark: dark = try color(entry.value, entry.name)
                }
            }
            // Which of the three forms: every key but opacity must belong to one of them.
            let keys = entries.map(\.key).filter { $0 != .opacity }
            if let base, keys == [.color] { return base.opacity(opacity) }
            if let light, let dark, Set(keys) == [.light, .dark] { return Color(light: light, dark: dark).opacity(opacity) }
            if let white, keys == [.white] { return Color(white: white, opacity: opacity) }
            if let red, let green, let blue, Set(keys) == [.red, .green, .blue] {
                return Color(red: red, green: green, blue: blue, opacity: opacity)
            }
            throw error("a colour mapping takes red, green and blue (and opacity), or white (and opacity), or color (and opacity), or light and dark (and opacity); found \(keys.isEmpty ? "only opacity" : Suggestion.list(keys.map(\.name)))",
                        at: node)
        default:
            // An unquoted hex colour is a YAML comment, so the value reads as null.
            let hint = Self.isNull(node) ? "; YAML reads an unquoted '#' as the start of a comment, so quote a hex colour, as in \(name): \"#ff0000\"" : ""
            throw error("'\(name)' expects a colour (a name like 'blue', '#rrggbb', 'random' or {red:, green:, blue:}), found \(Self.describe(node))\(hint)",
                        at: node)
        }
    }

    /// A colour, or a gradient: `{linearGradient: {colors:, startPoint:, endPoint:}}`,
    /// `{radialGradient: {colors:, center:, startRadius:, endRadius:}}`,
    /// `{angularGradient: {colors:, center:, startAngle:, endAngle:}}` (`stops:` instead of
    /// `colors:` places each colour: `[{color:, location:}]`).
    mutating func paint(_ node: Node, _ name: String) throws -> any ShapeStyle {
        let outerSection = context.enter(.value(.paint))
        defer { context.section = outerSection }
        guard PaintKey.isWritten(PaintKey.allCases, in: node) else {
            // An unknown key is named against both forms, so the message offers the gradients too.
            if case .mapping = node { _ = try entries(node, in: "the paint '\(name)'", as: EitherKey<PaintKey, ColorKey>.self) }
            return try color(node, name)
        }
        let entries = try entries(node, in: "the gradient of '\(name)'", as: PaintKey.self)
        context.section = .value(.gradient)
        guard entries.count == 1, let entry = entries.first else {
            throw error("'\(name)' holds one gradient, found \(entries.count)", at: node)
        }
        let parameters = try self.entries(entry.value, in: "'\(entry.name)'", as: GradientKey.self)
        var gradient: Gradient?
        var values: [GradientKey: Node] = [:]
        for parameter in parameters {
            switch parameter.key {
            case .colors:
                guard case .sequence(let items) = parameter.value, items.count >= 1, items.count <= 64 else {
                    throw error("'colors' is a list of 1 to 64 colours, found \(Self.describe(parameter.value))", at: parameter.value)
                }
                gradient = Gradient(colors: try items.map { try color($0, "colors") })
            case .stops:
                guard case .sequence(let items) = parameter.value, items.count >= 1, items.count <= 64 else {
                    throw error("'stops' is a list of 1 to 64 {color:, location:}, found \(Self.describe(parameter.value))", at: parameter.value)
                }
                gradient = Gradient(stops: try items.map { item in
                    var color: Color?, location: Double?
                    for stop in try self.entries(item, in: "a gradient stop", as: GradientStopKey.self) {
                        switch stop.key {
                        case .color: color = try self.color(stop.value, "color")
                        case .location: location = try number(stop.value, stop.name, .unit)
                        }
                    }
                    guard let color, let location else { throw error("a gradient stop needs a 'color' and a 'location'", at: item) }
                    return Gradient.Stop(color: color, location: location)
                })
            default:
                values[parameter.key] = parameter.value
            }
        }
        guard let gradient else { throw error("'\(entry.name)' needs its 'colors' (or 'stops')", at: entry.value) }
        let allowed: [GradientKey] = switch entry.key {
        case .linearGradient: [.startPoint, .endPoint]
        case .radialGradient: [.center, .startRadius, .endRadius]
        case .angularGradient: [.center, .startAngle, .endAngle]
        }
        for parameter in parameters where !allowed.contains(parameter.key) && parameter.key != .colors && parameter.key != .stops {
            throw error("'\(entry.name)' takes \(Suggestion.list((["colors", "stops"] + allowed.map(\.name)))), not '\(parameter.name)'", at: parameter.keyNode)
        }
        func point(_ key: GradientKey, _ fallback: UnitPoint) throws -> UnitPoint {
            guard let node = values[key] else { return fallback }
            return try unitPoint(node, key.name)
        }
        func length(_ key: GradientKey, _ fallback: Double) throws -> Double {
            guard let node = values[key] else { return fallback }
            return try number(node, key.name, .nonNegative)
        }
        func degrees(_ key: GradientKey, _ fallback: Double) throws -> Angle {
            guard let node = values[key] else { return .degrees(fallback) }
            return .degrees(try number(node, key.name, .finite))
        }
        switch entry.key {
        case .linearGradient:
            return LinearGradient(gradient: gradient, startPoint: try point(.startPoint, .top), endPoint: try point(.endPoint, .bottom))
        case .radialGradient:
            return RadialGradient(gradient: gradient, center: try point(.center, .center), startRadius: try length(.startRadius, 0),
                                  endRadius: try length(.endRadius, 50))
        case .angularGradient:
            let start = try degrees(.startAngle, 0)
            return AngularGradient(gradient: gradient, center: try point(.center, .center), startAngle: start,
                                   endAngle: try degrees(.endAngle, start.degrees + 360))
        }
    }
}
