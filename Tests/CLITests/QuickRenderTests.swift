@testable import arrange
import ArgumentParser
import Testing

/// `QuickRender` reads the common `render` lines without the parser: each line it reads must
/// give the very command the parser makes (every option, the defaults included, compared through
/// the command's reflection, so an option added to `RenderCommand` and not set here fails), and
/// every other line must be left to the parser.
@Suite struct QuickRenderTests {
    /// The parser's command for `arguments`, as `arrange` would run it.
    func parsed(_ arguments: [String]) throws -> RenderCommand {
        try #require(try ArrangeTool.parseAsRoot(arguments) as? RenderCommand)
    }

    @Test(arguments: [
        ["render", "card.yaml"],
        ["render", "a.yaml", "b.yaml", "-o", "Output", "--format", "png,svg"],
        ["render", "--format", "svg", "docs/card.yaml", "--output", "out", "-j", "2", "--flat"],
        ["render", "Fixtures/*.yaml", "--strict", "-v", "--jobs", "1"],
        ["render", "card.yaml", "-o", "card.png"],
        ["render", "card.yaml", "--verbose", "--format", "pdf"],
    ])
    func readsTheLineAsTheParserDoes(_ arguments: [String]) throws {
        let quick = try #require(QuickRender.command(arguments), "\(arguments) should be read without the parser")
        let reference = try parsed(arguments)
        #expect(String(reflecting: quick) == String(reflecting: reference))
        // Not vacuous: the values given are in what was compared.
        #expect(quick.scenes == reference.scenes)
        #expect(quick.scenes.count == arguments.filter { $0.hasSuffix(".yaml") }.count)
    }

    /// An empty word is a value to the parser, a scene or an option's, and so it is here.
    @Test(arguments: [["render", ""], ["render", "card.yaml", "-o", ""]])
    func emptyWordsAreValuesAsForTheParser(_ arguments: [String]) throws {
        let quick = try #require(QuickRender.command(arguments))
        #expect(String(reflecting: quick) == String(reflecting: try parsed(arguments)))
        #expect(quick.scenes == [arguments[1]])
    }

    @Test func theDefaultsAreTheParsers() throws {
        let quick = try #require(QuickRender.command(["render", "card.yaml"]))
        #expect(quick.output == ".")
        #expect(quick.format == nil)
        #expect(quick.jobs == nil)
        #expect(quick.warnOverflow)
        #expect(!quick.flat && !quick.verbose && !quick.watch && !quick.sceneOptions.strictOption.strict)
        #expect(quick.svgText == .outlines)
        #expect(String(reflecting: quick) == String(reflecting: try parsed(["render", "card.yaml"])))
    }

    @Test(arguments: [
        ["render"],                                         // no scene: the parser's message
        ["render", "-"],                                    // standard input
        ["render", "card.yaml", "-o", "-"],                 // standard output
        ["render", "card.yaml", "--scale", "2"],            // an option not read here
        ["render", "card.yaml", "-o", "a", "-o", "b"],      // a repeat
        ["render", "card.yaml", "--format=svg"],            // name=value
        ["render", "card.yaml", "--format", "bogus"],       // a value that does not parse
        ["render", "card.yaml", "-j", "0"],                 // a command that does not validate
        ["render", "card.yaml", "-j"],                      // a missing value
        ["render", "card.yaml", "-vj2"],                    // combined short options
        ["render", "card.yaml", "-o", "--flat"],            // a value that looks like an option
        ["render", "card.yaml", "--flat", "--flat"],        // a repeated flag
        ["render", "card.yaml", "--", "-odd.yaml"],         // the end of options
        ["render", "--help"],
        ["layout", "card.yaml"],
        ["--version"],
        [],
    ])
    func leavesEveryOtherLineToTheParser(_ arguments: [String]) {
        #expect(QuickRender.command(arguments) == nil, "\(arguments)")
    }
}
