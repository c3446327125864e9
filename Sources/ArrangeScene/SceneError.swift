import Arrange
import Foundation

/// A place in a scene file: 1-based line and column. Columns count Unicode scalars, as libyaml
/// and most editors do.
public struct SourceLocation: Hashable, Sendable, CustomStringConvertible {
    /// The file name as the user gave it (`<stdin>` for standard input).
    public var file: String
    /// The line, from 1.
    public var line: Int
    /// The column, from 1, in Unicode scalars.
    public var column: Int

    /// A place in `file`.
    public init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }

    /// `file:line:column`, control characters in the file's name escaped.
    public var description: String { "\(TerminalText.escaped(file)):\(line):\(column)" }
}

/// Why a scene could not be read, laid out or rendered, with the place in the file to look at.
///
/// `description` is one line in the form compilers use, which editors and terminals turn into a
/// link: `scene.yaml:12:9: error: unknown modifier 'bordr'; did you mean 'border'?`.
public struct SceneError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Where the problem is.
    public var location: SourceLocation
    /// What is wrong and, where it helps, what was expected instead.
    public var message: String
    /// Further problems of the same file, found after this one in other parts of it: reading goes
    /// on past a bad view, modifier or entry, as a compiler does, so that one run shows them all
    /// (up to `SceneError.maximumReported`). Empty for most errors.
    public var further: [SceneError] = []

    /// How many problems of one file are reported at most; reading stops at the last.
    public static let maximumReported = 20

    /// The uses of components and styles the problem was met through, innermost first: a
    /// problem in a component's view is located in the definition, and the message ends with
    /// where it was used, "(used at scene.yaml:12:9)", so that both places can be found.
    var uses: [SourceLocation] = []
    /// Whether the message names the uses itself (a cycle of components lists them all), so
    /// that `used(at:)` adds none.
    var namesItsUses = false

    /// An error at `location`.
    public init(_ message: String, at location: SourceLocation) {
        self.message = message
        self.location = location
    }

    /// This problem and the further ones, in the order they were found.
    public var all: [SceneError] {
        var first = self
        first.further = []
        return [first] + further
    }

    /// `file:line:column: error: message` (of this problem only; `all` lists the further ones).
    public var description: String { "\(location): error: \(message)" }

    /// The problem met through one more use, `use`, around those it names already: its message
    /// ends "(used at A, in turn used at B)".
    func used(at use: SourceLocation) -> SceneError {
        guard !namesItsUses else { return self }
        var copy = self
        // The section to read stays last: "… (used at 9:5) (see docs/scene-format.md#shadow)".
        var link = ""
        if copy.message.hasSuffix(")"), let range = copy.message.range(of: " (see \(FormatSection.file)#", options: .backwards) {
            link = String(copy.message[range.lowerBound...])
            copy.message.removeSubrange(range.lowerBound...)
        }
        let old = Self.usesText(uses)
        if !old.isEmpty, copy.message.hasSuffix(old) { copy.message.removeLast(old.count) }
        copy.uses.append(use)
        copy.message += Self.usesText(copy.uses) + link
        return copy
    }

    private static func usesText(_ uses: [SourceLocation]) -> String {
        guard let first = uses.first else { return "" }
        return " (used at \(first)" + uses.dropFirst().map { ", in turn used at \($0)" }.joined() + ")"
    }
}

/// Finding the valid name a typo was meant to be.
enum Suggestion {
    /// The candidate nearest to `word` by edit distance (case-insensitive; a swap of two
    /// neighbouring letters counts as one edit), if it is near enough to be a plausible typo: at
    /// most one edit for short words, about a third of the word's length for longer ones.
    static func nearest(to word: String, in candidates: some Sequence<String>) -> String? {
        // Far longer than any name: nothing is near, and comparing would cost time.
        guard word.utf8.count <= 64 else { return nil }
        let lowered = Array(word.lowercased())
        var best: (name: String, distance: Int)?
        for candidate in candidates {
            let distance = Spelling.distance(lowered, Array(candidate.lowercased()))
            if distance < (best?.distance ?? .max) { best = (candidate, distance) }
        }
        guard let best else { return nil }
        let allowed = max(1, min(lowered.count, best.name.count) / 3)
        return best.distance <= allowed ? best.name : nil
    }

    /// " did you mean 'x'?" or "".
    static func hint(for word: String, in candidates: some Sequence<String>) -> String {
        nearest(to: word, in: candidates).map { "; did you mean '\($0)'?" } ?? ""
    }

    /// "; did you mean 'x'? (expected one of: 'a', 'b' or 'c')", or without the question when
    /// no candidate is near.
    static func expected(_ word: String, in candidates: [String]) -> String {
        hint(for: word, in: candidates) + expected(candidates)
    }

    /// " (expected one of: 'a', 'b' or 'c')".
    static func expected(_ candidates: [String]) -> String {
        " (expected " + (candidates.count > 1 ? "one of: " : "") + list(candidates) + ")"
    }

    /// "'a', 'b' or 'c'".
    static func list(_ names: [String], conjunction: String = "or") -> String {
        let quoted = names.map { "'\($0)'" }
        guard quoted.count > 1, let last = quoted.last else { return quoted.first ?? "" }
        return quoted.dropLast().joined(separator: ", ") + " \(conjunction) " + last
    }
}
