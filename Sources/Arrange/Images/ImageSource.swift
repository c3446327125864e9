import CImageCodecs
import Foundation

/// A decoded PNG or JPEG, or a sanitised SVG: the file's bytes, the image data alone (which SVG
/// output embeds) and, for PNG and JPEG, its pixels (which Cairo draws; an SVG image is kept as
/// its sanitised markup and its size, and drawn as vectors by librsvg in ArrangeCairo). Read once,
/// when made, so a broken or hostile file is found before anything is drawn.
public final class ImageSource: Hashable, Sendable, CustomStringConvertible {
    /// The file formats Arrange reads.
    public enum Format: String, Sendable {
        case png, jpeg, svg
        /// The MIME type, for SVG data URIs.
        public var mimeType: String {
            switch self {
            case .png: "image/png"
            case .jpeg: "image/jpeg"
            case .svg: "image/svg+xml"
            }
        }
    }

    /// The file's bytes, unchanged. Output never holds them: see `embeddableData`.
    public let data: Data
    /// The image as output may carry it. A PNG keeps only the chunks that make its picture and a
    /// JPEG only the segments that decode (no text, EXIF, XMP, ICC profile, comment or bytes after
    /// the end); an SVG is sanitised (`SVGSanitizer`: drawing elements only, nothing that runs or
    /// loads), and it is also what librsvg draws.
    public let embeddableData: Data
    /// PNG, JPEG or SVG, from the file's first bytes (not its name).
    public let format: Format
    /// The image's size in pixels: its natural size in points, as in SwiftUI at scale 1. For an
    /// SVG, its width (else its viewBox's), rounded up.
    public let pixelWidth: Int
    /// The image's height in pixels.
    public let pixelHeight: Int
    /// Cairo ARGB32 pixels (premultiplied, native-endian), `pixelWidth × 4` bytes a row; empty
    /// for an SVG. A copy: drawing reads `pixelBytes` in place.
    public var pixels: [UInt8] { Array(pixelBytes) }
    /// The pixels where they are kept, for the image's lifetime: Cairo draws from them without a
    /// copy (a 64-megapixel image is 256 MB; two copies of it were half a gigabyte).
    public var pixelBytes: UnsafeRawBufferPointer { UnsafeRawBufferPointer(storage) }
    // Written once, by the decoder in init, and only read after: safe to share between threads.
    private nonisolated(unsafe) let storage: UnsafeMutableRawBufferPointer
    /// Where the image came from (a path as the user wrote it), for messages and linked SVGs.
    public let name: String

    /// The most pixels an image may have: 64 megapixels, 256 MB decoded.
    public static let pixelLimit = 64 * 1024 * 1024
    /// The most pixels a side may have: Cairo's limit for a surface, so that an image the SVG
    /// shows is never one the PNG leaves out.
    public static let sideLimit = 32767
    /// The largest SVG file, in bytes: librsvg parses it all before drawing.
    public static let svgByteLimit = 16 * 1024 * 1024

