import Foundation
import Synchronization

/// Icons by name: Google's Material Icons (Apache License 2.0, about 2,100 icons) as Debian's
/// package `fonts-material-design-icons-iconfont` installs them (`bash Scripts/setup.sh` installs
/// it). `Image(icon:)` draws them.
///
/// The names come from the package's `_variables.scss` (each name with its code point), the
/// outlines from `MaterialIcons-Regular.ttf`, read with HarfBuzz exactly as text glyphs are. An
/// icon is drawn as a path in every backend, so no picture refers to the font.
///
/// ```swift
/// let set = try IconSet.standard.get()          // IconError.notInstalled without the package
/// let icon = try set.icon(named: "database")    // IconError.unknownName, with suggestions
/// Image(icon: icon).font(.title)
/// ```
public final class IconSet: Sendable {
    /// One icon: its name, its character in the font and its outline.
    public struct Icon: Hashable, Sendable {
        /// The set's own name of the icon (`storage` for the alias `database`).
        public let name: String
        /// The icon's character in the font (a private-use code point).
        public let codepoint: Unicode.Scalar
        /// The icon's box in ems: the glyph's advance across, the font's ascender plus descender
        /// down. Material Icons' are 1 × 1: 512 by 512 design units, at 512 units per em.
        public let size: CGSize
        /// The outline in ems, x from the box's leading edge and y down from its top (the font's
        /// ascender line).
        public let outline: Path
    }

    /// The set's name, as its licence and the README give it.
    public static let name = "Material Icons"
    /// The Debian package that installs the set.
    public static let package = "fonts-material-design-icons-iconfont"
    /// The font file holding the outlines.
    public static let fontFileName = "MaterialIcons-Regular.ttf"
    /// The file naming each icon's code point (`"storage": e1db,`).
    public static let namesFileName = "_variables.scss"
    /// Where the two files are looked for under a root: Debian's layout below `/usr/share`, then
    /// the root itself (a folder holding both files).
    static let fontFolders = ["fonts/truetype/material-design-icons-iconfont", "."]
    static let namesFolders = ["fonts-material-design-icons-iconfont/scss", "."]
    /// The environment variable naming another root than `/usr/share`: a folder laid out as
    /// Debian's `/usr/share`, or one holding both files.
    public static let environmentVariable = "ARRANGE_ICON_SET"
    /// Where Debian installs the files.
    public static let defaultRoot = "/usr/share"
    /// Names diagrams reach for that Material Icons spells otherwise: Arrange's own table, each
    /// alias the icon Material's catalogue tags with that word. `arrange icons` lists them.
    public static let aliases: [String: String] = ["database": "storage", "server": "dns"]
    /// The largest names file read: Debian's is 50 KB.
    static let namesFileLimit = 4 << 20

    /// The folder the set was read from.
    public let root: String
    /// The font file the outlines come from.
    public let fontPath: String
    /// The icons' names, sorted; the aliases are not among them.
    public let names: [String]
    private let codepoints: [String: Unicode.Scalar]
    private let face: LoadedFace
    /// Icons made so far: an outline is read from the font once per name.
    private let made = Mutex<[String: Icon]>([:])
    /// Suggestions given so far, by unknown name: a scene repeating a mistyped icon 10,000 times
    /// compares it with every name once, not 10,000 times.
    private let suggested = Mutex<[String: [String]]>([:])
    /// The most unknown names whose suggestions are kept; past it they are worked out again.
    static let suggestionMemory = 1024

    /// The set installed under `root`.
    /// - Throws: `IconError.notInstalled` when a file is missing, `IconError.unreadable` when the
    ///   font or the names file cannot be read or names no icon of the font.
    public init(root: String) throws(IconError) {
        func find(_ file: String, in folders: [String]) -> String? {
            folders.map { URL(fileURLWithPath: root).appendingPathComponent($0).appendingPathComponent(file).standardizedFileURL.path }
                .first { FileManager.default.fileExists(atPath: $0) }
        }
        guard let fontPath = find(Self.fontFileName, in: Self.fontFolders) else { throw .notInstalled(root: root, missing: Self.fontFileName) }
        guard let namesPath = find(Self.namesFileName, in: Self.namesFolders) else { throw .notInstalled(root: root, missing: Self.namesFileName) }
        let data: Data
        do {
            data = try ReadPolicy.unrestricted.scope(sceneFolder: nil).read(namesPath, limit: Self.namesFileLimit)
        } catch {
            throw .unreadable(path: namesPath, reason: error.description)
        }
        let face: LoadedFace
        do {
            face = try LoadedFace(FontFaceID(path: fontPath))
        } catch {
            throw .unreadable(path: fontPath, reason: "\(error)")
        }
        // Only names whose character the font draws: a name it lacks would draw nothing.
        let codepoints = Self.codepoints(in: String(decoding: data, as: UTF8.self)).filter { face.glyph(for: $0.value) != nil }
        guard !codepoints.isEmpty else { throw .unreadable(path: namesPath, reason: "it names no icon of \(fontPath)") }
        self.root = root
        self.fontPath = fontPath
        self.face = face
        self.codepoints = codepoints
        names = codepoints.keys.sorted()
    }

