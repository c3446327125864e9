import Arrange
import ArrangeCairo
import ArrangeScene
import ArrangeSVG
import ArrangeSnapshot
import Foundation
import Testing

/// Every input the fuzzers (Scripts/fuzz.sh) found a problem with, kept in Fuzz/regressions/ and
/// replayed the way its fuzz target runs it: each now gives an error or a picture, quickly.
@Suite struct FuzzRegressionTests {
    static func inputs(_ target: String) -> [URL] {
        let folder = URL(fileURLWithPath: repositoryPath("Fuzz/regressions/\(target)"))
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.sorted().map { folder.appendingPathComponent($0) }
    }

    /// Scene inputs: the first byte chooses JSON (odd) or YAML (even), the rest is the file.
    @Test func sceneInputs() throws {
        let inputs = Self.inputs("scene")
        #expect(!inputs.isEmpty)
        for input in inputs {
            let bytes = try Data(contentsOf: input)
            guard let first = bytes.first else { continue }
            do {
                let scene = try Scene(data: bytes.dropFirst(), file: input.lastPathComponent, format: first % 2 == 1 ? .json : .yaml)
                let rendered = try SceneRenderer().layout(scene)
                _ = try rendered.data(as: .svg)
                if let animation = scene.animation {
                    let timeline = try SceneTimeline(scene)
                    for time in [0, animation.duration / 2, animation.duration] {
                        _ = try rendered.draw(timeline.frame(at: time).displayList, as: .svg)
                    }
                }
            } catch let error as SceneError {
                #expect(error.location.line >= 1 && error.location.column >= 1, "\(input.lastPathComponent): \(error)")
            }
        }
    }

    /// Markdown inputs, as fuzz-markdown runs them: each block's errors point into the block, and
    /// the rewrite keeps each image link on one line and each source in a form read back as the
    /// block (in a fence no backtick run of it can close, or in a comment it cannot end), so the
    /// rewritten file has the same blocks with the same sources, and rewriting it changes nothing.
    @Test(arguments: [false, true]) func markdownInputs(details: Bool) throws {
        let inputs = Self.inputs("markdown")
        #expect(!inputs.isEmpty)
        for input in inputs {
            let document = MarkdownScenes(text: String(decoding: try Data(contentsOf: input), as: UTF8.self), file: "fuzz.md")
            var descriptions: [Int: String] = [:]
            let rewritten = document.rewritten { block in
                var description: String?
                do {
                    description = try document.scene(block.number).description
                } catch let error as SceneError {
                    #expect(error.all.allSatisfy { $0.location.line >= block.firstLine && $0.location.column >= 1 }, "\(input.lastPathComponent): \(error)")
                } catch {
                    // Other errors are fine as long as they are errors.
                }
                descriptions[block.number] = description
                let replacement = MarkdownScenes.replacement(for: block, image: "a b/\(block.number).png", description: description, details: details)
                // The link comes first with --details, after the comment without.
                let parts = replacement.split(separator: "\n", omittingEmptySubsequences: false)
                let link = (details ? parts.first : parts.last) ?? ""
                #expect(link.hasSuffix("](a%20b/\(block.number).png)"), "\(input.lastPathComponent): \(link)")
                return replacement
            }
            // A carriage return left inside a source is a line end to CommonMark and libyaml but
            // not to the block reader: such a source does not come back whole (a known limit; the
            // input is kept for the reading and rewriting above).
            guard !document.blocks.contains(where: { $0.source.unicodeScalars.contains("\r") }) else { continue }
            let again = MarkdownScenes(text: rewritten, file: "fuzz.md")
            #expect(again.blocks.map(\.source) == document.blocks.map(\.source), "\(input.lastPathComponent)")
            let twice = again.rewritten { block in
                MarkdownScenes.replacement(for: block, image: "a b/\(block.number).png", description: descriptions[block.number], details: details)
            }
            #expect(twice == rewritten, "\(input.lastPathComponent)")
        }
    }

    @Test func fontInputs() throws {
        for input in Self.inputs("font") {
            guard let fonts = try? FontLibrary(fonts: [input], includeSystemFonts: false), let family = fonts.familyNames.first else { continue }
            let font = Font.custom(family, size: 17)
            _ = TextLayout("Hello AVATAR fi مرحبا 世界 😀", font: font, measurer: fonts, width: 60, height: nil, lineLimit: 2, scale: 2)
        }
    }

    /// Image inputs: each decodes or is refused with an `ImageError`.
    @Test func imageInputs() {
        let inputs = Self.inputs("image")
        #expect(!inputs.isEmpty)
        for input in inputs {
            do {
                let source = try ImageSource(contentsOf: input, name: input.lastPathComponent)
                #expect(source.pixels.count == (source.format == .svg ? 0 : source.pixelWidth * source.pixelHeight * 4))
            } catch {
                #expect(!error.description.isEmpty)
            }
        }
    }

    /// SVG image inputs: each is refused with an `ImageError`, or is sanitised and drawn by both
    /// backends (librsvg aborted or hung on some before they were checked).
    @Test func svgImageInputs() throws {
        let inputs = Self.inputs("svgimage")
        #expect(!inputs.isEmpty)
        for input in inputs {
            let source: ImageSource
            do {
                source = try ImageSource(contentsOf: input, name: input.lastPathComponent)
            } catch {
                #expect(!error.description.isEmpty)
                continue
            }
            let item = DisplayItem(frame: CGRect(x: 2, y: 3, width: 24, height: 17), identity: ViewIdentity(path: "0", kind: "Image"),
                                   content: .image(ImageDrawing(source: source)))
            let list = DisplayList(size: CGSize(width: 32, height: 24), items: [item])
            _ = try SVGRenderer().render(list)
            _ = try CairoRenderer().render(list)
        }
    }

    @Test func pngInputs() throws {
        for input in Self.inputs("png") {
            guard let bitmap = try? Bitmap(contentsOfPNG: input) else { continue }
            #expect(try ImageComparison().compare(bitmap, bitmap).differingPixels == 0)
        }
    }
}
