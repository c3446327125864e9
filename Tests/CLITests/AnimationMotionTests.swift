import ArrangeSnapshot
import Foundation
import Testing
import TestSupport

/// Values a keyframe changes, seen from the command line: a trim that grows, and a value that
/// switches at once and says so.
@Suite(.serialized) struct AnimationMotionTests {
    let cli = CLITests()

    /// A ring 80 pt across (centre (50, 50), radius 40, 10 pt wide: from 35 to 45 out) on a
    /// white 100 × 100 canvas, drawn from 0 to 0.1 of its outline at 0 s and to 0.9 at 1 s.
    static let ring = """
        canvas: {width: 100, height: 100, scale: 1, background: white}
        view:
          circle:
          id: ring
          modifiers:
            - trim: {from: 0, to: 0.1}
            - stroke: {color: black, lineWidth: 10}
            - frame: {width: 80, height: 80}
        animation:
          duration: 1
          curve: linear
          keyframes:
            - at: 1
              set:
                ring: {trim: {from: 0, to: 0.9}}
        """

    func run(_ arguments: [String], in folder: URL) throws -> ExternalTool.Run {
        let binary = try #require(CLITests.binary, "the arrange binary was not found; build it with 'swift build'")
        return CLITests.run(binary, arguments, in: folder)
    }

    @Test func aTrimGrowsInTheLayoutAndInThePixels() throws {
        let folder = try cli.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(Self.ring.utf8).write(to: folder.appendingPathComponent("ring.yaml"))

        let export = try run(["animate", "ring.yaml", "--format", "layout", "--fps", "4", "-o", "."], in: folder)
        #expect(export.status == 0, "\(export.errors)")
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent("ring-layout.json"))) as? [String: Any]
        let frames = try #require(json?["frames"] as? [[String: Any]])
        func trimEnd(at time: Double) -> Double? {
            let frame = frames.first { ($0["time"] as? NSNumber)?.doubleValue == time }
            let ring = (frame?["views"] as? [String: Any])?["ring"] as? [String: Any]
            return ((ring?["trim"] as? [String: Any])?["to"] as? NSNumber)?.doubleValue
        }
        // Linear, so at 0.5 s half way from 0.1 to 0.9: 0.5; at 0.25 s, 0.3.
        #expect(trimEnd(at: 0) == 0.1)
        #expect(try abs(#require(trimEnd(at: 0.25)) - 0.3) < 1e-9)
        #expect(try abs(#require(trimEnd(at: 0.5)) - 0.5) < 1e-9)
        #expect(trimEnd(at: 1) == 0.9)

        // The outline starts at 3 o'clock and runs clockwise on screen. Pixels (by their
        // centres, 39.5 to 40.5 from the ring's centre, inside the band): (50, 90) at 6
        // o'clock, 0.25 of the way round; (21, 78) at 135°, 0.375; (12, 36) at 200°, 0.56;
        // (50, 10) at 12 o'clock, 0.75.
        func inked(_ seconds: String) throws -> [Bool] {
            let name = "ring-\(seconds).png"
            let render = try run(["render", "ring.yaml", "--at", seconds, "-o", name], in: folder)
            #expect(render.status == 0, "\(render.errors)")
            let picture = try Bitmap(contentsOfPNG: folder.appendingPathComponent(name))
            return [(50, 90), (21, 78), (12, 36), (50, 10)].map { x, y in
                let pixel = picture[x, y]
                #expect(pixel.red < 64 || pixel.red > 192, "(\(x), \(y)) is neither inked nor paper at \(seconds) s")
                return pixel.red < 64
            }
        }
        // To 0.1 (36°): none of them. To 0.5 (180°): the first two. To 0.9 (324°): all four.
        #expect(try inked("0") == [false, false, false, false])
        #expect(try inked("0.5") == [true, true, false, false])
        #expect(try inked("1") == [true, true, true, true])
    }

    @Test func aValueThatSwitchesWarnsFromValidateAndAnimate() throws {
        let folder = try cli.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // Line 13, column 20: the 'blendMode' key inside the keyframe's changes.
        let yaml = """
            canvas: {width: 100, height: 100}
            view:
              rectangle:
              id: card
              modifiers:
                - fill: red
                - blendMode: multiply
                - frame: {width: 80, height: 80}
            animation:
              duration: 1
              keyframes:
                - at: 1
                  set: {card: {blendMode: screen}}
            """
        try Data(yaml.utf8).write(to: folder.appendingPathComponent("blend.yaml"))
        let warning = "blend.yaml:13:20: warning: the keyframe at 1 s changes 'blendMode' of 'card', which does not animate but switches at that time: there are no modes between two blend modes"
        let validate = try run(["validate", "blend.yaml"], in: folder)
        #expect(validate.status == 0)
        #expect(validate.errors.contains(warning), "\(validate.errors)")
        let animate = try run(["animate", "blend.yaml", "--format", "layout", "-o", "."], in: folder)
        #expect(animate.status == 0)
        #expect(animate.errors.contains(warning), "\(animate.errors)")
    }
}
