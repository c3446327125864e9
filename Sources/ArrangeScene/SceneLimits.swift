import Arrange
import Foundation

/// How much one scene may ask for: the guards against a hostile or mistaken file (a gigabyte of
/// YAML, a billion repeated views, a canvas no memory can hold). The defaults are `Limits`'s;
/// someone who means a big scene raises one from the command line (`--limit views=500000`).
public struct SceneLimits: Sendable, Hashable {
    /// Bytes of a scene file (or a Markdown file with scenes), and of the files it includes together.
    public var fileBytes = Limits.fileBytes
    /// Views, copies made by `repeat` included.
    public var views = Limits.views
    /// Modifiers, copies included.
    public var modifiers = Limits.modifiers
    /// Copies one `repeat` makes.
    public var repeatCount = Limits.repeatCount
    /// YAML nodes that aliases, included files and uses of components stand for.
    public var expandedNodes = Limits.expandedNodes
    /// Code points of text, copies included.
    public var textScalars = Limits.textScalars
    /// Pixels along either side of a picture.
    public var canvasPixelsPerSide = Limits.canvasPixelsPerSide
    /// Pixels of a picture.
    public var canvasPixels = Limits.canvasPixels
    /// Pixels of a PNG decoded to compare it (`arrange check` and `diff`).
    public var imagePixels = Limits.imagePixels

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
        "nodes": "YAML nodes that aliases, included files and component uses stand for",
        "text": "code points of text",
        "canvas-side": "pixels along a side of the picture",
        "canvas-pixels": "pixels of the picture",
        "layer-pixels": "pixels drawn through opacity, blend and shadow layers",
        "animation-views": "frames × views of an animation",
        "image-pixels": "pixels of a PNG decoded to compare it",
    ]

    /// The largest value a limit takes: 2⁵³, the largest whole number every limit holds exactly
    /// (the canvas limits are `CGFloat`s, and converting a larger one back to `Int` could trap).
    public static let largestValue = 1 << 53

    /// Sets the limit `name` (one of `names`) to `value`, a whole number from 1 to `largestValue`.
    /// - Throws: `SceneLimits.Problem` for an unknown name or a value that is not such a number.
    public mutating func set(_ name: String, to text: String) throws {
        guard Self.names.contains(where: { $0.key == name }) else {
            let known = Self.names.map(\.key)
            throw Problem(description: "unknown limit '\(SceneReader.shown(name))'\(Suggestion.expected(name, in: known))")
        }
        let digits = text.replacingOccurrences(of: "_", with: "")
        guard let value = Int(digits), value >= 1 else {
            // Digits alone that overflow Int are a number too large, not a malformed one.
            if !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }) { throw Self.tooLarge(name, text) }
            throw Problem(description: "the limit '\(name)' must be a whole number ≥ 1, found '\(SceneReader.shown(text))'")
        }
        guard value <= Self.largestValue else { throw Self.tooLarge(name, text) }
        switch name {
        case "file-bytes": fileBytes = value
        case "views": views = value
        case "modifiers": modifiers = value
        case "repeat": repeatCount = value
        case "nodes": expandedNodes = value
        case "text": textScalars = value
        case "canvas-side": canvasPixelsPerSide = CGFloat(value)
        case "canvas-pixels": canvasPixels = CGFloat(value)
        case "layer-pixels": layerPixels = Double(value)
        case "animation-views": animationViewFrames = value
        case "image-pixels": imagePixels = value
        default: break // Refused above: `names` holds every case.
        }
    }

    private static func tooLarge(_ name: String, _ text: String) -> Problem {
        Problem(description: "the limit '\(SceneReader.shown(name))' must be at most \(largestValue) (2^53), found '\(SceneReader.shown(text))'")
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
