import Foundation

/// A section of the scene-format reference, `docs/scene-format.md`: the top level, the canvas,
/// each view kind, each modifier, each kind of value and the animation's mappings.
///
/// The same sections serve three readers: the reference's generator (`FormatReference`), which
/// writes one heading for each; the scene reader, which ends every error raised while it reads a
/// section's mapping with a link to that section (`ReadingContext.section`); and the index of
/// misplaced keys (`MisplacedKeys`), which names the sections a key belongs to. Their keys come
/// from the key table (SceneKeys.swift), so a key added there is in the reference, its errors and
/// the index without a word here; a new view kind or modifier is a new section by itself.
enum FormatSection: Hashable, Sendable {
    /// The top level of a scene file.
    case topLevel
    /// `canvas`.
    case canvas
    /// `styles`, `components` and `include`: definitions a scene reuses.
    case reuse
    /// What every view mapping has: a kind, `children`, `modifiers`, `id`, `repeat`.
    case views
    /// One view kind.
    case view(ViewKind)
    /// The `modifiers` list.
    case modifiers
    /// One modifier.
    case modifier(ModifierKind)
    /// `animation`, one keyframe, a timing curve, a spring.
    case animation, keyframe, curve, spring
    /// A kind of value that several keys take (a colour, a length, an alignment…).
    case value(FormatValue)

    /// The file the reference is written to, relative to the repository; error messages link to it.
    static let file = "docs/scene-format.md"

    /// Every section in the reference's order.
    static var all: [FormatSection] {
        [.topLevel, .canvas, .reuse, .views] + ViewKind.allCases.map { .view($0) } + [.modifiers] + ModifierKind.allCases.map { .modifier($0) }
            + FormatValue.allCases.map { .value($0) } + [.animation, .keyframe, .curve, .spring]
    }

    /// The heading's text, in Markdown.
    var title: String {
        switch self {
        case .topLevel: "Top level"
        case .canvas: "`canvas`"
        case .reuse: "Styles, components and include"
        case .views: "Views"
        case .view(let kind): "View: `\(kind.name)`"
        case .modifiers: "Modifiers"
        case .modifier(let modifier): "`\(modifier.name)`"
        case .animation: "`animation`"
        case .keyframe: "Keyframe"
        case .curve: "Timing curve"
        case .spring: "Spring"
        case .value(let value): "Value: `\(value.rawValue)`"
        }
    }

    /// The heading's level: the groups (top level, canvas, views, modifiers, animation) are
    /// level 2; the kinds, modifiers, values and the animation's parts level 3 within them.
    var level: Int {
        switch self {
        case .topLevel, .canvas, .reuse, .views, .modifiers, .animation: 2
        case .view, .modifier, .value, .keyframe, .curve, .spring: 3
        }
    }

    /// The heading's anchor as GitHub makes it (`#shadow`, `#view-text`, `#value-color`).
    var anchor: String { Self.slug(title) }

    /// `docs/scene-format.md#anchor`, as messages link to the section.
    var link: String { "\(Self.file)#\(anchor)" }

    /// " (see docs/scene-format.md#anchor)": the end of an error raised while reading the section.
    var seeAlso: String { " (see \(link))" }

    /// A heading's anchor by GitHub's rules (github-slugger): lower case, every character but
    /// letters, digits, spaces, `-` and `_` dropped, each space a `-`.
    static func slug(_ heading: String) -> String {
        String(heading.lowercased().compactMap { character -> Character? in
            if character == " " { return "-" }
            if character.isLetter || character.isNumber || character == "-" || character == "_" { return character }
            return nil
        })
    }

