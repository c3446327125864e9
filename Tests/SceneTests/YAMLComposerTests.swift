@testable import ArrangeScene
import Foundation
import Testing
import Yams

/// `YAMLComposer` against Yams' own composer, the oracle: the same texts give the same nodes,
/// marks, styles and tags, and the same problems at the same places.
@Suite struct YAMLComposerTests {
    /// Texts that use every kind of node: block and flow collections, every scalar style,
    /// written tags, anchors and aliases, merge keys, non-ASCII text, keys that are collections.
    static let texts = [
        "view:\n  rectangle: {}\n  frame: {width: 10, height: 10}\n",
        "a: 'single'\nb: \"double \\u00e9\"\nc: |\n  literal\n  lines\nd: >\n  folded\n  text\ne: plain text\n",
        "- [1, 2, {x: y}]\n- !!int 5\n- !custom value\n- ! nonspecific\n- ~\n- \"\"\n",
        "base: &base {fill: red, width: 3}\nuse:\n  <<: *base\n  width: 4\nlist: &l [a, b]\nagain: *l\n",
        "? [complex, key]\n: value\n? {a: 1}\n: other\n",
        "名前: 値\nemoji: \"😀 in text\"\nindented:\n    deep: 1\n",
        "# only a comment\nkey: value # and another\n",
        "{\"json\": [1, 2.5, true, null], \"nested\": {\"k\": \"v\"}}",
        // More keys than are compared pairwise.
        (0..<20).map { "key\($0): \($0)\n" }.joined(),
    ]

    @Test(arguments: texts)
    func composesTheNodesYamsComposes(_ text: String) throws {
        var findings = YAMLComposer.Findings()
        let ours = try #require(try YAMLComposer.compose(text, findings: &findings))
        let theirs = try #require(try Yams.compose(yaml: text, .basic))
        #expect(ours == theirs)
        // Equality ignores marks and styles: compare them node by node.
        var pending = [(ours, theirs)]
        while let (a, b) = pending.popLast() {
            #expect(a.mark?.line == b.mark?.line && a.mark?.column == b.mark?.column, "mark of \(a)")
            #expect(a.tag.rawValue == b.tag.rawValue, "tag of \(a)")
            switch (a, b) {
            case (.scalar(let x), .scalar(let y)):
                #expect(x.style == y.style, "style of \(x.string)")
            case (.mapping(let x), .mapping(let y)):
                #expect(x.style == y.style)
                pending += zip(x.keys, y.keys).map { ($0, $1) } + zip(x.values, y.values).map { ($0, $1) }
            case (.sequence(let x), .sequence(let y)):
                #expect(x.style == y.style)
                pending += zip(x, y).map { ($0, $1) }
            default:
                Issue.record("different kinds: \(a) and \(b)")
            }
        }
    }

    @Test func aMarkHoldsItsLineAndColumn() throws {
        // The composer builds Yams' marks from their two stored properties.
        var findings = YAMLComposer.Findings()
        let root = try #require(try YAMLComposer.compose("a:\n  b:\n      - c\n", findings: &findings))
        let item = try #require(root["a"]?["b"]?.sequence?.first)
        #expect(item.mark?.line == 3)
        #expect(item.mark?.column == 9)
        #expect(MemoryLayout<Mark>.size == MemoryLayout<(Int, Int)>.size)
    }

    @Test func noDocumentIsNil() throws {
        var findings = YAMLComposer.Findings()
        #expect(try YAMLComposer.compose("", findings: &findings) == nil)
        #expect(try YAMLComposer.compose("# nothing\n\n", findings: &findings) == nil)
    }

