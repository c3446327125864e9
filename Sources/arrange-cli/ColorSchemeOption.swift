import Arrange
import ArgumentParser
import ArrangeScene

/// `--color-scheme light|dark|both` of `render` and `check`.
enum ColorSchemeOption: String, ExpressibleByArgument, CaseIterable {
    case light, dark, both

    /// The one scheme it names; nil for both.
    var scheme: ColorScheme? {
        switch self {
        case .light: .light
        case .dark: .dark
        case .both: nil
        }
    }
}

extension SceneRenderer {
    /// This renderer drawing every scene in `option`'s scheme, or in both; nil keeps each
    /// scene's own `colorScheme`. What `render`, `check` and `serve` do with `--color-scheme`.
    func drawing(in option: ColorSchemeOption?) -> SceneRenderer {
        var renderer = self
        renderer.colorScheme = option?.scheme
        renderer.bothColorSchemes = option == .both
        return renderer
    }
}
