import Foundation
import Testing
import TestSupport

/// `arrange icons [SEARCH]` and icons in rendered scenes (issue 28, part 3), run as a person runs them.
@Suite struct IconsCommandTests {
    static func arrange(_ arguments: [String], environment: [String: String] = [:]) throws -> ExternalTool.Run {
        let binary = try #require(CLITests.binary, "the arrange binary was not found; build it with 'swift build'")
        return try ExternalTool.run(binary, arguments, in: CLITests.root, environment: environment)
    }

    @Test func aSearchListsTheNamesContainingIt() throws {
        let run = try Self.arrange(["icons", "stor"])
        #expect(run.status == 0, "\(run.errors)")
        let lines = run.stdout.split(separator: "\n").map(String.init)
        // _variables.scss names five icons starting with "stor": store and storm (5 letters),
        // storage (7), storefront (10), store_mall_directory (20); then names containing it.
        #expect(Array(lines.prefix(5)) == ["store", "storm", "storage", "storefront", "store_mall_directory"])
        #expect(lines.contains("sd_storage") && lines.allSatisfy { $0.contains("stor") })
        // An alias says what it stands for.
        #expect(try Self.arrange(["icons", "database"]).stdout == "database (alias of storage)\n")
    }

    @Test func withoutASearchEveryNameIsListedSorted() throws {
        let run = try Self.arrange(["icons"])
        #expect(run.status == 0, "\(run.errors)")
        let names = run.stdout.split(separator: "\n").map { String($0.split(separator: " ")[0]) }
        // 2,192 drawable names and the two aliases (IconTests has the counts from fonttools).
        #expect(names.count == 2_194)
        #expect(names == names.sorted())
    }

    @Test func noMatchIsAnErrorWithSuggestions() throws {
        let run = try Self.arrange(["icons", "clowd"])
        #expect(run.status == 1)
        #expect(run.stdout.isEmpty)
        #expect(run.errors.hasPrefix("arrange: error: no icon name contains 'clowd'; did you mean 'cloud'"), "\(run.errors)")
    }

    @Test func aSceneWithAnUnknownIconFailsAtTheNameAndWritesNothing() throws {
        let folder = try ExternalTool.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try Self.arrange(["render", "Fixtures/invalid/icon-unknown-name.yaml", "-o", folder.path])
        #expect(run.status == 1)
        #expect(run.errors.contains("Fixtures/invalid/icon-unknown-name.yaml:3:9: error: no icon named 'databse' in Material Icons; did you mean 'database'"))
        #expect(run.errors.contains("(list the names with 'arrange icons SEARCH')"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }

    @Test func withoutTheSetTheErrorNamesThePackage() throws {
        // ARRANGE_ICON_SET pointed at an empty folder stands for a machine without the package.
        let empty = try ExternalTool.scratchFolder()
        let out = try ExternalTool.scratchFolder()
        defer {
            try? FileManager.default.removeItem(at: empty)
            try? FileManager.default.removeItem(at: out)
        }
        let environment = ["ARRANGE_ICON_SET": empty.path]
        let render = try Self.arrange(["render", "Fixtures/icons.yaml", "-o", out.path], environment: environment)
        #expect(render.status == 1)
        #expect(render.errors.contains("Fixtures/icons.yaml:"), "\(render.errors)")
        #expect(render.errors.contains("install Debian's package fonts-material-design-icons-iconfont"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.path).isEmpty)
        let list = try Self.arrange(["icons"], environment: environment)
        #expect(list.status == 1 && list.stdout.isEmpty)
        #expect(list.errors.contains("the icon set Material Icons is not installed"))
        // Scenes without icons do not need the set.
        let plain = try Self.arrange(["render", "Fixtures/stacks.yaml", "-o", out.path, "--format", "svg"], environment: environment)
        #expect(plain.status == 0, "\(plain.errors)")
    }
}
