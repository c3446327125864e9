import Arrange
import Foundation

/// The scenes written inside a Markdown file, as fenced code blocks whose info string is
/// `arrange`, and the file rewritten with each block replaced, as mermaid-cli does for diagrams:
///
/// ````markdown
/// ```arrange
/// canvas: {width: 200, height: 60}
/// view: {text: Hello}
/// ```
/// ````
///
/// Fences follow CommonMark: three or more backticks or tildes, indented at most three spaces,
/// closed by a fence of the same character at least as long (or by the end of the file). Blocks
/// of other languages are skipped whole, so an `arrange` fence shown inside a ```` ```markdown ````
/// example is not taken for a scene.
///
/// A rewritten file keeps each block's source, so that rendering it again gives the same file:
/// in an HTML comment above the image link (`<!-- arrange` … `-->`), or with `--details` in the
/// ```` ```arrange ```` fence of a collapsed `<details>` below it. Both kept forms are read as the
/// block, image link included, so a second rewrite refreshes the link in place.
public struct MarkdownScenes: Sendable {
    /// One `arrange` block.
    public struct Block: Sendable, Hashable {
        /// 1 for the file's first `arrange` block, 2 for the second, …
        public var number: Int
        /// The lines of the block, fences included, 0-based: what a rewrite replaces.
        public var lines: Range<Int>
        /// The line of the file, from 1, that the scene's first line is: its errors count from
        /// here, so they name the file's lines.
        public var firstLine: Int
        /// The scene's lines as written, between the fences.
        public var source: String
        /// The block's name, from `id=` or `name=` in its fence's info string (```` ```arrange
        /// id=flow-intro ````): its pictures are then named after it rather than its number, so
        /// moving blocks keeps their pictures' names. nil for none.
        public var name: String?
        /// The words after `arrange` in the fence's info string (or the kept comment's opening),
        /// kept in the rewritten file so that a second render reads the same name.
        public var attributes: [String] = []

        /// The line of the file, from 1, of the block's opening fence (or kept comment): where
        /// problems with the block as a whole are reported.
        public var openingLine: Int { firstLine - 1 }
    }

    /// The file name used in messages.
    public var file: String
    /// What is wrong with the blocks' names (an unusable name, one given twice), each located at
    /// its block's opening line; `checkNames()` throws them.
    public private(set) var nameProblems: [SceneError] = []
    /// The file's lines, without their line ends.
    public private(set) var lines: [String]
    /// Which lines ended in CR LF: a rewrite gives the text around the blocks back as it was.
    private var endsWithCarriageReturn: [Bool]
    /// The `arrange` blocks, in order.
    public var blocks: [Block]

