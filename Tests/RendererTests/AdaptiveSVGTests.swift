import Arrange
import ArrangeSVG
import Foundation
import Testing

/// `AdaptiveSVG.merge`: one SVG for light and dark, the light paints as attributes and the dark
/// ones as `prefers-color-scheme: dark` rules on classes.
@Suite struct AdaptiveSVGTests {
    /// Two documents written by hand, as the SVG writer writes them.
    static func document(_ body: String) -> String {
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"10\" height=\"10\" viewBox=\"0 0 10 10\">\n\(body)</svg>\n"
    }

    @Test func paintsThatDifferBecomeClassesWithDarkRules() throws {
        let light = Self.document("""
        <rect width="10" height="10" fill="#FFFFFF"/>
        <rect x="1" y="1" width="8" height="8" fill="#000000"/>
        <g fill="#000000"><use xlink:href="#g1" x="0"/></g>
        <rect x="2" y="2" width="1" height="1" fill="#FF0000"/>

        """)
        let dark = Self.document("""
        <rect width="10" height="10" fill="#000000"/>
        <rect x="1" y="1" width="8" height="8" fill="#FFFFFF"/>
        <g fill="#FFFFFF"><use xlink:href="#g1" x="0"/></g>
        <rect x="2" y="2" width="1" height="1" fill="#FF0000"/>

        """)
        let merged = try AdaptiveSVG.merge(light: light, dark: dark)
        // By hand: the background switches white → black (k1); the box and the glyphs black →
        // white, one change, so one class (k2); the red square is the same in both, no class.
        #expect(merged == Self.document("""
        <style>
        @media (prefers-color-scheme: dark) {
          .k1{fill:#000000}
          .k2{fill:#FFFFFF}
        }
        </style>
        <rect class="k1" width="10" height="10" fill="#FFFFFF"/>
        <rect class="k2" x="1" y="1" width="8" height="8" fill="#000000"/>
        <g class="k2" fill="#000000"><use xlink:href="#g1" x="0"/></g>
        <rect x="2" y="2" width="1" height="1" fill="#FF0000"/>

        """))
    }

    @Test func opacitiesStopsAndFloodsSwitchToo() throws {
        // A separator (translucent in both), a gradient stop and a shadow's flood colour.
        let light = Self.document("""
        <defs>
          <linearGradient id="grad1"><stop offset="0" stop-color="#FFFFFF"/></linearGradient>
          <filter id="shadow1"><feFlood flood-color="#000000" flood-opacity="0.2"/></filter>
        </defs>
        <rect width="10" height="1" fill="#3C3C43" fill-opacity="0.2902"/>
        <rect width="10" height="1" stroke="#000000" stroke-opacity="0.5"/>

        """)
        let dark = Self.document("""
        <defs>
          <linearGradient id="grad1"><stop offset="0" stop-color="#1C1C1E"/></linearGradient>
          <filter id="shadow1"><feFlood flood-color="#000000" flood-opacity="0.6"/></filter>
        </defs>
        <rect width="10" height="1" fill="#545458" fill-opacity="0.6"/>
        <rect width="10" height="1" stroke="#FFFFFF"/>

        """)
        let merged = try AdaptiveSVG.merge(light: light, dark: dark)
        #expect(merged.contains("<stop class=\"k1\" offset=\"0\" stop-color=\"#FFFFFF\"/>"))
        #expect(merged.contains("<feFlood class=\"k2\" flood-color=\"#000000\" flood-opacity=\"0.2\"/>"))
        #expect(merged.contains("  .k1{stop-color:#1C1C1E}\n  .k2{flood-opacity:0.6}\n  .k3{fill:#545458;fill-opacity:0.6}\n"))
        // The dark stroke is opaque: the writer leaves its opacity out, which is 1.
        #expect(merged.contains("  .k4{stroke:#FFFFFF;stroke-opacity:1}\n"))
        // The style comes after the root element, before the definitions.
        #expect(merged.hasPrefix(Self.document("").replacingOccurrences(of: "</svg>\n", with: "") + "<style>\n"))
    }

    @Test func aPictureWithNoDifferingPaintHasNoStyle() throws {
        let light = Self.document("<rect width=\"10\" height=\"10\" fill=\"#FF0000\"/>\n")
        #expect(try AdaptiveSVG.merge(light: light, dark: light) == light)
    }

    @Test func theStyleFollowsATitleAndDescription() throws {
        let light = Self.document("<title>Card</title>\n<desc>A card</desc>\n<rect width=\"1\" height=\"1\" fill=\"#000000\"/>\n")
        let dark = light.replacingOccurrences(of: "#000000", with: "#FFFFFF")
        let merged = try AdaptiveSVG.merge(light: light, dark: dark)
        #expect(merged.contains("<desc>A card</desc>\n<style>\n"))
    }

    @Test func documentsThatDifferInMoreThanPaintAreRefused() throws {
        let light = Self.document("<rect width=\"10\" height=\"10\" fill=\"#000000\"/>\n")
        // Another element (a ViewThatFits that chose another child), another size, one more element.
        for dark in [Self.document("<circle cx=\"5\" cy=\"5\" r=\"5\" fill=\"#FFFFFF\"/>\n"),
                     Self.document("<rect width=\"10\" height=\"9\" fill=\"#FFFFFF\"/>\n"),
                     Self.document("<rect width=\"10\" height=\"10\" fill=\"#FFFFFF\"/>\n<rect width=\"1\" height=\"1\"/>\n")] {
            #expect(throws: AdaptiveSVG.Mismatch.self) { try AdaptiveSVG.merge(light: light, dark: dark) }
        }
    }

    /// Semantic colours, resolved in each scheme, take Apple's values (Human Interface
    /// Guidelines, "Color", iOS specifications): label/primary black in light and white in dark,
    /// systemBackground the reverse, secondarySystemBackground #F2F2F7 and #1C1C1E.
    @Test func semanticColoursResolveToTheLightAndDarkValues() {
        func hex(_ color: Color, _ scheme: ColorScheme) -> String {
            let c = color.resolved(in: scheme)
            return String(format: "#%02X%02X%02X", Int((c.red * 255).rounded()), Int((c.green * 255).rounded()), Int((c.blue * 255).rounded()))
        }
        #expect(hex(.primary, .light) == "#000000")
        #expect(hex(.primary, .dark) == "#FFFFFF")
        #expect(hex(Color(.systemBackground), .light) == "#FFFFFF")
        #expect(hex(Color(.systemBackground), .dark) == "#000000")
        #expect(hex(Color(.secondarySystemBackground), .light) == "#F2F2F7")
        #expect(hex(Color(.secondarySystemBackground), .dark) == "#1C1C1E")
    }
}
