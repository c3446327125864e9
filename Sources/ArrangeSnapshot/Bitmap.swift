import Arrange
import ArrangeCairo
import CCairo
import CImageCodecs
import Foundation
import Synchronization

/// An RGBA image with 8-bit straight (not premultiplied) channels, row by row from the top: what
/// image comparisons read and diff images are made of.
public struct Bitmap: Equatable, Sendable {
    public let width: Int
    public let height: Int
    /// `width × height × 4` bytes: red, green, blue, alpha.
    public var pixels: [UInt8]

    /// A bitmap of the given pixels; nil if the byte count does not match the size.
    public init?(width: Int, height: Int, pixels: [UInt8]) {
        guard width >= 0, height >= 0, pixels.count == width * height * 4 else { return nil }
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// A bitmap of one colour.
    public init(width: Int, height: Int, red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8) {
        self.width = max(width, 0)
        self.height = max(height, 0)
        pixels = [UInt8](repeating: 0, count: self.width * self.height * 4)
        for i in stride(from: 0, to: pixels.count, by: 4) {
            pixels[i] = red
            pixels[i + 1] = green
            pixels[i + 2] = blue
            pixels[i + 3] = alpha
        }
    }

    /// The pixel at column `x`, row `y`: (red, green, blue, alpha).
    public subscript(x: Int, y: Int) -> (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8) {
        let i = (y * width + x) * 4
        return (pixels[i], pixels[i + 1], pixels[i + 2], pixels[i + 3])
    }

    /// The width and height a PNG's header (its IHDR chunk) declares, read without decoding
    /// anything: what a comparison checks first, so that images of different sizes, or one too
    /// large to decode, cost nothing.
    /// - Throws: `SnapshotError.unreadableImage` when the data does not start as a PNG does.
    public static func pngSize(_ data: Data) throws -> (width: Int, height: Int) {
        let bytes = [UInt8](data.prefix(24))
        // The signature, then IHDR: length 13, "IHDR", width and height big-endian.
        guard bytes.count == 24, bytes[0..<8] == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] else {
            throw SnapshotError.unreadableImage("not a PNG file")
        }
        guard bytes[12..<16] == [0x49, 0x48, 0x44, 0x52] else {
            throw SnapshotError.unreadableImage("the PNG is corrupt: it does not start with its header chunk (IHDR)")
        }
        func u32(_ at: Int) -> Int { Int(bytes[at]) << 24 | Int(bytes[at + 1]) << 16 | Int(bytes[at + 2]) << 8 | Int(bytes[at + 3]) }
        return (u32(16), u32(20))
    }

    /// Decodes PNG data (with Cairo). A header that declares more than `maximumPixels` pixels,
    /// or a side over `Limits.canvasPixelsPerSide`, is refused before anything is allocated.
    /// - Throws: `SnapshotError.tooManyPixels` for such a header; `SnapshotError.unreadableImage`
    ///   saying in words what is wrong with data that is not a whole PNG.
    ///
    /// A PNG whose chunks are all whole but which lacks the closing IEND chunk is read as if it
    /// had one (odiff writes such files); `missingEndWarning(_:)` says so, for the caller to tell.
    public init(png data: Data, maximumPixels: Int = Limits.imagePixels) throws {
        let (width, height) = try Self.pngSize(data)
        try Self.checkDecodable(width: width, height: height, maximumPixels: maximumPixels)
        guard Self.lacksEndChunk(data) else {
            try self.init(decoding: data)
            return
        }
        // Whole chunks without the closing one: whole if libpng finds all the image data.
        do {
            try self.init(decoding: data + Self.endChunk)
        } catch {
            throw SnapshotError.unreadableImage(Self.truncated)
        }
    }

    /// Refuses a size that may not be decoded: a side over `Limits.canvasPixelsPerSide`, or more
    /// than `maximumPixels` pixels. Also for images compared without decoding (identical bytes),
    /// so the answer does not depend on whether the two files happen to be equal.
    /// - Throws: `SnapshotError.unreadableImage` or `.tooManyPixels`.
    public static func checkDecodable(width: Int, height: Int, maximumPixels: Int) throws {
        guard CGFloat(width) <= Limits.canvasPixelsPerSide, CGFloat(height) <= Limits.canvasPixelsPerSide else {
            throw SnapshotError.unreadableImage("the PNG is \(width) × \(height) pixels; at most \(Int(Limits.canvasPixelsPerSide)) a side can be decoded")
        }
        // Each side is below 2¹⁵ now, so the product cannot overflow.
        guard width * height <= maximumPixels else {
            throw SnapshotError.tooManyPixels(width: width, height: height, limit: maximumPixels)
        }
    }

    private static let truncated = "the PNG is truncated: the file ends before the image does (its last chunk, IEND, or image data is missing)"

    /// The IEND chunk: no data, and its CRC.
    private static let endChunk = Data([0, 0, 0, 0, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82])

