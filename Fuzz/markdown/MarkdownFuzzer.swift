import ArrangeScene
import Foundation
import FuzzDriver

/// libFuzzer target: bytes as a Markdown file. Its `arrange` blocks are found, each block's scene
/// is read (an error is fine, but it must point into the block), and the file is rewritten with
/// `--details` replacements. Never a crash or a hang, and the rewrite must hold:
/// - each image link on one line (no line break in the alternative text);
/// - each block's source inside a fence that no run of backticks in the source could close;
/// - no `arrange` block left: the rewritten file, read again, has none.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMarkdown(_ pointer: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    guard let pointer else { return 0 }
    let text = String(decoding: UnsafeBufferPointer(start: pointer, count: count), as: UTF8.self)
    checkMarkdown(text)
    return 0
}

/// Runs one input and aborts on a broken invariant (libFuzzer then keeps the input).
func checkMarkdown(_ text: String) {
    let document = MarkdownScenes(text: text, file: "fuzz.md")
    var descriptions: [Int: String] = [:]
    for block in document.blocks {
        do {
            descriptions[block.number] = try document.scene(block.number).description
        } catch let error as SceneError {
            // libyaml ends lines at carriage returns too, so those count as lines here.
            let breaks = block.source.unicodeScalars.filter { $0 == "\n" || $0 == "\r" }.count
            for problem in error.all where problem.location.line < block.firstLine
                || problem.location.line > block.firstLine + breaks + 1 || problem.location.column < 1 {
                fail("block \(block.number) (from line \(block.firstLine)): an error outside it: \(problem)")
            }
        } catch {
            // Other errors are fine as long as they are errors.
        }
    }
    let rewritten = document.rewritten { block in
        let replacement = MarkdownScenes.replacement(for: block, image: "fuzz md/\(block.number).png",
                                                     description: descriptions[block.number], details: true)
        let parts = replacement.components(separatedBy: "\n\n<details><summary>Scene source</summary>\n\n")
        guard parts.count >= 2, let link = parts.first else { fail("block \(block.number): no details in \(replacement)") }
        if link.contains(where: \.isNewline) { fail("block \(block.number): the image link is not one line: \(link)") }
        let fence = String(parts[1].prefix { $0 == "`" })
        guard fence.count >= 3, parts[1].hasPrefix(fence + "yaml\n" + block.source + "\n" + fence + "\n\n</details>") else {
            fail("block \(block.number): the source is not fenced whole: \(replacement)")
        }
        var run = 0
        for character in block.source {
            run = character == "`" ? run + 1 : 0
            if run >= fence.count { fail("block \(block.number): a run of \(run) backticks can close the fence \(fence)") }
        }
        return replacement
    }
    let again = MarkdownScenes(text: rewritten, file: "fuzz.md")
    if !again.blocks.isEmpty { fail("the rewritten file still has \(again.blocks.count) arrange blocks:\n\(rewritten)") }
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data(("fuzz-markdown: " + message + "\n").utf8))
    abort()
}

@main
enum Main {
    static func main() {
        exit(runFuzzer { fuzzMarkdown($0, $1) })
    }
}
