import Foundation

/// Why a font could not be found or read. Scene files turn these into located errors; Swift
/// callers get them thrown from `FontLibrary` and from the renderers.
public enum FontError: Error, Equatable, Sendable, CustomStringConvertible {
    /// No face of the family is known; `suggestion` is the nearest known family name.
    case unknownFamily(String, suggestion: String?)
    /// A font file or folder that cannot be used.
    case unreadable(path: String, reason: String)
    /// A folder or file list that holds no font at all.
    case noFonts(path: String)
    /// The default family is missing: text has nothing to be drawn with.
    case defaultFamilyMissing(String)

    public var description: String {
        switch self {
        case let .unknownFamily(name, suggestion):
            "no font family '\(name)'" + (suggestion.map { "; did you mean '\($0)'?" } ?? "; add its files with 'fonts:' in the scene or --font-dir")
        case let .unreadable(path, reason):
            "cannot use the font file '\(path)': \(reason)"
        case .noFonts(let path):
            "'\(path)' holds no font files (.ttf, .otf, .ttc, .otc)"
        case .defaultFamilyMissing(let family):
            "the font family '\(family)' is not installed, and text needs it: install it with 'apt-get install fonts-dejavu-core fonts-dejavu-extra' (or run Scripts/setup.sh)"
        }
    }
}
