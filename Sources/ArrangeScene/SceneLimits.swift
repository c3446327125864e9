import Arrange
import Foundation

/// How much one scene may ask for: the guards against a hostile or mistaken file (a gigabyte of
/// YAML, a billion repeated views, a canvas no memory can hold). The defaults are `Limits`'s;
/// someone who means a big scene raises one from the command line (`--limit views=500000`).
public struct SceneLimits: Sendable, Hashable {
    /// Bytes of a scene file (or a Markdown file with scenes).
    public var fileBytes = Limits.fileBytes
    /// Views, copies made by `repeat` included.
    public var views = Limits.views
    /// Modifiers, copies included.
    public var modifiers = Limits.modifiers
    /// Copies one `repeat` makes.
    public var repeatCount = Limits.repeatCount
    /// Code points of text, copies included.
    public var textScalars = Limits.textScalars
    /// Pixels along either side of a picture.
    public var canvasPixelsPerSide = Limits.canvasPixelsPerSide
    /// Pixels of a picture.
    public var canvasPixels = Limits.canvasPixels

    /// Pixels pushed through offscreen layers (opacity and blend groups, shadows).
    public var layerPixels = Limits.layerPixels
    /// Frames × views of an animation.
    public var animationViewFrames = Limits.animationViewFrames
    /// Which files a scene may read: by default below the current folder and the scene's own;
    /// `--allow-read DIR` adds folders.
    public var readPolicy = ReadPolicy()

    /// The defaults.
    public init() {}

    /// The names `--limit` takes, with what each bounds.
    public static let names: KeyValuePairs<String, String> = [
        "file-bytes": "bytes of a scene file",
        "views": "views, repeated copies and connectors included",
        "modifiers": "modifiers, repeated copies included",
        "repeat": "copies one 'repeat' makes",
        "text": "code points of text",
        "canvas-side": "pixels along a side of the picture",
        "canvas-pixels": "pixels of the picture",
        "layer-pixels": "pixels drawn through opacity, blend and shadow layers",
        "animation-views": "frames × views of an animation",
    ]

    /// Sets the limit `name` (one of `names`) to `value`, a whole number ≥ 1.
    /// - Throws: `SceneLimits.Problem` for an unknown name or a value that is not such a number.
    public mutating func set(_ name: String, to text: String) throws {
        guard let value = Int(text.replacingOccurrences(of: "_", with: "")), value >= 1 else {
            throw Problem(description: "the limit '\(name)' must be a whole number ≥ 1, found '\(SceneReader.shown(text))'")
        }
        switch name {
        case "file-bytes": fileBytes = value
        case "views": views = value
        case "modifiers": modifiers = value
        case "repeat": repeatCount = value
        case "text": textScalars = value
        case "canvas-side": canvasPixelsPerSide = CGFloat(value)
        case "canvas-pixels": canvasPixels = CGFloat(value)
        case "layer-pixels": layerPixels = Double(value)
        case "animation-views": animationViewFrames = value
        default:
            let known = Self.names.map(\.key)
            throw Problem(description: "unknown limit '\(SceneReader.shown(name))'\(Suggestion.expected(name, in: known))")
        }
    }

    /// " (raise it with --limit NAME=N if you mean it)": how a message about a limit ends.
    static func raise(_ name: String) -> String {
        "; if you mean it, raise the limit with --limit \(name)=N"
    }

    /// A `--limit` that cannot be set.
    public struct Problem: Error, CustomStringConvertible {
        public var description: String
    }
}
