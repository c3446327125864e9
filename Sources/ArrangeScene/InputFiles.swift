import Arrange
import Foundation
import Yams

// The files a scene names (images, fonts): their paths, and reading them through the read
// policy, each recorded as an input.

extension SceneReader {
    /// `path` as the scene wrote it, made absolute from the scene's folder.
    static func path(_ path: String, relativeTo file: String) -> String {
        path.hasPrefix("/") ? path : folder(of: file).appendingPathComponent(path).path
    }

    /// The folder paths in `file` are relative to: its own, or the working directory for
    /// standard input.
    static func folder(of file: String) -> URL {
        file.hasPrefix("<") ? URL(fileURLWithPath: FileManager.default.currentDirectoryPath) : URL(fileURLWithPath: file).deletingLastPathComponent()
    }

    /// What this scene may read: the read policy of its limits, for its folder. Private, so that
    /// every file a scene reads goes through `readInput` or `fontInputs` and is recorded.
    private var readScope: ReadScope {
        context.limits.readPolicy.scope(sceneFolder: context.file.hasPrefix("<") ? nil : Self.folder(of: context.file).path)
    }

    /// The bytes of the file at `path`, through the read policy, recorded as an input.
    mutating func readInput(_ path: String, limit: Int) throws(ReadRefusal) -> Data {
        try readInputFile(path, limit: limit).data
    }

    /// The real path and the bytes of the file at `path`, through the read policy, recorded as
    /// an input.
    mutating func readInputFile(_ path: String, limit: Int) throws(ReadRefusal) -> (path: String, data: Data) {
        let (real, data) = try readScope.readFile(path, limit: limit)
        collected.inputs.insert(real)
        return (real, data)
    }

    /// The font files of the file or folder at `path`, through the read policy, each recorded as
    /// an input, and a folder as a folder searched.
    mutating func fontInputs(in path: String) throws(ReadRefusal) -> [String] {
        let scope = readScope
        let files = try scope.fontFiles(in: path, limit: Self.fontFileLimit)
        collected.inputs.formUnion(files)
        if let resolved = try? scope.resolve(path, folders: true), resolved.kind == .folder { collected.inputFolders.insert(resolved.path) }
        return files
    }
}
