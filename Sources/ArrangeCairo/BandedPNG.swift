import Arrange
import CCairo
import CPNG
import Dispatch
import Foundation
import Synchronization

/// Arrange's own PNG writer: Cairo draws the picture in horizontal bands, each on an image
/// surface of its own, and each band's rows are filtered and deflated as they come, so memory is
/// a few bands whatever the picture's height, and no Cairo surface has to hold the whole picture.
///
/// Bands are drawn and compressed on several threads at once: each band becomes an independent
/// raw deflate stream that ends on a byte boundary (a sync flush), and the streams are joined end
/// to end under one zlib header, with their Adler-32 checksums combined, as parallel gzip does.
/// A band's bytes depend only on its pixels, so the file is the same whatever the threads do.
///
/// The pixels are Cairo's own PNG's: the same drawing shifted by whole pixels, and Cairo's
/// rounding when straightening premultiplied alpha. Like Cairo, the file is RGB when every pixel
/// is opaque and RGBA otherwise: bands start out as RGB and, at the first band with a transparent
/// pixel, the bands before it are drawn again as RGBA.
struct BandedPNG: Sendable {
    let list: DisplayList
    let scale: CGFloat
    let background: Color?
    let antialias: Bool
    let fonts: FontLibrary
    /// The Cairo faces of this picture, shared by its threads.
    let faces = CairoFaces()
    let width: Int
    let height: Int
    let bandRows: Int
    let threads: Int
    /// RGBA even when every pixel is opaque, so that the frames of an animation share one format.
    var alwaysRGBA = false
    /// The picture's description, written as an `iTXt` chunk with keyword `Description`; nil
    /// writes none.
    var description: String?

    /// Rows per band: about 1 MiB of pixels, at least 16 rows, at most 256.
    static func bandRows(width: Int) -> Int { max(16, min(256, (1 << 20) / max(1, width * 4))) }

    /// The threads to draw and compress with: one per core, up to 8.
    static var defaultThreads: Int { max(1, min(8, ProcessInfo.processInfo.activeProcessorCount)) }

    /// The encoded PNG.
    func encode() throws -> Data { try encode(timed: false).png }

    /// The encoded PNG and, when `timed`, where the time went (else all zero).
    func encode(timed: Bool) throws -> (png: Data, timings: CairoRenderer.PNGTimings) {
        let started = timed ? DispatchTime.now().uptimeNanoseconds : 0
        let (index, drawsWhole) = BandIndex.make(list, scale: scale, height: height, bandRows: bandRows, fonts: fonts, faces: faces)
        let indexed = timed ? DispatchTime.now().uptimeNanoseconds : 0
        // Cairo (pixman) rounds a scaled image's transform relative to the surface's origin, so
        // images and colour glyphs drawn in a band can differ by a unit from the same on one
        // surface; and a shadow is drawn from the whole of its group. A picture with any of them
        // that one Cairo surface can hold is drawn as one band.
        let bandRows = drawsWhole && CGFloat(height) <= Limits.canvasPixelsPerSide
            && CGFloat(width * height) <= Limits.canvasPixels ? height : self.bandRows
        let bands = (height + bandRows - 1) / bandRows
        let collector = BandCollector(bands: bands, header: Self.header(width: width, height: height, description: description), channels: alwaysRGBA ? 4 : 3)
        let workers = max(1, min(threads, bands))
        let timings = Mutex(CairoRenderer.PNGTimings(threads: workers))
        let work: @Sendable (Int) -> Void = { _ in
            // Each thread sums its own bands' times and adds them once, at its end.
            var own = CairoRenderer.PNGTimings(threads: 0)
            defer { if timed { timings.withLock { $0.add(own) } } }
            do {
                let worker = try BandWorker(width: width, bandRows: bandRows, spareRows: bandRows >= height ? 0 : 2, fonts: fonts, faces: faces)
                while let band = collector.next() {
                    let top = band * bandRows, rows = min(bandRows, height - top)
                    let start = timed ? DispatchTime.now().uptimeNanoseconds : 0
                    try worker.draw(index, band: band, top: top, rows: rows, scale: scale, background: background, antialias: antialias)
                    let drawn = timed ? DispatchTime.now().uptimeNanoseconds : 0
                    guard let channels = collector.channels(opaque: worker.isOpaque(rows: rows)) else { return }
                    let chunk = try worker.encode(rows: rows, channels: channels, last: band == bands - 1)
                    collector.complete(band, chunk)
                    if timed {
                        own.drawNanoseconds += drawn - start
                        own.encodeNanoseconds += DispatchTime.now().uptimeNanoseconds - drawn
                        own.bandsDrawn += 1
                    }
                }
            } catch let error as RenderError {
                collector.fail(error)
            } catch {
                collector.fail(.backend("\(error)"))
            }
        }
        // One thread is the calling thread: waking a pool thread and waiting for it costs a
        // context switch or two per picture, which a batch already keeping every core busy
        // pays for nothing.
        if workers == 1 {
            work(0)
        } else {
            DispatchQueue.concurrentPerform(iterations: workers, execute: work)
        }
        let png = try collector.finish()
        var result = timings.withLock { $0 }
        if timed {
            result.indexNanoseconds = indexed - started
            result.wallNanoseconds = DispatchTime.now().uptimeNanoseconds - started
            result.bands = bands
        }
        return (png, result)
    }

