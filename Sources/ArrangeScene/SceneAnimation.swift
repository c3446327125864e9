import Arrange
import Foundation
import Yams

/// A scene's `animation`: keyframes that change parameters of its views over a duration.
///
/// ```yaml
/// animation:
///   duration: 1.5          # seconds
///   curve: easeInOut       # linear, easeIn, easeOut, easeInOut, spring or {spring: {…}}
///   keyframes:
///     - at: 1.5            # seconds from the start
///       set:
///         wheel: {rotation: 90}        # a parameter of the view with id 'wheel'
///         card: {frame: {width: 200}}  # or the value of one of its modifiers
/// ```
///
/// The scene as written is the state at time 0. Each keyframe changes the values it names and
/// keeps the others from the keyframe before it, and the change to it animates over the time
/// since the keyframe before, on the keyframe's `curve` (the animation's by default). After the
/// last keyframe the picture holds still. Every state is the scene's view read again with the
/// values changed, so a keyframe's values are checked exactly as the view's own are, and its
/// errors point at the keyframe.
public struct SceneAnimation: @unchecked Sendable {
    /// One state the animation passes through.
    public struct State: @unchecked Sendable {
        /// When it is reached, in seconds from the start.
        public var time: Double
        /// The timing curve of the change that arrives at it (unused for the first state).
        public var curve: Animation
        /// The scene's view with the state's values.
        public var view: AnyView
        /// Where the keyframe is written (the view's place for the first state).
        public var location: SourceLocation
    }

    /// The length in seconds.
    public var duration: Double
    /// Where `duration` is written: errors about the number of frames point here.
    public var durationLocation: SourceLocation
    /// Frames per second asked for by the scene, if it asks; `arrange animate --fps` overrides it.
    public var fps: Double?
    /// The states, the scene as written first, in time order.
    public var states: [State]
    /// A line for each value a keyframe changes that switches at once rather than animating (a
    /// blend mode, a clip's shape), located at its key in the keyframe: `FILE:LINE:COL: warning: …`.
    /// Every other value interpolates or crossfades (`LayoutTransition`).
    public var warnings: [String] = []

    /// Frames per second when neither the scene nor the command says.
    public static let defaultFPS = 30.0
    /// The frame rates an animation may have.
    public static let fpsRange: ClosedRange<Double> = 1...120
    /// The most keyframes a scene may have.
    public static let maximumKeyframes = 100
    /// The longest animation, in seconds.
    public static let maximumDuration = 3600.0
    /// The most frames one export may have.
    public static let maximumFrames = 10_000

    /// The number of frames at `fps`: one at time 0 and one every 1/fps seconds to the end.
    public func frameCount(fps: Double) -> Int {
        let steps = (duration * fps).rounded(.toNearestOrEven)
        return steps.isFinite && steps < 1e9 ? Int(steps) + 1 : Int.max
    }
}

/// A keyframe as read, before the view is read again with its values.
struct KeyframeEntry {
    var time: Double
    var curve: Animation
    var location: SourceLocation
    /// Changes by view id (as written, without a `repeat` copy's suffix), each by the name of the
    /// parameter or modifier.
    var changes: [(id: String, idNode: Node, name: String, nameNode: Node, value: Node)]
}

