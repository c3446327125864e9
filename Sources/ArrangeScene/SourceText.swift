import Arrange
import Foundation

/// A scene file's bytes checked to be text a person wrote: not too large, not empty, UTF-8,
/// without control characters other than tab, line feed and carriage return.
struct SourceText {
    let file: String
    let text: String
    let bytes: [UInt8]

    init(_ data: Data, file: String) throws {
        self.file = file
        guard data.count <= Limits.fileBytes else {
            throw SceneError("the file is over \(Limits.fileBytes) bytes (1 MiB), the most a scene may have",
                             at: SourceLocation(file: file, line: 1, column: 1))
        }
        var bytes = [UInt8](data)
        // A UTF-8 byte order mark is allowed and dropped.
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        guard bytes.contains(where: { !Self.isBlank($0) }) else {
            throw SceneError("the file is empty; a scene needs at least a 'view'",
                             at: SourceLocation(file: file, line: 1, column: 1))
        }
        if let bad = Self.firstInvalidByte(bytes) {
            let location = Self.location(of: bad.offset, in: bytes, file: file)
            throw SceneError("the file is not a text file: \(bad.reason) (byte 0x\(String(bytes[bad.offset], radix: 16, uppercase: true)) at offset \(bad.offset)); scenes are UTF-8 YAML or JSON",
                             at: location)
        }
        guard let text = String(bytes: bytes, encoding: .utf8) else {
            throw SceneError("the file is not valid UTF-8; scenes are UTF-8 YAML or JSON",
                             at: SourceLocation(file: file, line: 1, column: 1))
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

    /// The line and column (in Unicode scalars) of a byte offset.
    static func location(of offset: Int, in bytes: [UInt8], file: String) -> SourceLocation {
        var line = 1, column = 1
        for i in 0..<min(offset, bytes.count) {
            let b = bytes[i]
            if b == 0x0A {
                line += 1
                column = 1
            } else if b & 0xC0 != 0x80 {
                column += 1
            }
        }
        return SourceLocation(file: file, line: line, column: column)
    }
}
