import Arrange
@testable import ArrangeScene
import Foundation
import Testing

/// Every bad scene in Fixtures/invalid gives its error at the right place. Lines and columns are
/// counted by hand in each file (columns in characters from 1).
@Suite struct SceneErrorTests {
    /// File name → (line, column, a part of the message).
    static let expected: [String: (line: Int, column: Int, message: String)] = [
        "alignment-guide-two-guides.yaml": (4, 23, "'alignmentGuide' names one guide"),
        "alias-bomb.yaml": (12, 55, "the aliases here stand for more than 2000000 YAML nodes"),
        "component-cycle.yaml": (9, 24, "the component 'badge' uses itself: 'badge' is used at \(invalidFolder)/component-cycle.yaml:11:3, then 'chip' is used at \(invalidFolder)/component-cycle.yaml:6:11, then 'badge' again here"),
        "component-parameter-missing.yaml": (10, 20, "the component 'service' uses its parameter 'title' at \(invalidFolder)/component-parameter-missing.yaml:7:17, which has no default (\(invalidFolder)/component-parameter-missing.yaml:3:18): give it here"),
        "include-cycle.yaml": (2, 10, "the include 'include-cycle.yaml' makes a cycle"),
        "include-outside.yaml": (1, 10, "the include '/proc/version' is outside the folders this scene may read"),
        "style-unknown.yaml": (5, 10, "unknown style 'crad'; did you mean 'card'? (styles: 'card')"),
        "bare-name-with-keys.yaml": (5, 16, "write it '- rectangle:' (with a colon)"),
        "bad-alignment.yaml": (2, 23, "'alignment' cannot be 'middle'"),
        "bad-hex-colour.yaml": (4, 13, "'#12345' is not a hex colour"),
        "binary-junk.yaml": (1, 1, "not a text file"),
        "canvas-too-many-pixels.yaml": (1, 9, "would have 400000000 pixels"),
        "children-not-list.yaml": (4, 5, "'children' is a list of views, found a mapping"),
        "children-on-leaf.yaml": (3, 3, "'rectangle' has no children"),
        "color-is-number.yaml": (4, 13, "'fill' cannot be '12' (expected a colour"),
        "color-light-without-dark.yaml": (4, 13, "or light and dark (and opacity); found 'light'"),
        "color-scheme-unknown.yaml": (4, 20, "(expected one of: 'light' or 'dark')"),
        "dynamic-type-size-unknown.yaml": (4, 24, "'dynamicTypeSize' cannot be 'huge'"),
        "layout-direction-unknown.yaml": (4, 24, "'layoutDirection' cannot be 'rtl'"),
        "scene-color-scheme-unknown.yaml": (1, 14, "'colorScheme' cannot be 'night'"),
        "deep-nesting.yaml": (1, 4807, "views nest more than 200 deep"),
        "deep-yaml.yaml": (1, 1005, "nests more than 1000 levels deep"),
        "duplicate-key.yaml": (4, 15, "'width' is written twice"),
        "empty.yaml": (1, 1, "the file is empty"),
        "empty-picture.yaml": (1, 7, "the picture is empty (0 × 0 points)"),
        "fill-after-frame.yaml": (5, 7, "'fill' must come first"),
        "fill-on-stack.yaml": (5, 7, "'fill' applies to a shape"),
        "flow-both-spacings.yaml": (2, 9, "either 'spacing'"),
        "font-unknown-style.yaml": (2, 32, "did you mean 'largeTitle'?"),
        "frame-fixed-and-flexible.yaml": (4, 27, "not both: 'width' and 'maxWidth'"),
        "huge-canvas-at-scale.yaml": (2, 3, "40000 pixels (10000 points at scale 4); at most 32767"),
        "huge-canvas.yaml": (1, 9, "at most 32767 pixels a side"),
        "huge-ideal-size.yaml": (3, 3, "40000 × 20 pixels"),
        "infinite-width.yaml": (4, 22, "'width' must be a number ≥ 0, found infinity"),
        "invalid-utf8.yaml": (2, 12, "not UTF-8"),
        "unquoted-hex-colour.yaml": (4, 12, "found nothing (null); YAML reads an unquoted '#' as the start of a comment, so quote a hex colour, as in fill: \"#ff0000\""),
        "children-under-parameters.yaml": (4, 5, "'children' belongs to the view, not to its parameters: dedent it to line up with the view's kind"),
        "unknown-font-family.yaml": (3, 41, "no font family 'Comic Nue'; did you mean 'Comic Neue'?"),
        "misspelt-installed-family.yaml": (2, 41, "no font family 'DejaVu Sanz'; did you mean 'DejaVu Sans'?"),
        "icon-unknown-name.yaml": (3, 9, "no icon named 'databse' in Material Icons; did you mean 'database'"),
        "icon-without-name.yaml": (2, 9, "'icon' needs a 'name', as in {icon: storage}"),
        "missing-font-file.yaml": (3, 5, "the font '../fonts/Missing.ttf' does not exist"),
        "not-a-font-file.yaml": (1, 9, "it is not a TrueType, OpenType or CFF font"),
        "json-comment.json": (2, 3, "comments are not allowed in JSON"),
        "json-deep-nesting.json": (1, 1009, "nest more than 1000 deep"),
        "json-nan.json": (2, 63, "expected a JSON value"),
        "json-quoted-number.json": (4, 39, "found the text '100'"),
        "json-single-quotes.json": (2, 12, "JSON keys are double-quoted"),
        "json-trailing-comma.json": (3, 27, "a trailing comma is not allowed in JSON"),
        "json-unclosed.json": (3, 1, "found the end of the file"),
        "json-unquoted-key.json": (2, 14, "expected a double-quoted key"),
        "malformed-indentation.yaml": (5, 4, "malformed YAML: did not find expected key"),
        "malformed-tab-indentation.yaml": (2, 1, "not tabs"),
        "malformed-unclosed-flow.yaml": (3, 1, "malformed YAML"),
        "malformed-unclosed-quote.yaml": (3, 1, "quoted scalar that starts at line 2, column 9"),
        "missing-view.yaml": (1, 1, "the scene has no 'view'"),
        "modifier-at-view-level.yaml": (3, 3, "'padding' is a modifier"),
        "modifier-is-view-kind.yaml": (4, 7, "'circle' is a view kind, not a modifier"),
        "modifier-two-keys.yaml": (4, 7, "found 'frame' and 'height'"),
        "nan-width.yaml": (4, 22, "'width' is NaN"),
        "negative-canvas.yaml": (1, 17, "'width' must be a number > 0, found -5"),
        "negative-width.yaml": (4, 22, "'width' must be a number ≥ 0, found -10"),
        "no-kind.yaml": (2, 3, "a view needs one kind key"),
        "number-too-large.yaml": (4, 19, "at most 1000000"),
        "only-comments.yaml": (1, 1, "no content"),
        "opacity-out-of-range.yaml": (4, 16, "from 0 to 1, found 1.5"),
        "quoted-number.yaml": (4, 22, "found the text '100'"),
        "random-bound-not-number.yaml": (4, 36, "the high bound of 'width'"),
        "random-reversed-range.yaml": (5, 31, "low ≤ high, found [350, 100]"),
        "repeat-on-root.yaml": (3, 3, "cannot be used on the scene's root view"),
        "repeat-too-large.yaml": (5, 15, "'repeat' must be from 0 to 10000, found 20000"),
        "root-is-list.yaml": (1, 1, "a scene must be a mapping"),
        "rounded-rectangle-without-radius.yaml": (2, 21, "needs a 'cornerRadius'"),
        "scale-zero.yaml": (1, 42, "'scale' must be a number > 0, found 0"),
        "seed-negative.yaml": (1, 7, "'seed' expects a whole number"),
        "several-problems.yaml": (2, 30, "'height' must be a number > 0, found -5"),
        "spacing-is-word.yaml": (2, 21, "'spacing' expects a number"),
        "too-many-modifiers-in-all.yaml": (6, 18, "more than 200000 modifiers"),
        "too-many-modifiers.yaml": (4, 5, "at most 100 modifiers, found 101"),
        "too-many-views.yaml": (7, 11, "more than 100000 views"),
        "text-run-bad-underline.yaml": (5, 44, "'underline' expects true, false or a colour"),
        "text-run-unknown-key.yaml": (5, 25, "unknown key 'underlin' in a text run; did you mean 'underline'?"),
        "too-much-text.yaml": (4, 13, "more than 1000000 code points of text"),
        "two-documents.yaml": (2, 1, "holds one document"),
        "two-kinds.yaml": (3, 3, "exactly one kind, found 'rectangle' and 'circle'"),
        "unknown-frame-key.yaml": (4, 15, "unknown key 'widht' in 'frame'; did you mean 'width'?"),
        "unknown-kind.yaml": (4, 7, "unknown view kind 'rectangel'; did you mean 'rectangle'?"),
        "unknown-modifier.yaml": (6, 7, "unknown modifier 'bordr'; did you mean 'border'?"),
        "unknown-top-key.yaml": (1, 1, "unknown key 'canvass' in a scene; did you mean 'canvas'?"),
        "view-is-number.yaml": (1, 7, "'5' is not a view"),
        "image-missing.yaml": (2, 10, "the image 'images/nowhere.png' does not exist"),
        "image-corrupt.yaml": (3, 17, "the image is corrupt"),
        "image-not-an-image.yaml": (4, 14, "not a PNG, JPEG or SVG image"),
        "image-too-large.yaml": (2, 17, "10000 × 10000 = 100000000 pixels, over the limit of 67108864"),
        "grid-item-two-sizes.yaml": (3, 27, "an item has one size, found 'fixed' and 'flexible'"),
        "lazy-grid-without-rows.yaml": (2, 14, "'lazyHGrid' needs 'rows'"),
        "for-each-unknown-field.yaml": (6, 25, "'$item.nmae': the item has no such field; did you mean 'name'?"),
        "grid-cell-columns-zero.yaml": (7, 41, "'gridCellColumns' must be from 1 to 1000, found 0"),
        "view-that-fits-bad-axis.yaml": (2, 22, "'in' cannot be 'diagonal'"),
        "label-without-icon.yaml": (2, 10, "'label' needs a 'title' and an 'icon'"),
        "grid-row-outside-grid.yaml": (4, 7, "'gridRow' is a row of a 'grid', but this one is in 'vstack'"),
        "grid-cell-modifier-outside-grid.yaml": (5, 20, "'gridCellColumns' applies to a cell of a 'gridRow', but this view is in 'hstack'"),
        "rotation-degrees-and-radians.yaml": (5, 23, "'rotationEffect' takes 'degrees' or 'radians', not both"),
        "uneven-radius-misspelt.yaml": (2, 49, "unknown key 'topTrailingRadus' in the parameters of 'unevenRoundedRectangle'; did you mean 'topTrailingRadius'?"),
        "mask-without-view.yaml": (4, 13, "'mask' needs a 'view'"),
        "connect-unknown-id.yaml": (7, 34, "no view with id 'secnd' inside the view that draws this connector; did you mean 'second'?"),
    ]

