import Arrange
import ArrangeScene
import Foundation

/// Checks scenes against reference pictures, as `arrange check` does: renders each scene, compares
/// its PNG with the reference (perceptually, `ImageComparison`), optionally its SVG as text, and
/// its layout with the reference's layout dump, so a failure says which views moved.
///
/// References live in one folder: `NAME.png`, `NAME.layout.json` and, with `compareSVG`,
/// `NAME.svg`, where NAME is the scene's file name without its extension. Failures leave
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

    /// Checks one scene under the reference name `name`, then removes the artefacts of `name`
    /// in the output folder that this check did not write (`artefacts(of:)`).
    public func check(_ load: () throws -> Scene, file: String, name: String) -> CheckResult {
        var result = compare(load, file: file, name: name)
        let written = Set(result.files?.paths ?? [])
        let stale = Self.artefacts(of: name).filter { !written.contains($0) }
        // Only files, only directly in the output folder: the folder may hold anything.
        let missing = String(cString: strerror(ENOENT))
        for skipped in FileOutput.removeFiles(stale, in: output).skipped where !skipped.reason.hasSuffix(missing) {
            let note = "note: \(output.appendingPathComponent(skipped.name).path) was not removed: \(skipped.reason)"
            result.message = result.message.map { "\($0); \(note)" } ?? note
        }
        return result
    }

    /// The files a failing check of `name` may leave in the output folder.
    public static func artefacts(of name: String) -> [String] {
        ["\(name).expected.png", "\(name).actual.png", "\(name).diff.png"]
    }

    /// Checks one scene and writes the artefacts of a failure.
    private func compare(_ load: () throws -> Scene, file: String, name: String) -> CheckResult {
        var result = CheckResult(name: name, scene: file, status: .error)
        let png = references.appendingPathComponent("\(name).png")
        let layoutFile = references.appendingPathComponent("\(name).layout.json")
        let svgFile = references.appendingPathComponent("\(name).svg")
        do {
            let scene = try load()
            result.inputs = scene.inputs
            let rendered = try renderer.layout(scene)
            // Only --strict acts on warnings here (they are the same ones `render` prints): without
            // it the layout is not inspected at all.
            if warnings.strict { _ = try warnings.apply(rendered.warnings(overflow: true)) }
            let actualPNG = try rendered.data(as: .png)
            let actualLayout = rendered.layoutJSON
            let actualSVG = compareSVG ? try rendered.data(as: .svg) : nil
            func writeReferences() throws {
                try FileManager.default.createDirectory(at: references, withIntermediateDirectories: true)
                try FileOutput.write(actualPNG, to: png)
                try FileOutput.write(Data(actualLayout.utf8), to: layoutFile)
                if let actualSVG { try FileOutput.write(actualSVG, to: svgFile) }
            }
            let exists = FileManager.default.fileExists(atPath: png.path)
            if record == .all || (record == .missing && !exists) {
                try writeReferences()
                result.status = .recorded
                result.message = exists ? "recorded anew" : "recorded a new reference"
                return result
            }
            guard exists else {
                result.status = .missing
                result.message = "no reference \(png.path); run with --record missing to make one"
                return result
            }
            var problems: [String] = []
            // Read once, and only from a file inside the references folder: these bytes are
            // compared and copied to NAME.expected.png, never the file opened again.
            guard let referencePNG = try readReference(png) else {
                throw CheckFailure("the reference \(png.path) vanished while it was checked")
            }
            // Said, never silently read: a reference whose end marker is missing.
            let notes = Bitmap.missingEndWarning(referencePNG).map { ["note: the reference \(png.path): \($0)"] } ?? []
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
                let reference: Bitmap
                do {
                    reference = try Bitmap(png: referencePNG, maximumPixels: imagePixels)
                } catch SnapshotError.unreadableImage(let why) {
                    throw CheckFailure("the reference \(png.path) cannot be read: \(why)")
                }
                let actual = try Bitmap(png: actualPNG, maximumPixels: imagePixels)
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
            if let data = try readReference(layoutFile), let before = LayoutDump.read(data) {
                result.changes = LayoutDump.changes(from: before, to: rendered.tree.root)
            }
            if let actualSVG {
                if let expected = try readReference(svgFile).map({ String(decoding: $0, as: UTF8.self) }) {
                    if let line = Self.firstDifferingLine(expected, String(decoding: actualSVG, as: UTF8.self)) {
                        problems.append("the SVG differs from \(svgFile.lastPathComponent) at line \(line)")
                    }
                } else {
                    problems.append("no reference \(svgFile.path) to compare the SVG with")
                }
            }
            guard !problems.isEmpty else {
                result.status = .passed
                result.message = notes.isEmpty ? nil : notes.joined(separator: "; ")
                return result
            }
            result.status = .failed
            result.message = (problems + notes).joined(separator: "; ")
            try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
            let expectedCopy = output.appendingPathComponent("\(name).expected.png"), actualCopy = output.appendingPathComponent("\(name).actual.png")
            try FileOutput.write(referencePNG, to: expectedCopy)
            try FileOutput.write(actualPNG, to: actualCopy)
            result.files = CheckResult.Files(expected: expectedCopy.lastPathComponent, actual: actualCopy.lastPathComponent, diff: nil)
            if let diffImage {
                let diffFile = output.appendingPathComponent("\(name).diff.png")
                try FileOutput.write(diffImage.pngData(), to: diffFile)
                result.files?.diff = diffFile.lastPathComponent
            }
            if record == .failed {
                try writeReferences()
                result.message = (result.message ?? "") + "; recorded anew"
            }
        } catch {
            result.status = .error
            // A file that cannot be written is named ("cannot write out/x.actual.png: …").
            result.message = (error as? FileOutputError)?.description ?? FileOutput.describe(error)
        }
        return result
    }

    /// The bytes of the reference file `url`, or nil when there is no such entry. Read only if it
    /// is a regular file whose real path (symbolic links resolved) lies inside the references
    /// folder's real path: a reference from a stranger's pull request may be a link to a private
    /// file, which must never be read, compared or copied into the output.
    /// - Throws: `CheckFailure` naming the reference and why it is refused.
    func readReference(_ url: URL) throws -> Data? {
        var status = stat()
        guard lstat(url.path, &status) == 0 else {
            if errno == ENOENT { return nil }
            throw CheckFailure("the reference \(url.path) cannot be read: \(String(cString: strerror(errno)))")
        }
        let refused = "the reference \(url.path) is refused: "
        guard let folder = FileOutput.realPath(references.path), let real = FileOutput.realPath(url.path),
              real.hasPrefix(folder.hasSuffix("/") ? folder : folder + "/") else {
            throw CheckFailure(refused + "it is a symbolic link that leads outside the references folder (or nowhere); a reference must be a file in that folder")
        }
        // O_NOFOLLOW: the resolved path holds no link, so one appearing now is refused; O_NONBLOCK:
        // opening a named pipe must not wait for a writer.
        let descriptor = open(real, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw CheckFailure("the reference \(url.path) cannot be read: \(String(cString: strerror(errno)))")
        }
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            throw CheckFailure(refused + "it is not a regular file")
        }
        do {
            return try handle.readToEnd() ?? Data()
        } catch {
            throw CheckFailure("the reference \(url.path) cannot be read: \(FileOutput.describe(error))")
        }
    }

    /// The 1-based number of the first line that differs, or nil when the texts are equal.
    static func firstDifferingLine(_ a: String, _ b: String) -> Int? {
        guard a != b else { return nil }
        let x = a.split(separator: "\n", omittingEmptySubsequences: false), y = b.split(separator: "\n", omittingEmptySubsequences: false)
        return ((0..<min(x.count, y.count)).first { x[$0] != y[$0] } ?? min(x.count, y.count)) + 1
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
