import Foundation

/// An SVG document read by a small XML reader of its own: elements, attributes and text, with
/// comments, processing instructions and the DOCTYPE skipped. A DOCTYPE is never read, so no
/// entity it defines is expanded (a few hundred bytes of nested entities can expand to
/// gigabytes); a document that uses one is refused.
struct SVGMarkup {
    /// One element, its name as written (with any prefix).
    struct Element {
        var name: String
        var attributes: [(name: String, value: String)] = []
        var children: [Child] = []
    }

    /// What an element holds.
    enum Child {
        case element(Int)
        case text(String)
    }

    /// Every element in document order; the root is the first.
    private(set) var elements: [Element] = []
    /// Prefixes bound to the SVG and XLink namespaces anywhere in the document (`svg:`, `xlink:`).
    private(set) var svgPrefixes: Set<String> = []
    private(set) var xlinkPrefixes: Set<String> = ["xlink"]

    static let svgNamespace = "http://www.w3.org/2000/svg"
    static let xlinkNamespace = "http://www.w3.org/1999/xlink"

    /// Reads `data`, refusing more than `elementLimit` elements or elements nested deeper than
    /// `depthLimit`.
    init(_ data: Data, elementLimit: Int, depthLimit: Int) throws(ImageError) {
        var reader = Reader(bytes: [UInt8](data))
        var open: [Int] = []
        var rootClosed = false
        reader.skipByteOrderMark()
        while !reader.atEnd {
            if reader.peek() != UInt8(ascii: "<") {
                let text = try Reader.decode(reader.take { $0 != UInt8(ascii: "<") })
                if let parent = open.last {
                    elements[parent].children.append(.text(text))
                } else if !text.allSatisfy(\.isWhitespace) {
                    throw Reader.malformed("text outside the root element")
                }
            } else if reader.skip("<!--") {
                try reader.skip(past: "-->", what: "a comment")
            } else if reader.skip("<![CDATA[") {
                let text = try reader.take(upTo: "]]>", what: "a CDATA section")
                guard let parent = open.last else { throw Reader.malformed("a CDATA section outside the root element") }
                elements[parent].children.append(.text(text))
            } else if reader.skip("<!") {
                guard elements.isEmpty else { throw Reader.malformed("a declaration inside the document") }
                try reader.skipDeclaration()
            } else if reader.skip("<?") {
                let instruction = try reader.take(upTo: "?>", what: "a processing instruction")
                try Self.checkEncoding(instruction)
            } else if reader.skip("</") {
                let name = reader.name()
                reader.skipSpace()
                guard reader.skip(">") else { throw Reader.malformed("the end tag </\(name) is not closed") }
                guard let index = open.popLast(), elements[index].name == name else {
                    throw Reader.malformed("the end tag </\(name)> closes no element of that name")
                }
                rootClosed = open.isEmpty
            } else {
                reader.advance()
                guard !rootClosed, open.isEmpty == elements.isEmpty else { throw Reader.malformed("a second root element") }
                guard elements.count < elementLimit else {
                    throw ImageError.refused("it has more than \(elementLimit) elements, the limit for an SVG image")
                }
                guard open.count < depthLimit else {
                    throw ImageError.refused("its elements nest more than \(depthLimit) deep, the limit for an SVG image")
                }
                var element = Element(name: reader.name())
                guard !element.name.isEmpty else { throw Reader.malformed("a '<' that starts no tag") }
                let empty = try reader.attributes(into: &element.attributes)
                noteNamespaces(element.attributes)
                let index = elements.count
                elements.append(element)
                if let parent = open.last { elements[parent].children.append(.element(index)) }
                if empty {
                    rootClosed = open.isEmpty
                } else {
                    open.append(index)
                }
            }
        }
        guard !elements.isEmpty else { throw Reader.malformed("no root element") }
        guard open.isEmpty else { throw Reader.malformed("the element <\(elements[open[open.count - 1]].name)> is never closed") }
    }

