@testable import ArrangeScene
import Foundation
import Testing

/// The JSON Schema describes the same format as the reader: every fixture validates against it,
/// and it names the same kinds and modifiers. Validation runs Python's `jsonschema` (draft
/// 2020-12) with PyYAML for the YAML files.
@Suite struct SchemaTests {
    static let schemaPath = repositoryPath("Schema/arrange-scene.schema.json")

    @Test func everyFixtureValidatesAgainstTheSchema() throws {
        let fixtures = try validFixtures()
        #expect(fixtures.count >= 15)
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
        let data = try Data(contentsOf: URL(fileURLWithPath: Self.schemaPath))
        let schema = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let defs = try #require(schema["$defs"] as? [String: Any])
        let view = try #require(defs["view"] as? [String: Any])
        let oneOf = try #require(view["oneOf"] as? [[String: Any]])
        let bare = try #require(oneOf.first?["enum"] as? [String])
        #expect(bare == ViewKind.names)
        let kindDefinitions = defs.keys.filter { $0.hasPrefix("view-") }.map { String($0.dropFirst(5)) }
        #expect(Set(kindDefinitions) == Set(ViewKind.names))
        for kind in ViewKind.all {
            let definition = try #require(defs["view-" + kind.name] as? [String: Any])
            let properties = try #require(definition["properties"] as? [String: Any])
            #expect((properties["children"] != nil) == kind.takesChildren, "\(kind.name)")
        }
        let modifier = try #require(defs["modifier"] as? [String: Any])
        let forms = try #require(modifier["anyOf"] as? [[String: Any]])
        let mapping = try #require(forms.first { $0["properties"] != nil }?["properties"] as? [String: Any])
        #expect(Set(mapping.keys) == Set(ModifierKind.names))
        let properties = try #require(schema["properties"] as? [String: Any])
        #expect(Set(properties.keys) == Set(Scene.keys))
    }

    /// Runs `python3 -c script arguments…`; status 127 if python3 cannot be started.
    private func runPython(_ script: String, arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script] + arguments
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("arrange-schema-\(UUID().uuidString).txt")
        FileManager.default.createFile(atPath: output.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: output) }
        let handle = try FileHandle(forWritingTo: output)
        process.standardOutput = handle
        process.standardError = handle
        do {
            try process.run()
        } catch {
            return (127, "cannot run python3: \(error)")
        }
        process.waitUntilExit()
        try handle.close()
        return (process.terminationStatus, (try? String(contentsOf: output, encoding: .utf8)) ?? "")
    }
}
