import Arrange
import ArrangeScene
import Foundation

/// After the scenes of Markdown files are rendered: each file written again with its `arrange`
/// blocks replaced by links to their pictures, as a copy in the output folder or, with
/// `--in-place`, over itself. A file is rewritten only when all its scenes rendered, so an
/// error never leaves a page with a missing picture.
struct MarkdownRewrite {
    /// The Markdown files among the plans, each with its blocks' plans, in order of appearance.
    let files: [(path: String, plans: [(plan: BatchRender.Plan, outcome: BatchRender.Outcome)])]
    let inPlace: Bool
    let details: Bool
    /// The output folder, for copies.
    let output: String
    let flat: Bool
    let sync: Bool

    init(plans: [BatchRender.Plan], outcomes: [BatchRender.Outcome], inPlace: Bool, details: Bool, output: String, flat: Bool, sync: Bool) {
        var files: [(path: String, plans: [(plan: BatchRender.Plan, outcome: BatchRender.Outcome)])] = []
        for (plan, outcome) in zip(plans, outcomes) where plan.input.markdownBlock != nil {
            if let index = files.firstIndex(where: { $0.path == plan.input.path }) {
                files[index].plans.append((plan, outcome))
            } else {
                files.append((plan.input.path, [(plan, outcome)]))
            }
        }
        self.files = files
        self.inPlace = inPlace
        self.details = details
        self.output = output
        self.flat = flat
        self.sync = sync
    }

    /// Where the rewritten copy of a Markdown file goes.
    static func target(of input: SceneInput, inPlace: Bool, output: String, flat: Bool) -> String {
        if inPlace { return input.path }
        let folder = flat || input.subfolder.isEmpty ? output : (output as NSString).appendingPathComponent(input.subfolder)
        return (folder as NSString).appendingPathComponent((input.path as NSString).lastPathComponent)
    }

    /// `path` relative to `folder` ("../images/README-1.png"), both taken from the current folder.
    static func relative(_ path: String, from folder: String) -> String {
        let base = URL(fileURLWithPath: folder.isEmpty ? "." : folder).standardizedFileURL.pathComponents
        let target = URL(fileURLWithPath: path).standardizedFileURL.pathComponents
        var common = 0
        while common < base.count, common < target.count - 1, base[common] == target[common] { common += 1 }
        return (Array(repeating: "..", count: base.count - common) + target[common...]).joined(separator: "/")
    }

    /// Writes every Markdown file whose scenes all rendered; returns how many failed.
    func run() -> Int {
        var failures = 0
        for file in files {
            let bad = file.plans.filter { if case .failed = $0.outcome { return true } else { return false } }.count
            guard bad == 0, let first = file.plans.first else {
                Console.printError("\(file.path): note: not rewritten: \(bad) of its \(file.plans.count) scene\(file.plans.count == 1 ? "" : "s") \(bad == 1 ? "has" : "have") errors")
                continue
            }
            let target = Self.target(of: first.plan.input, inPlace: inPlace, output: output, flat: flat)
            do {
                let document = try MarkdownScenes(contentsOf: file.path)
                let images = Dictionary(file.plans.map { ($0.plan.input.markdownBlock ?? 0, $0.plan) }, uniquingKeysWith: { first, _ in first })
                let folder = (target as NSString).deletingLastPathComponent
                var problem: String?
                let text = document.rewritten { block in
                    guard let plan = images[block.number], let picture = plan.targets.first?.path else {
                        problem = "block \(block.number) changed while it was rendered"
                        return ""
                    }
                    let description = (try? document.scene(block.number))?.description
                    return MarkdownScenes.replacement(for: block, image: Self.relative(picture, from: folder), description: description, details: details)
                }
                if let problem {
                    Console.printError("\(file.path): error: not rewritten: \(problem); run again")
                    failures += 1
                    continue
                }
                try FileOutput.write(Data(text.utf8), to: URL(fileURLWithPath: target), sync: sync)
            } catch {
                Console.error(error)
                failures += 1
            }
        }
        return failures
    }
}
