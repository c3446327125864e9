import Foundation

/// Pictures with their descriptions taken out, for tests that compare the pictures of two scenes
/// whose `description`s differ (a JSON twin, an animation's end state): the words may differ, the
/// drawing must not.
public enum DescriptionFree {
    /// A PNG's bytes without its `iTXt` chunks, walked by the PNG layout (4-byte length, type,
    /// data, CRC).
    public static func png(_ data: Data) -> Data {
        let bytes = [UInt8](data)
        var out = Array(bytes.prefix(8)), offset = 8
        while offset + 12 <= bytes.count {
            let length = Int(bytes[offset]) << 24 | Int(bytes[offset + 1]) << 16 | Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
            let end = min(bytes.count, offset + 12 + length)
            if !bytes[(offset + 4)..<(offset + 8)].elementsEqual("iTXt".utf8) { out += bytes[offset..<end] }
            offset = end
        }
        return Data(out)
    }

    /// An SVG without the root's `aria-labelledby` and its `<title>` and `<desc>` (whose text
    /// may run over several lines).
    public static func svg(_ data: Data) -> Data {
        var text = String(decoding: data, as: UTF8.self)
        for pattern in [#" aria-labelledby="[^"]*""#, #"<title id="arrange-title">[^<]*</title>\n"#, #"<desc id="arrange-desc">[^<]*</desc>\n"#] {
            if let range = text.range(of: pattern, options: .regularExpression) { text.removeSubrange(range) }
        }
        return Data(text.utf8)
    }

    /// `data` without its description, by the file name's extension (PNG or SVG; others as they are).
    public static func picture(_ data: Data, name: String) -> Data {
        if name.hasSuffix(".png") { return png(data) }
        if name.hasSuffix(".svg") { return svg(data) }
        return data
    }
}
