import Arrange
import Foundation

/// A scene's animation laid out: the picture at any time of it.
///
/// Each change from one state to the next is a `LayoutTransition`: containers whose layout has
/// animatable data (a wheel with `motion: layout`) are laid out again at every time with their
/// data interpolated, every other view moves on a straight line, colours blend, views that arrive
/// fade in and views that leave fade out. At a state's own time the picture is exactly that
/// state's static render.
///
/// Not `Sendable`: sample the display lists on one thread, then draw them on many.
public struct SceneTimeline {
    /// The scene laid out in its first state: its fonts, options and scene.
    public let first: RenderedScene
    /// The animation sampled.
    public let animation: SceneAnimation
    /// The canvas of every frame: the largest of the states' canvases.
    public let canvasSize: CGSize
    /// The change into each state after the first.
    private let transitions: [LayoutTransition]

    /// Lays out every state of `scene`'s animation with `renderer`'s fonts and scale.
    /// - Throws: `SceneError` when the scene has no animation, or a state cannot be drawn (located
    ///   at its keyframe).
    public init(_ scene: Scene, renderer: SceneRenderer = SceneRenderer()) throws {
        guard let animation = scene.animation else {
            throw SceneError("the scene has no 'animation'; add one, as in 'animation: {duration: 1, keyframes: [{at: 1, set: {ID: {parameter: value}}}]}'",
                             at: scene.viewLocation)
        }
        let scene = renderer.prepared(scene)
        // A keyframe at 0 s changes the first state.
        var start = scene
        start.view = animation.states[0].view
        let first = try renderer.layout(start)
        let scale = first.options.scale ?? scene.canvas.scale
        var size = first.tree.result.canvasSize
        for state in animation.states.dropFirst() {
            var copy = scene
            copy.view = state.view
            do {
                let canvas = try copy.layout(scale: scale, fonts: first.fonts).result.canvasSize
                size = CGSize(width: max(size.width, canvas.width), height: max(size.height, canvas.height))
            } catch let error as SceneError {
                throw SceneError("at the keyframe at \(SceneReader.format(state.time)) s: \(error.message)", at: state.location)
            }
        }
        self.first = first
        self.animation = animation
        canvasSize = size
        transitions = try LargeStack.run {
            zip(animation.states, animation.states.dropFirst()).map { from, to in
                LayoutTransition(from: scene.inEnvironment(from.view), to: scene.inEnvironment(to.view), in: scene.canvas.proposal, scale: scale, fonts: first.fonts, animation: to.curve)
            }
        }
    }

    /// The picture `seconds` into the animation: times before 0 show the start, times after the
    /// last keyframe its state.
    public func frame(at seconds: Double) -> LayoutTransition.Frame {
        let states = animation.states
        var frame: LayoutTransition.Frame
        if let transition = transitions.last, seconds >= states[states.count - 1].time {
            frame = transition.frame(progress: 1)
        } else if let index = states.lastIndex(where: { $0.time <= seconds }), index < transitions.count {
            let span = states[index + 1].time - states[index].time
            frame = transitions[index].frame(at: (seconds - states[index].time) / span)
        } else if let transition = transitions.first {
            frame = transition.frame(progress: 0)
        } else {
            frame = LayoutTransition.Frame(progress: 0, displayList: first.displayList, frames: first.tree.result.frames)
        }
        frame.displayList.size = canvasSize
        return frame
    }
}
