import Arrange
import ArrangeScene
import Foundation

/// Checks scenes against reference pictures, as `arrange check` does: renders each scene, compares
/// its PNG with the reference (perceptually, `ImageComparison`), optionally its SVG as text, and
/// its layout with the reference's layout dump, so a failure says which views moved.
///
/// References live in one folder: `NAME.png`, `NAME.layout.json` and, with `compareSVG`,
/// `NAME.svg`, where NAME is the scene's file name without its extension; a scene drawn in both
/// colour schemes adds `NAME~dark.png`, its dark picture (its layout is the light one's, and
/// `NAME.svg` the adaptive SVG that holds both). Failures leave
/// `NAME.expected.png`, `NAME.actual.png` and `NAME.diff.png` in the output folder, beside the
/// report, so the folder alone shows what went wrong; each check removes the ones it did not
/// write, so a scene that passes now leaves none from an earlier failure. Nothing in the
/// references folder changes unless the record mode says so.
///
/// The comparison is strict unless told otherwise (`ImageComparison.checkDefault`): a scene
/// passes only when no pixel differs beyond the threshold; a pass that a tolerance allowed says
/// so (`CheckResult.tolerated`).
public struct SnapshotCheck: Sendable {
    /// When references are written.
    public enum RecordMode: String, Sendable, CaseIterable, Codable {
        /// Write every reference anew; nothing is compared.
        case all
        /// Write references that do not exist yet; compare the others. The default.
        case missing
        /// Compare, and write the reference anew where the check fails.
        case failed
        /// Only compare: a missing reference is a failure. For CI.
        case never
    }

    /// The folder of reference files.
    public var references: URL
    /// The folder failures and reports are written to.
    public var output: URL
    public var comparison: ImageComparison
    /// Also compare each scene's SVG with `NAME.svg`, as text.
    public var compareSVG: Bool
    public var record: RecordMode
    public var renderer: SceneRenderer
    /// The most pixels a PNG compared may have, checked from its header before decoding.
    public var imagePixels: Int
    /// What a scene's warnings do: nothing here, or with `strict` fail the scene as an error
    /// before anything is compared or recorded.
    public var warnings = WarningPolicy()

    public init(references: URL, output: URL, comparison: ImageComparison = .checkDefault, compareSVG: Bool = false,
                record: RecordMode = .missing, renderer: SceneRenderer = SceneRenderer(), imagePixels: Int = Limits.imagePixels,
                warnings: WarningPolicy = WarningPolicy()) {
        self.references = references
        self.output = output
        self.comparison = comparison
        self.compareSVG = compareSVG
        self.record = record
        self.renderer = renderer
        self.imagePixels = imagePixels
        self.warnings = warnings
    }

    /// The reference name of a scene file: its name without the extension.
    public static func referenceName(of path: String) -> String {
        ((path as NSString).lastPathComponent as NSString).deletingPathExtension
    }

    /// Checks one scene under the reference name `name`: one result for each picture it is drawn
    /// as. A scene drawn in one colour scheme is one picture, `NAME.png`; one drawn in both
    /// (`colorScheme: both`, or a renderer with `bothColorSchemes`) is two, the light one
    /// compared with `NAME.png` and the dark one, its own result named `NAME~dark`, with
    /// `NAME~dark.png` (`ColorSchemeFiles.darkSuffix`): a check that passes means both match.
    /// Then removes the artefacts of each result's name in the output folder that this check did
    /// not write (`artefacts(of:)`).
    ///
    /// `sceneNames` holds the reference name of every scene checked with this one and its file:
    /// when the dark picture's name is another scene's, the dark result is an error naming that
    /// scene, and neither's references or artefacts are touched for it.
    public func check(_ load: () throws -> Scene, file: String, name: String, sceneNames: [String: String] = [:]) -> [CheckResult] {
        var results = compare(load, file: file, name: name, sceneNames: sceneNames)
        for index in results.indices where results[index].name == name || sceneNames[results[index].name] == nil {
            // Only files, only directly in the output folder: the folder may hold anything.
            let written = Set(results[index].files?.paths ?? [])
            for note in Self.artefactFiles(of: results[index].name).removeStale(from: output, keeping: written) {
                results[index].message = results[index].message.map { "\($0); \(note)" } ?? note
            }
        }
        return results
    }

