import Arrange
@testable import ArrangeScene
import Foundation
import Testing

/// The reader reads exactly the keys of the key table (SceneKeys.swift): each key the table
/// lists for a mapping is read there (a wrong value gives an error about the value, never an
/// unknown key), and any other key is an unknown key whose message lists the table's keys.
/// `SchemaTests` checks the schema against the same table.
@Suite struct KeyTableTests {
    /// A value no key accepts: a list holding an empty list.
    static let junk = "[[]]"
    static let unknownKey = "zzqx"

    /// A scene with `mapping` (YAML flow text) written where a mapping of `place` goes.
    static func scene(with mapping: String, at place: SceneMapping) -> String {
        switch place {
        case .scene: mapping
        case .canvas: "canvas: \(mapping)\nview: rectangle\n"
        case .random: "view:\n  rectangle:\n  modifiers: [{opacity: \(mapping)}]\n"
        case .color: "view:\n  text: a\n  modifiers: [{foregroundColor: \(mapping)}]\n"
        case .font: "view:\n  text: {content: a, font: \(mapping)}\n"
        case .view: "view: \(mapping)\n"
        case .animation: "view: {rectangle: {}, id: a}\nanimation: \(mapping)\n"
        case .keyframe: "view: {rectangle: {}, id: a}\nanimation: {duration: 1, keyframes: [\(mapping)]}\n"
        case .curve: "view: {rectangle: {}, id: a}\nanimation: {duration: 1, curve: \(mapping), keyframes: [{at: 1, set: {a: {rectangle: {}}}}]}\n"
        case .spring: "view: {rectangle: {}, id: a}\nanimation: {duration: 1, curve: {spring: \(mapping)}, keyframes: [{at: 1, set: {a: {rectangle: {}}}}]}\n"
        case .textRun: "view:\n  text: {runs: [\(mapping)]}\n"
        case .component: "components: {c: \(mapping)}\nview: rectangle\n"
        }
    }

