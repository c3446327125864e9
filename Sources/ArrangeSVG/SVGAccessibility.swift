import Arrange
import Foundation

/// What screen readers read: the document is one image (`role="img"`), named by its `<title>`
/// and described by its `<desc>`, both first children, which the root's `aria-labelledby` names
/// (the pattern that reads the same in browsers, VoiceOver and NVDA; a `<title>` alone is not
/// announced by every one). The ids start with "arrange-", which no definition id does
/// (`SVGDefinitions`: "grad1", "clip1", "g1", …), and a view's own id is written as `data-id`,
/// so they cannot clash. A labelled view (`accessibilityLabel`) is a `<g role="img">` with an
/// `aria-label` and the same text as its `<title>`: the label names the group, the title gives
/// viewers without ARIA a name and a tooltip (browsers drop a description equal to the name),
/// and `role="img"` makes the group's drawing, its invisible text included, one picture.
extension SVGWriter {
    static let titleID = "arrange-title"
    static let descriptionID = "arrange-desc"

    /// The root's `role` and `aria-labelledby`, the end of its start tag, and the `<title>` and
    /// `<desc>` after it.
    func writeAccessibility(_ header: SVGBuffer) {
        header.write(" role=\"img\"")
        let label = accessibility?.label, long = accessibility?.longDescription
        let ids = [label.map { _ in Self.titleID }, long.map { _ in Self.descriptionID }].compactMap { $0 }
        if !ids.isEmpty {
            header.write(" aria-labelledby=\"")
            header.write(text: ids.joined(separator: " "))
            header.write(byte: UInt8(ascii: "\""))
        }
        header.write(">\n")
        if let label {
            header.write(text: "<title id=\"\(Self.titleID)\">")
            header.write(escaping: label)
            header.write("</title>\n")
        }
        if let long {
            header.write(text: "<desc id=\"\(Self.descriptionID)\">")
            header.write(escaping: long)
            header.write("</desc>\n")
        }
    }

    /// Opens the `<g>` of a labelled group (`role="img"`, its `aria-label` and its `<title>`) or
    /// of a hidden one (`aria-hidden="true"`, which wins: nothing inside is read).
    mutating func openAccessibility(label: String?, hidden: Bool) {
        body.indent(depth)
        if hidden {
            body.write("<g aria-hidden=\"true\">\n")
        } else if let label {
            body.write("<g role=\"img\" aria-label=\"")
            body.write(escaping: label)
            body.write("\"><title>")
            body.write(escaping: label)
            body.write("</title>\n")
        }
        depth += 1
    }
}