    /// Whether every chunk of the PNG is whole, one of them image data (IDAT), yet the file ends
    /// without the IEND chunk that closes every PNG: cut exactly after its image data.
    static func lacksEndChunk(_ data: Data) -> Bool {
        let bytes = [UInt8](data)
        var offset = 8, sawImageData = false
        while offset + 8 <= bytes.count {
            let length = Int(bytes[offset]) << 24 | Int(bytes[offset + 1]) << 16 | Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
            let type = bytes[(offset + 4)..<(offset + 8)]
            if type.elementsEqual("IEND".utf8) { return false }
            if type.elementsEqual("IDAT".utf8) { sawImageData = true }
            // length, type, data and CRC; a length read from 4 bytes cannot overflow this sum.
            offset += 12 + length
        }
        return offset == bytes.count && sawImageData
    }

    /// What is wrong with a PNG that may decode nonetheless, in words, or nil: a missing IEND
    /// chunk. Decoding then tells whether the image data is whole.
    public static func missingEndWarning(_ data: Data) -> String? {
        lacksEndChunk(data)
            ? "the PNG has no IEND chunk (the end marker every PNG must close with); it is read if its image data is whole"
            : nil
    }

    /// Decodes PNG data whose header has been checked, with libpng straight into the pixels a
    /// comparison reads (no premultiplied surface to undo, so translucent pixels keep their
    /// exact colours).
    private init(decoding data: Data) throws {
        let (width, height) = try Self.pngSize(data)
        var error = [CChar](repeating: 0, count: 256)
        var status: Int32 = 0
        // Not cleared first (16 MB for a 2000 × 2000 image): libpng writes every row of a decode
        // that succeeds, and the pixels of one that fails are dropped unread.
        let pixels = [UInt8](unsafeUninitializedCapacity: width * height * 4) { out, initialized in
            status = data.withUnsafeBytes { bytes in
                arrange_png_decode_rgba(bytes.bindMemory(to: UInt8.self).baseAddress, bytes.count, UInt32(width), UInt32(height),
                                        out.baseAddress, &error, error.count)
            }
            initialized = out.count
        }
        switch status {
        case 0: break
        // Most often a file cut short, often without its closing IEND chunk.
        case -2: throw SnapshotError.unreadableImage(Self.truncated)
        default: throw SnapshotError.unreadableImage("the PNG is corrupt: its data cannot be decoded (a damaged chunk or compressed stream)")
        }
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// Decodes two PNGs at once, one on each of two threads: what a comparison waits for.
    /// Each is decoded as `init(png:maximumPixels:)` does; its error, if any, is its own result.
    public static func decoding(_ first: Data, _ second: Data, maximumPixels: Int = Limits.imagePixels)
        -> (Swift.Result<Bitmap, any Error>, Swift.Result<Bitmap, any Error>) {
        let results = Mutex<[Int: Swift.Result<Bitmap, any Error>]>([:])
        let inputs = [first, second]
        DispatchQueue.concurrentPerform(iterations: 2) { index in
            let result = Swift.Result { try Bitmap(png: inputs[index], maximumPixels: maximumPixels) }
            results.withLock { $0[index] = result }
        }
        let decoded = results.withLock { $0 }
        let missing = Swift.Result<Bitmap, any Error>.failure(SnapshotError.unreadableImage("not decoded"))
        return (decoded[0] ?? missing, decoded[1] ?? missing)
    }

    /// Reads a PNG file; errors name the file.
    public init(contentsOfPNG url: URL, maximumPixels: Int = Limits.imagePixels) throws {
        let data: Data
        do { data = try Data(contentsOf: url) } catch { throw SnapshotError.unreadableImage("\(url.path): \(FileOutput.describe(error))") }
        do {
            try self.init(png: data, maximumPixels: maximumPixels)
        } catch SnapshotError.unreadableImage(let why) {
            throw SnapshotError.unreadableImage("\(url.path): \(why)")
        }
    }

    /// Encodes the bitmap as PNG (with Cairo).
    public func pngData() throws -> Data {
        let stride = Int(cairo_format_stride_for_width(CAIRO_FORMAT_ARGB32, Int32(width)))
        var buffer = [UInt8](repeating: 0, count: stride * height)
        for y in 0..<height {
            for x in 0..<width {
                let i = (y * width + x) * 4
                let a = UInt32(pixels[i + 3])
                func premultiplied(_ c: UInt8) -> UInt32 { (UInt32(c) * a + 127) / 255 }
                let argb = a << 24 | premultiplied(pixels[i]) << 16 | premultiplied(pixels[i + 1]) << 8 | premultiplied(pixels[i + 2])
                withUnsafeBytes(of: argb.littleEndian) { bytes in
                    for k in 0..<4 { buffer[y * stride + x * 4 + k] = bytes[k] }
                }
            }
        }
        // Written as the renderer's Cairo PNGs are (ArrangeCairo's `CairoSink`).
        let (png, status) = buffer.withUnsafeMutableBufferPointer { raw in
            let surface = cairo_image_surface_create_for_data(raw.baseAddress, CAIRO_FORMAT_ARGB32, Int32(width), Int32(height), Int32(stride))
            defer { cairo_surface_destroy(surface) }
            return CairoSink.png(surface)
        }
        guard status == CAIRO_STATUS_SUCCESS else { throw SnapshotError.unwritableImage(Self.message(status)) }
        return png
    }

    static func message(_ status: cairo_status_t) -> String {
        String(cString: cairo_status_to_string(status))
    }
}
