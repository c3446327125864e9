import Foundation

extension Text {
    /// Text drawn from an attributed string, each run in its own style, as SwiftUI's
    /// `init(_:)` for `AttributedString` (docs/layout-rules.md §2.2).
    ///
    /// Arrange reads the SwiftUI attributes it declares (`font`, `foregroundColor`,
    /// `underlineStyle`, `strikethroughStyle`, `baselineOffset`, `kern`, `tracking`; in
    /// `AttributeScopes.SwiftUIAttributes`) and Foundation's `link`, drawn in the accent colour
    /// as SwiftUI draws links. Foundation on Linux has no `inlinePresentationIntent` and no
    /// `AttributedString(markdown:)`, so Markdown reaches a `Text` through a string literal
    /// (`LocalizedStringKey`) instead. Every other attribute is ignored; a line style's pattern
    /// draws solid.
    @_disfavoredOverload
    public init(_ attributedContent: AttributedString) {
        var pieces: [TextPiece] = []
        for run in attributedContent.runs {
            var style = TextRunStyle()
            style.font = run[AttributeScopes.SwiftUIAttributes.FontAttribute.self]
            style.color = run[AttributeScopes.SwiftUIAttributes.ForegroundColorAttribute.self]
            if run.link != nil, style.color == nil { style.color = InlineMarkdown.linkColor }
            if let line = run[AttributeScopes.SwiftUIAttributes.UnderlineStyleAttribute.self] {
                style.underline = TextDecoration(isActive: true, color: line.color)
            }
            if let line = run[AttributeScopes.SwiftUIAttributes.StrikethroughStyleAttribute.self] {
                style.strikethrough = TextDecoration(isActive: true, color: line.color)
            }
            if let offset = run[AttributeScopes.SwiftUIAttributes.BaselineOffsetAttribute.self], offset.isFinite {
                style.baselineOffset = offset
            }
            let spacing = run[AttributeScopes.SwiftUIAttributes.TrackingAttribute.self] ?? run[AttributeScopes.SwiftUIAttributes.KerningAttribute.self]
            if let spacing, spacing.isFinite { style.tracking = spacing }
            pieces.append(TextPiece(String(attributedContent[run.range].characters), style: style))
        }
        self.init(pieces: pieces)
    }

    /// How a line under or through text is drawn, as SwiftUI's `Text.LineStyle`: a pattern and
    /// a colour (nil: the text's). Arrange draws every pattern solid.
    public struct LineStyle: Hashable, Sendable {
        /// The dashes of the line (drawn solid by Arrange).
        public var pattern: Pattern
        /// The line's colour; nil for the text's.
        public var color: Color?

        /// A line of `pattern` in `color` (nil: the text's colour).
        public init(pattern: Pattern = .solid, color: Color? = nil) {
            self.pattern = pattern
            self.color = color
        }

        /// A solid line in the text's colour.
        public static let single = LineStyle()

        /// The dashes of a line, as SwiftUI's `Text.LineStyle.Pattern`.
        public struct Pattern: Hashable, Sendable {
            let name: String
            /// An unbroken line.
            public static let solid = Pattern(name: "solid")
            /// A dotted line (drawn solid).
            public static let dot = Pattern(name: "dot")
            /// A dashed line (drawn solid).
            public static let dash = Pattern(name: "dash")
            /// Dashes and dots (drawn solid).
            public static let dashDot = Pattern(name: "dashDot")
            /// Dashes and pairs of dots (drawn solid).
            public static let dashDotDot = Pattern(name: "dashDotDot")
        }
    }
}

extension AttributeScopes {
    /// The attributes a `Text` reads from an `AttributedString`, named as SwiftUI's
    /// `AttributeScopes.SwiftUIAttributes`, with Foundation's among them.
    public struct SwiftUIAttributes: AttributeScope {
        /// The run's font (`string.font = .title`).
        public let font: FontAttribute
        /// The run's colour.
        public let foregroundColor: ForegroundColorAttribute
        /// A line under the run.
        public let underlineStyle: UnderlineStyleAttribute
        /// A line through the run.
        public let strikethroughStyle: StrikethroughStyleAttribute
        /// Points the run is raised.
        public let baselineOffset: BaselineOffsetAttribute
        /// Extra space after each character, applied as tracking.
        public let kern: KerningAttribute
        /// Extra space after each character.
        public let tracking: TrackingAttribute
        /// Foundation's attributes (`link` among them).
        public let foundation: FoundationAttributes

        /// The run's font.
        public enum FontAttribute: AttributedStringKey {
            /// What the attribute holds.
            public typealias Value = Font
            /// The attribute's name, as SwiftUI's.
            public static let name = "SwiftUI.Font"
        }
        /// The run's colour.
        public enum ForegroundColorAttribute: AttributedStringKey {
            /// What the attribute holds.
            public typealias Value = Color
            /// The attribute's name, as SwiftUI's.
            public static let name = "SwiftUI.ForegroundColor"
        }
        /// A line under the run.
        public enum UnderlineStyleAttribute: AttributedStringKey {
            /// What the attribute holds.
            public typealias Value = Text.LineStyle
            /// The attribute's name, as SwiftUI's.
            public static let name = "SwiftUI.UnderlineStyle"
        }
        /// A line through the run.
        public enum StrikethroughStyleAttribute: AttributedStringKey {
            /// What the attribute holds.
            public typealias Value = Text.LineStyle
            /// The attribute's name, as SwiftUI's.
            public static let name = "SwiftUI.StrikethroughStyle"
        }
        /// Points the run's baseline is raised.
        public enum BaselineOffsetAttribute: AttributedStringKey {
            /// What the attribute holds.
            public typealias Value = CGFloat
            /// The attribute's name, as SwiftUI's.
            public static let name = "SwiftUI.BaselineOffset"
        }
        /// Extra space after each character (applied as tracking).
        public enum KerningAttribute: AttributedStringKey {
            /// What the attribute holds.
            public typealias Value = CGFloat
            /// The attribute's name, as SwiftUI's.
            public static let name = "SwiftUI.Kern"
        }
        /// Extra space after each character.
        public enum TrackingAttribute: AttributedStringKey {
            /// What the attribute holds.
            public typealias Value = CGFloat
            /// The attribute's name, as SwiftUI's.
            public static let name = "SwiftUI.Tracking"
        }
    }

    /// The attributes a `Text` reads, as SwiftUI's `AttributeScopes.swiftUI`.
    public var swiftUI: SwiftUIAttributes.Type { SwiftUIAttributes.self }
}

extension AttributeDynamicLookup {
    /// `string.font = .title` and the other SwiftUI attributes, as with SwiftUI imported.
    public subscript<T: AttributedStringKey>(dynamicMember keyPath: KeyPath<AttributeScopes.SwiftUIAttributes, T>) -> T {
        self[T.self]
    }
}