extension SceneReader {
    /// `animation: {duration:, curve:, fps:, keyframes:}`, the keyframes not yet applied.
    mutating func animation(_ node: Node) throws -> (duration: Double, durationNode: Node, fps: Double?, keyframes: [KeyframeEntry]) {
        let outerSection = context.enter(.animation)
        defer { context.section = outerSection }
        var duration: (Double, Node)?, curve = Animation.easeInOut, fps: Double?, keyframeNodes: Node?
        let entries = try entries(node, in: "'animation'", as: AnimationKey.self)
        // The curve first: keyframes take it as their default.
        for entry in entries where entry.key == .curve { curve = try self.curve(entry.value) }
        for entry in entries {
            switch entry.key {
            case .duration:
                let seconds = try constantNumber(entry.value, entry.name, .positive)
                guard seconds <= SceneAnimation.maximumDuration else {
                    throw error("'duration' is \(Self.format(seconds)) seconds; an animation lasts at most \(Self.format(SceneAnimation.maximumDuration))", at: entry.value)
                }
                duration = (seconds, entry.value)
            case .curve: continue
            case .fps: fps = try self.fps(entry.value, entry.name)
            case .keyframes: keyframeNodes = entry.value
            }
        }
        guard let duration else {
            throw error("'animation' needs a 'duration' in seconds, as in {duration: 1, keyframes: [{at: 1, set: {wheel: {rotation: 90}}}]}", at: node)
        }
        guard let keyframeNodes else {
            throw error("'animation' needs 'keyframes': a list of {at: seconds, set: {ID: {parameter: value}}}", at: node)
        }
        guard case .sequence(let items) = keyframeNodes, !items.isEmpty else {
            throw error("'keyframes' is a list of at least one {at: seconds, set: {ID: {parameter: value}}}, found \(Self.describe(keyframeNodes))", at: keyframeNodes)
        }
        guard items.count <= SceneAnimation.maximumKeyframes else {
            throw error("an animation has at most \(SceneAnimation.maximumKeyframes) keyframes, found \(items.count)", at: keyframeNodes)
        }
        var keyframes: [KeyframeEntry] = []
        for item in items {
            do {
                let keyframe = try self.keyframe(item, curve: curve)
                guard keyframe.time <= duration.0 else {
                    throw error("the keyframe at \(Self.format(keyframe.time)) s is after the end of the animation (its 'duration' is \(Self.format(duration.0)) s)", at: item)
                }
                if let last = keyframes.last, keyframe.time <= last.time {
                    throw error("keyframes go in time order: this one at \(Self.format(keyframe.time)) s comes after one at \(Self.format(last.time)) s", at: item)
                }
                keyframes.append(keyframe)
            } catch let problem as SceneError {
                try note(problem)
            }
        }
        return (duration.0, duration.1, fps, keyframes)
    }

    /// A frame rate: a number from 1 to 120.
    mutating func fps(_ node: Node, _ name: String) throws -> Double {
        let fps = try constantNumber(node, name, .positive)
        guard SceneAnimation.fpsRange.contains(fps) else {
            throw error("'\(name)' must be from \(Self.format(SceneAnimation.fpsRange.lowerBound)) to \(Self.format(SceneAnimation.fpsRange.upperBound)) frames a second, found \(Self.format(fps))", at: node)
        }
        return fps
    }

    /// A timing curve: a name, or `{spring: {response:, dampingFraction:}}` /
    /// `{spring: {duration:, bounce:}}`.
    mutating func curve(_ node: Node) throws -> Animation {
        let outerSection = context.enter(.curve)
        defer { context.section = outerSection }
        if case .mapping = node {
            let entries = try entries(node, in: "a timing curve", as: CurveKey.self)
            guard let spring = entries.first else { throw error("a timing curve mapping is {spring: {…}}", at: node) }
            return try self.spring(spring.value)
        }
        return try choice(node, "curve", ["linear": Animation.linear, "easeIn": .easeIn, "easeOut": .easeOut,
                                          "easeInOut": .easeInOut, "spring": .spring()])
    }

