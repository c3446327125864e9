@testable import ArrangeScene
import Foundation
import Testing

/// docs/scene-format.md is generated (`arrange schema --markdown`) from the key table and the
/// schema: the committed file and its pictures must be what generating gives now, every key of
/// the key table must be in its section, and every link must lead to a heading.
@Suite struct FormatReferenceTests {
    static let command = "run: \(FormatReference.command)"

    /// The reference generated from the repository's schema, once for the suite's tests.
    static let generated: Result<[FormatReference.File], any Error> = Result {
        try FormatReference(repository: repositoryRoot).files()
    }

    static func markdown() throws -> String {
        let files = try generated.get()
        let file = try #require(files.first { $0.path == FormatReference.fileName })
        return String(decoding: file.data, as: UTF8.self)
    }

    /// A staleness check by design: the expected bytes are the committed files, which a person
    /// read and committed; the test fails when the key table or the schema changed since.
    @Test func theCommittedReferenceIsUpToDate() throws {
        let files = try Self.generated.get()
        let docs = repositoryRoot.appendingPathComponent("docs")
        for file in files {
            let committed = FileManager.default.contents(atPath: docs.appendingPathComponent(file.path).path)
            #expect(committed == file.data, "docs/\(file.path) is out of date; \(Self.command)")
        }
        // No picture the reference no longer shows is left behind.
        let shown = Set(files.map { ($0.path as NSString).lastPathComponent })
        let folder = docs.appendingPathComponent(FormatReference.imageFolder).path
        let stale = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { !shown.contains($0) }
        #expect(stale.isEmpty, "docs/\(FormatReference.imageFolder) holds pictures the reference does not show: \(stale.sorted()); \(Self.command)")
    }

    @Test func generatingTwiceGivesTheSameBytes() throws {
        let again = try FormatReference(repository: repositoryRoot).files()
        #expect(again == (try Self.generated.get()))
    }

    @Test func picturesAreSmallPNGs() throws {
        let pictures = try Self.generated.get().filter { $0.path.hasSuffix(".png") }
        // One for each view kind and modifier at least.
        #expect(pictures.count >= ViewKind.allCases.count + ModifierKind.allCases.count)
        for picture in pictures {
            // The PNG signature (PNG specification §5.2).
            #expect(picture.data.prefix(8) == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]), "\(picture.path)")
            // Small canvases at scale 2: no picture needs more than 64 KB.
            #expect(picture.data.count < 64 * 1024, "\(picture.path) has \(picture.data.count) bytes")
        }
        #expect(pictures.reduce(0) { $0 + $1.data.count } < 1024 * 1024, "the pictures should stay under 1 MB together")
        // Every picture is shown by the page, at its path.
        let markdown = try Self.markdown()
        for picture in pictures {
            #expect(markdown.contains("](\(picture.path))"), "\(picture.path) is not shown")
        }
    }

    // MARK: Every key in its section

