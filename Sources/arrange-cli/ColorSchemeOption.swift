import Arrange
import ArgumentParser

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
