import Arrange
import Foundation
import Yams

// The `image` kind: the file read and decoded within the scene's image budgets.

extension SceneReader {
    /// The largest image file read, in bytes: more than any 64-megapixel PNG or JPEG needs.
    static let imageFileLimit = 256 * 1024 * 1024

    /// The most pixels all of a scene's images may have together, keyframes included: two at the
    /// limit of one, 512 MB decoded, so that a scene stays under a gigabyte of memory.
    static let sceneImagePixels = 2 * ImageSource.pixelLimit

    /// The most image bytes a scene's image views may show together, each use counted (`repeat`
    /// included): a bound on the work of drawing them, whatever the format.
    static let sceneImageBytes = 256 * 1024 * 1024

    /// `image: photos/a.png`, or `image: {path:, resizable:, interpolation:}`. The path is
    /// relative to the folder of the file that writes it (the scene, or a file it includes); the file is read and decoded now, so a missing, huge or
    /// broken image is an error at its path.
    mutating func image(_ node: Node) throws -> ViewMaker {
        var pathNode: Node?, resizable = false, interpolation = Image.Interpolation.medium
        if case .scalar = node, !Self.isNull(node) {
            pathNode = node
        } else {
            for entry in try parameters(node, of: .image, as: ImageKey.self) {
                switch entry.key {
                case .path: pathNode = entry.value
                case .resizable: resizable = try bool(entry.value, entry.name)
                case .interpolation:
                    interpolation = try choice(entry.value, entry.name, ["none": .none, "low": .low, "medium": .medium, "high": .high])
                }
            }
        }
        guard let pathNode else {
            throw error("'image' needs a 'path', as in {image: photos/beach.png} or {image: {path: photos/beach.png, resizable: true}}", at: node)
        }
        let source = try imageSource(pathNode)
        collected.imageBytesShown += source.data.count
        guard collected.imageBytesShown <= Self.sceneImageBytes else {
            throw stop("the scene's image views show more than \(Self.sceneImageBytes) bytes of image files together (each use counts, copies made by 'repeat' included)",
                       at: pathNode)
        }
        return { _ in
            var image = Image(source).interpolation(interpolation)
            if resizable { image = image.resizable() }
            return .view(AnyView(image))
        }
    }

    /// The decoded image at the path `node` holds, read once per scene (keyframes included)
    /// through the read policy.
    private mutating func imageSource(_ node: Node) throws -> ImageSource {
        let path = try string(node, ViewKind.image.name)
        guard !path.isEmpty, !path.contains("\0") else { throw error("'image' needs the path of a PNG, JPEG or SVG file", at: node) }
        // Relative to the file that writes the path: an included component's own images.
        let full = Self.path(path, relativeTo: file(of: node))
        let key = URL(fileURLWithPath: full).standardizedFileURL.path
        if let known = collected.images[key] { return known }
        let source: ImageSource
        // What the scene's budget leaves, checked from the header before anything is decoded.
        let left = Self.sceneImagePixels - collected.imagePixels
        do {
            let data = try readInput(full, limit: Self.imageFileLimit)
            source = try ImageSource(data: data, name: path, pixelLimit: min(ImageSource.pixelLimit, left))
        } catch var refusal as ReadRefusal {
            refusal.path = path
            throw error("the image \(refusal)", at: node)
        } catch ImageError.tooLarge(let width, let height, _) where left < ImageSource.pixelLimit {
            throw error("the image '\(Self.shown(path))' has \(width) × \(height) pixels, but a scene's images may have \(Self.sceneImagePixels) together (keyframes included) and the others already have \(collected.imagePixels)",
                        at: node)
        } catch {
            throw self.error("image '\(Self.shown(path))': \(error)", at: node)
        }
        collected.imagePixels += source.pixelWidth * source.pixelHeight
        collected.images[key] = source
        return source
    }
}
