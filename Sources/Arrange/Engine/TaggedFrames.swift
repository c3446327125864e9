import Foundation

/// The frames of the views tagged with `.id(_:)`, keyed by the text of the id value (its
/// `description`, as `ViewIdentity.id` holds it), so that the table is `Sendable` whatever type
/// the ids have.
///
/// ```swift
/// result.frames["title"]   // a String id
/// result.frames[3]         // an Int id, stored under "3"
/// ```
///
/// Two ids with the same text (the Int 3 and the String "3") name the same entry; the later view
/// in the tree wins, as it does for duplicate ids in SwiftUI's `ForEach`.
public struct TaggedFrames: Sendable, Equatable, Sequence {
    /// Every entry, by the id's text.
    public internal(set) var byID: [String: CGRect] = [:]

    public init() {}

    /// The frame of the view tagged `id`, or nil when no view has that id.
    public subscript<ID: Hashable>(id: ID) -> CGRect? {
        get { byID[Self.key(id)] }
        set { byID[Self.key(id)] = newValue }
    }

    /// How many views are tagged.
    public var count: Int { byID.count }

    public func makeIterator() -> Dictionary<String, CGRect>.Iterator { byID.makeIterator() }

    /// The text an id is filed under.
    @inlinable
    static func key<ID: Hashable>(_ id: ID) -> String {
        // The common ids first: their text without the reflection `String(describing:)` does
        // (some 700 instructions), which a ForEach of tagged views would pay for each.
        if let string = id as? String { return string }
        if let number = id as? Int { return String(number) }
        // AnyHashable(_:) unwraps an id that is already type-erased, so both spell alike.
        return String(describing: AnyHashable(id).base)
    }
}
