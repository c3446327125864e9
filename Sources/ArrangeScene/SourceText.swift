import Arrange
import Foundation
import Yams

/// A scene file's bytes checked to be text a person wrote: not too large, not empty, UTF-8,
/// without control characters other than tab, line feed and carriage return.
struct SourceText {
    let file: String
    let text: String
    let bytes: [UInt8]
    /// Lines of the file above this text (a Markdown block's scene): added to every location.
    let lineOffset: Int

    /// `data` checked; `lineOffset` lines of the file come before it.
    init(_ data: Data, file: String, limits: SceneLimits = SceneLimits(), lineOffset: Int = 0) throws {
        self.file = file
        self.lineOffset = lineOffset
        let start = SourceLocation(file: file, line: 1 + lineOffset, column: 1)
        guard data.count <= limits.fileBytes else {
            throw SceneError("the file is over \(limits.fileBytes) bytes\(limits.fileBytes == Limits.fileBytes ? " (1 MiB)" : ""), the most a scene may have\(SceneLimits.raise("file-bytes"))",
                             at: start)
        }
        var bytes = [UInt8](data)
        // A UTF-8 byte order mark is allowed and dropped.
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        guard bytes.contains(where: { !Self.isBlank($0) }) else {
            throw SceneError("the file is empty; a scene needs at least a 'view'", at: start)
        }
        if let bad = Self.firstInvalidByte(bytes) {
            throw SceneError("the file is not a text file: \(bad.reason) (byte 0x\(String(bytes[bad.offset], radix: 16, uppercase: true)) at offset \(bad.offset)); scenes are UTF-8 YAML or JSON",
                             at: Self.location(ofByte: bad.offset, of: bytes, in: file, lineOffset: lineOffset))
        }
        guard let text = String(bytes: bytes, encoding: .utf8) else {
            throw SceneError("the file is not valid UTF-8; scenes are UTF-8 YAML or JSON", at: start)
        }
        self.bytes = bytes
        self.text = text
    }

    private static func isBlank(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    /// The first byte that cannot be in a scene: a control character, or a byte that breaks
    /// UTF-8 (a stray continuation byte, a truncated or overlong sequence, a surrogate).
    static func firstInvalidByte(_ bytes: [UInt8]) -> (offset: Int, reason: String)? {
        var i = 0
        while i < bytes.count {
            let b = bytes[i]
            if b < 0x80 {
                if b < 0x20, b != 0x09, b != 0x0A, b != 0x0D {
                    return (i, b == 0 ? "it contains a NUL byte" : "it contains a control character")
                }
                if b == 0x7F { return (i, "it contains a control character") }
                i += 1
                continue
            }
            let length: Int, minimum: UInt32
            var scalar: UInt32
            switch b {
            case 0xC2...0xDF: length = 2; minimum = 0x80; scalar = UInt32(b & 0x1F)
            case 0xE0...0xEF: length = 3; minimum = 0x800; scalar = UInt32(b & 0x0F)
            case 0xF0...0xF4: length = 4; minimum = 0x10000; scalar = UInt32(b & 0x07)
            default: return (i, "it is not UTF-8")
            }
            guard i + length <= bytes.count else { return (i, "it is not UTF-8") }
            for k in 1..<length {
                let next = bytes[i + k]
                guard next & 0xC0 == 0x80 else { return (i, "it is not UTF-8") }
                scalar = scalar << 6 | UInt32(next & 0x3F)
            }
            if scalar < minimum || scalar > 0x10FFFF || (0xD800...0xDFFF).contains(scalar) {
                return (i, "it is not UTF-8")
            }
            // C1 controls (U+0080–U+009F) only appear in binary data read as text.
            if (0x80...0x9F).contains(scalar) { return (i, "it contains a control character") }
            i += length
        }
        return nil
    }

    /// Where byte `offset` of the text is in the file.
    func location(ofByte offset: Int) -> SourceLocation {
        Self.location(ofByte: offset, of: bytes, in: file, lineOffset: lineOffset)
    }

    /// Where the text starts in the file: errors about it as a whole point here.
    var start: SourceLocation { SourceLocation(file: file, line: 1 + lineOffset, column: 1) }

    private static func location(ofByte offset: Int, of bytes: [UInt8], in file: String, lineOffset: Int) -> SourceLocation {
        var location = SourceLocation(byte: offset, of: bytes, in: file)
        location.line += lineOffset
        return location
    }

    /// The text of line `number` (from 1) without its line break, or nil past the end. Lines are
    /// found by bytes, as `SourceLocation` counts them: Swift's `Character` joins "\r\n" into one.
    func line(_ number: Int) -> String? {
        guard number >= 1 else { return nil }
        var start = 0
        for _ in 1..<number {
            guard let lineFeed = bytes[start...].firstIndex(of: 0x0A) else { return nil }
            start = lineFeed + 1
        }
        var end = bytes[start...].firstIndex(of: 0x0A) ?? bytes.count
        if end > start, bytes[end - 1] == 0x0D { end -= 1 }
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }
}

// MARK: - Source locations

/// The one place byte offsets, libyaml's marks and nodes become lines and columns, so that every
/// error in a file counts the same way: lines are ended by line feeds, columns count Unicode
/// scalars from 1 (as libyaml's marks do).
extension SourceLocation {
    /// The start of `file`: where errors about the file as a whole point.
    static func start(of file: String) -> SourceLocation {
        SourceLocation(file: file, line: 1, column: 1)
    }

    /// Where byte `offset` of `bytes` (UTF-8) is.
    init(byte offset: Int, of bytes: some Collection<UInt8>, in file: String) {
        var line = 1, column = 1
        for byte in bytes.prefix(max(0, offset)) {
            if byte == 0x0A {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                // Not a UTF-8 continuation byte: the start of the next scalar.
                column += 1
            }
        }
        self.init(file: file, line: line, column: column)
    }

    /// Where libyaml's `mark` is: its line and column are already 1-based and in scalars.
    init(_ mark: Mark, in file: String) {
        self.init(file: file, line: mark.line, column: mark.column)
    }

    /// Where `node` is written; the start of the file for a node without a mark (one made here,
    /// not parsed).
    init(_ node: Node, in file: String) {
        if let mark = node.mark {
            self.init(mark, in: file)
        } else {
            self = .start(of: file)
        }
    }
}
