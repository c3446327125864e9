import Foundation

/// A 128-bit FNV-1a hash of bytes: how `arrange render --incremental` tells that a scene, the
/// files it uses and the options it is drawn with are the same as when its outputs were written.
///
/// FNV-1a is not cryptographic; it guards against accidental change, not against someone who
/// crafts two scenes with one hash. 128 bits make an accidental collision negligible.
public struct ContentHash: Sendable, Hashable {
    private static let offsetBasis: UInt128 = 0x6C62_272E_07BB_0142_62B8_2175_6295_C58D
    private static let prime: UInt128 = 0x0000_0000_0100_0000_0000_0000_0000_013B

    private var state = ContentHash.offsetBasis

    public init() {}

    /// Adds bytes.
    public mutating func add(_ bytes: some Sequence<UInt8>) {
        for byte in bytes {
            state ^= UInt128(byte)
            state = state &* Self.prime
        }
    }

    /// Adds a text and a separator, so that "ab" + "c" and "a" + "bc" differ.
    public mutating func add(_ text: String) {
        add(text.utf8)
        add(CollectionOfOne(0))
    }

    /// Adds a file's path and bytes; a folder adds every file under it, in path order; a path
    /// that cannot be read adds its name and a marker, so that its appearing changes the hash.
    public mutating func addFile(at url: URL) {
        add(url.path)
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) else {
            add("<missing>")
            return
        }
        if isFolder.boolValue {
            let walker = FileManager.default.enumerator(at: url, includingPropertiesForKeys: nil, options: [.skipsHiddenFiles])
            let files = (walker?.compactMap { $0 as? URL } ?? []).map(\.path).sorted()
            for path in files {
                var isSub: ObjCBool = false
                if FileManager.default.fileExists(atPath: path, isDirectory: &isSub), !isSub.boolValue {
                    addFile(at: URL(fileURLWithPath: path))
                }
            }
            return
        }
        guard let data = FileManager.default.contents(atPath: url.path) else {
            add("<unreadable>")
            return
        }
        add(String(data.count))
        add(data)
    }

    /// 32 hexadecimal digits.
    public var hex: String {
        let text = String(state, radix: 16)
        return String(repeating: "0", count: 32 - text.count) + text
    }
}
