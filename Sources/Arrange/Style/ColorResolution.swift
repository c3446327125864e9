import Foundation

// Semantic colours are resolved where a view is resolved, in the environment's colour scheme, so
// that every paint the engine keeps, and so every display list, holds plain colours
// (docs/layout-rules.md §6b).

extension Gradient {
    /// The gradient with each stop's colour as it is in `scheme`.
    func resolved(in scheme: ColorScheme) -> Gradient {
        guard stops.contains(where: \.color.isDynamic) else { return self }
        var gradient = self
        gradient.stops = stops.map { Gradient.Stop(color: $0.color.resolved(in: scheme), location: $0.location) }
        return gradient
    }
}

extension DisplayPaint {
    /// The paint with its colours as they are in `scheme`.
    func resolved(in scheme: ColorScheme) -> DisplayPaint {
        switch self {
        case .color(let color): .color(color.resolved(in: scheme))
        case .linear(let gradient, let start, let end): .linear(gradient.resolved(in: scheme), start: start, end: end)
        case .radial(let gradient, let center, let startRadius, let endRadius):
            .radial(gradient.resolved(in: scheme), center: center, startRadius: startRadius, endRadius: endRadius)
        case .angular(let gradient, let center, let startAngle, let endAngle):
            .angular(gradient.resolved(in: scheme), center: center, startAngle: startAngle, endAngle: endAngle)
        }
    }
}

extension Paint {
    /// The paint with its colour as it is in `scheme`.
    func resolved(in scheme: ColorScheme) -> Paint {
        switch self {
        case .fill(let color): .fill(color.resolved(in: scheme))
        case .strokeBorder(let color, let lineWidth): .strokeBorder(color.resolved(in: scheme), lineWidth: lineWidth)
        }
    }
}
