import Foundation

/// What a schema allows, said in a few words of Markdown for the reference's tables: "number ≥ 0",
/// "[color](#value-color)", "`fit` or `fill`", "list of [length](#value-length)".
enum SchemaSummary {
    /// The schema's value in words; `mapping` is what an object with properties is called (the
    /// keys are listed elsewhere).
    static func summary(_ schema: JSONValue, mapping: String = "mapping") -> String {
        list(forms(schema, mapping: mapping), conjunction: "or")
    }

    /// The forms a value may take, each in a few words, without repeats: the alternatives of
    /// `anyOf` and `oneOf` and of a list of types side by side.
    private static func forms(_ schema: JSONValue, mapping: String) -> [String] {
        if case .bool(true) = schema { return ["any value"] }
        var found: [String] = []
        func add(_ form: String) {
            if !form.isEmpty, !found.contains(form) { found.append(form) }
        }
        if let reference = schema["$ref"]?.string, let name = ReferenceSchema.definition(reference) {
            add(link(name))
        }
        if let values = schema["enum"]?.array {
            add(Self.list(values.map { "`\($0.yaml)`" }, conjunction: "or"))
        }
        if let value = schema["const"] { add("`\(value.yaml)`") }
        switch schema["type"] {
        case .string(let type)?: add(typed(type, schema, mapping: mapping))
        case .array(let types)?: types.compactMap(\.string).forEach { add(typed($0, schema, mapping: mapping)) }
        default: break
        }
        for combination in ["anyOf", "oneOf"] {
            for branch in schema[combination]?.array ?? [] { Self.forms(branch, mapping: mapping).forEach(add) }
        }
        // `allOf` narrows: its first branch that says anything is the value's form.
        if found.isEmpty, let first = (schema["allOf"]?.array ?? []).lazy.map({ Self.forms($0, mapping: mapping) }).first(where: { !$0.isEmpty }) {
            first.forEach(add)
        }
        if found.isEmpty, schema["properties"] != nil { add(mapping) }
        return found
    }

    /// A link to the section of a definition, or its name when it has none.
    static func link(_ definition: String) -> String {
        // A connector is described in the section of the modifier that draws it.
        if definition == "connector" { return "[connector](#\(FormatSection.modifier(.connect).anchor))" }
        guard let section = ReferenceSchema.section(ofDefinition: definition) else { return definition }
        return "[\(definition)](#\(section.anchor))"
    }

    /// One JSON type with the schema's bounds.
    private static func typed(_ type: String, _ schema: JSONValue, mapping: String) -> String {
        switch type {
        case "number", "integer": return type + bounds(schema)
        case "string": return "text"
        case "boolean": return "boolean"
        case "null": return "nothing"
        case "object":
            if case .number("0")? = schema["maxProperties"] { return "`{}`" }
            return schema["properties"] != nil ? mapping : "mapping"
        case "array":
            if let prefix = schema["prefixItems"]?.array {
                return "[" + prefix.map { summary($0) }.joined(separator: ", ") + "]"
            }
            let items = schema["items"].map { summary($0) } ?? ""
            var text = items.isEmpty ? "list" : "list of \(items)"
            if case .number(let most)? = schema["maxItems"] { text += " (at most \(most))" }
            return text
        default:
            return type
        }
    }

    /// " ≥ 0", " > 0", " from 0 to 1", " > 0 and ≤ 64", or "".
    private static func bounds(_ schema: JSONValue) -> String {
        func number(_ key: String) -> String? {
            guard case .number(let text)? = schema[key] else { return nil }
            return text
        }
        let low = number("minimum").map { ($0, true) } ?? number("exclusiveMinimum").map { ($0, false) }
        let high = number("maximum").map { ($0, true) } ?? number("exclusiveMaximum").map { ($0, false) }
        switch (low, high) {
        case let (low?, high?) where low.1 && high.1:
            return " from \(low.0) to \(high.0)"
        case let (low?, high?):
            return " \(low.1 ? "≥" : ">") \(low.0) and \(high.1 ? "≤" : "<") \(high.0)"
        case let (low?, nil): return low.1 ? " ≥ \(low.0)" : " > \(low.0)"
        case let (nil, high?): return high.1 ? " ≤ \(high.0)" : " < \(high.0)"
        case (nil, nil): return ""
        }
    }

    /// "a", "a or b", "a, b or c".
    static func list(_ items: [String], conjunction: String) -> String {
        guard items.count > 1, let last = items.last else { return items.first ?? "" }
        return items.dropLast().joined(separator: ", ") + " \(conjunction) " + last
    }
}