    /// The files a failing check of `name` may leave in the output folder.
    public static func artefacts(of name: String) -> [String] {
        artefactFiles(of: name).names
    }

    /// `NAME.expected.png`, `NAME.actual.png` and `NAME.diff.png`.
    static func artefactFiles(of name: String) -> SnapshotArtefacts {
        SnapshotArtefacts(name: name, pathExtension: "png", copiesReference: true)
    }

    /// Renders one scene, in one scheme or in both, and compares each picture (`comparePicture`).
    /// An error before the pictures are known is one result, under `name`.
    private func compare(_ load: () throws -> Scene, file: String, name: String, sceneNames: [String: String]) -> [CheckResult] {
        var result = CheckResult(name: name, scene: file, status: .error)
        let pictures: [RenderedScene]
        do {
            let scene = try load()
            result.inputs = scene.inputs
            pictures = try (renderer.bothSchemes(of: scene) ?? [renderer]).map { try $0.layout(scene) }
            // Only --strict acts on warnings here (they are the same ones `render` prints): without
            // it the layout is not inspected at all. Checked for every picture before any is
            // compared or recorded.
            if warnings.strict {
                for rendered in pictures { _ = try warnings.apply(rendered.warnings(overflow: true)) }
            }
        } catch {
            result.message = Self.describe(error)
            return [result]
        }
        guard pictures.count == 2 else {
            return [comparePicture(pictures[0], result: result, name: name, layoutName: name, svg: { try pictures[0].data(as: .svg) })]
        }
        let light = pictures[0], dark = pictures[1]
        // The SVG `render` writes for both schemes: one adaptive file.
        let lightResult = comparePicture(light, result: result, name: name, layoutName: name, svg: {
            try light.adaptiveSVG(light.displayList, dark: dark, dark.displayList)
        })
        let darkName = name + ColorSchemeFiles.darkSuffix
        var darkResult = result
        darkResult.name = darkName
        if let owner = sceneNames[darkName] {
            darkResult.message = "\(file)'s dark picture has the reference name '\(darkName)', which is \(owner)'s; rename one of the scenes"
            return [lightResult, darkResult]
        }
        // The dark picture alone: the layout is the light one's (a scheme changes colours), and
        // its SVG is part of the light picture's.
        return [lightResult, comparePicture(dark, result: darkResult, name: darkName, layoutName: name, svg: nil)]
    }

    /// Has `SnapshotEngine` record or compare one picture of a scene under the reference name
    /// `name`: the PNG is the reference; its layout (when `layoutName` is `name`) and with
    /// `compareSVG` its SVG are written with it and compared by `difference`. The layout is
    /// compared with `layoutName`'s.
    private func comparePicture(_ rendered: RenderedScene, result: CheckResult, name: String, layoutName: String,
                                svg: (() throws -> Data)?) -> CheckResult {
        var result = result
        do {
            let actualPNG = try rendered.data(as: .png)
            var companions: [(name: String, data: Data)] = []
            if layoutName == name { companions.append((name: "\(name).layout.json", data: Data(rendered.layoutJSON.utf8))) }
            let actualSVG = compareSVG ? try svg?() : nil
            if let actualSVG { companions.append((name: "\(name).svg", data: actualSVG)) }
            let folder = ReferenceFolder(url: references, confined: true)
            // The diffing fills in `result` (pixel counts, moved views) and `notes` as it compares.
            var notes: [String] = []
            let diffing = Diffing<Data>(toData: { $0 }, fromData: { $0 }) { referencePNG, actualPNG in
                try difference(referencePNG, actualPNG, rendered: rendered, actualSVG: actualSVG, name: name, layoutName: layoutName,
                               in: folder, result: &result, notes: &notes)
            }
            let engine = SnapshotEngine(references: folder, fileName: "\(name).png", companions: companions, record: record,
                                        diffing: diffing, artefactsFolder: output, artefacts: Self.artefactFiles(of: name))
            let outcome = engine.verify(actualPNG)
            result.message = engine.checkMessage(outcome)
            switch outcome.verdict {
            case .recorded: result.status = .recorded
            case .missing: result.status = .missing
            case .unreadable, .error: result.status = .error
            case .mismatched: result.status = .failed
            case .matched:
                result.status = .passed
                result.message = notes.isEmpty ? nil : notes.joined(separator: "; ")
            }
            let artefacts = engine.artefacts, written = outcome.written
            if let expected = artefacts.expected, written.starts(with: [expected, artefacts.actual]) {
                result.files = CheckResult.Files(expected: expected, actual: artefacts.actual,
                                                 diff: written.contains(artefacts.diff) ? artefacts.diff : nil)
            }
        } catch {
            result.status = .error
            result.message = Self.describe(error)
        }
        return result
    }