    /// The text of each heading's section, by anchor: from the heading to the next heading.
    static func sections(of markdown: String) -> [String: String] {
        var sections: [String: String] = [:]
        var current: String?
        var inCode = false
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") { inCode.toggle() }
            if !inCode, line.hasPrefix("#"), let space = line.firstIndex(of: " ") {
                current = FormatSection.slug(String(line[line.index(after: space)...]))
                sections[current ?? ""] = ""
                continue
            }
            if let current { sections[current, default: ""] += line + "\n" }
        }
        return sections
    }

    /// The section that describes each mapping of the key table. A new mapping needs one.
    static func section(of mapping: SceneMapping) -> FormatSection {
        switch mapping {
        case .scene: .topLevel
        case .canvas: .canvas
        case .random: .value(.random)
        case .color: .value(.color)
        case .font: .value(.font)
        case .view: .views
        case .animation: .animation
        case .keyframe: .keyframe
        case .curve: .curve
        case .spring: .spring
        case .textRun: .value(.textRun)
        case .component: .reuse
        }
    }

    @Test func everyKeyOfTheKeyTableIsInItsSection() throws {
        let sections = Self.sections(of: try Self.markdown())
        var checked = 0
        func check(_ keys: [String], in section: FormatSection) {
            guard let text = sections[section.anchor] else {
                Issue.record("docs/scene-format.md has no section #\(section.anchor); \(Self.command)")
                return
            }
            for key in keys where !text.contains("`\(key)`") {
                Issue.record("'\(key)' is not in docs/scene-format.md#\(section.anchor); \(Self.command)")
            }
            checked += 1
        }
        for mapping in SceneMapping.allCases { check(mapping.keys, in: Self.section(of: mapping)) }
        for kind in ViewKind.allCases { check(kind.parameterKeys, in: .view(kind)) }
        for modifier in ModifierKind.allCases { check(modifier.valueKeys, in: .modifier(modifier)) }
        check(ModifierKind.names, in: .modifiers)
        for section in FormatSection.all {
            for table in section.keyTables { check(table.names, in: section) }
        }
        #expect(checked > SceneMapping.allCases.count + ViewKind.allCases.count + ModifierKind.allCases.count)
    }

    /// Every `MappingKey` enum declared in the reader's sources is a key table of some section
    /// (or the view kinds and modifiers themselves), so its keys are in the reference.
    @Test func everyMappingKeyEnumHasASection() throws {
        let sources = repositoryRoot.appendingPathComponent("Sources/ArrangeScene")
        let files = try #require(FileManager.default.enumerator(atPath: sources.path)).compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }
        let pattern = try Regex(#"enum (\w+): String, MappingKey"#)
        var declared: Set<String> = []
        for file in files {
            let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
            for match in text.matches(of: pattern) {
                if let name = match.output[1].substring { declared.insert(String(name)) }
            }
        }
        #expect(declared.count >= 50, "found \(declared.count) key enums")
        var covered: Set<String> = ["ViewKind", "ModifierKind"]
        let identifier = try Regex(#"\w+"#)
        for table in FormatSection.all.flatMap(\.keyTables) {
            for match in String(describing: table.keys).matches(of: identifier) { covered.insert(String(match.output[0].substring ?? "")) }
        }
        for name in declared.subtracting(covered).sorted() {
            Issue.record("the key enum \(name) is in no section of docs/scene-format.md: give its mapping a KeyTable in FormatSection.keyTables (Sources/ArrangeScene/Reference/FormatSection.swift)")
        }
    }

    @Test func everyKindAndModifierHasItsAPIAnExampleAndItsPicture() throws {
        let sections = Self.sections(of: try Self.markdown())
        let subjects = ViewKind.allCases.map { FormatSection.view($0) } + ModifierKind.allCases.map { FormatSection.modifier($0) }
        for section in subjects {
            let text = sections[section.anchor] ?? ""
            #expect(text.contains("**SwiftUI:** "), "#\(section.anchor) needs the SwiftUI API it mirrors: x-swiftUI in \(FormatReference.schemaPath)")
            #expect(text.contains("```yaml\n"), "#\(section.anchor) needs an example: x-example in \(FormatReference.schemaPath)")
            #expect(text.contains("](images/format/\(section.anchor).png)"), "#\(section.anchor) shows no picture")
        }
    }

    @Test func everyKeyHasASentence() throws {
        // A table row is "| `key` | type | default | meaning |": the meaning must say something.
        for line in try Self.markdown().split(separator: "\n") where line.hasPrefix("| `") {
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            #expect(cells.count == 6 && !cells[4].isEmpty, "a key without a description in \(FormatReference.schemaPath): \(line)")
        }
    }

    // MARK: Anchors and links

    @Test func anchorsFollowGitHubsRules() {
        // github-slugger: lower case, punctuation (backticks, colons) dropped, spaces to '-'.
        #expect(FormatSection.slug("View: `text`") == "view-text")
        #expect(FormatSection.slug("`shadow`") == "shadow")
        #expect(FormatSection.slug("`foregroundStyle`") == "foregroundstyle")
        #expect(FormatSection.slug("Value: `text-run`") == "value-text-run")
        #expect(FormatSection.slug("Top level") == "top-level")
        #expect(FormatSection.modifier(.shadow).link == "docs/scene-format.md#shadow")
        #expect(FormatSection.view(.text).link == "docs/scene-format.md#view-text")
        let anchors = FormatSection.all.map(\.anchor)
        #expect(Set(anchors).count == anchors.count, "two sections share an anchor")
    }

    @Test func everyLinkLeadsToAHeading() throws {
        let markdown = try Self.markdown()
        let headings = Set(Self.sections(of: markdown).keys)
        let link = try Regex(#"\]\(#([^)]+)\)"#)
        var links = 0
        for match in markdown.matches(of: link) {
            let anchor = String(match.output[1].substring ?? "")
            #expect(headings.contains(anchor), "a link to #\(anchor), which no heading makes")
            links += 1
        }
        #expect(links > 100)
        for section in FormatSection.all {
            #expect(headings.contains(section.anchor), "no heading makes #\(section.anchor)")
        }
    }
}
