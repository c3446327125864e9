import Arrange
import Foundation
import Yams

/// What flows down the tree as a scene is read. The `let` fields hold for the whole reading; the
/// `var` fields are set for a subtree and put back once it is read, so a view sees only what its
/// ancestors set.
struct ReadingContext {
    let file: String
    /// Lines of the file above the text being read: a Markdown block's scene is read on its own,
    /// and its locations are moved down to the file's lines.
    let lineOffset: Int
    /// How much the scene may ask for.
    let limits: SceneLimits
    /// Whether the scene draws connectors: views with ids then publish their bounds.
    let usesConnectors: Bool
    /// The values a keyframe changes, applied to the views of those ids as they are read.
    let changes: ViewChanges
    /// Appended to every id read: `-i` for each enclosing `repeat` copy, so copies stay distinct.
    var idSuffix = ""
    /// How many geometry readers enclose the view being read: texts inside one may show its numbers.
    var geometryDepth = 0
    /// The kind of the view whose `children` are being read (a `forEach` passes its own parent's
    /// on to its copies): a `gridRow` and the grid cell modifiers need a `grid` or `gridRow` there.
    var parentKind: ViewKind?
    /// The section of docs/scene-format.md about the innermost mapping being read (a view kind,
    /// a modifier, a colour…): every error raised while reading it links there.
    var section: FormatSection = .topLevel
    /// The components whose views are being read, outermost first, each with where it is used:
    /// a component met again among them would contain itself.
    var components: [(name: String, at: SourceLocation)] = []

    init(file: String, lineOffset: Int = 0, limits: SceneLimits = SceneLimits(), usesConnectors: Bool = false,
         changes: ViewChanges = ViewChanges()) {
        self.file = file
        self.lineOffset = lineOffset
        self.limits = limits
        self.usesConnectors = usesConnectors
        self.changes = changes
    }

    /// Starts reading a mapping of `section`; returns the section to put back once it is read.
    mutating func enter(_ section: FormatSection) -> FormatSection {
        let outer = self.section
        self.section = section
        return outer
    }
}

/// What reading gathers as it goes: running counts checked against the limits, the problems
/// found, and what the scene uses (ids, connectors, images, fonts, files), which `Scene` takes
/// once the reading is done.
struct ReadingCollector {
    /// Views made so far, copies included.
    var viewCount = 0
    /// Modifiers read so far, copies included.
    var modifierCount = 0
    /// Characters of text read so far, copies included.
    var textCharacters = 0
    /// Every `family` a font names, where it is named: checked against the scene's fonts once
    /// they are known.
    var fontFamilies: [(family: String, location: SourceLocation)] = []
    /// Problems found so far. Reading goes on past a bad view, modifier or scene entry
    /// (`note(_:)`), so that one run reports every independent problem of a file.
    var problems: [SceneError] = []
    /// Problems met so far, those met again included.
    var problemsMet = 0
    /// YAML nodes counted so far against the `nodes` limit: what aliases stand for, the nodes of
    /// included files, and those visited to put arguments into components' views.
    var expandedNodes = 0
    /// Images decoded so far, by their full path, and their pixels together.
    var images: [String: ImageSource] = [:]
    var imagePixels = 0
    /// The bytes of the image files shown so far, once for each use.
    var imageBytesShown = 0
    /// Every id read so far, in order, suffixes included: the ids inside a view are those read
    /// while it was.
    var sceneIDs: [String] = []
    /// Ids named by connectors not yet checked, where they are named.
    var connections: [(id: String, node: Node)] = []
    /// Every connector read, with where it is written.
    var connectors: [(connector: Connector, location: SourceLocation)] = []
    /// The real path of every file read so far (images, font files), recorded where it is read
    /// (`readInput`, `fontInputs`): what `--incremental` hashes and `--watch` watches.
    var inputs: Set<String> = []
    /// The real path of every font folder searched: a font added there changes the scene too.
    var inputFolders: Set<String> = []
    /// The ids of the views the context's keyframe changes were applied to.
    var changedIDs: Set<String> = []
    /// The view mappings, as written, of the ids changed: what a keyframe's values are compared
    /// with to tell whether they change.
    var changedOriginals: [String: Node.Mapping] = [:]
}
