import ArgumentParser
import Arrange
import ArrangeSnapshot
import Foundation

/// `arrange report`: reports of check runs.
struct ReportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Work with the reports of `arrange check`.",
        subcommands: [Merge.self]
    )

    /// `arrange report merge`: shards' JSON summaries into one report.
    struct Merge: ParsableCommand {
        // Named here: without it, every run of any command spells the type's name out at run
        // time (a millisecond of start-up).
        static let configuration = CommandConfiguration(
            commandName: "merge",
            abstract: "Join the JSON summaries of sharded check runs into one report.",
            discussion: """
            Each shard of a CI matrix runs `arrange check … --shard i/n --json shard-i.json`; \
            this joins them, as Playwright's merge-reports does. Copy the shards' output folders \
            (their images) into one folder and merge into it, so report.html finds its images.

            Example:
              arrange report merge shard-1.json shard-2.json -o check-results --junit junit.xml
            """
        )

        @Argument(help: "The shards' JSON summaries.") var reports: [String]

        @Option(name: [.short, .customLong("output")], help: "The folder for report.html and report.json.")
        var output = "arrange-check"

        @Option(help: ArgumentHelp("Also write JUnit XML here.", valueName: "file"))
        var junit: String?

        func run() throws {
            var parts: [CheckReport] = []
            for path in reports {
                do {
                    parts.append(try CheckReport.read(Data(contentsOf: URL(fileURLWithPath: path))))
                } catch let refused as CheckReport.UnsafeImage {
                    // Nothing is written: the merged page would link where the shard says.
                    Console.printError("\(path): error: \(refused); not merged")
                    throw ExitCode.failure
                } catch {
                    Console.printError("\(path): error: not a report written by 'arrange check --json'")
                    throw ExitCode.failure
                }
            }
            let merged: CheckReport
            do {
                merged = try CheckReport.merge(parts)
            } catch {
                Console.printError("error: \(error)")
                throw ExitCode.failure
            }
            do {
                let folder = URL(fileURLWithPath: output)
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                try FileOutput.write(merged.json(), to: folder.appendingPathComponent("report.json"))
                try FileOutput.write(Data(merged.html().utf8), to: folder.appendingPathComponent("report.html"))
                if let junit { try FileOutput.write(Data(merged.junit().utf8), to: URL(fileURLWithPath: junit)) }
            } catch {
                Console.printError("error: cannot write the merged report: \(FileOutput.describe(error))")
                throw ExitCode.failure
            }
            Console.printLine(merged.summary)
            if merged.failed > 0 { throw ExitCode.failure }
        }
    }
}