    /// The quoted names after "expected" in a message: the keys it offers.
    static func expectedKeys(in message: String) -> [String]? {
        guard let start = message.range(of: "expected ") else { return nil }
        return message[start.upperBound...].split(separator: "'", omittingEmptySubsequences: false)
            .enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) }
    }

    /// Checks that the mapping written by `write` reads exactly `keys`.
    func checkReads(_ keys: [String], _ what: String, listsAll: Bool = true, write: (String) -> String) {
        for key in keys {
            let error = sceneError(write("{\(key): \(Self.junk)}"))
            #expect(error != nil, "\(what): '\(key)' with a wrong value was accepted")
            #expect(error?.message.contains("unknown key '\(key)'") == false, "\(what) does not read '\(key)': \(String(describing: error))")
        }
        let error = sceneError(write("{\(Self.unknownKey): 1}"))
        guard let message = error?.message else {
            Issue.record("\(what): an unknown key was accepted")
            return
        }
        if keys.isEmpty {
            #expect(!message.contains("unknown key"), "\(what) takes no keys, yet: \(message)")
            return
        }
        #expect(message.contains("unknown key '\(Self.unknownKey)'"), "\(message)")
        let offered = Self.expectedKeys(in: message) ?? []
        if listsAll {
            #expect(offered == keys, "\(what): the message offers \(offered), the table has \(keys)")
        } else {
            #expect(Set(offered).isSubset(of: keys), "\(what): the message offers \(offered), the table has \(keys)")
        }
    }

    @Test(arguments: SceneMapping.allCases)
    func eachMappingReadsItsKeys(_ mapping: SceneMapping) {
        checkReads(mapping.keys, "\(mapping)") { Self.scene(with: $0, at: mapping) }
    }

    @Test(arguments: ViewKind.allCases)
    func eachKindReadsItsParameterKeys(_ kind: ViewKind) {
        checkReads(kind.parameterKeys, "the parameters of '\(kind.name)'") { "view:\n  \(kind.name): \($0)\n" }
        if kind.parameterKeys.isEmpty {
            #expect(sceneError("view:\n  \(kind.name): {\(Self.unknownKey): 1}\n")?.message.contains("takes no parameters") == true)
        }
    }

    @Test(arguments: ModifierKind.allCases)
    func eachModifierReadsItsValueKeys(_ modifier: ModifierKind) {
        // A value with two mapping forms (`border: {width:}` or a colour) lists the keys of the
        // form it was taken for, so only some of the table's.
        let twoForms: Set<ModifierKind> = [.border, .strokeBorder]
        checkReads(modifier.valueKeys, "the value of '\(modifier.name)'", listsAll: !twoForms.contains(modifier)) {
            "view:\n  rectangle:\n  modifiers:\n    - \(modifier.name): \($0)\n"
        }
    }

    @Test func namesAreUniqueAndTheEnumsAgree() {
        for names in [SceneKey.names, CanvasKey.names, ViewKind.names, ModifierKind.names, ViewEntryKey.names, FrameKey.names] {
            #expect(Set(names).count == names.count)
        }
        #expect(Set(ViewKind.names).isDisjoint(with: ViewEntryKey.names))
        // A key of both forms is offered once.
        #expect(EitherKey<BorderKey, ColorKey>.names == ["color", "width", "red", "green", "blue", "white", "opacity", "light", "dark"])
        #expect(EitherKey<LayerKey, ColorKey>(rawValue: "alignment") == .first(.alignment))
        #expect(EitherKey<LayerKey, ColorKey>(rawValue: "white") == .second(.white))
        #expect(EitherKey<LayerKey, ColorKey>(rawValue: "nope") == nil)
    }

    @Test func anUnknownKeyGetsTheNearestKeyOfItsMapping() throws {
        let error = try #require(sceneError("view:\n  flow: {horizontalSpasing: 4}\n"))
        #expect(error.description == "test.yaml:2:10: error: unknown key 'horizontalSpasing' in the parameters of 'flow'; did you mean 'horizontalSpacing'? (expected one of: 'alignment', 'rowAlignment', 'spacing', 'horizontalSpacing' or 'verticalSpacing') (see docs/scene-format.md#view-flow)")
        let canvas = try #require(sceneError("canvas: {hieght: 10}\nview: rectangle\n"))
        #expect(canvas.description == "test.yaml:1:10: error: unknown key 'hieght' in 'canvas'; did you mean 'height'? (expected one of: 'width', 'height', 'scale' or 'background') (see docs/scene-format.md#canvas)")
    }

    @Test func everyKeyOfTheLastCaseIsReadIntoItsOwnField() throws {
        // Each of these keys was once the `default:` of a switch over key names. The 100 × 100
        // square sizes the stack; `a` is 10 + 3 (trailing padding) by 20 in its bottom-trailing
        // corner, and its rectangle is drawn 5 points higher (the offset's y).
        let tree = try layout("""
            view:
              zstack: {alignment: bottomTrailing}
              children:
                - rectangle:
                  modifiers: [{frame: {width: 100, height: 100}}]
                - rectangle:
                  id: a
                  modifiers:
                    - frame: {width: 10, height: 20}
                    - offset: {y: -5}
                    - padding: {trailing: 3}
            """)
        let a = try #require(tree.root.node(id: "a"))
        #expect(a.frame == CGRect(x: 87, y: 80, width: 13, height: 20))
        let drawn = fills(tree.result.displayList).map(\.frame)
        #expect(drawn.contains(CGRect(x: 87, y: 75, width: 10, height: 20)), "\(drawn)")
    }
}