    /// `{response:, dampingFraction:}` (SwiftUI's `spring(response:dampingFraction:)`) or
    /// `{duration:, bounce:}` (its `spring(duration:bounce:)`: the response is the duration, the
    /// damping fraction 1 − bounce).
    private mutating func spring(_ node: Node) throws -> Animation {
        let outerSection = context.enter(.spring)
        defer { context.section = outerSection }
        var response: Double?, damping: Double?, duration: Double?, bounce: Double?
        if Self.isNull(node) { return .spring() }
        for entry in try entries(node, in: "a spring", as: SpringKey.self) {
            switch entry.key {
            case .response: response = try constantNumber(entry.value, entry.name, .positive)
            case .dampingFraction:
                let value = try constantNumber(entry.value, entry.name, .positive)
                guard value <= 1 else { throw error("'dampingFraction' must be from 0 to 1 (1 does not overshoot), found \(Self.format(value))", at: entry.value) }
                damping = value
            case .duration: duration = try constantNumber(entry.value, entry.name, .positive)
            case .bounce:
                let value = try constantNumber(entry.value, entry.name, .nonNegative)
                guard value < 1 else { throw error("'bounce' must be from 0 to less than 1, found \(Self.format(value))", at: entry.value) }
                bounce = value
            }
        }
        if (response != nil || damping != nil), (duration != nil || bounce != nil) {
            throw error("a spring takes either 'response' and 'dampingFraction' or 'duration' and 'bounce', not both", at: node)
        }
        if duration != nil || bounce != nil {
            return .spring(response: duration ?? 0.5, dampingFraction: 1 - (bounce ?? 0))
        }
        return .spring(response: response ?? 0.5, dampingFraction: damping ?? 0.825)
    }

    /// One keyframe: `{at: seconds, curve:, set: {ID: {name: value}}}`.
    private mutating func keyframe(_ node: Node, curve: Animation) throws -> KeyframeEntry {
        let outerSection = context.enter(.keyframe)
        defer { context.section = outerSection }
        var time: Double?, ownCurve: Animation?, setNode: Node?
        for entry in try entries(node, in: "a keyframe", as: KeyframeKey.self) {
            switch entry.key {
            case .at: time = try constantNumber(entry.value, entry.name, .nonNegative)
            case .curve: ownCurve = try self.curve(entry.value)
            case .set: setNode = entry.value
            }
        }
        guard let time else { throw error("a keyframe needs 'at': its time in seconds from the start", at: node) }
        guard let setNode else { throw error("a keyframe needs 'set': {ID: {parameter: value}}, the values it changes", at: node) }
        guard case .mapping(let views) = setNode, !views.isEmpty else {
            throw error("'set' maps view ids to the values to change, as in {wheel: {rotation: 90}}; found \(Self.describe(setNode))", at: setNode)
        }
        var changes: [(id: String, idNode: Node, name: String, nameNode: Node, value: Node)] = []
        for (idNode, values) in views {
            let id = try string(idNode, "the id in 'set'")
            guard case .mapping(let mapping) = values, !mapping.isEmpty else {
                throw error("the changes to '\(Self.shown(id))' are a mapping of parameter or modifier names to values, as in {rotation: 90}; found \(Self.describe(values))", at: values)
            }
            for (nameNode, value) in mapping {
                changes.append((id, idNode, try string(nameNode, "a parameter name"), nameNode, value))
            }
        }
        return KeyframeEntry(time: time, curve: ownCurve ?? curve, location: location(node), changes: changes)
    }
}

/// `{spring: …}`: the one key of a timing curve written as a mapping.
enum CurveKey: String, MappingKey {
    case spring
}

// MARK: - Applying keyframes

/// The values a state changes, by view id. Reading passes them down (`ReadingContext.changes`);
/// the ids they were applied to are gathered (`ReadingCollector.changedIDs`).
struct ViewChanges {
    /// For each id, the changed names with their values, the latest keyframe's winning.
    var byID: [String: [(name: String, nameNode: Node, value: Node)]] = [:]

    /// Adds a keyframe's changes over those before it.
    mutating func add(_ keyframe: KeyframeEntry) {
        for change in keyframe.changes {
            var list = byID[change.id, default: []]
            list.removeAll { $0.name == change.name }
            list.append((change.name, change.nameNode, change.value))
            byID[change.id] = list
        }
    }
}