    /// Compares a scene's PNG with its reference's (perceptually, `comparison`), its layout with
    /// the reference's layout dump and, with `compareSVG`, its SVG with `NAME.svg`: nil when
    /// nothing differs, else the problems and notes and the diff image. The pixel counts and the
    /// views that moved go into `result`, notes about the reference into `notes`, either way.
    private func difference(_ referencePNG: Data, _ actualPNG: Data, rendered: RenderedScene, actualSVG: Data?, name: String,
                            layoutName: String, in folder: ReferenceFolder, result: inout CheckResult,
                            notes: inout [String]) throws -> (message: String, image: Data?)? {
        let png = folder.url.appendingPathComponent("\(name).png")
        let layoutFile = folder.url.appendingPathComponent("\(layoutName).layout.json")
        let svgFile = folder.url.appendingPathComponent("\(name).svg")
        var problems: [String] = []
        // Said, never silently read: a reference whose end marker is missing.
        notes = Bitmap.missingEndWarning(referencePNG).map { ["note: the reference \(png.path): \($0)"] } ?? []
        var diffImage: Bitmap?
        do {
            // Sizes from the headers first: images of different sizes fail without decoding
            // either, however large the reference claims to be.
            let referenceSize: (width: Int, height: Int)
            do {
                referenceSize = try Bitmap.pngSize(referencePNG)
            } catch SnapshotError.unreadableImage(let why) {
                throw CheckFailure("the reference \(png.path) cannot be read: \(why)")
            }
            let actualSize = try Bitmap.pngSize(actualPNG)
            guard referenceSize == actualSize else {
                throw SnapshotError.sizeMismatch(expected: referenceSize, actual: actualSize)
            }
            if referencePNG == actualPNG {
                // The same bytes are the same pixels: a pass without decoding either.
                do {
                    try Bitmap.checkDecodable(width: referenceSize.width, height: referenceSize.height, maximumPixels: imagePixels)
                } catch SnapshotError.unreadableImage(let why) {
                    throw CheckFailure("the reference \(png.path) cannot be read: \(why)")
                }
                result.differingPixels = 0
                result.antiAliasedPixels = 0
                result.totalPixels = referenceSize.width * referenceSize.height
                result.differingBounds = nil
            } else {
                // Both decoded at once, each on a core of its own.
                let decoded = Bitmap.decoding(referencePNG, actualPNG, maximumPixels: imagePixels)
                let reference: Bitmap
                do {
                    reference = try decoded.0.get()
                } catch SnapshotError.unreadableImage(let why) {
                    throw CheckFailure("the reference \(png.path) cannot be read: \(why)")
                }
                let actual = try decoded.1.get()
                let comparison = try comparison.compare(reference, actual)
                result.differingPixels = comparison.differingPixels
                result.antiAliasedPixels = comparison.antiAliasedPixels
                result.totalPixels = comparison.totalPixels
                result.differingBounds = comparison.differingBounds
                if comparison.tolerated { result.tolerated = true }
                if !comparison.passes {
                    problems.append(comparison.summary)
                    diffImage = comparison.diffImage
                }
            }
        } catch let SnapshotError.sizeMismatch(expected, actual) {
            problems.append("size differs: reference \(expected.0)×\(expected.1), actual \(actual.0)×\(actual.1)")
            // Decoded only now, within the limit, for the side-by-side picture; without it
            // the message still names both sizes.
            if let referenceImage = try? Bitmap(png: referencePNG, maximumPixels: imagePixels),
               let actualImage = try? Bitmap(png: actualPNG, maximumPixels: imagePixels) {
                diffImage = Bitmap.sideBySide(referenceImage, actualImage, maximumPixels: imagePixels)
            }
        } catch let error as SnapshotError {
            problems.append(error.description)
        }
        if let data = try folder.read(layoutFile), let before = LayoutDump.read(data) {
            result.changes = LayoutDump.changes(from: before, to: rendered.tree.root)
        }
        if let actualSVG {
            if let expected = try folder.read(svgFile).map({ String(decoding: $0, as: UTF8.self) }) {
                if let line = firstDifferingLine(expected, String(decoding: actualSVG, as: UTF8.self))?.number {
                    problems.append("the SVG differs from \(svgFile.lastPathComponent) at line \(line)")
                }
            } else {
                problems.append("no reference \(svgFile.path) to compare the SVG with")
            }
        }
        guard !problems.isEmpty else { return nil }
        return ((problems + notes).joined(separator: "; "), try diffImage?.pngData())
    }

