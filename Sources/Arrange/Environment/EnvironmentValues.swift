import Foundation

/// A key for a value of your own in `EnvironmentValues`, as in SwiftUI:
///
/// ```swift
/// struct FlowSpacingKey: EnvironmentKey { static let defaultValue: CGFloat = 8 }
/// extension EnvironmentValues {
///     var flowSpacing: CGFloat {
///         get { self[FlowSpacingKey.self] }
///         set { self[FlowSpacingKey.self] = newValue }
///     }
/// }
/// ```
public protocol EnvironmentKey {
    associatedtype Value
    /// The value where no view above sets one.
    static var defaultValue: Value { get }
}

/// The values that flow down the view tree, as in SwiftUI: a view reads them with
/// `@Environment(\.key)` (in its `body`, or in a `Layout`'s methods), a modifier sets them for
/// everything inside with `.environment(\.key, value)`. Text modifiers are environment writes:
/// `.font(.title)` sets `font`, so the text inside and the views below it inherit it.
public struct EnvironmentValues {
    /// The environment as the engine keeps it.
    var base: ViewEnvironment

    /// The values before any view sets one.
    public init() { base = ViewEnvironment() }

    init(_ base: ViewEnvironment) { self.base = base }

    /// The value of a key of your own; its `defaultValue` where no view above sets it.
    public subscript<K: EnvironmentKey>(key: K.Type) -> K.Value {
        get { base.custom[ObjectIdentifier(key)] as? K.Value ?? K.defaultValue }
        set { base.custom[ObjectIdentifier(key)] = newValue }
    }

    /// The font of text (`.font`); `.body` where none is set.
    public var font: Font? {
        get { base.font }
        set { base.font = newValue ?? .body }
    }

    /// The most lines text may use (`.lineLimit`); nil for no limit. Values below 1 count as 1.
    public var lineLimit: Int? {
        get { base.text.lineLimit }
        set { base.text.lineLimit = newValue.map { max($0, 1) } }
    }

    /// How the lines of multi-line text line up (`.multilineTextAlignment`).
    public var multilineTextAlignment: TextAlignment {
        get { base.text.alignment }
        set { base.text.alignment = newValue }
    }

    /// Extra space between lines of text (`.lineSpacing`), in points; 0 by default.
    public var lineSpacing: CGFloat {
        get { base.text.lineSpacing }
        set { base.text.lineSpacing = newValue.isFinite ? max(newValue, 0) : 0 }
    }

    /// Where text cut short shows its "…" (`.truncationMode`); `.tail` by default.
    public var truncationMode: Text.TruncationMode {
        get { base.text.truncationMode }
        set { base.text.truncationMode = newValue }
    }

    /// How far text may shrink to fit (`.minimumScaleFactor`); 1 (not at all) by default.
    public var minimumScaleFactor: CGFloat {
        get { base.text.minimumScaleFactor }
        set { base.text.minimumScaleFactor = newValue.isFinite ? min(max(newValue, 0.01), 1) : 1 }
    }

    /// The direction of horizontal layout; `.leftToRight` by default. In `.rightToLeft` every
    /// container's placements are mirrored within its bounds, as SwiftUI flips each view's x
    /// position within its parent (docs/layout-rules.md §6c).
    public var layoutDirection: LayoutDirection {
        get { base.layoutDirection }
        set { base.layoutDirection = newValue }
    }

    /// Light or dark appearance; `.light` by default. Semantic colours resolve by it where a view
    /// is resolved, so pictures hold plain colours (docs/layout-rules.md §6b).
    public var colorScheme: ColorScheme {
        get { base.colorScheme }
        set { base.colorScheme = newValue }
    }

    /// Pixels per point of the picture being made: the `scale` a layout is rounded and rendered
    /// at (`LayoutResult(of:in:scale:)`, a scene's `canvas: {scale:}`); 1 by default, as SwiftUI's
    /// `displayScale` is the screen's.
    public var displayScale: CGFloat {
        get { base.displayScale }
        set { base.displayScale = newValue.isFinite && newValue > 0 ? newValue : 1 }
    }

    /// The length of one pixel in points (`1 / displayScale`), as SwiftUI's `pixelLength`.
    public var pixelLength: CGFloat { 1 / base.displayScale }

    /// The Dynamic Type size; `.large` by default. Text styles take their point size from it.
    public var dynamicTypeSize: DynamicTypeSize {
        get { base.dynamicTypeSize }
        set { base.dynamicTypeSize = newValue }
    }

    /// The Dynamic Type size by its older name, as SwiftUI's deprecated `sizeCategory`: the same
    /// value as `dynamicTypeSize`, each size mapped one for one.
    public var sizeCategory: ContentSizeCategory {
        get { ContentSizeCategory(base.dynamicTypeSize) }
        set { base.dynamicTypeSize = DynamicTypeSize(newValue) }
    }
}

extension View {
    /// Sets an environment value for this view and everything inside it.
    public func environment<V>(_ keyPath: WritableKeyPath<EnvironmentValues, V>, _ value: V) -> some View {
        transformingEnvironment { environment in
            var values = EnvironmentValues(environment)
            values[keyPath: keyPath] = value
            environment = values.base
        }
    }

    /// Changes an environment value, as the views above set it, for this view and everything
    /// inside it.
    public func transformEnvironment<V>(_ keyPath: WritableKeyPath<EnvironmentValues, V>,
                                        transform: @escaping (inout V) -> Void) -> some View {
        transformingEnvironment { environment in
            var values = EnvironmentValues(environment)
            transform(&values[keyPath: keyPath])
            environment = values.base
        }
    }
}
