import Arrange
import ArrangeCairo
import ArrangeSVG

extension BackendRegistry {
    /// The backends Arrange ships, one line each, in order of preference: what `arrange`, scene
    /// rendering, `check` and the snapshot strategies draw with.
    public static let standard = BackendRegistry([
        CairoBackend(),
        SVGBackend(),
    ])
}