    /// The signature, IHDR (colour type patched in at the end), bKGD (white, as Cairo writes) and,
    /// with a `description`, its `iTXt` chunk.
    static func header(width: Int, height: Int, description: String? = nil) -> Data {
        var data = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        var ihdr = [UInt8]()
        ihdr.append(contentsOf: bigEndian(UInt32(width)))
        ihdr.append(contentsOf: bigEndian(UInt32(height)))
        ihdr.append(contentsOf: [8, 6, 0, 0, 0])
        appendChunk("IHDR", ihdr, to: &data)
        appendChunk("bKGD", [0, 255, 0, 255, 0, 255], to: &data)
        if let description { appendChunk("iTXt", internationalText(keyword: "Description", description), to: &data) }
        return data
    }

    /// An `iTXt` chunk's contents (PNG specification §11.3.4.5): the keyword, a null, compression
    /// flag and method 0 (uncompressed), an empty language tag and translated keyword, each ended
    /// by a null, then the text in UTF-8. The text may hold no null (it would end nothing, but
    /// readers stop there), so nulls are left out. "Description" is one of the specification's
    /// predefined keywords.
    static func internationalText(keyword: String, _ text: String) -> [UInt8] {
        Array(keyword.utf8) + [0, 0, 0, 0, 0] + text.utf8.filter { $0 != 0 }
    }

    static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8((value >> 16) & 0xff), UInt8((value >> 8) & 0xff), UInt8(value & 0xff)]
    }

    static func appendChunk(_ type: String, _ contents: [UInt8], to data: inout Data) {
        let name = Array(type.utf8)
        data.append(contentsOf: bigEndian(UInt32(contents.count)))
        data.append(contentsOf: name)
        data.append(contentsOf: contents)
        var crc = arrange_crc32(0, name, name.count)
        crc = contents.withUnsafeBufferPointer { arrange_crc32(crc, $0.baseAddress, $0.count) }
        data.append(contentsOf: bigEndian(crc))
    }
}

/// One band, compressed: a raw deflate stream and the Adler-32 of the scanlines it holds.
struct BandChunk: Sendable {
    var channels: Int32
    var bytes: [UInt8]
    var adler: UInt32
    var length: Int
}

/// Hands out bands and joins the finished ones in order. A class so that the threads share one.
final class BandCollector: Sendable {
    struct State {
        /// 3 while every band drawn so far is opaque (RGB), 4 from the first that is not (RGBA).
        var channels: Int32 = 3
        var next = 0
        var written = 0
        var pending: [Int: BandChunk] = [:]
        var png: Data
        var adler: UInt32 = 1
        var failure: RenderError?
    }

    private let state: Mutex<State>
    private let bands: Int
    private let headerCount: Int

