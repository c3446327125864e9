/// The folder part of a path as text, as `NSString.deletingLastPathComponent` gives it, which
/// swift-corelibs-foundation 6.3 crashes on for a one-letter name ("o", "x/"): `-o o` must not
/// crash the tool.
public enum FolderPath {
    /// The folder of `path`: "a/b/c" → "a/b", "/a" → "/", "a" and "a/" → "" (the working
    /// directory). Trailing slashes do not name a component.
    public static func of(_ path: String) -> String {
        var text = Substring(path)
        while text.count > 1, text.hasSuffix("/") { text = text.dropLast() }
        guard let slash = text.lastIndex(of: "/") else { return "" }
        var folder = text[..<slash]
        while folder.count > 1, folder.hasSuffix("/") { folder = folder.dropLast() }
        return folder.isEmpty ? "/" : String(folder)
    }
}