    /// Records which prefixes name SVG and XLink.
    private mutating func noteNamespaces(_ attributes: [(name: String, value: String)]) {
        for (name, value) in attributes where name.hasPrefix("xmlns:") {
            let prefix = String(name.dropFirst(6))
            if value == Self.svgNamespace { svgPrefixes.insert(prefix) }
            if value == Self.xlinkNamespace { xlinkPrefixes.insert(prefix) }
        }
    }

    /// The XML declaration's encoding must be UTF-8 (or ASCII, a part of it): the document is read
    /// and written as UTF-8.
    private static func checkEncoding(_ instruction: String) throws(ImageError) {
        guard instruction.hasPrefix("xml"), let range = instruction.range(of: "encoding") else { return }
        let rest = instruction[range.upperBound...].drop { $0 == " " || $0 == "=" || $0 == "\"" || $0 == "'" }
        let encoding = rest.prefix { $0 != "\"" && $0 != "'" && $0 != " " }.lowercased()
        guard ["utf-8", "utf8", "us-ascii", "ascii"].contains(encoding) else {
            throw ImageError.refused("it is encoded as \(encoding); SVG images must be UTF-8")
        }
    }

    /// `name` without its prefix when it is unprefixed or its prefix names SVG; nil for an element
    /// of another namespace (Inkscape's, RDF's…).
    func svgName(_ name: String) -> String? {
        guard let colon = name.firstIndex(of: ":") else { return name }
        return svgPrefixes.contains(String(name[..<colon])) ? String(name[name.index(after: colon)...]) : nil
    }

    /// Whether the attribute `name` is an XLink `href`.
    func isXLinkHref(_ name: String) -> Bool {
        guard let colon = name.firstIndex(of: ":") else { return false }
        return name[name.index(after: colon)...] == "href" && xlinkPrefixes.contains(String(name[..<colon]))
    }
}

/// A cursor over the document's bytes.
private struct Reader {
    let bytes: [UInt8]
    var offset = 0

    var atEnd: Bool { offset >= bytes.count }
    func peek() -> UInt8 { bytes[offset] }
    mutating func advance() { offset += 1 }

    static func malformed(_ what: String) -> ImageError { .corrupt("the SVG is not well-formed XML: \(what)") }

    mutating func skipByteOrderMark() {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { offset = 3 }
    }

