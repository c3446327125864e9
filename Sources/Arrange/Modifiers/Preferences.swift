import Foundation

/// A value views pass up to their ancestors, combined on the way in view order (SwiftUI's
/// `PreferenceKey`).
public protocol PreferenceKey {
    associatedtype Value
    /// The value of a view that sets none.
    static var defaultValue: Value { get }
    /// Combines the value so far with the next view's, `nextValue()`, in view order.
    static func reduce(value: inout Value, nextValue: () -> Value)
}

/// One preference modifier on a node, applied to the key's value coming out of its content.
struct PreferenceWriter {
    let key: ObjectIdentifier
    /// Changes the value (nil: the content set none), given the node's frame in the canvas,
    /// offsets included.
    let write: (inout Any?, CGRect) -> Void
}

extension View {
    /// Sets `key` to `value` for this view: the value its ancestors read, in place of any its
    /// content set.
    public func preference<K: PreferenceKey>(key: K.Type = K.self, value: K.Value) -> some View {
        let writer = PreferenceWriter(key: ObjectIdentifier(K.self)) { current, _ in current = value }
        return modifyingNodes { $0.preferences.append(writer) }
    }

    /// Changes the value of `key` coming out of this view (its default when nothing inside set it).
    public func transformPreference<K: PreferenceKey>(_ key: K.Type = K.self, _ callback: @escaping (inout K.Value) -> Void) -> some View {
        let writer = PreferenceWriter(key: ObjectIdentifier(K.self)) { current, _ in
            var value = (current as? K.Value) ?? K.defaultValue
            callback(&value)
            current = value
        }
        return modifyingNodes { $0.preferences.append(writer) }
    }

    /// Sets `key` to `transform` of an anchor of this view's geometry (its bounds, a point), which
    /// an ancestor's `GeometryProxy` resolves in its own coordinates.
    public func anchorPreference<A, K: PreferenceKey>(key: K.Type = K.self, value: Anchor<A>.Source,
                                                      transform: @escaping (Anchor<A>) -> K.Value) -> some View {
        let writer = PreferenceWriter(key: ObjectIdentifier(K.self)) { current, frame in
            current = transform(Anchor(value: value.resolve(frame)))
        }
        return modifyingNodes { $0.preferences.append(writer) }
    }

    /// Changes the value of `key` with an anchor of this view's geometry.
    public func transformAnchorPreference<A, K: PreferenceKey>(key: K.Type = K.self, value: Anchor<A>.Source,
                                                               transform: @escaping (inout K.Value, Anchor<A>) -> Void) -> some View {
        let writer = PreferenceWriter(key: ObjectIdentifier(K.self)) { current, frame in
            var combined = (current as? K.Value) ?? K.defaultValue
            transform(&combined, Anchor(value: value.resolve(frame)))
            current = combined
        }
        return modifyingNodes { $0.preferences.append(writer) }
    }

    /// Draws `transform` of the value of `key` coming out of this view over it, in its frame.
    ///
    /// Arrange lays the view out first and makes the overlay afterwards, once every anchor's
    /// place is known (one pass plus this one); see docs/layout-rules.md §3.12.
    public func overlayPreferenceValue<K: PreferenceKey, V: View>(_ key: K.Type = K.self, alignment: Alignment = .center,
                                                                  @ViewBuilder _ transform: @escaping (K.Value) -> V) -> some View {
        let layer = DeferredLayer(content: DeferredContent.preference(K.self, alignment: alignment, transform))
        return overlay(alignment: alignment) { layer }
    }

    /// Draws `transform` of the value of `key` coming out of this view behind it, in its frame.
    public func backgroundPreferenceValue<K: PreferenceKey, V: View>(_ key: K.Type = K.self, alignment: Alignment = .center,
                                                                     @ViewBuilder _ transform: @escaping (K.Value) -> V) -> some View {
        let layer = DeferredLayer(content: DeferredContent.preference(K.self, alignment: alignment, transform))
        return background(alignment: alignment) { layer }
    }

    /// Names this view's coordinate space, for `GeometryProxy.frame(in: .named(name))`.
    public func coordinateSpace(name: some Hashable) -> some View {
        let key = TaggedFrames.key(name)
        return modifyingNodes { $0.coordinateSpace = key }
    }

    /// Names this view's coordinate space (`.named(name)`); `.global` and `.local` change nothing.
    public func coordinateSpace(_ space: CoordinateSpace) -> some View {
        let key: String? = if case .named(let name) = space { name } else { nil }
        return modifyingNodes { if let key { $0.coordinateSpace = key } }
    }
}

/// The values of one key, collected from a subtree after layout.
struct PreferenceReader {
    let pass: LayoutPass
    let key: ObjectIdentifier
    /// Combines two values of the key, the later one second.
    let reduce: (inout Any, Any) -> Void
    /// Where the subtree's root coordinates sit in the canvas (non-zero inside a geometry reader).
    let origin: CGPoint

    /// The key's value coming out of `node`, nil when nothing in it set one.
    func value(of node: Int, translation: CGSize) -> Any? {
        let tree = pass.tree
        var moved = translation
        let attributes = tree.attributes(of: node)
        if let attributes {
            for case .offset(let delta) in attributes.effects {
                moved.width += delta.width
                moved.height += delta.height
            }
        }
        var value: Any?
        // A child its container does not show (`ViewThatFits`) sets no preference, as in SwiftUI.
        for child in tree.childRange(node) where pass.isShown(Int(tree.childList[child])) {
            guard let next = self.value(of: Int(tree.childList[child]), translation: moved) else { continue }
            if value == nil {
                value = next
            } else if var combined = value {
                reduce(&combined, next)
                value = combined
            }
        }
        if let attributes, !attributes.preferences.isEmpty {
            let frame = pass.frame(of: node).offsetBy(dx: moved.width + origin.x, dy: moved.height + origin.y)
            for writer in attributes.preferences where writer.key == key { writer.write(&value, frame) }
        }
        return value
    }
}