extension SceneReader {
    /// The view mapping with the changes a keyframe makes to the view of that id: a name that is
    /// the view's kind replaces the kind's whole value, a parameter of the kind (or an argument
    /// of a use) replaces that parameter, and a modifier the view has once replaces that
    /// modifier's value.
    func changed(_ mapping: Node.Mapping, id: String, _ changes: [(name: String, nameNode: Node, value: Node)]) throws -> Node.Mapping {
        var pairs = mapping.map { ($0.key, $0.value) }
        guard let kindIndex = pairs.firstIndex(where: { ViewKind(rawValue: $0.0.string ?? "") != nil }),
              let kind = ViewKind(rawValue: pairs[kindIndex].0.string ?? "") else { return mapping }
        for change in changes {
            if change.name == kind.name {
                pairs[kindIndex].1 = change.value
            } else if kind.parameterKeys.contains(change.name) || kind == .use && ModifierKind(rawValue: change.name) == nil {
                // A use's parameters are its component's: they are checked where it is read.
                let parameters = pairs[kindIndex].1
                switch parameters {
                case .mapping(var entries):
                    if let at = entries.firstIndex(where: { $0.key.string == change.name }) {
                        var list = entries.map { ($0.key, $0.value) }
                        list[at].1 = change.value
                        entries = Node.Mapping(list, entries.tag, entries.style, entries.mark)
                    } else {
                        entries = Node.Mapping(entries.map { ($0.key, $0.value) } + [(change.nameNode, change.value)], entries.tag, entries.style, entries.mark)
                    }
                    pairs[kindIndex].1 = .mapping(entries)
                case _ where Self.isNull(parameters):
                    pairs[kindIndex].1 = .mapping(Node.Mapping([(change.nameNode, change.value)], Tag(.implicit, .basic), .flow, parameters.mark))
                default:
                    throw error("'\(Self.shown(id))' writes its '\(kind.name)' in short form; write its parameters as a mapping ({\(kind.name): {…}}) to change '\(change.name)', or set '\(kind.name)' whole", at: change.nameNode)
                }
            } else if ModifierKind(rawValue: change.name) != nil {
                guard let at = pairs.firstIndex(where: { $0.0.string == ViewEntryKey.modifiers.name }),
                      case .sequence(let list) = pairs[at].1 else {
                    throw error("the view '\(Self.shown(id))' has no modifiers, so no '\(change.name)' to change; give it one with its value at the start", at: change.nameNode)
                }
                let matches = list.indices.filter { Self.modifierName(list[$0]) == change.name }
                guard matches.count == 1, let index = matches.first else {
                    throw error(matches.isEmpty
                                ? "the view '\(Self.shown(id))' has no '\(change.name)' modifier to change; give it one with its value at the start"
                                : "the view '\(Self.shown(id))' has \(matches.count) '\(change.name)' modifiers; a keyframe can only change a modifier a view has once",
                                at: change.nameNode)
                }
                var items = Array(list)
                items[index] = .mapping(Node.Mapping([(change.nameNode, change.value)], Tag(.implicit, .basic), .flow, items[index].mark))
                pairs[at].1 = .sequence(Node.Sequence(items, list.tag, list.style, list.mark))
            } else {
                var names = kind.parameterKeys
                if case .sequence(let list)? = pairs.first(where: { $0.0.string == ViewEntryKey.modifiers.name })?.1 {
                    names += list.compactMap(Self.modifierName)
                }
                throw error("'\(Self.shown(change.name))' is neither a parameter of the '\(kind.name)' view '\(Self.shown(id))' nor one of its modifiers\(Suggestion.expected(change.name, in: [kind.name] + names))",
                            at: change.nameNode)
            }
        }
        return Node.Mapping(pairs, mapping.tag, mapping.style, mapping.mark)
    }

    /// The name of a modifier list item: its one key, or the bare name.
    static func modifierName(_ item: Node) -> String? {
        switch item {
        case .scalar(let scalar): scalar.string
        case .mapping(let mapping) where mapping.count == 1: mapping[mapping.startIndex].key.string
        default: nil
        }
    }
}