    /// The section's mappings: each a list of keys from the key table and where the schema
    /// describes them.
    var keyTables: [KeyTable] {
        switch self {
        case .topLevel: [KeyTable(SceneKey.self, schema: "", place: "the top level of a scene", form: .topLevel)]
        case .canvas: [KeyTable(CanvasKey.self, schema: "/properties/canvas", place: "canvas")]
        case .reuse:
            [KeyTable(ComponentKey.self, schema: "/$defs/component", place: "a component", caption: "Each entry of `components`"),
             KeyTable(IncludedFileKey.self, schema: "", place: "an included file", form: .topLevel, caption: "The top level of an included file")]
        case .views:
            // A container's definition describes the keys every view has (the view mapping's own
            // lists them without types: checking them there would check each subtree twice).
            [KeyTable(ViewEntryKey.self, schema: "/$defs/view-hstack", place: "a view", form: .besideKind)]
        case .view(let kind):
            kind.parameterKey.map { [KeyTable($0, schema: "/$defs/view-\(kind.name)/properties/\(kind.name)", place: kind.name)] } ?? []
        case .modifiers: []
        case .modifier(let modifier):
            modifier.valueKey.map { [KeyTable($0, schema: "/$defs/modifier/anyOf/1/properties/\(modifier.name)", place: modifier.name)] } ?? []
        case .animation: [KeyTable(AnimationKey.self, schema: "/$defs/animation", place: "animation")]
        case .keyframe: [KeyTable(KeyframeKey.self, schema: "/$defs/keyframe", place: "a keyframe")]
        case .curve: [KeyTable(CurveKey.self, schema: "/$defs/curve/anyOf/1", place: "a timing curve")]
        case .spring: [KeyTable(SpringKey.self, schema: "/$defs/spring", place: "a spring")]
        case .value(let value): value.keyTables
        }
    }
}

/// A kind of value with a section of its own: a `$defs` entry of the schema that keys refer to.
/// The raw value is the entry's name.
enum FormatValue: String, CaseIterable, Sendable {
    case number, length, maxLength, unit, random
    case color, paint, gradient, font, textRun = "text-run"
    case alignment, horizontalAlignment, verticalAlignment, unitPoint, edges, axes
    case dash, textStyle, gridItem

    /// The schema's pointer to the value's definition.
    var schemaPointer: String { "/$defs/\(rawValue)" }

    /// The value's mappings, for a value that may be written as one.
    var keyTables: [KeyTable] {
        switch self {
        case .random: [KeyTable(RandomKey.self, schema: schemaPointer, place: "a random number", form: .random)]
        case .color: [KeyTable(ColorKey.self, schema: schemaPointer, place: "a colour")]
        case .paint: [KeyTable(PaintKey.self, schema: schemaPointer, place: "a paint")]
        case .gradient:
            [KeyTable(GradientKey.self, schema: schemaPointer, place: "a gradient"),
             KeyTable(GradientStopKey.self, schema: schemaPointer + "/properties/stops/items", place: "a gradient stop", caption: "Each item of `stops`")]
        case .font: [KeyTable(FontKey.self, schema: schemaPointer, place: "a font")]
        case .textRun: [KeyTable(TextRunKey.self, schema: schemaPointer, place: "a text run")]
        case .unitPoint: [KeyTable(UnitPointKey.self, schema: schemaPointer, place: "a unit point")]
        case .gridItem:
            [KeyTable(GridItemKey.self, schema: schemaPointer, place: "a grid item"),
             KeyTable(GridItemBoundsKey.self, schema: schemaPointer + "/anyOf/1/properties/adaptive/anyOf/1", place: "the bounds of a grid item",
                      caption: "The bounds of `flexible` and `adaptive`")]
        case .number, .length, .maxLength, .unit, .alignment, .horizontalAlignment, .verticalAlignment, .edges, .axes, .dash, .textStyle: []
        }
    }
}

/// The keys of one mapping of the format, as a section of the reference lists them.
struct KeyTable {
    /// How a key of the mapping is written in a message that shows where it belongs.
    enum Form {
        /// `place: {key: …}`.
        case mapping
        /// `key: …` at the top level.
        case topLevel
        /// `{KIND: …, key: …}`, beside a view's kind.
        case besideKind
        /// `{random: [low, high]}`.
        case random
    }

    /// The enum of the keys.
    let keys: any MappingKey.Type
    /// The JSON pointer to the mapping's schema in Schema/arrange-scene.schema.json.
    let schema: String
    /// How messages name the mapping: "image", "canvas", "a colour".
    let place: String
    let form: Form
    /// The line above the table, when the section has several; nil for the section's own mapping.
    let caption: String?

    init(_ keys: any MappingKey.Type, schema: String, place: String, form: Form = .mapping, caption: String? = nil) {
        self.keys = keys
        self.schema = schema
        self.place = place
        self.form = form
        self.caption = caption
    }

    /// The keys as written, in the key table's order.
    var names: [String] { keys.names }

    /// `key` written in its place, for a message: "image: {resizable: …}", "a colour: {red: …}".
    func written(_ key: String) -> String {
        switch form {
        case .mapping: "\(place): {\(key): …}"
        case .topLevel: "the top level of a scene (\(key): …)"
        case .besideKind: "a view, beside its kind ({rectangle: …, \(key): …})"
        case .random: "{random: [low, high]}"
        }
    }
}
