@testable import ArrangeScene
import Foundation
import Testing
import TestSupport

/// The JSON Schema describes the same format as the reader: every fixture validates against it,
/// and it names the same kinds and modifiers. Validation runs Python's `jsonschema` (draft
/// 2020-12) with PyYAML for the YAML files.
@Suite struct SchemaTests {
    static let schemaPath = repositoryPath("Schema/arrange-scene.schema.json")

    @Test func everyFixtureValidatesAgainstTheSchema() throws {
        let fixtures = try validFixtures() + animationFixtures()
        #expect(fixtures.count >= 21)
        let script = """
        import json, sys
        try:
            import yaml
            from jsonschema import Draft202012Validator
        except ImportError as error:
            print("MISSING: " + str(error)); sys.exit(3)
        schema = json.load(open(sys.argv[1]))
        Draft202012Validator.check_schema(schema)
        validator = Draft202012Validator(schema)
        failed = 0
        for path in sys.argv[2:]:
            with open(path) as f:
                document = json.load(f) if path.endswith(".json") else yaml.safe_load(f)
            for error in validator.iter_errors(document):
                failed += 1
                print(path + ": " + "/".join(map(str, error.absolute_path)) + ": " + error.message[:300])
        sys.exit(1 if failed else 0)
        """
        let result = try runPython(script, arguments: [Self.schemaPath] + fixtures)
        if result.status == 3 || result.status == 127 {
            Issue.record("python3 with the jsonschema and yaml modules is needed to check fixtures against the schema (Debian: apt-get install python3-jsonschema python3-yaml): \(result.output)")
            return
        }
        #expect(result.status == 0, "fixtures that break the schema:\n\(result.output)")
    }

    @Test func theSchemaRejectsStructuralMistakes() throws {
        // The schema cannot check NaN or pixel limits, but it does catch wrong keys and types.
        let names = ["unknown-modifier", "unknown-kind", "two-kinds", "children-on-leaf", "negative-width",
                     "bad-alignment", "unknown-frame-key", "frame-fixed-and-flexible", "modifier-two-keys",
                     "quoted-number", "missing-view", "opacity-out-of-range", "unknown-top-key"]
        let script = """
        import json, sys
        try:
            import yaml
            from jsonschema import Draft202012Validator
        except ImportError as error:
            print("MISSING: " + str(error)); sys.exit(3)
        validator = Draft202012Validator(json.load(open(sys.argv[1])))
        accepted = [p for p in sys.argv[2:] if validator.is_valid(yaml.safe_load(open(p)))]
        print("\\n".join(accepted)); sys.exit(1 if accepted else 0)
        """
        let paths = names.map { repositoryPath("Fixtures/invalid/\($0).yaml") }
        let result = try runPython(script, arguments: [Self.schemaPath] + paths)
        if result.status == 3 || result.status == 127 {
            Issue.record("python3 with jsonschema and yaml is needed: \(result.output)")
            return
        }
        #expect(result.status == 0, "the schema accepts: \(result.output)")
    }

    @Test func theSchemaNamesTheReadersKindsAndModifiers() throws {
        let schema = try SchemaDocument(path: Self.schemaPath)
        let bare = try #require(schema.fragment(at: "/$defs/view/oneOf/0/enum") as? [String])
        #expect(bare == ViewKind.names, "the schema's bare view names are not the reader's view kinds, in order")
        let definitions = try #require(schema.fragment(at: "/$defs") as? [String: Any])
        let kindDefinitions = definitions.keys.filter { $0.hasPrefix("view-") }.map { String($0.dropFirst(5)) }
        #expect(Set(kindDefinitions) == Set(ViewKind.names))
        let modifiers = try #require(schema.fragment(at: try Self.modifierProperties(in: schema)) as? [String: Any])
        #expect(Set(modifiers.keys) == Set(ModifierKind.names))
    }

    /// The schema's key lists are the key table's (SceneKeys.swift): for the top level, the
    /// canvas, random numbers, colours, fonts, each view kind (its view mapping and its parameters)
    /// and each modifier's value, the property names the schema allows are exactly the table's
    /// keys. A key added to the table and not to the schema (or the other way) fails here, naming
    /// the key and the mapping.
    @Test func theSchemaListsTheKeyTablesKeys() throws {
        let schema = try SchemaDocument(path: Self.schemaPath)
        var checked = 0
        func compare(_ pointer: String, _ keys: [String], _ mapping: String) throws {
            let names = try schema.propertyNames(at: pointer)
            for key in keys where !names.contains(key) {
                Issue.record("the schema lacks the key '\(key)' of \(mapping) (at \(pointer))")
            }
            for name in names.subtracting(keys).sorted() {
                Issue.record("the schema has the key '\(name)' in \(mapping) (at \(pointer)), which the key table does not")
            }
            checked += 1
        }
        for mapping in SceneMapping.allCases {
            try compare(Self.pointer(to: mapping), mapping.keys, "\(mapping)")
        }
        for kind in ViewKind.allCases {
            let entryKeys = ViewEntryKey.allCases.filter { $0 != .children || kind.takesChildren }.map(\.name)
            try compare("/$defs/view-\(kind.name)", [kind.name] + entryKeys, "a '\(kind.name)' view")
            try compare("/$defs/view-\(kind.name)/properties/\(kind.name)", kind.parameterKeys, "the parameters of '\(kind.name)'")
        }
        let modifiers = try Self.modifierProperties(in: schema)
        for modifier in ModifierKind.allCases {
            try compare(modifiers + "/" + modifier.name, modifier.valueKeys, "the value of '\(modifier.name)'")
        }
        #expect(checked == SceneMapping.allCases.count + 2 * ViewKind.allCases.count + ModifierKind.allCases.count)
        // Unknown keys are errors in the schema too: every object that lists properties allows no others.
        #expect(schema.openObjects.isEmpty, "objects in the schema that allow keys they do not list: \(schema.openObjects)")
    }