    static var invalidFolder: String { repositoryPath("Fixtures/invalid") }

    @Test func everyInvalidFixtureIsInTheTable() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.invalidFolder).sorted()
        #expect(names.count >= 30)
        #expect(Set(names) == Set(Self.expected.keys))
    }

    @Test(arguments: expected.keys.sorted())
    func invalidFixtureGivesItsError(_ name: String) throws {
        let path = Self.invalidFolder + "/" + name
        let expected = try #require(Self.expected[name])
        do {
            _ = try Scene.load(contentsOf: path).layout()
            Issue.record("\(name) was accepted")
        } catch let error as SceneError {
            #expect(error.location == SourceLocation(file: path, line: expected.line, column: expected.column), "\(error)")
            #expect(error.message.contains(expected.message), "\(error)")
            #expect(error.description.hasPrefix("\(path):\(expected.line):\(expected.column): error: "))
        }
    }

    @Test func aFileOverOneMebibyteIsRefused() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("arrange-too-large-\(UUID().uuidString).yaml").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let text = "view: {rectangle: {}}\n" + String(repeating: "# padding\n", count: 110_000)
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        #expect(text.utf8.count > 1 << 20)
        let error = try #require(throws: SceneError.self) { try Scene.load(contentsOf: path) }
        #expect(error.message.contains("over 1048576 bytes (1 MiB), the most a scene may have"))
        #expect(error.location.line == 1 && error.location.column == 1)
    }

    @Test func aDeviceThatNeverEndsIsRefusedAfterOneMebibyte() throws {
        let error = try #require(throws: SceneError.self) { try Scene.load(contentsOf: "/dev/zero") }
        #expect(error.message.contains("over 1048576 bytes"))
    }

    @Test func aMissingFileIsAnError() throws {
        let error = try #require(throws: SceneError.self) { try Scene.load(contentsOf: "/no/such/scene.yaml") }
        #expect(error.description == "/no/such/scene.yaml:1:1: error: the file does not exist")
    }

    @Test func typosGetTheNearestName() {
        #expect(Suggestion.nearest(to: "bordr", in: ModifierKind.names) == "border")
        #expect(Suggestion.nearest(to: "paddding", in: ModifierKind.names) == "padding")
        #expect(Suggestion.nearest(to: "foregroundColour", in: ModifierKind.names) == "foregroundColor")
        #expect(Suggestion.nearest(to: "HStack", in: ViewKind.names) == "hstack")
        #expect(Suggestion.nearest(to: "recatngle", in: ViewKind.names) == "rectangle") // a swap is one edit
        #expect(Suggestion.nearest(to: "xyz", in: ModifierKind.names) == nil)
        #expect(Suggestion.nearest(to: "rotation", in: ModifierKind.names) == nil)
        #expect(Suggestion.nearest(to: "shaddow", in: ModifierKind.names) == "shadow")
        // Edit distances by hand: kitten → sitting is 3; ab → ba is 1 (one transposition).
        #expect(Spelling.distance(Array("kitten"), Array("sitting")) == 3)
        #expect(Spelling.distance(Array("ab"), Array("ba")) == 1)
        #expect(Spelling.distance(Array(""), Array("abc")) == 3)
    }

    @Test func aTypoInAViewKeyIsReportedWithItsSuggestion() throws {
        let error = try #require(sceneError("""
            view:
              rectangle: {}
              modifers:
                - padding: 8
            """))
        #expect(error.description == "test.yaml:3:3: error: unknown key 'modifers' in a view; did you mean 'modifiers'? (see docs/scene-format.md#view-rectangle)")
    }

    @Test func textWithStarsAndAmpersandsIsNotMistakenForAnAlias() throws {
        // '*' and '&' inside text, quoted, plain, in a block scalar, after commas in block
        // context: all text, not anchors or aliases.
        let tree = try layout("""
            view:
              vstack:
              children:
                - text: "*quoted* & more"
                - text: a * b & c, *d
                - text: 'single *quoted*'
                - text: |
                    *block* &text
                    more
                - text: {content: "x, *y"}
            """)
        #expect(tree.root.children.count == 5)
    }

    @Test func scenesThatAreCutShortOrCorruptedNeverCrash() throws {
        // Every prefix of a fixture, and the fixture with each of a range of bytes replaced by
        // characters that matter to YAML: each either reads or fails with an error.
        for name in ["wheel-0.yaml", "modifiers-tour.yaml", "json/wheel-90.json"] {
            let path = repositoryPath("Fixtures/" + name)
            let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
            let format = SceneFormat(fileName: name)
            var outcomes = 0
            for end in stride(from: 0, to: bytes.count, by: 7) {
                outcomes += read(Data(bytes[..<end]), format: format)
            }
            for (index, replacement) in zip(stride(from: 0, to: bytes.count, by: 13), [UInt8]("[]{}:-&*|>'\"#,\t\0 ".utf8).cycled()) {
                var corrupted = bytes
                corrupted[index] = replacement
                outcomes += read(Data(corrupted), format: format)
            }
            #expect(outcomes > 0)
        }
    }

    /// Reads and lays out; 1 whatever the outcome, so that the loop cannot be optimised away.
    private func read(_ data: Data, format: SceneFormat) -> Int {
        do {
            _ = try Scene(data: data, file: "fuzz", format: format).layout()
        } catch {
            #expect(error is SceneError, "\(error)")
        }
        return 1
    }
}

extension Array {
    /// The elements repeated forever.
    func cycled() -> some Sequence<Element> {
        sequence(state: 0) { index in
            guard !isEmpty else { return nil }
            defer { index = (index + 1) % count }
            return self[index]
        }
    }
}