    /// The root the standard set is read from: `ARRANGE_ICON_SET` when set, else `/usr/share`.
    public static var standardRoot: String {
        let given = ProcessInfo.processInfo.environment[environmentVariable] ?? ""
        return given.isEmpty ? defaultRoot : given
    }

    /// The set under `standardRoot`, read once per process: what `Image(icon:)` with a name and
    /// scene files draw from.
    public static let standard = Result<IconSet, IconError> { () throws(IconError) in try IconSet(root: standardRoot) }

    /// The icon called `name` (or an alias of it).
    /// - Throws: `IconError.unknownName`, with up to three names that were perhaps meant.
    public func icon(named name: String) throws(IconError) -> Icon {
        if let icon = lookUp(name) { return icon }
        if let known = suggested.withLock({ $0[name] }) { throw .unknownName(name, suggestions: known) }
        let suggestions = suggestions(for: name)
        suggested.withLock { memory in
            // Names longer than any icon's get no suggestions, quickly; they are not kept.
            if memory.count < Self.suggestionMemory, name.utf8.count <= 64 { memory[name] = suggestions }
        }
        throw .unknownName(name, suggestions: suggestions)
    }

    /// The icon called `name` (or an alias of it), or nil: no suggestions are worked out.
    func lookUp(_ name: String) -> Icon? {
        let own = Self.aliases[name] ?? name
        if let known = made.withLock({ $0[own] }) { return known }
        guard let scalar = codepoints[own], let glyph = face.glyph(for: scalar) else { return nil }
        let em = face.unitsPerEm
        let advance = face.advance(glyph)
        let height = face.ascender + face.descender
        let size = CGSize(width: advance > 0 ? advance / em : 1, height: height > 0 ? height / em : 1)
        // Design units, y down from the baseline, to ems, y down from the ascender line.
        let ascender = CGFloat(face.ascender), scale = 1 / CGFloat(em)
        let outline = face.outline(glyph).map { CGPoint(x: $0.x * scale, y: ($0.y + ascender) * scale) }
        let icon = Icon(name: own, codepoint: scalar, size: size, outline: outline)
        made.withLock { $0[own] = icon }
        return icon
    }

    /// Every name an icon may be asked for, the aliases included, sorted.
    public var allNames: [String] { (names + Self.aliases.keys).sorted() }

    /// The names containing `text` (any case), best first (`Spelling.matches`); every name, sorted,
    /// for empty text.
    public func search(_ text: String) -> [String] {
        text.isEmpty ? allNames : Spelling.matches(containing: text, in: allNames)
    }

    /// Up to three names a mistyped `name` may have meant (`Spelling.suggestions`).
    public func suggestions(for name: String) -> [String] {
        Spelling.suggestions(for: name, in: allNames)
    }

    /// The names and code points of a `_variables.scss`: lines such as `"storage": e1db,`. Other
    /// lines are skipped; a name is lowercase letters, digits and underscores.
    static func codepoints(in text: String) -> [String: Unicode.Scalar] {
        var result: [String: Unicode.Scalar] = [:]
        for line in text.split(whereSeparator: \.isNewline) {
            let parts = line.trimmingCharacters(in: .whitespaces).split(separator: ":", maxSplits: 1)
            guard parts.count == 2, parts[0].count > 2, parts[0].first == "\"", parts[0].last == "\"" else { continue }
            let name = parts[0].dropFirst().dropLast()
            guard name.allSatisfy({ $0.isASCII && ($0.isLowercase || $0.isNumber || $0 == "_") }) else { continue }
            let hex = parts[1].trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: ",;"))
            guard hex.count <= 6, let value = UInt32(hex, radix: 16), let scalar = Unicode.Scalar(value) else { continue }
            result[String(name)] = scalar
        }
        return result
    }
}

/// Why an icon could not be drawn.
public enum IconError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A file of the set is not under the root: the package is not installed.
    case notInstalled(root: String, missing: String)
    /// A file of the set is there but cannot be used, with the reason.
    case unreadable(path: String, reason: String)
    /// No icon has the name; `suggestions` are names perhaps meant (up to three).
    case unknownName(String, suggestions: [String])

    public var description: String {
        switch self {
        case .notInstalled(let root, let missing):
            "the icon set \(IconSet.name) is not installed (no \(missing) under \(TerminalText.escaped(root))): install Debian's package "
                + "\(IconSet.package) (apt-get install \(IconSet.package); bash Scripts/setup.sh installs it), "
                + "or set \(IconSet.environmentVariable) to the folder that holds its files"
        case .unreadable(let path, let reason):
            "the icon set's file \(TerminalText.escaped(path)) cannot be used: \(reason)"
        case .unknownName(let name, let suggestions):
            "no icon named '\(TerminalText.escaped(name, limit: 80))' in \(IconSet.name)"
                + (suggestions.isEmpty ? "" : "; did you mean " + Self.list(suggestions) + "?")
        }
    }

    /// "'a', 'b' or 'c'".
    private static func list(_ names: [String]) -> String {
        let quoted = names.map { "'\($0)'" }
        guard quoted.count > 1, let last = quoted.last else { return quoted.first ?? "" }
        return quoted.dropLast().joined(separator: ", ") + " or " + last
    }
}
