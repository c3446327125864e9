import Arrange
import ArgumentParser
import Foundation

/// `arrange icons`: the names `icon:` and `Image(icon:)` take.
struct IconsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "icons",
        abstract: "List the names of the icons scenes can draw.",
        discussion: """
        Prints the names of Material Icons (Google, Apache License 2.0), one a line: every name, \
        sorted; with SEARCH, the names containing it (any case), best first: the name itself, \
        then names that start with it, then the others, shorter ones first. An alias of Arrange's \
        is listed with the name it stands for. Exits with status 1 when no name matches, or when \
        the set is not installed (Debian's package fonts-material-design-icons-iconfont, which \
        Scripts/setup.sh installs; ARRANGE_ICON_SET names another folder holding its files).

        A scene draws an icon with 'icon: NAME', sized by the font, or \
        'icon: {name: NAME, resizable: true}' with a frame; 'foregroundStyle' colours it.

        Examples:
          $ arrange icons stor
          store
          storm
          storage
          storefront
          store_mall_directory
          history
          …
          $ arrange icons data
          dataset
          database (alias of storage)
          data_array
          …
          $ arrange icons | wc -l
          2194
        """
    )

    @Argument(help: "Text the names must contain; all names when left out.")
    var search: String?

    func run() throws {
        let set: IconSet
        switch IconSet.standard {
        case .success(let standard): set = standard
        case .failure(let error):
            Console.error(error)
            throw ExitCode.failure
        }
        let text = search ?? ""
        let names = set.search(text)
        guard !names.isEmpty else {
            let suggestions = set.suggestions(for: text)
            let hint = suggestions.isEmpty ? "; 'arrange icons' lists them all" : "; did you mean " + suggestions.map { "'\($0)'" }.joined(separator: ", ") + "?"
            Console.printError("arrange: error: no icon name contains '\(TerminalText.escaped(text, limit: 80))'\(hint)")
            throw ExitCode.failure
        }
        var lines = ""
        for name in names {
            lines += IconSet.aliases[name].map { "\(name) (alias of \($0))" } ?? name
            lines += "\n"
        }
        // One write: a listing of 2,000 names piped into `head` must not fail line by line.
        try? FileHandle.standardOutput.write(contentsOf: Data(lines.utf8))
    }
}
