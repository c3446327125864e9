import Foundation

/// Where each key of the format belongs, built from the key table through the reference's
/// sections: so that a key written in the wrong mapping (`resizable` as a modifier, `width` at the
/// top level) is told where it goes instead of only "unknown".
enum MisplacedKeys {
    /// One mapping a key belongs to.
    struct Place {
        let section: FormatSection
        /// The key written in its place: "image: {resizable: …}", "modifiers: [{shadow: …}]".
        let written: String
        /// Whether the key is a key of a mapping there, rather than a modifier or a view kind.
        var isKey = true

        /// How a message names the place: "a key of image: {resizable: …}", "a modifier (…)".
        var phrase: String {
            switch section {
            case .modifier where !isKey: "a modifier (\(written))"
            case .view where !isKey: "a view kind (\(written))"
            default: "a key of \(written)"
            }
        }
    }

    /// Every key's places, in the reference's order: view kinds and modifiers as well as the keys
    /// of each section's mappings.
    static let index: [String: [Place]] = {
        var index: [String: [Place]] = [:]
        func add(_ key: String, _ place: Place) {
            if !(index[key]?.contains { $0.written == place.written } ?? false) { index[key, default: []].append(place) }
        }
        for section in FormatSection.all {
            switch section {
            case .views:
                for kind in ViewKind.allCases { add(kind.name, Place(section: .view(kind), written: "{\(kind.name): …}", isKey: false)) }
            case .modifiers:
                for modifier in ModifierKind.allCases {
                    add(modifier.name, Place(section: .modifier(modifier), written: "modifiers: [{\(modifier.name): …}]", isKey: false))
                }
            default:
                break
            }
            for table in section.keyTables {
                for key in table.names { add(key, Place(section: section, written: table.written(key))) }
            }
        }
        return index
    }()

    /// The places `key` belongs to other than the mapping being read (`reading`, whose keys are
    /// `own`); empty when it belongs nowhere else.
    static func places(of key: String, apartFrom own: [String]) -> [Place] {
        guard !own.contains(key) else { return [] }
        return index[key] ?? []
    }

    /// "it is a key of image: {resizable: …}" (up to three places, then "among others"), or nil
    /// when the key belongs nowhere.
    static func clause(for places: [Place]) -> String? {
        guard !places.isEmpty else { return nil }
        let shown = places.prefix(3)
        // "a key of" once when every place shown is a mapping's.
        let allKeys = shown.allSatisfy(\.isKey)
        let phrases = shown.map { allKeys ? $0.written : $0.phrase }
        let listed = phrases.count == 1 ? phrases[0] : phrases.dropLast().joined(separator: ", ") + " or " + (phrases.last ?? "")
        return "it is \(allKeys ? "a key of " : "")\(listed)\(places.count > 3 ? ", among others" : "")"
    }

    /// The section to read about a misplaced key: its one place's, or nil when it has several.
    static func section(for places: [Place]) -> FormatSection? {
        places.count == 1 ? places[0].section : nil
    }
}