    /// Skips `literal` if the bytes continue with it.
    mutating func skip(_ literal: StaticString) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard offset + count <= bytes.count else { return false }
        let matches = literal.withUTF8Buffer { utf8 in
            (0..<count).allSatisfy { bytes[offset + $0] == utf8[$0] }
        }
        if matches { offset += count }
        return matches
    }

    /// The bytes up to `end`, as text, and past `end`.
    mutating func take(upTo end: String, what: String) throws(ImageError) -> String {
        let start = offset
        try skip(past: end, what: what)
        return String(decoding: bytes[start..<(offset - end.utf8.count)], as: UTF8.self)
    }

    mutating func skip(past end: String, what: String) throws(ImageError) {
        let utf8 = Array(end.utf8)
        while offset + utf8.count <= bytes.count {
            if bytes[offset] == utf8[0], bytes[offset..<(offset + utf8.count)].elementsEqual(utf8) {
                offset += utf8.count
                return
            }
            offset += 1
        }
        throw Self.malformed("\(what) is not closed")
    }

    /// Bytes while `keep` holds.
    mutating func take(while keep: (UInt8) -> Bool) -> ArraySlice<UInt8> {
        let start = offset
        while offset < bytes.count, keep(bytes[offset]) { offset += 1 }
        return bytes[start..<offset]
    }

    static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }

    mutating func skipSpace() { _ = take(while: Self.isSpace) }

    /// A tag or attribute name.
    mutating func name() -> String {
        String(decoding: take { byte in
            switch byte {
            case 0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: "/"), UInt8(ascii: ">"), UInt8(ascii: "="), UInt8(ascii: "<"), UInt8(ascii: "\""),
                 UInt8(ascii: "'"): false
            default: true
            }
        }, as: UTF8.self)
    }

    /// A `<!DOCTYPE …>` (or other declaration), its internal subset and quoted strings included,
    /// skipped unread.
    mutating func skipDeclaration() throws(ImageError) {
        var quote: UInt8?
        var brackets = 0
        while offset < bytes.count {
            let byte = bytes[offset]
            offset += 1
            if let open = quote {
                if byte == open { quote = nil }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
            } else if byte == UInt8(ascii: "[") {
                brackets += 1
            } else if byte == UInt8(ascii: "]") {
                brackets -= 1
            } else if byte == UInt8(ascii: ">"), brackets <= 0 {
                return
            }
        }
        throw Self.malformed("the DOCTYPE is not closed")
    }

    /// A start tag's attributes, after its name; true when the tag closes itself (`/>`).
    mutating func attributes(into attributes: inout [(name: String, value: String)]) throws(ImageError) -> Bool {
        // A set, so that a tag with a million attributes is not a trillion comparisons.
        var names: Set<String> = []
        while true {
            skipSpace()
            if skip("/>") { return true }
            if skip(">") { return false }
            let name = name()
            guard !name.isEmpty else { throw Self.malformed("a broken start tag") }
            skipSpace()
            guard skip("=") else { throw Self.malformed("the attribute \(name) has no value") }
            skipSpace()
            guard !atEnd, peek() == UInt8(ascii: "\"") || peek() == UInt8(ascii: "'") else {
                throw Self.malformed("the attribute \(name)'s value is not quoted")
            }
            let quote = peek()
            advance()
            let raw = take { $0 != quote && $0 != UInt8(ascii: "<") }
            guard !atEnd, peek() == quote else { throw Self.malformed("the attribute \(name)'s value is not closed") }
            advance()
            // A repeated attribute is an XML error; the first is kept.
            let value = try Self.decode(raw)
            if names.insert(name).inserted { attributes.append((name, value)) }
        }
    }

    /// Text with its character and entity references replaced. Only XML's own five entities and
    /// numbers are known: any other would need the DOCTYPE, which is not read.
    static func decode(_ raw: ArraySlice<UInt8>) throws(ImageError) -> String {
        guard raw.contains(UInt8(ascii: "&")) else { return String(decoding: raw, as: UTF8.self) }
        var out = [UInt8]()
        out.reserveCapacity(raw.count)
        var index = raw.startIndex
        while index < raw.endIndex {
            guard raw[index] == UInt8(ascii: "&") else {
                out.append(raw[index])
                index += 1
                continue
            }
            guard let semicolon = raw[index...].prefix(40).firstIndex(of: UInt8(ascii: ";")) else {
                throw Self.malformed("an '&' that starts no entity")
            }
            let name = String(decoding: raw[(index + 1)..<semicolon], as: UTF8.self)
            let character: String
            switch name {
            case "lt": character = "<"
            case "gt": character = ">"
            case "amp": character = "&"
            case "quot": character = "\""
            case "apos": character = "'"
            default:
                guard name.hasPrefix("#") else {
                    throw ImageError.refused("it uses the entity '&\(name);', which only a DOCTYPE can define, and Arrange reads no DOCTYPE in an SVG image")
                }
                let hex = name.hasPrefix("#x")
                guard let value = UInt32(name.dropFirst(hex ? 2 : 1), radix: hex ? 16 : 10), value != 0,
                      let scalar = Unicode.Scalar(value) else { throw Self.malformed("the character reference &\(name); names no character") }
                character = String(Character(scalar))
            }
            out.append(contentsOf: character.utf8)
            index = semicolon + 1
        }
        return String(decoding: out, as: UTF8.self)
    }
}