    init(bands: Int, header: Data, channels: Int32 = 3) {
        self.bands = bands
        headerCount = header.count
        state = Mutex(State(channels: channels, png: header))
    }

    /// The next band to draw, or nil when none is left or a thread failed.
    func next() -> Int? {
        state.withLock { state in
            guard state.failure == nil, state.next < bands else { return nil }
            defer { state.next += 1 }
            return state.next
        }
    }

    /// The channels to encode a band with, given whether it is opaque: its first transparent
    /// pixel turns the picture to RGBA and sends the drawing back to the first band. nil after a
    /// failure.
    func channels(opaque: Bool) -> Int32? {
        state.withLock { state in
            guard state.failure == nil else { return nil }
            if !opaque, state.channels == 3 {
                state.channels = 4
                state.next = 0
                state.written = 0
                state.pending = [:]
                state.adler = 1
                state.png.removeSubrange(headerCount...)
            }
            return state.channels
        }
    }

    func complete(_ band: Int, _ chunk: BandChunk) {
        state.withLock { state in
            // A band encoded before the switch to RGBA, or a second copy of one, is dropped.
            guard chunk.channels == state.channels, band >= state.written, state.pending[band] == nil else { return }
            state.pending[band] = chunk
            while let ready = state.pending.removeValue(forKey: state.written) {
                state.adler = arrange_adler32_combine(state.adler, ready.adler, ready.length)
                var contents: [UInt8] = []
                contents.reserveCapacity(ready.bytes.count + 6)
                // zlib's header: deflate, a 32 KiB window, no dictionary, "fastest" (a check multiple of 31).
                if state.written == 0 { contents += [0x78, 0x01] }
                contents += ready.bytes
                if state.written == bands - 1 { contents += BandedPNG.bigEndian(state.adler) }
                BandedPNG.appendChunk("IDAT", contents, to: &state.png)
                state.written += 1
            }
        }
    }

    func fail(_ error: RenderError) {
        state.withLock { state in
            if state.failure == nil { state.failure = error }
        }
    }

    /// The whole file, once every band is in.
    func finish() throws -> Data {
        try state.withLock { state in
            if let failure = state.failure { throw failure }
            guard state.written == bands else { throw RenderError.backend("the PNG writer lost a band") }
            // Colour type, then the IHDR's CRC over its type and 13 bytes of fields.
            state.png[8 + 8 + 9] = state.channels == 3 ? 2 : 6
            let crc = state.png.withUnsafeBytes { bytes in
                arrange_crc32(0, bytes.baseAddress.map { $0.advanced(by: 12).assumingMemoryBound(to: UInt8.self) }, 17)
            }
            state.png.replaceSubrange(29..<33, with: BandedPNG.bigEndian(crc))
            BandedPNG.appendChunk("IEND", [], to: &state.png)
            return state.png
        }
    }
}

/// One thread's band surface, buffers and compressor, reused from band to band. A class for its
/// deinit, which frees them.
final class BandWorker {
    let width: Int
    let bandRows: Int
    let surface: OpaquePointer
    let stride: Int
    let scanlines: UnsafeMutablePointer<UInt8>
    let scratch: UnsafeMutablePointer<UInt8>
    let deflater: OpaquePointer
    let output: UnsafeMutablePointer<UInt8>
    let capacity: Int
    var painter: CairoPainter

    /// Rows drawn above and below each band and then dropped. Cairo clips a shape at the
    /// surface's edge, and under a clip path the coverage of the row at the edge can differ by a
    /// unit from the same row drawn away from an edge; with spare rows, no kept row is at an edge.
    /// None when one band is the whole picture, which is then drawn exactly as on one surface.
    let spareRows: Int