extension SceneReader {
    /// The scene's animation: its keyframes read, and the view (`viewNode`, first read as `first`)
    /// read again for each with the values changed so far. Problems of those readings, and ids no
    /// view has, are noted here.
    mutating func animation(_ node: Node, view viewNode: Node, first: AnyView, seed: UInt64) throws -> SceneAnimation? {
        let (duration, durationNode, fps, keyframes) = try animation(node)
        // Each keyframe reads and lays out the whole view again: together they may read no more
        // views than the `views` limit allows one scene, so an animation costs at most about
        // what the largest static scene does.
        guard keyframes.count * max(collected.viewCount, 1) <= context.limits.views else {
            throw limitError("\(keyframes.count) keyframes each read the scene's \(collected.viewCount) views again: \(keyframes.count * collected.viewCount) views in all, at most \(context.limits.views) (the 'views' limit)\(SceneLimits.raise("views"))",
                        at: node)
        }
        var states = [SceneAnimation.State(time: 0, curve: .linear, view: first, location: location(node))]
        var changes = ViewChanges()
        var warnings: [String] = []
        var unknown: [(id: String, node: Node)] = []
        for keyframe in keyframes {
            let before = changes
            changes.add(keyframe)
            // A fresh reader, as for the scene's first reading, with the changes so far.
            var again = SceneReader(ReadingContext(file: context.file, lineOffset: context.lineOffset, limits: context.limits,
                                                   usesConnectors: context.usesConnectors, changes: changes),
                                    seed: seed)
            again.library = library
            again.collected.expandedNodes = collected.expandedNodes
            // Images are decoded once for all states, and the scene's image budgets count every
            // state: a keyframe that names new images adds to them.
            again.collected.images = collected.images
            again.collected.imagePixels = collected.imagePixels
            again.collected.imageBytesShown = collected.imageBytesShown
            var view: AnyView?
            do {
                view = try again.views(viewNode, depth: 1, place: .root).first
            } catch let stop as Stop {
                if let problem = stop.problem { again.collected.problems.append(problem) }
            }
            (collected.images, collected.imagePixels, collected.imageBytesShown)
                = (again.collected.images, again.collected.imagePixels, again.collected.imageBytesShown)
            collected.expandedNodes = again.collected.expandedNodes
            // Images only a keyframe names are inputs of the scene too.
            collected.inputs.formUnion(again.collected.inputs)
            for problem in again.collected.problems { try note(problem) }
            for change in keyframe.changes where !again.collected.changedIDs.contains(change.id) && !unknown.contains(where: { $0.id == change.id }) {
                unknown.append((change.id, change.idNode))
            }
            warnings += jumpWarnings(keyframe, before: before, originals: again.collected.changedOriginals)
            let state = SceneAnimation.State(time: keyframe.time, curve: keyframe.curve, view: view ?? AnyView(EmptyView()), location: keyframe.location)
            if keyframe.time == 0 { states[0] = state } else { states.append(state) }
        }
        for (id, idNode) in unknown {
            try note(error("no view has the id '\(Self.shown(id))'; a keyframe changes views by their 'id'", at: idNode, see: .keyframe))
        }
        return SceneAnimation(duration: duration, durationLocation: location(durationNode), fps: fps, states: states, warnings: warnings)
    }

    /// A warning for each value `keyframe` changes that switches at once (`KeyframeMotion.jumps`),
    /// at its key: values it sets to what they already were (after the keyframes `before`, or as
    /// the view writes them) are not changes.
    private func jumpWarnings(_ keyframe: KeyframeEntry, before: ViewChanges, originals: [String: Node.Mapping]) -> [String] {
        keyframe.changes.flatMap { change -> [String] in
            guard let original = originals[change.id] else { return [] }
            let jumps = Self.jumps(change.name, change.value, in: original)
            let previous = before.byID[change.id]?.last { $0.name == change.name }?.value ?? Self.writtenValue(change.name, in: original)
            guard !jumps.isEmpty, previous != change.value else { return [] }
            return jumps.map { key, why in
                "\(location(change.nameNode)): warning: the keyframe at \(Self.format(keyframe.time)) s changes '\(Self.shown(key))' of '\(Self.shown(change.id))', which does not animate but switches at that time: \(why)"
            }
        }
    }
}