    /// An error in the check's words: a file that cannot be written is named ("cannot write
    /// out/x.actual.png: …").
    static func describe(_ error: any Error) -> String {
        (error as? FileOutputError)?.description ?? FileOutput.describe(error)
    }

    /// Reference files (`NAME.png`, `NAME.layout.json`, `NAME.svg`) whose NAME is not in `names`.
    public func unusedReferences(names: Set<String>) -> [URL] {
        let files = (try? FileManager.default.contentsOfDirectory(at: references, includingPropertiesForKeys: nil)) ?? []
        return files.filter { file in
            let fileName = file.lastPathComponent
            for suffix in [".layout.json", ".png", ".svg"] where fileName.hasSuffix(suffix) {
                return !names.contains(String(fileName.dropLast(suffix.count)))
            }
            return false
        }.sorted { $0.lastPathComponent < $1.lastPathComponent }
    }

    /// Whether reference `name` belongs to shard `index` (1-based) of `count`: by a hash of the
    /// name, so a scene stays in its shard when others are added or removed.
    public static func inShard(_ name: String, index: Int, of count: Int) -> Bool {
        guard count > 1 else { return true }
        var hash: UInt64 = 0xcbf29ce484222325
        for byte in name.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100000001b3 }
        return Int(hash % UInt64(count)) == index - 1
    }
}

/// A problem that stops one scene's check.
struct CheckFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// The outcome of checking one scene.
public struct CheckResult: Codable, Equatable, Sendable {
    public enum Status: String, Codable, Sendable {
        case passed, failed, recorded, missing, error

        /// Whether the check counts as failed.
        public var isFailure: Bool { self == .failed || self == .missing || self == .error }
    }

    /// Files written for a failure, relative to the output folder.
    public struct Files: Codable, Equatable, Sendable {
        public var expected: String
        public var actual: String
        public var diff: String?
    }

    /// The reference name.
    public var name: String
    /// The scene file.
    public var scene: String
    public var status: Status
    /// What happened, for anything but a pass.
    public var message: String?
    public var differingPixels: Int?
    public var antiAliasedPixels: Int?
    public var totalPixels: Int?
    /// The pixels, in the picture, that hold every difference.
    public var differingBounds: CGRect?
    /// The views that moved or resized since the reference was recorded.
    public var changes: [LayoutDump.Change] = []
    public var files: Files?
    /// true for a pass only because a tolerance (`--max-diff`, `--max-diff-pixels`) allowed its
    /// `differingPixels`; absent otherwise (and in reports written before it existed).
    public var tolerated: Bool?

    /// "440 px differ, tolerated" for a tolerated pass, else nil.
    public var toleratedNote: String? {
        tolerated == true ? ImageComparisonResult.toleratedNote(differingPixels ?? 0) : nil
    }

    /// Every file the scene was read from (`Scene.inputs`): a change to any of them can change
    /// the result. Nil when the scene could not be read (and in reports written before inputs
    /// were recorded, which still merge).
    public var inputs: [String]?

    public init(name: String, scene: String, status: Status) {
        self.name = name
        self.scene = scene
        self.status = status
    }

    /// One line for the terminal.
    public var line: String {
        var text = "\(status.rawValue.uppercased().padding(toLength: 8, withPad: " ", startingAt: 0)) \(name)"
        if let toleratedNote { text += " (\(toleratedNote))" }
        if let message { text += ": " + message }
        return text
    }
}
