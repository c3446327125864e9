import Arrange
import ArrangeScene
import ArrangeSVG
import Foundation
import FuzzDriver

/// libFuzzer target: bytes as a scene file (YAML, or JSON when the first byte is odd) must give
/// a located error or a scene that lays out and draws as SVG (an animated one also at its start,
/// middle and end); never a crash or a hang.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzScene(_ pointer: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    guard let bytes = pointer else { return 0 }
    guard count > 0 else { return 0 }
    let format: SceneFormat = bytes[0] % 2 == 1 ? .json : .yaml
    let data = Data(bytes: bytes + 1, count: count - 1)
    do {
        let scene = try Scene(data: data, file: "fuzz", format: format)
        let rendered = try SceneRenderer().layout(scene)
        _ = try rendered.data(as: .svg)
        if let animation = scene.animation {
            let timeline = try SceneTimeline(scene)
            for time in [0, animation.duration / 2, animation.duration] {
                _ = try rendered.draw(timeline.frame(at: time).displayList, as: .svg)
            }
        }
    } catch let error as SceneError {
        // A located error must point into the file.
        if error.location.line < 1 || error.location.column < 1 { abort() }
    } catch {
        // Other errors are fine as long as they are errors.
    }
    return 0
}

@main
enum Main {
    static func main() {
        exit(runFuzzer { fuzzScene($0, $1) })
    }
}
