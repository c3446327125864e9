import Foundation
import Yams

/// The libyaml problems that get advice of their own.
///
/// libyaml names a problem by a fixed text, not a code, apart from the place (`Mark`) and the
/// context. So the whole text is the problem's identity: it is matched exactly, never searched
/// for words, and a problem not listed here is reported as libyaml words it, with no advice.
enum LibYAMLProblem: String {
    case mappingValuesNotAllowed = "mapping values are not allowed in this context"
    case expectedKey = "did not find expected key"
    case expectedSequenceEntry = "did not find expected '-' indicator"
    case cannotStartToken = "found character that cannot start any token"
    case tabViolatesIndentation = "found a tab character that violates indentation"
    case tabForIndentation = "found a tab character where an indentation space is expected"
    /// Yams' words, kept by `YAMLComposer`, when a second document follows the first.
    case anotherDocument = "but found another document"
}

extension SceneError {
    /// A parser error in the user's terms, at the place libyaml gives.
    init(_ problem: YAMLComposer.Problem, in source: SourceText, format: SceneFormat) {
        let what = format == .json ? "malformed JSON" : "malformed YAML"
        let file = source.file
        func context(_ context: (text: String, mark: Mark)?) -> String {
            guard let context, !context.text.isEmpty else { return "" }
            return " (\(context.text) that starts at line \(context.mark.line + source.lineOffset), column \(context.mark.column))"
        }
        switch problem {
        case .syntax(.composer, let problem, let mark, let ctx):
            if LibYAMLProblem(rawValue: problem) == .anotherDocument {
                self.init("a scene file holds one document, found a second one (a '---' line)", at: SourceLocation(mark, in: file))
            } else {
                self.init("\(what): \(problem)\(context(ctx))", at: SourceLocation(mark, in: file))
            }
        case .syntax(_, let problem, let mark, let ctx):
            let advice = LibYAMLProblem(rawValue: problem).map { Self.advice(for: $0, at: mark, in: source) } ?? ""
            self.init("\(what): \(problem)\(context(ctx))\(advice)", at: SourceLocation(mark, in: file))
        case .reader(let problem, let offset):
            // The offset counts characters of the text; the helper counts bytes.
            let yaml = source.text
            var location = SourceLocation.start(of: file)
            if let offset, let index = yaml.index(yaml.startIndex, offsetBy: offset, limitedBy: yaml.endIndex) {
                location = SourceLocation(byte: yaml.utf8.distance(from: yaml.startIndex, to: index), of: yaml.utf8, in: file)
            }
            self.init("\(what): \(problem)", at: location)
        case .duplicateKeys(let duplicates, let mark):
            self.init("the key \(Suggestion.list(duplicates)) is written twice in the same mapping; each key may appear once",
                      at: SourceLocation(mark, in: file))
        case .memory:
            // Not about the text, so no place in it.
            self.init("\(what): libyaml ran out of memory", at: .start(of: file))
        }
        // libyaml counts the lines of the text it was given; a Markdown block's start lower down.
        location.line += source.lineOffset
    }

    /// What to do about `problem`, found at `mark`: "; …", or "".
    private static func advice(for problem: LibYAMLProblem, at mark: Mark, in source: SourceText) -> String {
        switch problem {
        case .mappingValuesNotAllowed:
            return bareNameAbove(mark, in: source) ?? "; a value that contains ': ' must be quoted, or the line is indented wrongly"
        case .expectedKey, .expectedSequenceEntry:
            return "; check the indentation of this line against the lines above"
        case .cannotStartToken:
            // The problem names no character; the mark is at it.
            switch character(at: mark, in: source) {
            case "\t"?: return "; YAML indents with spaces, not tabs"
            case "@"?, "`"?: return "; '@' and '`' cannot start plain text in YAML: put the text in quotes"
            default: return ""
            }
        case .tabViolatesIndentation, .tabForIndentation:
            return "; YAML indents with spaces, not tabs"
        case .anotherDocument:
            return ""
        }
    }

    /// The character at `mark`, if the mark is inside the text.
    private static func character(at mark: Mark, in source: SourceText) -> Unicode.Scalar? {
        guard let line = source.line(mark.line), mark.column >= 1 else { return nil }
        let scalars = line.unicodeScalars
        guard let index = scalars.index(scalars.startIndex, offsetBy: mark.column - 1, limitedBy: scalars.endIndex),
              index < scalars.endIndex else { return nil }
        return scalars[index]
    }

    /// `- rectangle` followed by a more indented `modifiers:` line: libyaml sees a second value
    /// for the item, and the bare name needs a colon to become a mapping.
    private static func bareNameAbove(_ mark: Mark, in source: SourceText) -> String? {
        guard let above = source.line(mark.line - 1)?.trimmingCharacters(in: .whitespaces), above.hasPrefix("- ") else {
            return nil
        }
        let name = above.dropFirst(2).trimmingCharacters(in: .whitespaces)
        guard !name.isEmpty, name.allSatisfy({ $0.isLetter }) else { return nil }
        return "; to give '- \(name)' more keys such as 'modifiers', write it '- \(name):' (with a colon)"
    }
}