    /// Finds the blocks of Markdown `text`.
    public init(text: String, file: String) {
        self.file = file
        // By code points: as characters, "\r\n" is one that is not "\n", and a file with CR LF
        // line ends would be one long line.
        let split = text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false)
        lines = split.map { line in String(String.UnicodeScalarView(line.last == "\r" ? line.dropLast() : line)) }
        endsWithCarriageReturn = split.map { $0.last == "\r" }
        blocks = []
        var index = 0
        while index < lines.count {
            if let kept = Self.keptComment(lines, at: index) {
                blocks.append(Block(number: blocks.count + 1, lines: kept.lines, firstLine: index + 2, source: kept.source, attributes: kept.attributes))
                index = kept.lines.upperBound
                continue
            }
            guard let fence = Self.fence(lines[index]) else {
                index += 1
                continue
            }
            var end = index + 1
            while end < lines.count, !Self.closes(lines[end], fence) { end += 1 }
            var range = index..<min(end + 1, lines.count)
            if fence.info == "arrange" {
                range = Self.keptDetails(lines, around: range)
                let body = lines[(index + 1)..<min(end, lines.count)]
                blocks.append(Block(number: blocks.count + 1, lines: range, firstLine: index + 2, source: body.joined(separator: "\n"),
                                    attributes: fence.attributes))
            }
            index = range.upperBound
        }
        nameProblems = Self.readNames(&blocks, file: file)
    }

    // MARK: Names

    /// Reads each block's name from its attributes (`id=` or `name=`, quotes allowed) and returns
    /// what is wrong with them: a name with characters other than ASCII letters, digits, `-` and
    /// `_` (a picture's file name is made from it), one of digits only (it would take a numbered
    /// block's file name), two different names on one block, and a name two blocks share.
    static func readNames(_ blocks: inout [Block], file: String) -> [SceneError] {
        var problems: [SceneError] = []
        var owners: [String: Block] = [:]
        for index in blocks.indices {
            let block = blocks[index]
            let at = SourceLocation(file: file, line: block.openingLine, column: 1)
            var names: [String] = []
            for word in block.attributes {
                guard let equals = word.firstIndex(of: "=") else { continue }
                let key = word[..<equals]
                guard key == "id" || key == "name" else { continue }
                var value = Substring(word[word.index(after: equals)...])
                if value.count >= 2, let quote = value.first, quote == "\"" || quote == "'", value.last == quote { value = value.dropFirst().dropLast() }
                names.append(String(value))
            }
            guard let name = names.first else { continue }
            if let other = names.first(where: { $0 != name }) {
                problems.append(SceneError("the block has two names, '\(name)' and '\(other)'; give it one 'id=' (or 'name=')", at: at))
                continue
            }
            let allowed = name.unicodeScalars.allSatisfy { ($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0))) || $0 == "-" || $0 == "_" }
            guard !name.isEmpty, name.unicodeScalars.count <= 100, allowed else {
                problems.append(SceneError("the block's name '\(SceneReader.shown(name))' may hold only letters (A–Z, a–z), digits, '-' and '_' (at most 100): its pictures' file names are made from it", at: at))
                continue
            }
            guard !name.allSatisfy(\.isNumber) else {
                problems.append(SceneError("the block's name '\(name)' is only digits, which would give its pictures a numbered block's file names; add a letter", at: at))
                continue
            }
            if let first = owners[name] {
                problems.append(SceneError("the name '\(name)' is already block \(first.number)'s, at line \(first.openingLine); each block of a file needs its own name", at: at))
                continue
            }
            owners[name] = block
            blocks[index].name = name
        }
        return problems
    }

    /// Throws the blocks' name problems (`nameProblems`), the first with the others as further
    /// problems; nothing when there are none.
    public func checkNames() throws {
        guard var first = nameProblems.first else { return }
        first.further = Array(nameProblems.dropFirst())
        throw first
    }

    // MARK: Kept sources

    /// The first line of a source kept in an HTML comment; `escaped` when the source had `--`.
    static let commentOpening = "<!-- arrange"
    static let escapedCommentOpening = "<!-- arrange escaped"
    static let commentClosing = "-->"
    /// The line that opens the collapsed source of `--details`.
    static let detailsOpening = "<details><summary>Scene source</summary>"
    static let detailsClosing = "</details>"

    /// A source kept in a comment that starts at line `index`: the lines from the comment to the
    /// image link below it (when there is one), and the source unescaped.
    private static func keptComment(_ lines: [String], at index: Int) -> (lines: Range<Int>, source: String, attributes: [String])? {
        // "<!-- arrange", "escaped" when the source was escaped, then the fence's attributes.
        guard lines[index].hasPrefix(commentOpening) else { return nil }
        var words = lines[index].dropFirst(commentOpening.count).split(separator: " ").map(String.init)
        guard lines[index] == commentOpening || lines[index].dropFirst(commentOpening.count).hasPrefix(" ") else { return nil }
        let escaped = words.first == "escaped"
        if escaped { words.removeFirst() }
        // Only attributes follow (what a rewrite writes), so a comment that merely starts with
        // the word "arrange" is left alone.
        guard words.allSatisfy(keepsAttribute) else { return nil }
        // CommonMark ends the HTML block at the first line with "-->": it must be the closing.
        guard let close = lines[(index + 1)...].firstIndex(where: { $0.contains(commentClosing) }), lines[close] == commentClosing else {
            return nil
        }
        var source = lines[(index + 1)..<close].joined(separator: "\n")
        if escaped { source = unescapedComment(source) }
        let end = close + 1 < lines.count && isImage(lines[close + 1]) ? close + 2 : close + 1
        return (index..<end, source, words)
    }

    /// The lines of an `arrange` fence at `fence`, widened to the image link and `<details>`
    /// around it when it is the kept form `--details` writes.
    private static func keptDetails(_ lines: [String], around fence: Range<Int>) -> Range<Int> {
        let start = fence.lowerBound, end = fence.upperBound
        guard start >= 2, lines[start - 1].isEmpty, lines[start - 2] == detailsOpening,
              end + 1 < lines.count, lines[end].isEmpty, lines[end + 1] == detailsClosing else { return fence }
        let withImage = start >= 4 && lines[start - 3].isEmpty && isImage(lines[start - 4])
        return (withImage ? start - 4 : start - 2)..<(end + 2)
    }

    /// Whether a line is a block's picture as a rewrite writes it: an image link, or the
    /// `<picture>` of a light and a dark file.
    private static func isImage(_ line: String) -> Bool {
        line.hasPrefix("![") || line.hasPrefix(pictureOpening)
    }

    /// How the `<picture>` of a block drawn in both schemes starts.
    static let pictureOpening = "<picture><source media=\"(prefers-color-scheme: dark)\" srcset=\""

    /// A source as the body of an HTML comment, which may not hold "--": `&` written `&amp;` and
    /// each hyphen that follows a hyphen `&#45;`, so the source comes back exactly.
    static func escapedComment(_ source: String) -> String {
        var out = "", previous: Character?
        for character in source {
            switch character {
            case "&": out += "&amp;"
            case "-" where previous == "-": out += "&#45;"
            default: out.append(character)
            }
            previous = character
        }
        return out
    }

    /// The source `escapedComment` wrote.
    static func unescapedComment(_ text: String) -> String {
        var out = "", rest = Substring(text)
        while let ampersand = rest.firstIndex(of: "&") {
            out += rest[..<ampersand]
            rest = rest[ampersand...]
            if rest.hasPrefix("&amp;") {
                out += "&"
                rest = rest.dropFirst(5)
            } else if rest.hasPrefix("&#45;") {
                out += "-"
                rest = rest.dropFirst(5)
            } else {
                // Not written by the escape (edited by hand): kept as it is.
                out += "&"
                rest = rest.dropFirst()
            }
        }
        return out + rest
    }

    /// Reads the Markdown file at `path` (at most `limits.fileBytes`).
    /// - Throws: `SceneError` at the file's start when it cannot be read, is too large or is not
    ///   UTF-8.
    public init(contentsOf path: String, limits: SceneLimits = SceneLimits()) throws {
        let start = SourceLocation.start(of: path)
        guard let data = FileManager.default.contents(atPath: path) else { throw SceneError("the file cannot be read", at: start) }
        guard data.count <= limits.fileBytes else {
            throw SceneError("the file is over \(limits.fileBytes) bytes, the most a Markdown file with scenes may have\(SceneLimits.raise("file-bytes"))", at: start)
        }
        guard let text = String(data: data, encoding: .utf8) else { throw SceneError("the file is not UTF-8 text", at: start) }
        self.init(text: text, file: path)
    }

    /// The scene of block `number`, read with the file's name and line numbers. The block alone
    /// is read, so reading every block of a file takes time in proportion to the file.
    /// With `fonts`, its font families are checked while it is read, as `Scene(data:…)` does.
    public func scene(_ number: Int, seed: UInt64? = nil, limits: SceneLimits = SceneLimits(), fonts: FontLibrary? = nil) throws -> Scene {
        // Blocks are numbered in order from 1.
        guard blocks.indices.contains(number - 1) else {
            throw SceneError("the file has no arrange block \(number) (it has \(blocks.count))", at: .start(of: file))
        }
        let block = blocks[number - 1]
        var scene = try Scene(data: Data((block.source + "\n").utf8), file: file, format: .yaml, seed: seed, limits: limits,
                              firstLine: block.firstLine, fonts: fonts)
        scene.addInput(file)
        return scene
    }

    /// The warning for block `number` when its scene has no `description` (or an empty one): the
    /// rewritten link's alt text would say nothing of the picture. Located at the block's opening
    /// line (its fence or kept comment), as `file:line:column: warning: …`; nil when it has one.
    public func missingDescriptionWarning(_ number: Int, scene: Scene) -> String? {
        guard scene.description?.isEmpty ?? true, blocks.indices.contains(number - 1) else { return nil }
        let opening = SourceLocation(file: file, line: blocks[number - 1].firstLine - 1, column: 1)
        return "\(opening): warning: block \(number) has no 'description', so its picture's alt text would only say 'arrange scene \(number)'; add 'description:' saying what the picture shows"
    }

    /// The Markdown with each block replaced by `replacement(block)` (lines, without a final
    /// line end); the rest of the file is kept as it was.
    public func rewritten(_ replacement: (Block) -> String) -> String {
        var out: [String] = []
        // The lines around the blocks as they were, CR LF ends included (each rewrite would
        // otherwise take a carriage return off a line that ends in one).
        func keep(_ range: Range<Int>) {
            for index in range { out.append(index < endsWithCarriageReturn.count && endsWithCarriageReturn[index] ? lines[index] + "\r" : lines[index]) }
        }
        var index = 0
        for block in blocks {
            keep(index..<block.lines.lowerBound)
            out.append(replacement(block))
            index = block.lines.upperBound
        }
        keep(index..<lines.count)
        return out.joined(separator: "\n")
    }

    /// An image link for a block with its source kept: in an HTML comment above the link, or with
    /// `details` in a collapsed `<details>` block below it, its fence an `arrange` fence. Either is
    /// read back as the block, so rewriting the result gives it again. `image` is a relative
    /// path; it is percent-encoded into the link, and the description is made one line of
    /// alternative text. With `darkImage` (a block drawn in both colour schemes) the link is a
    /// `<picture>` that shows the dark file where the reader prefers dark, read back as well.
    public static func replacement(for block: Block, image: String, description: String?, details: Bool, darkImage: String? = nil) -> String {
        // The fence's attributes (a name), kept where the source is kept. Only words of a fence
        // that CommonMark opened are here, so none holds a backtick or ends the comment.
        let attributes = block.attributes.map { " " + $0 }.joined()
        let alt = description ?? "arrange scene \(block.number)"
        var link = "![\(MarkdownEscaping.altText(alt))](\(MarkdownEscaping.linkDestination(image)))"
        if let darkImage {
            link = picture(light: image, dark: darkImage, alt: alt)
        }
        guard details else {
            // A comment may not hold "--" (and CommonMark ends it at the first "-->").
            let escaped = block.source.contains("--")
            let body = escaped ? escapedComment(block.source) : block.source
            return "\(escaped ? escapedCommentOpening : commentOpening)\(attributes)\n\(body)\n\(commentClosing)\n\(link)"
        }
        // Longer than any run of backticks in the source, so no line of it closes the fence.
        let fence = String(repeating: "`", count: max(3, longestBacktickRun(in: block.source) + 1))
        return "\(link)\n\n\(detailsOpening)\n\n\(fence)arrange\(attributes)\n\(block.source)\n\(fence)\n\n\(detailsClosing)"
    }

    /// `<picture><source media="(prefers-color-scheme: dark)" srcset="DARK"><img alt="ALT"
    /// src="LIGHT"></picture>` on one line: the paths as URL references, with commas encoded too
    /// (a srcset separates candidates with them), and every value XML-escaped.
    static func picture(light: String, dark: String, alt: String) -> String {
        func reference(_ path: String) -> String {
            XMLEscaping.escape(XMLEscaping.linkReference(path).replacingOccurrences(of: ",", with: "%2C"))
        }
        // One line, as the image link: line breaks and other control characters become spaces.
        let line = String(alt.map { $0.isNewline || $0.unicodeScalars.contains { $0.properties.generalCategory == .control } ? " " : $0 })
            .trimmingCharacters(in: .whitespaces)
        return pictureOpening + reference(dark) + "\"><img alt=\"" + XMLEscaping.escape(line) + "\" src=\"" + reference(light) + "\"></picture>"
    }

    /// The most backticks in a row anywhere in `text`.
    static func longestBacktickRun(in text: String) -> Int {
        var longest = 0, run = 0
        for byte in text.utf8 {
            run = byte == UInt8(ascii: "`") ? run + 1 : 0
            longest = max(longest, run)
        }
        return longest
    }

    private struct Fence {
        let character: Character
        let length: Int
        let info: String
        /// The info string's other words.
        let attributes: [String]
    }

    /// The opening fence a line is, if it is one.
    private static func fence(_ line: String) -> Fence? {
        let trimmed = line.drop { $0 == " " }
        guard line.count - trimmed.count <= 3, let first = trimmed.first, first == "`" || first == "~" else { return nil }
        let run = trimmed.prefix { $0 == first }
        guard run.count >= 3 else { return nil }
        let info = trimmed.dropFirst(run.count).trimmingCharacters(in: .whitespaces)
        // A backtick fence's info string may not contain a backtick (CommonMark).
        if first == "`", info.contains("`") { return nil }
        let words = info.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        return Fence(character: first, length: run.count, info: words.first ?? "", attributes: words.dropFirst().filter(keepsAttribute))
    }

    /// Whether a word of an info string is an attribute a rewrite keeps: `key=value`, and, but
    /// for a name (checked on its own), nothing that could end the HTML comment it is kept in.
    static func keepsAttribute(_ word: String) -> Bool {
        guard let equals = word.firstIndex(of: "=") else { return false }
        let key = word[..<equals]
        return key == "id" || key == "name" || !(word.contains("--") || word.contains("<") || word.contains(">"))
    }

    /// Whether a line closes `fence`.
    private static func closes(_ line: String, _ fence: Fence) -> Bool {
        let trimmed = line.drop { $0 == " " }
        guard line.count - trimmed.count <= 3 else { return false }
        let run = trimmed.prefix { $0 == fence.character }
        return run.count >= fence.length && trimmed.dropFirst(run.count).allSatisfy { $0 == " " || $0 == "\t" }
    }
}
