/// A greeting card's title, shown in the catalog's picture of the card.
public struct Card: Sendable {
    /// The card's title.
    public var title: String

    /// A card with this title.
    public init(title: String) {
        self.title = title
    }
}
