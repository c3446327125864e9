@testable import ArrangeScene
import Foundation
import Testing

/// Errors end with the section of docs/scene-format.md about the innermost mapping being read,
/// and a key written in the wrong mapping is told where it belongs. The anchors are GitHub's
/// slugs of the headings: "`shadow`" → #shadow, "View: `hstack`" → #view-hstack, "Value:
/// `color`" → #value-color (github-slugger: lower case, punctuation dropped, spaces to '-').
@Suite struct ErrorSectionTests {
    static func see(_ anchor: String) -> String { " (see docs/scene-format.md#\(anchor))" }

    func message(_ yaml: String) throws -> String {
        let error = try #require(sceneError(yaml))
        #expect(!error.message.contains("\n"), "messages are one line: \(error.message)")
        return error.message
    }

    @Test(arguments: [
        // A modifier's value.
        ("view:\n  rectangle:\n  modifiers: [{shadow: {radius: -1}}]\n", "shadow"),
        // A colour inside a modifier: the colour is the innermost.
        ("view:\n  rectangle:\n  modifiers: [{shadow: {color: blu}}]\n", "value-color"),
        // A view kind's parameter.
        ("view:\n  hstack: {spacing: wide}\n", "view-hstack"),
        // A view's own keys, for a known kind.
        ("view:\n  circle:\n  children: []\n", "view-circle"),
        // The top level, and the canvas.
        ("seed: -3\nview: rectangle\n", "top-level"),
        ("canvas: {width: 0}\nview: rectangle\n", "canvas"),
        // An unknown modifier: the list of modifiers.
        ("view:\n  rectangle:\n  modifiers: [bordr]\n", "modifiers"),
        // A random number.
        ("view:\n  rectangle:\n  modifiers: [{opacity: {random: [1]}}]\n", "value-random"),
        // A keyframe.
        ("view: {rectangle: {}, id: a}\nanimation: {duration: 1, keyframes: [{at: -1, set: {a: {rectangle: {}}}}]}\n", "keyframe"),
        // A gradient's parameters inside a paint.
        ("view:\n  circle:\n  modifiers: [{fill: {linearGradient: {colors: [red], center: top}}}]\n", "value-gradient"),
    ])
    func anErrorEndsWithItsSection(_ yaml: String, _ anchor: String) throws {
        let message = try message(yaml)
        #expect(message.hasSuffix(Self.see(anchor)), "\(message)")
        // Once: a message that names a section does not name another.
        #expect(message.components(separatedBy: "(see docs/scene-format.md#").count == 2, "\(message)")
    }

    @Test func errorsOutsideAnyMappingNameNoSection() throws {
        // Malformed YAML is read before any mapping.
        let message = try message("view: {rectangle: {} circle: {}}\n")
        #expect(!message.contains("scene-format.md"), "\(message)")
    }

    @Test func aViewParameterWrittenAsAModifierIsToldWhereItBelongs() throws {
        // 'resizable' is a key of ImageKey and IconKey (SceneKeys.swift): both are named, and the
        // link is the section being read, as no one place is the answer.
        let message = try message("view:\n  image: Fixtures/images/logo.png\n  modifiers: [{resizable: true}]\n")
        #expect(message == "'resizable' is not a modifier; it is a key of image: {resizable: …} or icon: {resizable: …}" + Self.see("modifiers"))
    }

    @Test func aModifierWrittenAsAViewKeyIsToldToGoInTheList() throws {
        let message = try message("view:\n  rectangle:\n  shadow: 4\n")
        #expect(message == "'shadow' is a modifier: write it in the view's 'modifiers' list, as in 'modifiers: [{shadow: …}]'" + Self.see("shadow"))
    }

    @Test func aCanvasKeyAtTheTopLevelIsToldWhereItBelongs() throws {
        // 'background' is a key of CanvasKey and a modifier: two places, so the section is the
        // mapping being read, the top level.
        let background = try message("background: white\nview: rectangle\n")
        #expect(background == "unknown key 'background' in a scene; it is a key of canvas: {background: …} or a modifier (modifiers: [{background: …}]) (expected one of: 'canvas', 'seed', 'view', 'description', 'longDescription', 'fonts', 'animation', 'colorScheme', 'styles', 'components' or 'include')" + Self.see("top-level"))
        // 'width' is a key of CanvasKey, FrameKey and BorderKey, in the reference's order.
        let width = try message("width: 100\nview: rectangle\n")
        #expect(width.hasPrefix("unknown key 'width' in a scene; it is a key of canvas: {width: …}, frame: {width: …} or border: {width: …} (expected one of:"), "\(width)")
    }

    @Test func aKeyInManyPlacesNamesThreeOfThem() throws {
        // 'alignment' is a key of a dozen mappings; the first three in the reference's order are
        // the stacks'.
        let message = try message("view:\n  rectangle:\n  modifiers: [{alignment: center}]\n")
        #expect(message == "'alignment' is not a modifier; it is a key of hstack: {alignment: …}, vstack: {alignment: …} or zstack: {alignment: …}, among others" + Self.see("modifiers"))
    }

    @Test func aTypoStillGetsItsSuggestion() throws {
        // 'bordr' belongs nowhere: the nearest modifier is suggested, as before.
        let modifier = try message("view:\n  rectangle:\n  modifiers: [bordr]\n")
        #expect(modifier.hasPrefix("unknown modifier 'bordr'; did you mean 'border'?"), "\(modifier)")
        let key = try message("canvas: {widht: 10}\nview: rectangle\n")
        #expect(key.hasPrefix("unknown key 'widht' in 'canvas'; did you mean 'width'?"), "\(key)")
    }
}