    init(width: Int, bandRows: Int, spareRows: Int, fonts: FontLibrary, faces: CairoFaces) throws {
        self.width = width
        self.bandRows = bandRows
        self.spareRows = spareRows
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(bandRows + 2 * spareRows)) else {
            throw RenderError.backend("out of memory")
        }
        let status = cairo_surface_status(surface)
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(surface)
            throw RenderError.backend(String(cString: cairo_status_to_string(status)))
        }
        guard let deflater = arrange_deflater_create() else {
            cairo_surface_destroy(surface)
            throw RenderError.backend("out of memory")
        }
        self.surface = surface
        self.deflater = deflater
        stride = Int(cairo_image_surface_get_stride(surface))
        let length = bandRows * (1 + width * 4)
        scanlines = .allocate(capacity: length)
        scratch = .allocate(capacity: 2 * width * 4)
        capacity = arrange_deflate_bound(deflater, length)
        output = .allocate(capacity: capacity)
        painter = CairoPainter(context: nil, fonts: fonts, faces: faces, textAsText: false)
    }

    deinit {
        cairo_surface_destroy(surface)
        arrange_deflater_destroy(deflater)
        scanlines.deallocate()
        scratch.deallocate()
        output.deallocate()
    }

    /// Draws rows `top..<top + rows` of the picture (and the spare rows around them): the same
    /// drawing as on one big surface, moved up by a whole number of pixels (the device offset), so
    /// every pixel comes out the same.
    func draw(_ index: BandIndex, band: Int, top: Int, rows: Int, scale: CGFloat, background: Color?, antialias: Bool) throws {
        cairo_surface_flush(surface)
        if let data = cairo_image_surface_get_data(surface) { memset(data, 0, stride * (bandRows + 2 * spareRows)) }
        cairo_surface_mark_dirty(surface)
        cairo_surface_set_device_offset(surface, 0, -Double(top - spareRows))
        let context = cairo_create(surface)
        defer { cairo_destroy(context) }
        try CairoRenderer.check(cairo_status(context))
        cairo_scale(context, Double(scale), Double(scale))
        if !antialias { cairo_set_antialias(context, CAIRO_ANTIALIAS_NONE) }
        if let background {
            CairoPainter.setColor(context, background)
            cairo_paint(context)
        }
        painter.context = context
        Self.draw(index, band: band, top: top, bottom: top + rows, painter: &painter)
        painter.context = nil
        try CairoRenderer.check(cairo_status(context))
        cairo_surface_flush(surface)
    }

    private static func draw(_ index: BandIndex, band: Int, top: Int, bottom: Int, painter: inout CairoPainter) {
        index.items.withUnsafeBufferPointer { items in
            guard let first = items.baseAddress else { return }
            index.forEach(band: band, top: top, bottom: bottom) { i in
                DisplayItem.draw(first + i, into: &painter) { painter, _ in
                    if let children = index.groups[i] { draw(children, band: band, top: top, bottom: bottom, painter: &painter) }
                }
            }
        }
    }

    /// The first kept row.
    private var pixels: UnsafeMutablePointer<UInt8>? {
        cairo_image_surface_get_data(surface).map { $0 + spareRows * stride }
    }

    func isOpaque(rows: Int) -> Bool {
        guard let pixels else { return false }
        return arrange_png_opaque(pixels, stride, UInt32(width), UInt32(rows)) != 0
    }

    /// The band's scanlines (Sub, then Paeth), deflated.
    func encode(rows: Int, channels: Int32, last: Bool) throws -> BandChunk {
        guard let pixels else { throw RenderError.backend("the band has no pixels") }
        arrange_png_scanlines(pixels, stride, UInt32(width), UInt32(rows), channels, 1, scanlines, scratch)
        let length = rows * (1 + width * Int(channels))
        let adler = arrange_adler32(1, scanlines, length)
        let count = arrange_deflate_band(deflater, scanlines, length, last ? 1 : 0, output, capacity)
        guard count >= 0 else { throw RenderError.backend("zlib could not compress a band") }
        return BandChunk(channels: channels, bytes: Array(UnsafeBufferPointer(start: output, count: count)), adler: adler, length: length)
    }
}

extension PictureAccessibility {
    /// The text a PNG's `Description` chunk holds: the label, then the long description after a
    /// blank line; nil when there is neither.
    var pngDescription: String? {
        let parts = [label, longDescription].compactMap { $0 }.filter { !$0.isEmpty }
        return parts.isEmpty ? nil : parts.joined(separator: "\n\n")
    }
}
