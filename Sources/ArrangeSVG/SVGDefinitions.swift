import Arrange
import Foundation

/// The `<defs>` entries items refer to by id: gradients, masks and shadow filters. Each is
/// numbered in order of first use within its prefix ("grad1", "mask1", "shadow1"), and one equal
/// to an earlier one is not written again, so the same list always gives the same ids.
extension SVGWriter {
    /// The number of the definition `<element id="prefixN"` + `content`, writing it on first use.
    /// `content` is everything after the id: the other attributes, the children and the end tag.
    mutating func define(_ element: StaticString, prefix: StaticString, content: SVGBuffer) -> Int {
        let key = "\(element) \(prefix) " + content.string
        if let number = definitionNumbers[key] { return number }
        let prefixKey = "\(prefix)"
        let number = (definitionCounts[prefixKey] ?? 0) + 1
        definitionCounts[prefixKey] = number
        definitionNumbers[key] = number
        definitions.write("  <")
        definitions.write(element)
        definitions.write(" id=\"")
        definitions.write(prefix)
        definitions.write(integer: number)
        definitions.write(byte: UInt8(ascii: "\""))
        definitions.write(content)
        definitions.write(byte: UInt8(ascii: "\n"))
        return number
    }
}

extension SVGBuffer {
    /// ` attribute="url(#prefixN)"`.
    func write(reference attribute: StaticString, prefix: StaticString, _ number: Int) {
        write(byte: UInt8(ascii: " "))
        write(attribute)
        write("=\"url(#")
        write(prefix)
        write(integer: number)
        write(")\"")
    }
}