    /// Decodes `data`.
    /// - Throws: `ImageError` for data that is not PNG, JPEG or SVG, over `pixelLimit` pixels
    ///   (checked from the header, before decoding), truncated or corrupt, or an SVG over the
    ///   limits `SVGSanitizer` sets.
    public init(data: Data, name: String = "image", pixelLimit: Int = ImageSource.pixelLimit) throws(ImageError) {
        self.data = data
        self.name = name
        var message = [CChar](repeating: 0, count: 256)
        guard let format = Self.sniff(data) else { throw ImageError.unknownFormat }
        self.format = format
        if format == .svg {
            guard data.count <= Self.svgByteLimit else {
                throw ImageError.corrupt("an SVG image may have \(Self.svgByteLimit) bytes at most, this one has \(data.count)")
            }
            embeddableData = try SVGSanitizer.sanitize(data)
            (pixelWidth, pixelHeight) = try Self.svgSize(embeddableData)
            storage = UnsafeMutableRawBufferPointer.allocate(byteCount: 0, alignment: 16)
            return
        }
        let (width, height) = try Self.rasterSize(data, pixelLimit: pixelLimit)
        let count = Int(width) * Int(height)
        let embeddable = try format == .png ? ImageStripping.png(data) : ImageStripping.jpeg(data)
        // Allocated by hand so the address stays put for Cairo; 16-byte aligned as its surfaces are.
        let storage = UnsafeMutableRawBufferPointer.allocate(byteCount: count * 4, alignment: 16)
        storage.initializeMemory(as: UInt8.self, repeating: 0)
        let decoded = data.withUnsafeBytes { raw -> Int32 in
            guard let base = raw.bindMemory(to: UInt8.self).baseAddress else { return -1 }
            return arrange_image_decode(base, raw.count, width, height, storage.baseAddress?.assumingMemoryBound(to: UInt8.self), &message, message.count)
        }
        guard decoded == 0 else {
            storage.deallocate()
            throw ImageError.corrupt(Self.text(message))
        }
        embeddableData = embeddable
        self.pixelWidth = Int(width)
        self.pixelHeight = Int(height)
        self.storage = storage
    }

    deinit { storage.deallocate() }

    /// The format `data` starts as, or nil.
    static func sniff(_ data: Data) -> Format? {
        let format = data.withUnsafeBytes { raw -> arrange_image_format in
            guard let base = raw.bindMemory(to: UInt8.self).baseAddress else { return ARRANGE_IMAGE_UNKNOWN }
            return arrange_image_sniff(base, raw.count)
        }
        switch format {
        case ARRANGE_IMAGE_PNG: return .png
        case ARRANGE_IMAGE_JPEG: return .jpeg
        case ARRANGE_IMAGE_SVG: return .svg
        default: return nil
        }
    }

    /// A PNG's or JPEG's size from its header, checked against `pixelLimit` and `sideLimit`
    /// before anything is decoded.
    static func rasterSize(_ data: Data, pixelLimit: Int) throws(ImageError) -> (width: UInt32, height: UInt32) {
        var width: UInt32 = 0, height: UInt32 = 0
        var message = [CChar](repeating: 0, count: 256)
        let sized = data.withUnsafeBytes { raw -> Int32 in
            guard let base = raw.bindMemory(to: UInt8.self).baseAddress else { return -1 }
            return arrange_image_size(base, raw.count, &width, &height, &message, message.count)
        }
        guard sized == 0 else { throw ImageError.corrupt(Self.text(message)) }
        // A header may claim up to 2³² − 1 a side: the product can pass Int's range.
        let (count, overflow) = Int(width).multipliedReportingOverflow(by: Int(height))
        guard !overflow, count <= pixelLimit else { throw ImageError.tooLarge(width: Int(width), height: Int(height), limit: pixelLimit) }
        guard width <= Self.sideLimit, height <= Self.sideLimit else {
            throw ImageError.sideTooLong(width: Int(width), height: Int(height), limit: Self.sideLimit)
        }
        return (width, height)
    }

    /// A sanitised SVG document's natural size in whole pixels, checked against the limits. The
    /// reader that draws SVG images parses it here (librsvg, installed by CSVGImage, which
    /// ArrangeCairo links; the core links no renderer library), so the size is the one it draws at
    /// (CSS included) and markup it refuses is an error now rather than a blank later.
    private static func svgSize(_ data: Data) throws(ImageError) -> (Int, Int) {
        var width = 0.0, height = 0.0
        var message = [CChar](repeating: 0, count: 256)
        let status = data.withUnsafeBytes { raw -> Int32 in
            guard let base = raw.bindMemory(to: UInt8.self).baseAddress else { return -1 }
            return arrange_svg_size(base, raw.count, &width, &height, &message, message.count)
        }
        guard status != -2 else {
            throw ImageError.refused("this program reads no SVG images: link ArrangeCairo, whose CSVGImage target sizes and draws them with librsvg")
        }
        guard status == 0 else { throw ImageError.corrupt(text(message)) }
        // Sides in whole pixels, at least 1; the same limits as a decoded image.
        let limit = Double(sideLimit)
        guard width <= limit, height <= limit else {
            // librsvg's sizes are finite and positive; capped only to stay inside Int.
            throw ImageError.sideTooLong(width: Int(min(width.rounded(.up), 1e15)), height: Int(min(height.rounded(.up), 1e15)), limit: sideLimit)
        }
        return (max(Int(width.rounded(.up)), 1), max(Int(height.rounded(.up)), 1))
    }