/// The one source-location helper: byte offsets, marks and nodes to lines and columns.
@Suite struct SourceLocationTests {
    @Test func byteOffsetsCountLinesAndScalars() {
        let bytes = Array("ab\ncé€\n\nx".utf8)
        func at(_ offset: Int) -> (Int, Int) {
            let location = SourceLocation(byte: offset, of: bytes, in: "f")
            return (location.line, location.column)
        }
        #expect(at(0) == (1, 1))
        #expect(at(2) == (1, 3))
        #expect(at(3) == (2, 1))
        #expect(at(4) == (2, 2)) // é: two bytes, one column
        #expect(at(6) == (2, 3)) // €: three bytes
        #expect(at(9) == (2, 4)) // the line feed
        #expect(at(10) == (3, 1))
        #expect(at(11) == (4, 1))
        #expect(at(99) == (4, 2)) // past the end: the end
        #expect(SourceLocation(byte: 1, of: bytes, in: "f").description == "f:1:2")
    }

    @Test func linesAreFoundByBytesSoCarriageReturnsDoNotJoinThem() throws {
        let source = try SourceText(Data("a: 1\r\n- b\r\n\r\nlast".utf8), file: "f")
        #expect(source.line(1) == "a: 1")
        #expect(source.line(2) == "- b")
        #expect(source.line(3) == "")
        #expect(source.line(4) == "last")
        #expect(source.line(5) == nil)
        #expect(source.line(0) == nil)
    }

    @Test func jsonAndYAMLErrorsCountColumnsAlike() throws {
        // The same place after three two-byte letters, found by the JSON check and by the reader.
        let json = try #require(sceneError("{\"view\": {\"text\": \"ééé\", \"zzz\": 1}}", format: .json))
        #expect((json.location.line, json.location.column) == (1, 26))
        let trailing = try #require(sceneError("{\"view\": \"ééé\",}", format: .json))
        #expect((trailing.location.line, trailing.location.column) == (1, 15))
        #expect(trailing.message.contains("trailing comma"))
        let unclosed = try #require(sceneError("{\"view\":\n  \"éé\n\"}", format: .json))
        #expect(unclosed.message.contains("started at line 2, column 3"))
    }
}

/// libyaml's errors, mapped by their structured fields (kind, problem, mark, context).
@Suite struct YAMLErrorTests {
    @Test func tabsGetTheTabAdvice() throws {
        for yaml in ["view:\n\thstack: {}\n", "view:\n  text: abc\n\tdef\n", "view:\n  text: |\n\tabc\n"] {
            let error = try #require(sceneError(yaml))
            #expect(error.message.hasSuffix("; YAML indents with spaces, not tabs"), "\(error)")
            #expect((error.location.line, error.location.column) == (yaml.hasPrefix("view:\n\t") ? 2 : 3, 1))
        }
    }

    @Test func reservedCharactersGetTheQuotingAdvice() throws {
        for character in ["@", "`"] {
            let error = try #require(sceneError("view:\n  text: \(character)home\n"))
            #expect(error.description == "test.yaml:2:9: error: malformed YAML: found character that cannot start any token (while scanning for the next token that starts at line 2, column 9); '@' and '`' cannot start plain text in YAML: put the text in quotes")
        }
    }

    @Test func aBareNameFollowedByKeysIsFoundInWindowsLineEndsToo() throws {
        let error = try #require(sceneError("view:\r\n  vstack:\r\n  children:\r\n    - circle\r\n      modifiers: [padding]\r\n"))
        #expect(error.message.hasSuffix("write it '- circle:' (with a colon)"), "\(error)")
    }

    @Test func problemsWithoutAdviceAreReportedAsLibYAMLWordsThem() throws {
        let error = try #require(sceneError("view: {rectangle: {} circle: {}}\n"))
        #expect(error.description == "test.yaml:1:22: error: malformed YAML: did not find expected ',' or '}' (while parsing a flow mapping that starts at line 1, column 7)")
        #expect(LibYAMLProblem(rawValue: "did not find expected ',' or '}'") == nil)
    }

    @Test func aSecondDocumentIsNamedAsSuch() throws {
        let error = try #require(sceneError("view: rectangle\n---\nview: circle\n"))
        #expect(error.description == "test.yaml:2:1: error: a scene file holds one document, found a second one (a '---' line)")
    }
}
