import Arrange
@testable import ArrangeScene
import Foundation
import Testing

/// The environment in scene files: `colorScheme` (the scene's and a view's), `layoutDirection`,
/// `dynamicTypeSize`, colours for each scheme and the system colours by name
/// (docs/layout-rules.md §6b, §6c).
@Suite struct EnvironmentSceneTests {
    /// The fills' colours, as #rrggbb.
    func hexFills(_ yaml: String, renderer: SceneRenderer? = nil) throws -> [String] {
        let list = if let renderer {
            try renderer.layout(scene(yaml)).tree.result.displayList
        } else {
            try layout(yaml).result.displayList
        }
        return fills(list).map(\.color.hexRGB)
    }

    @Test func theScenesColorSchemeResolvesSemanticColours() throws {
        // primary is #000000 light and #FFFFFF dark; systemBackground #FFFFFF and #000000;
        // accentColor (systemBlue) #007AFF and #0A84FF.
        let body = """
            view:
              hstack: {spacing: 0}
              children:
                - rectangle:
                  modifiers: [{fill: primary}, {frame: {width: 10, height: 10}}]
                - rectangle:
                  modifiers: [{fill: systemBackground}, {frame: {width: 10, height: 10}}]
                - rectangle:
                  modifiers: [{fill: accentColor}, {frame: {width: 10, height: 10}}]
                - rectangle:
                  modifiers: [{fill: accent}, {frame: {width: 10, height: 10}}]
            """
        #expect(try hexFills(body) == ["#000000", "#ffffff", "#007aff", "#007aff"])
        #expect(try hexFills("colorScheme: dark\n" + body) == ["#ffffff", "#000000", "#0a84ff", "#0a84ff"])
        #expect(try hexFills("colorScheme: light\n" + body) == ["#000000", "#ffffff", "#007aff", "#007aff"])
        // The renderer's scheme (`render --color-scheme`) replaces the scene's.
        #expect(try hexFills("colorScheme: light\n" + body, renderer: SceneRenderer(colorScheme: .dark)) == ["#ffffff", "#000000", "#0a84ff", "#0a84ff"])
    }

    @Test func aColourForEachSchemeAndAViewsScheme() throws {
        // {light: "#111", dark: "#eee"}: #111111 in light, #eeeeee in dark; the inner view is
        // set to dark in a light scene, the outer one keeps light.
        let yaml = """
            view:
              hstack: {spacing: 0}
              children:
                - rectangle:
                  modifiers: [{fill: {light: "#111", dark: "#eee"}}, {frame: {width: 10, height: 10}}]
                - rectangle:
                  modifiers: [{fill: {light: "#111", dark: "#eee"}}, {frame: {width: 10, height: 10}}, {colorScheme: dark}]
            """
        #expect(try hexFills(yaml) == ["#111111", "#eeeeee"])
        // The canvas background resolves in the scene's scheme too: secondarySystemBackground is
        // #1C1C1E in dark.
        let rendered = try SceneRenderer().layout(scene("colorScheme: dark\ncanvas: {background: secondarySystemBackground}\n" + yaml))
        #expect(rendered.options.background?.hexRGB == "#1c1c1e")
    }

    @Test func rightToLeftAndDynamicTypeAreRead() throws {
        // Two 50 × 20 with spacing 10 in a 200-wide frame aligned leading, right to left: the
        // first at 200 − 50 = 150, the second at 90.
        let tree = try layout("""
            view:
              hstack: {spacing: 10}
              modifiers: [{frame: {width: 200, alignment: leading}}, {layoutDirection: rightToLeft}]
              children:
                - rectangle:
                  id: a
                  modifiers: [{frame: {width: 50, height: 20}}]
                - rectangle:
                  id: b
                  modifiers: [{frame: {width: 50, height: 20}}]
            """)
        #expect(tree.root.node(id: "a")?.frame.minX == 150)
        #expect(tree.root.node(id: "b")?.frame.minX == 90)
        // Body text at xxxLarge is 23 points (Apple's Dynamic Type table).
        let text = try layout("""
            view:
              text: Hello
              modifiers: [{dynamicTypeSize: xxxLarge}]
            """)
        guard case .text(let run)? = text.result.displayList.items.first?.content else {
            Issue.record("no text")
            return
        }
        #expect(run.font.size == 23)
    }
}