    /// Where the schema describes each mapping of the key table. A new mapping must be placed here.
    static func pointer(to mapping: SceneMapping) -> String {
        switch mapping {
        case .scene: ""
        case .canvas: "/properties/canvas"
        case .random: "/$defs/random"
        case .color: "/$defs/color"
        case .font: "/$defs/font"
        case .view: "/$defs/view"
        case .animation: "/$defs/animation"
        case .keyframe: "/$defs/keyframe"
        case .curve: "/$defs/curve/anyOf/1"
        case .spring: "/$defs/spring"
        case .textRun: "/$defs/text-run"
        case .component: "/$defs/component"
        }
    }

    /// The properties of the modifier's mapping form: the branch of `/$defs/modifier` that has them.
    static func modifierProperties(in schema: SchemaDocument) throws -> String {
        let forms = try #require(schema.fragment(at: "/$defs/modifier/anyOf") as? [Any])
        let index = try #require(forms.firstIndex { ($0 as? [String: Any])?["properties"] != nil })
        return "/$defs/modifier/anyOf/\(index)/properties"
    }

    /// Runs `python3 -c script arguments…` and returns its status and everything it printed.
    private func runPython(_ script: String, arguments: [String]) throws -> (status: Int32, output: String) {
        let python = try ExternalTool.locate("python3", package: "python3")
        let run = try ExternalTool.run(python, ["-c", script] + arguments)
        return (run.status, run.stdout + run.errors)
    }
}

/// A JSON Schema document, read with `JSONSerialization`, and the property names it allows.
struct SchemaDocument {
    let root: Any

    init(path: String) throws {
        root = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path)))
    }

    struct PointerError: Error, CustomStringConvertible {
        let pointer: String
        var description: String { "nothing at \(pointer) in the schema" }
    }

    /// The value at a JSON pointer ("" for the root, "/$defs/color", "/anyOf/0").
    func fragment(at pointer: String) throws -> Any {
        var value = root
        for token in pointer.split(separator: "/", omittingEmptySubsequences: false).dropFirst() {
            let name = token.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
            if let object = value as? [String: Any], let next = object[name] {
                value = next
            } else if let array = value as? [Any], let index = Int(name), array.indices.contains(index) {
                value = array[index]
            } else {
                throw PointerError(pointer: pointer)
            }
        }
        return value
    }

    /// The property names a value described at `pointer` may have as a mapping: the `properties`
    /// of the schema and of every schema it refers to or combines (`$ref`, `anyOf`, `oneOf`,
    /// `allOf`), without going into the properties' own values.
    func propertyNames(at pointer: String) throws -> Set<String> {
        var seen: Set<String> = []
        return try propertyNames(of: fragment(at: pointer), seen: &seen)
    }

    private func propertyNames(of schema: Any, seen: inout Set<String>) throws -> Set<String> {
        guard let object = schema as? [String: Any] else { return [] }
        var names = Set((object["properties"] as? [String: Any])?.keys.map { $0 } ?? [])
        for combination in ["anyOf", "oneOf", "allOf"] {
            for branch in object[combination] as? [Any] ?? [] {
                names.formUnion(try propertyNames(of: branch, seen: &seen))
            }
        }
        if let reference = object["$ref"] as? String, reference.hasPrefix("#"), seen.insert(reference).inserted {
            names.formUnion(try propertyNames(of: fragment(at: String(reference.dropFirst())), seen: &seen))
        }
        return names
    }

    /// Pointers to objects that list `properties` without `additionalProperties: false`.
    var openObjects: [String] {
        var found: [String] = []
        func walk(_ value: Any, _ pointer: String) {
            if let object = value as? [String: Any] {
                if object["properties"] != nil, object["additionalProperties"] as? Bool != false {
                    found.append(pointer)
                }
                for (key, child) in object { walk(child, pointer + "/" + key) }
            } else if let array = value as? [Any] {
                for (index, child) in array.enumerated() { walk(child, pointer + "/\(index)") }
            }
        }
        walk(root, "")
        return found.sorted()
    }
}
