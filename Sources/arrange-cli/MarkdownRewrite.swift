import Arrange
import ArgumentParser
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

    /// Refuses, before anything is rendered, a rewritten copy that would land on a Markdown file
    /// being read: on its own source or another's, compared with symbolic links resolved (an
    /// output folder that is a link to the sources' folder) and by inode (a hard link). Only
    /// `--in-place` rewrites a source.
    /// - Throws: `ValidationError` naming the source and the copy's path.
    static func refuseCopiesOverSources(_ inputs: [SceneInput], output: String, flat: Bool) throws {
        let sources = inputs.filter { $0.markdownBlock == 1 }
        let known = sources.map { (path: $0.path, real: resolved($0.path), file: FileIdentity($0.path)) }
        for input in sources {
            let copy = target(of: input, inPlace: false, output: output, flat: flat)
            let real = resolved(copy), file = FileIdentity(copy)
            guard let clash = known.first(where: { ($0.real != nil && $0.real == real) || ($0.file != nil && $0.file == file) }) else { continue }
            let shownSource = TerminalText.escaped(input.path), shownCopy = TerminalText.escaped(copy)
            throw ValidationError(clash.path == input.path
                ? "the rewritten copy of '\(shownSource)' would replace it: '\(shownCopy)' is the same file; give -o another folder, or --in-place to rewrite it"
                : "the rewritten copy of '\(shownSource)' would replace the Markdown file '\(TerminalText.escaped(clash.path))': '\(shownCopy)' is the same file; give -o another folder")
        }
    }

    /// `path` made absolute with its symbolic links resolved: the file's own when it exists, else
    /// its folder's with the name kept (a copy not written yet); nil when the folder is missing too,
    /// so nothing can be there.
    static func resolved(_ path: String) -> String? {
        func real(_ path: String) -> String? {
            guard let resolved = realpath(path, nil) else { return nil }
            defer { free(resolved) }
            return String(cString: resolved)
        }
        if let file = real(path) { return file }
        let folder = FolderPath.of(path)
        return real(folder.isEmpty ? "." : folder).map { ($0 as NSString).appendingPathComponent((path as NSString).lastPathComponent) }
    }

    /// A file's device and inode: two paths with the same are one file (hard links).
    struct FileIdentity: Equatable {
        let device: UInt64
        let inode: UInt64

        /// The identity of the file at `path`; nil when there is none.
        init?(_ path: String) {
            var info = stat()
            guard stat(path, &info) == 0 else { return nil }
            device = UInt64(info.st_dev)
            inode = UInt64(info.st_ino)
        }
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
                // The blocks as they were read and rendered, not the file as it is now.
                guard let document = first.plan.input.markdown else { continue }
                let images = Dictionary(file.plans.map { ($0.plan.input.markdownBlock ?? 0, $0.outcome.outputs) }, uniquingKeysWith: { first, _ in first })
                let folder = FolderPath.of(target)
                var problem: String?
                let text = document.rewritten { block in
                    guard let picture = images[block.number]?.first else {
                        problem = "block \(block.number) changed while it was rendered"
                        return ""
                    }
                    let description = (try? document.scene(block.number))?.description
                    // Drawn in both schemes: a <picture> of the light and the dark file.
                    return MarkdownScenes.replacement(for: block, image: Self.relative(picture.path, from: folder), description: description, details: details,
                                                      darkImage: picture.darkPath.map { Self.relative($0, from: folder) })
                }
                if let problem {
                    Console.printError("\(file.path): error: not rewritten: \(problem); run again")
                    failures += 1
                    continue
                }
                // A file that already holds the text is left alone: rendering a rewritten file again
                // gives it back unchanged, and under --watch a write would look like an edit.
                let data = Data(text.utf8)
                if FileManager.default.contents(atPath: target) == data { continue }
                // In place, the file keeps its permissions (a private 0600 note stays private).
                try FileOutput.write(data, to: URL(fileURLWithPath: target), sync: sync, keepingMode: inPlace)
            } catch {
                Console.error(error)
                failures += 1
            }
        }
        return failures
    }
}