    /// Reads and decodes the file at `url`: a regular file of at most `byteLimit` bytes, read
    /// through `policy` (any folder by default: code that names its own files trusts them).
    /// - Throws: `ImageError.unreadable` when the file cannot be read, else what `init(data:)` throws.
    public convenience init(contentsOf url: URL, name: String? = nil, policy: ReadPolicy = .unrestricted,
                            byteLimit: Int = 256 << 20) throws(ImageError) {
        let data: Data
        do {
            data = try policy.scope(sceneFolder: nil).read(url.path, limit: byteLimit)
        } catch {
            throw ImageError.unreadable(error.description)
        }
        try self.init(data: data, name: name ?? url.path)
    }

    /// The size in points at one pixel a point.
    public var size: CGSize { CGSize(width: pixelWidth, height: pixelHeight) }

    public var description: String { "\(name) (\(format.rawValue), \(pixelWidth) × \(pixelHeight))" }

    public static func == (lhs: ImageSource, rhs: ImageSource) -> Bool { lhs === rhs || lhs.data == rhs.data }
    public func hash(into hasher: inout Hasher) {
        hasher.combine(pixelWidth)
        hasher.combine(pixelHeight)
        hasher.combine(data.count)
    }

    private static func text(_ message: [CChar]) -> String {
        let bytes = message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// Why an image could not be used.
public enum ImageError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file could not be read (missing, a folder, no permission), with the system's reason.
    case unreadable(String)
    /// The bytes start as neither a PNG nor a JPEG, and are not SVG markup.
    case unknownFormat
    /// The header claims more pixels than the limit; nothing was decoded.
    case tooLarge(width: Int, height: Int, limit: Int)
    /// A side is longer than `ImageSource.sideLimit`; nothing was decoded.
    case sideTooLong(width: Int, height: Int, limit: Int)
    /// The decoder refused the data (truncated, a bad chunk or marker), with its reason.
    case corrupt(String)
    /// An SVG image is over a limit that keeps drawing it safe and quick (too many elements once
    /// its references are followed, too deep, a costly filter), or uses an entity that only a
    /// DOCTYPE could define; the reason names the limit.
    case refused(String)

    public var description: String {
        switch self {
        case .unreadable(let reason): reason
        case .unknownFormat: "not a PNG, JPEG or SVG image"
        case .tooLarge(let width, let height, let limit):
            "the image is \(width) × \(height) = \(Self.product(width, height)) pixels, over the limit of \(limit)"
                + (limit == ImageSource.pixelLimit ? " (64 megapixels)" : "")
        case .sideTooLong(let width, let height, let limit): "the image is \(width) × \(height) pixels; at most \(limit) a side"
        case .corrupt(let reason): "the image is corrupt: \(reason)"
        case .refused(let reason): "the SVG image is refused: \(reason)"
        }
    }

    /// `width × height` written out; a header can claim 2³² − 1 a side, past Int's range.
    private static func product(_ width: Int, _ height: Int) -> String {
        let (count, overflow) = UInt64(clamping: width).multipliedReportingOverflow(by: UInt64(clamping: height))
        return overflow ? "over \(UInt64.max)" : "\(count)"
    }
}
