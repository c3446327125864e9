import Arrange
import Foundation

/// The scene-format reference, `docs/scene-format.md`, and its pictures, generated from the key
/// table (SceneKeys.swift: which keys exist) and Schema/arrange-scene.schema.json (what each
/// means: descriptions, types, `default`, and the reference's own annotations `x-swiftUI`, the
/// SwiftUI API a kind or modifier mirrors, and `x-example`, a small scene that shows it).
///
/// The output depends on nothing else, so the same repository gives the same bytes each run;
/// `FormatReferenceTests` checks the committed files against it. `arrange schema --markdown`
/// writes them:
///
/// ```swift
/// let reference = try FormatReference(repository: URL(fileURLWithPath: "."))
/// try reference.write(into: URL(fileURLWithPath: "docs"))
/// ```
public struct FormatReference: Sendable {
    /// The reference's file name in the docs folder.
    public static let fileName = "scene-format.md"
    /// The pictures' folder, relative to the docs folder.
    public static let imageFolder = "images/format"
    /// The schema, relative to the repository.
    public static let schemaPath = "Schema/arrange-scene.schema.json"
    /// The command that writes the reference, as messages tell it.
    public static let command = ".build/debug/arrange schema --markdown"
    /// Pixels per point of the pictures.
    public static let pictureScale: CGFloat = 2

    /// One generated file: its path relative to the docs folder and its bytes.
    public struct File: Sendable, Hashable {
        /// "scene-format.md", "images/format/shadow.png".
        public var path: String
        /// The file's bytes.
        public var data: Data
    }

    /// A problem generating the reference: the schema cannot be read, or an example is not a
    /// good scene. Its message names the section.
    public struct Problem: Error, CustomStringConvertible, Sendable {
        /// What is wrong, naming the section or the file.
        public var description: String
    }

    /// The repository's folder: examples read images from it.
    let repository: URL
    let schema: ReferenceSchema

    /// The reference of the repository at `repository`, from its schema.
    /// - Throws: `Problem` when the schema is missing or not JSON.
    public init(repository: URL) throws {
        try self.init(schema: Self.schema(in: repository), repository: repository)
    }

    /// The bytes of the repository's schema. The schema is not built into the command: it is
    /// read from the repository, where the reference is generated.
    /// - Throws: `Problem` when the repository has none.
    public static func schema(in repository: URL) throws -> Data {
        let path = repository.appendingPathComponent(schemaPath)
        guard let data = FileManager.default.contents(atPath: path.path) else {
            throw Problem(description: "cannot read \(TerminalText.escaped(path.path)): run this in the Arrange repository (the folder that holds \(schemaPath)), or name it with --repository")
        }
        return data
    }

    /// The reference from the schema's bytes; examples read images from `repository`.
    public init(schema data: Data, repository: URL) throws {
        do {
            schema = try ReferenceSchema(data)
        } catch {
            throw Problem(description: "\(Self.schemaPath): \(error)")
        }
        self.repository = repository
    }

    /// The Markdown file and every picture it shows, in the order they are written.
    /// - Throws: `Problem` naming the section whose schema or example is wrong.
    public func files() throws -> [File] {
        var writer = ReferenceWriter(schema: schema)
        try writer.writeAll()
        var files = [File(path: Self.fileName, data: Data(writer.text.utf8))]
        for example in writer.examples {
            files.append(File(path: example.picture, data: try picture(of: example)))
        }
        return files
    }

    /// Writes the files into the docs folder `folder`, each whole or not at all, and removes
    /// pictures of the picture folder that the reference no longer shows. Returns the paths written.
    @discardableResult
    public func write(into folder: URL) throws -> [String] {
        let files = try files()
        try FileManager.default.createDirectory(at: folder.appendingPathComponent(Self.imageFolder), withIntermediateDirectories: true)
        for file in files {
            try FileOutput.write(file.data, to: folder.appendingPathComponent(file.path))
        }
        let pictures = folder.appendingPathComponent(Self.imageFolder)
        let kept = Set(files.map { ($0.path as NSString).lastPathComponent })
        for name in (try? FileManager.default.contentsOfDirectory(atPath: pictures.path)) ?? [] where name.hasSuffix(".png") && !kept.contains(name) {
            try FileManager.default.removeItem(at: pictures.appendingPathComponent(name))
        }
        return files.map(\.path)
    }

    /// The example's picture: the scene read as if it were a file in the repository's folder
    /// (so image paths start there), drawn as PNG at `pictureScale`.
    func picture(of example: ReferenceWriter.Example) throws -> Data {
        var limits = SceneLimits()
        limits.readPolicy = ReadPolicy(allowing: [repository.path])
        let file = repository.appendingPathComponent("\(example.section.anchor).yaml").path
        do {
            let scene = try Scene(data: Data(example.yaml.utf8), file: file, format: .yaml, limits: limits)
            return try SceneRenderer(scale: Self.pictureScale).layout(scene).data(as: .png)
        } catch let error as SceneError {
            let problems = error.all.map { "line \($0.location.line): \($0.message)" }.joined(separator: "; ")
            throw Problem(description: "the x-example of \(example.section.link) is not a good scene: \(problems)")
        }
    }
}
