import ArgumentParser
import ArrangeScene
import Foundation

/// `arrange schema`: the scene format's JSON Schema, or with `--markdown` its reference page.
struct SchemaCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "schema",
        abstract: "Print the scene format's JSON Schema, or write its reference (docs/scene-format.md).",
        discussion: """
        Run in the Arrange repository: the schema is Schema/arrange-scene.schema.json. Without \
        options it prints the schema. With --markdown it writes docs/scene-format.md, every view \
        kind, modifier and value with its keys, types, defaults, the SwiftUI API it mirrors and \
        an example, and the examples' pictures (docs/images/format/*.png), generated from the key \
        table and the schema. After adding a key, run it and commit the result: a test fails \
        while the committed reference is out of date.

        Examples:
          arrange schema > arrange-scene.schema.json
          arrange schema --markdown
        """
    )

    @Flag(help: "Write the Markdown reference and its pictures instead of printing the schema.")
    var markdown = false

    @Option(name: .shortAndLong, help: "The docs folder to write into (default: docs in the repository).")
    var output: String?

    @Option(help: "The Arrange repository's folder, which holds Schema/.")
    var repository = "."

    func validate() throws {
        if output != nil, !markdown { throw ValidationError("-o names the folder --markdown writes into; without --markdown the schema is printed") }
    }

    func run() throws {
        let root = URL(fileURLWithPath: repository)
        do {
            guard markdown else {
                try FileHandle.standardOutput.write(contentsOf: FormatReference.schema(in: root))
                return
            }
            let folder = output.map { URL(fileURLWithPath: $0) } ?? root.appendingPathComponent("docs")
            let written = try FormatReference(repository: root).write(into: folder)
            Console.printLine("wrote \(folder.appendingPathComponent(FormatReference.fileName).path) and \(written.count - 1) pictures in \(folder.appendingPathComponent(FormatReference.imageFolder).path)")
        } catch {
            Console.error(error)
            throw ExitCode.failure
        }
    }
}