    /// Texts Yams refuses, each with the problem it names.
    static let broken = [
        "a:\n  b: 1\n c: 2\n",              // indentation: did not find expected key
        "a: \"open\n",                       // an unclosed quote
        "a: *nowhere\n",                     // an undefined alias
        "a: 1\n---\nb: 2\n",                 // a second document
        "a: [1, 2\n",                        // an unclosed flow sequence
        "a: 1\nb: 2\na: 3\n",                // a key written twice
        "a: 1\n\"a\": 2\n",                  // the same key, quoted: both are strings
        "x: {!!str k: 1, k: 2}\n",           // a written str tag is the implicit one
        "? [1, 2]\n: a\n? [1, 2]\n: b\n",    // collection keys written twice
        "a: &x [*x]\n",                      // an anchor is defined from its node's end
        "\u{01}\n",                          // a control character libyaml refuses to read
        (0..<20).map { "key\($0): \($0)\n" }.joined() + "'key3': again\n", // in a mapping compared by hashing
    ]

    @Test(arguments: broken)
    func refusesWhatYamsRefusesWithTheSameProblem(_ text: String) throws {
        var findings = YAMLComposer.Findings()
        var ours: YAMLComposer.Problem?
        do { _ = try YAMLComposer.compose(text, findings: &findings) } catch let problem as YAMLComposer.Problem { ours = problem }
        var theirs: YamlError?
        do { _ = try Yams.compose(yaml: text, .basic) } catch let error as YamlError { theirs = error }
        let problem = try #require(ours, "composed \(text.debugDescription)")
        let error = try #require(theirs, "Yams composed \(text.debugDescription)")
        switch (problem, error) {
        case (.syntax(let stage, let words, let mark, let context), .scanner(let yamsContext, let yamsWords, let yamsMark, _)),
             (.syntax(let stage, let words, let mark, let context), .parser(let yamsContext, let yamsWords, let yamsMark, _)),
             (.syntax(let stage, let words, let mark, let context), .composer(let yamsContext, let yamsWords, let yamsMark, _)):
            let yamsStage: YAMLComposer.Problem.Stage = switch error {
            case .scanner: .scanner
            case .parser: .parser
            default: .composer
            }
            #expect(stage == yamsStage)
            #expect(words == yamsWords)
            #expect(mark.line == yamsMark.line && mark.column == yamsMark.column)
            #expect(context?.text == yamsContext?.text)
            #expect(context?.mark.line == yamsContext?.mark.line && context?.mark.column == yamsContext?.mark.column)
        case (.duplicateKeys(let keys, let mark), .duplicatedKeysInMapping(let yamsKeys, let yamsContext)):
            #expect(keys == yamsKeys)
            #expect(mark.line == yamsContext.mark.line && mark.column == yamsContext.mark.column)
        case (.reader(let words, let offset), .reader(let yamsWords, let yamsOffset, _, _)):
            #expect(words == yamsWords)
            #expect(offset == yamsOffset)
        default:
            Issue.record("\(text.debugDescription): composer \(problem), Yams \(error)")
        }
    }

    @Test func keysOfOtherTagsAreDifferentKeys() throws {
        // `1` is a string to the basic resolver, `!!int 1` an int: two keys, as Yams sees them.
        var findings = YAMLComposer.Findings()
        let root = try #require(try YAMLComposer.compose("1: a\n!!int 1: b\n", findings: &findings))
        #expect(root.mapping?.count == 2)
        #expect(try Yams.compose(yaml: "1: a\n!!int 1: b\n", .basic)?.mapping?.count == 2)
    }

    @Test func findsTheWatchedKeyAnywhere() throws {
        func finds(_ text: String) throws -> Bool {
            var findings = YAMLComposer.Findings()
            _ = try YAMLComposer.compose(text, watchedKey: "connect", findings: &findings)
            return findings.hasWatchedKey
        }
        #expect(try finds("view:\n  children:\n    - rectangle:\n      modifiers: [{connect: {to: b}}]\n"))
        #expect(try finds("styles:\n  s: [{\"conn\\u0065ct\": {to: b}}]\n"))
        #expect(try !finds("view:\n  text: connect\n"))
        #expect(try !finds("view:\n  rectangle: {}\n  connected: yes\n"))
        #expect(try !finds("- connect\n- [connect]\n"))
    }
}
