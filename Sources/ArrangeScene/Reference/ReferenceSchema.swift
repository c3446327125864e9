import Foundation

/// A JSON value as the schema holds it. Numbers keep the digits they are written with, so a
/// bound like 18446744073709551615 reads back exactly.
indirect enum JSONValue: Decodable, Hashable, Sendable {
    case null
    case bool(Bool)
    case number(String)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(UInt64.self) {
            self = .number(String(value))
        } else if let value = try? container.decode(Int64.self) {
            self = .number(String(value))
        } else if let value = try? container.decode(Double.self) {
            self = .number(value.description)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    /// The value of `key` in an object; nil for another key or value.
    subscript(key: String) -> JSONValue? {
        guard case .object(let object) = self else { return nil }
        return object[key]
    }

    var string: String? {
        guard case .string(let text) = self else { return nil }
        return text
    }

    var array: [JSONValue]? {
        guard case .array(let items) = self else { return nil }
        return items
    }

    /// The value written as YAML flow text, as a scene would write it: `0.5`, `center`, `true`,
    /// `[6, 3]`, `{x: 0, y: 1}` (keys sorted).
    var yaml: String {
        switch self {
        case .null: "null"
        case .bool(let value): value ? "true" : "false"
        case .number(let text): text
        case .string(let text): text
        case .array(let items): "[" + items.map(\.yaml).joined(separator: ", ") + "]"
        case .object(let object): "{" + object.keys.sorted().map { "\($0): \(object[$0]?.yaml ?? "")" }.joined(separator: ", ") + "}"
        }
    }
}

/// Schema/arrange-scene.schema.json as the reference reads it: descriptions, types, defaults and
/// the annotations only the reference uses (`x-swiftUI`, the SwiftUI API a kind or modifier
/// mirrors; `x-example`, a small scene showing it).
struct ReferenceSchema {
    /// A problem with the schema itself: a pointer that leads nowhere.
    struct Problem: Error, CustomStringConvertible {
        let description: String
    }

    let root: JSONValue

    init(_ data: Data) throws {
        do {
            root = try JSONDecoder().decode(JSONValue.self, from: data)
        } catch {
            throw Problem(description: "the schema is not JSON: \(error)")
        }
    }

    /// The value at a JSON pointer ("" for the root, "/$defs/color").
    func value(at pointer: String) throws -> JSONValue {
        var value = root
        for token in pointer.split(separator: "/", omittingEmptySubsequences: false).dropFirst() {
            let name = token.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
            if let next = value[name] {
                value = next
            } else if let items = value.array, let index = Int(name), items.indices.contains(index) {
                value = items[index]
            } else {
                throw Problem(description: "the schema has nothing at \(pointer)")
            }
        }
        return value
    }

    /// The section a `$ref` leads to, for a definition that has one; nil for one described where
    /// it is used (a connector: in `connect`).
    static func section(ofDefinition name: String) -> FormatSection? {
        if let value = FormatValue(rawValue: name) { return .value(value) }
        switch name {
        case "view": return .views
        case "modifier", "modifiers": return .modifiers
        case "animation": return .animation
        case "keyframe": return .keyframe
        case "curve": return .curve
        case "spring": return .spring
        default: return nil
        }
    }

    /// The definition's name a `$ref` names ("#/$defs/color" → "color").
    static func definition(_ reference: String) -> String? {
        reference.hasPrefix("#/$defs/") ? String(reference.dropFirst(8)) : nil
    }

    /// The properties a mapping described by `schema` may have, each with its schema: those of
    /// the schema and of every schema it combines (`anyOf`, `oneOf`, `allOf`) or refers to
    /// without a section of its own; the first description of a name wins. `sections` gathers the
    /// sectioned definitions met on the way: the value may also be written as one of them.
    func properties(of schema: JSONValue, sections: inout [FormatSection]) throws -> [String: JSONValue] {
        var found: [String: JSONValue] = [:]
        var seen: Set<String> = []
        try collect(schema, into: &found, sections: &sections, seen: &seen)
        return found
    }

    private func collect(_ schema: JSONValue, into found: inout [String: JSONValue], sections: inout [FormatSection],
                         seen: inout Set<String>) throws {
        if case .object(let properties)? = schema["properties"] {
            for (name, property) in properties where found[name] == nil { found[name] = property }
        }
        for combination in ["anyOf", "oneOf", "allOf"] {
            for branch in schema[combination]?.array ?? [] {
                try collect(branch, into: &found, sections: &sections, seen: &seen)
            }
        }
        if let reference = schema["$ref"]?.string, let name = Self.definition(reference) {
            if let section = Self.section(ofDefinition: name) {
                if !sections.contains(section) { sections.append(section) }
            } else if seen.insert(name).inserted {
                try collect(value(at: "/$defs/\(name)"), into: &found, sections: &sections, seen: &seen)
            }
        }
    }
}
