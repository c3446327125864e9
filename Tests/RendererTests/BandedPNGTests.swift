import Arrange
@_spi(Benchmarks) @testable import ArrangeCairo
import ArrangeScene
import ArrangeSnapshot
import CCairo
import CPNG
import Foundation
import TestSupport
import Testing

/// PNGs from Arrange's banded writer (`CairoRenderer(format: .png)`) against Cairo's own PNG of
/// one big surface (`cairoPNG`, what `cairo_surface_write_to_png` writes): the same pixels on every
/// fixture, any height, valid files checked chunk by chunk by hand, and the same bytes whatever
/// the threads.
@Suite struct BandedPNGTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static var fixtures: [String] {
        let folder = root.appendingPathComponent("Fixtures")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".yaml") }.sorted().map { folder.appendingPathComponent($0).path }
    }

    /// Every fixture, drawn in bands (the default, and 5-row bands on two threads, so that items
    /// cross many band edges) decodes to exactly the pixels of Cairo's own PNG, with the same
    /// colour type: RGB when Cairo found every pixel opaque, RGBA otherwise.
    @Test(arguments: fixtures)
    func fixtureMatchesCairo(path: String) throws {
        let rendered = try SceneRenderer().layout(Scene.load(contentsOf: path))
        let list = rendered.displayList, options = rendered.options
        let cairo = try CairoRenderer(format: .png, fonts: rendered.fonts).cairoPNG(list, options: options)
        let expected = try Bitmap(png: cairo)
        var small = CairoRenderer(format: .png, fonts: rendered.fonts)
        small.bandRows = 5
        small.threads = 2
        for renderer in [CairoRenderer(format: .png, fonts: rendered.fonts), small] {
            let png = try renderer.render(list, options: options)
            let file = try PNGFile(png)
            #expect(file.colorType == (try PNGFile(cairo)).colorType)
            let actual = try Bitmap(png: png)
            #expect(actual.width == expected.width && actual.height == expected.height)
            #expect(actual.pixels == expected.pixels, "\(path) with \(renderer.bandRows.map { "\($0)-row" } ?? "default") bands")
        }
    }

    /// The file, read by hand (PNG specification §5, §11.2.2, RFC 1950): the signature; IHDR first
    /// with the size, 8 bits a channel, colour type 6 (the canvas has transparent pixels), deflate,
    /// adaptive filtering and no interlace; every chunk's CRC; IDATs holding one zlib stream
    /// whose header checks and whose Adler-32 matches the scanlines; IEND last and empty.
    @Test func fileStructure() throws {
        let list = DisplayList(size: CGSize(width: 50, height: 300), items: [
            DisplayItem(frame: CGRect(x: 5, y: 5, width: 40, height: 280), identity: ViewIdentity(path: "0", kind: "Rectangle"),
                        content: .fill(.roundedRectangle(cornerRadius: 8), Color(red: 1, green: 0, blue: 0))),
        ])
        var renderer = CairoRenderer()
        renderer.bandRows = 16
        let png = try renderer.render(list)
        let file = try PNGFile(png)
        #expect(file.chunks.first?.type == "IHDR")
        #expect(file.chunks.last?.type == "IEND" && file.chunks.last?.data.isEmpty == true)
        #expect(file.width == 50 && file.height == 300)
        #expect(Array(file.chunks[0].data[8...]) == [8, 6, 0, 0, 0])
        // 300 rows in 16-row bands: 19 bands, one IDAT each.
        #expect(file.chunks.filter { $0.type == "IDAT" }.count == 19)
        let stream = file.idat
        #expect(stream[0] & 0x0f == 8 && (Int(stream[0]) << 8 | Int(stream[1])) % 31 == 0)
        let scanlines = try file.inflated()
        #expect(scanlines.count == 300 * (1 + 50 * 4))
        let adler = scanlines.withUnsafeBufferPointer { arrange_adler32(1, $0.baseAddress, $0.count) }
        #expect(Array(stream.suffix(4)) == BandedPNG.bigEndian(adler))
        // The filter of each row: Sub where a band starts (it has no row above in the band), Paeth elsewhere.
        let filters = (0..<300).map { scanlines[$0 * 201] }
        #expect(filters == (0..<300).map { $0 % 16 == 0 ? 1 : 4 })
    }

    /// A canvas covered by opaque colour is RGB, as Cairo writes it, even without a background;
    /// one whose only transparent pixels are in its last rows is RGBA, the bands before them
    /// drawn again (with 4-row bands on two threads, so the switch comes late).
    @Test func colourTypeFollowsOpacity() throws {
        func box(_ y: CGFloat, _ height: CGFloat) -> DisplayItem {
            DisplayItem(frame: CGRect(x: 0, y: y, width: 30, height: height), identity: ViewIdentity(path: "0", kind: "Color"),
                        content: .fill(.rectangle, Color(red: 0.2, green: 0.4, blue: 0.6)))
        }
        var renderer = CairoRenderer()
        renderer.bandRows = 4
        renderer.threads = 2
        let covered = DisplayList(size: CGSize(width: 30, height: 100), items: [box(0, 100)])
        let open = DisplayList(size: CGSize(width: 30, height: 100), items: [box(0, 97.5)])
        for (list, type) in [(covered, UInt8(2)), (open, UInt8(6))] {
            let png = try renderer.render(list)
            let cairo = try renderer.cairoPNG(list)
            #expect(try PNGFile(png).colorType == type)
            #expect(try PNGFile(cairo).colorType == type)
            #expect(try Bitmap(png: png).pixels == Bitmap(png: cairo).pixels)
        }
    }

    /// Colour glyphs (emoji) are images Cairo scales with a transform it rounds relative to the
    /// surface's origin, so a picture with them that one Cairo surface can hold is drawn whole:
    /// it matches Cairo's own PNG even when small bands are asked for.
    @Test func emojiMatchCairo() throws {
        let list = try Self.tallList(rows: 40, emoji: true)
        var renderer = CairoRenderer()
        renderer.bandRows = 16
        #expect(try Bitmap(png: renderer.render(list)).pixels == Bitmap(png: renderer.cairoPNG(list)).pixels)
    }

    /// A band's bytes depend only on its pixels: one thread or several give the same file.
    @Test func sameBytesOnAnyThreads() throws {
        let list = try Self.tallList(rows: 120)
        var one = CairoRenderer(), two = CairoRenderer(), four = CairoRenderer()
        one.threads = 1
        two.threads = 2
        four.threads = 4
        one.bandRows = 32
        two.bandRows = 32
        four.bandRows = 32
        let bytes = try one.render(list)
        #expect(try two.render(list) == bytes)
        #expect(try four.render(list) == bytes)
    }

    /// Every thread setting (a renderer's `threads`, which `arrange render` sets to 1 for a batch)
    /// and the benchmarks' timed render give the same bytes, for an
    /// opaque picture and for one that turns RGBA in its last rows (bands drawn again).
    @Test func sameBytesForAnyThreadSetting() throws {
        let tall = try Self.tallList(rows: 120)
        let cover = DisplayItem(frame: CGRect(origin: .zero, size: tall.size), identity: ViewIdentity(path: "0", kind: "Color"),
                                content: .fill(.rectangle, .white))
        let opaque = DisplayList(size: tall.size, items: [cover] + tall.items)
        // Transparent only in the last rows: the switch to RGBA comes after many bands.
        let open = DisplayList(size: CGSize(width: tall.size.width, height: tall.size.height + 3), items: [cover] + tall.items)
        for (list, type) in [(opaque, UInt8(2)), (open, UInt8(6))] {
            var renderer = CairoRenderer()
            renderer.bandRows = 32
            renderer.threads = 1
            let bytes = try renderer.render(list)
            #expect(try PNGFile(bytes).colorType == type)
            for threads in [2, 3, 8] {
                renderer.threads = threads
                #expect(try renderer.render(list) == bytes, "\(threads) threads")
            }
            renderer.threads = nil
            let (timed, timings) = try renderer.renderPNGWithTimings(list)
            #expect(timed == bytes)
            #expect(timings.bandsDrawn >= timings.bands)
        }
    }

    /// Width keeps Cairo's and the PNG encoders' 32,767 pixels; height only the pixel limit, which
    /// a renderer can lower or raise.
    @Test func limits() throws {
        let wide = DisplayList(size: CGSize(width: 40_000, height: 10), items: [])
        #expect(throws: RenderError.canvasTooLarge(width: 40_000, height: 10, limit: 32_767)) { try CairoRenderer().render(wide) }
        let tall = DisplayList(size: CGSize(width: 10, height: 40_000), items: [])
        #expect(try PNGFile(CairoRenderer().render(tall)).height == 40_000)
        var strict = CairoRenderer()
        strict.pixelLimit = 399_999
        #expect(throws: RenderError.self) { try strict.render(tall) }
    }

    /// A 1,000 × 40,034 picture (over Cairo's 32,767-pixel surfaces): text, shapes,
    /// borders, and a clipped, translucent group spanning thousands of rows. Decoded band by band,
    /// every band equals Cairo drawing the whole list on a surface of that band's rows (moved up
    /// by a translation); Pillow opens the whole file and agrees with Cairo's own PNGs of three bands.
    @Test func tallCanvasMatchesCairoBandByBand() throws {
        let list = try Self.tallList(rows: 1001)
        let width = Int(list.size.width), height = Int(list.size.height)
        // 1,001 rows 34 points tall with 6 points between them.
        #expect(width == 1000 && height == 1001 * 34 + 1000 * 6)
        let png = try CairoRenderer().render(list)
        let file = try PNGFile(png)
        #expect(file.width == width && file.height == height)
        let channels = file.colorType == 6 ? 4 : 3
        let referenceRows = 2_000
        var decoder = try ScanlineReader(file, channels: channels)
        var referenceBands: [(top: Int, png: Data)] = []
        for top in stride(from: 0, to: height, by: referenceRows) {
            let rows = min(referenceRows, height - top)
            let decoded = try decoder.read(rows: rows)
            let (expected, cairoPNG) = try Self.cairoBand(list, top: top, rows: rows, width: width, channels: channels,
                                                          keepPNG: [0, 20_000, 38_000].contains(top))
            // memcmp: a failure names the rows, without printing megabytes of pixels.
            let same = decoded.count == expected.count && memcmp(decoded, expected, decoded.count) == 0
            #expect(same, "rows \(top)..<\(top + rows)")
            if let cairoPNG { referenceBands.append((top, cairoPNG)) }
        }
        #expect(try decoder.finish())

        let python = try Self.pythonWithPillow()
        let folder = try ExternalTool.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let picture = folder.appendingPathComponent("tall.png")
        try png.write(to: picture)
        var arguments = [Self.root.appendingPathComponent("Scripts/check-tall-png.py").path, picture.path, "\(width)", "\(height)"]
        for (top, band) in referenceBands {
            let url = folder.appendingPathComponent("band-\(top).png")
            try band.write(to: url)
            arguments.append("\(top)=\(url.path)")
        }
        let run = try ExternalTool.run(python, arguments)
        #expect(run.status == 0 && run.stdout == "ok\n", "\(run.stdout)\(run.errors)")
    }

    // MARK: - Helpers

    /// A python3 that has Pillow: the one on PATH, or Debian's (python3-pil, which set-up installs).
    static func pythonWithPillow() throws -> String {
        var candidates: [String] = []
        if let onPath = try? ExternalTool.locate("python3", package: "python3") { candidates.append(onPath) }
        candidates.append("/usr/bin/python3")
        for python in candidates where FileManager.default.isExecutableFile(atPath: python) {
            if let run = try? ExternalTool.run(python, ["-c", "import PIL"]), run.status == 0 { return python }
        }
        throw RenderError.backend("python3 with Pillow is not installed: run Scripts/setup.sh (Debian package python3-pil)")
    }

    /// Rows `top..<top + rows` as Cairo draws the whole list (no band culling) on a surface
    /// translated up by `top`: straight RGB(A) bytes, and Cairo's own PNG of it when asked.
    static func cairoBand(_ list: DisplayList, top: Int, rows: Int, width: Int, channels: Int, keepPNG: Bool) throws -> ([UInt8], Data?) {
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(rows))
        defer { cairo_surface_destroy(surface) }
        let context = cairo_create(surface)
        cairo_translate(context, 0, -Double(top))
        var painter = CairoPainter(context: context, fonts: .system, faces: CairoFaces(), textAsText: false)
        list.walk(&painter)
        cairo_destroy(context)
        cairo_surface_flush(surface)
        guard let data = cairo_image_surface_get_data(surface) else { throw RenderError.backend("no pixels") }
        var lines = [UInt8](repeating: 0, count: rows * (1 + width * channels))
        var scratch = [UInt8](repeating: 0, count: 2 * width * channels)
        arrange_png_scanlines(data, Int(cairo_image_surface_get_stride(surface)), UInt32(width), UInt32(rows), Int32(channels), 0, &lines, &scratch)
        // Without the filter byte (0, None) that starts each line.
        var pixels: [UInt8] = []
        pixels.reserveCapacity(rows * width * channels)
        let line = 1 + width * channels
        for row in 0..<rows { pixels.append(contentsOf: lines[(row * line + 1)..<((row + 1) * line)]) }
        var png: Data?
        if keepPNG {
            let sink = CairoSink()
            _ = withExtendedLifetime(sink) {
                cairo_surface_write_to_png_stream(surface, CairoSink.write, Unmanaged.passUnretained(sink).toOpaque())
            }
            png = sink.data
        }
        return (pixels, png)
    }

    /// `rows` rows 40 points tall in a 1,000-point column: text (with an emoji if asked), rounded and plain
    /// boxes with borders, circles; rows 200–699 also in a clipped, translucent group.
    static func tallList(rows: Int, emoji: Bool = false) throws -> DisplayList {
        let colors: [Color] = [.red, .orange, .yellow, .green, .teal, .blue, .indigo, .purple, .pink, .brown]
        func row(_ i: Int) -> some View {
            HStack(spacing: 6) {
                Text("Row \(i) — ég" + (emoji ? " 🙂" : "")).frame(width: 160, alignment: .leading)
                RoundedRectangle(cornerRadius: 6).fill(colors[i % 10]).frame(width: CGFloat(40 + i % 300), height: 28)
                Circle().strokeBorder(colors[(i + 3) % 10], lineWidth: 2).frame(width: 30, height: 30)
                Color(white: Double(i % 7) / 7).frame(width: 50, height: 20).border(.black)
                Spacer()
            }
            .frame(height: 34)
        }
        let view = VStack(spacing: 6) {
            ForEach(0..<min(rows, 200), id: \.self) { row($0) }
            if rows > 200 {
                VStack(spacing: 6) { ForEach(200..<min(rows, 700), id: \.self) { row($0) } }
                    .opacity(0.6)
                    .clipShape(RoundedRectangle(cornerRadius: 40))
            }
            if rows > 700 { ForEach(700..<rows, id: \.self) { row($0) } }
        }
        .frame(width: 1000)
        let result = LayoutResult(of: view, in: ProposedViewSize(width: 1000, height: nil), scale: 1)
        if let problem = result.fontProblems.first { throw problem }
        return result.displayList
    }
}

/// A PNG's chunks, each CRC checked with a CRC-32 of the test's own (PNG specification annex D).
struct PNGFile {
    struct Chunk {
        var type: String
        var data: [UInt8]
    }
    var chunks: [Chunk] = []

    init(_ png: Data) throws {
        let bytes = [UInt8](png)
        guard bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) else { throw RenderError.backend("no PNG signature") }
        var at = 8
        func u32(_ i: Int) -> Int { Int(bytes[i]) << 24 | Int(bytes[i + 1]) << 16 | Int(bytes[i + 2]) << 8 | Int(bytes[i + 3]) }
        while at + 12 <= bytes.count {
            let length = u32(at)
            guard at + 12 + length <= bytes.count else { throw RenderError.backend("a chunk runs past the end") }
            let typeAndData = Array(bytes[(at + 4)..<(at + 8 + length)])
            guard Self.crc(typeAndData) == UInt32(u32(at + 8 + length)) else { throw RenderError.backend("bad CRC at byte \(at)") }
            chunks.append(Chunk(type: String(decoding: typeAndData[0..<4], as: UTF8.self), data: Array(typeAndData[4...])))
            at += 12 + length
        }
        guard at == bytes.count, chunks.first?.data.count == 13 else { throw RenderError.backend("bad chunk layout") }
    }

    private var header: [UInt8] { chunks[0].data }
    var width: Int { Int(header[0]) << 24 | Int(header[1]) << 16 | Int(header[2]) << 8 | Int(header[3]) }
    var height: Int { Int(header[4]) << 24 | Int(header[5]) << 16 | Int(header[6]) << 8 | Int(header[7]) }
    var colorType: UInt8 { header[9] }
    /// The IDAT chunks' contents joined: one zlib stream.
    var idat: [UInt8] { chunks.filter { $0.type == "IDAT" }.flatMap(\.data) }

    /// The whole zlib stream inflated (small pictures only).
    func inflated() throws -> [UInt8] {
        var reader = try ScanlineReader(self, channels: colorType == 6 ? 4 : 3)
        let raw = try reader.readRaw(count: height * (1 + width * (colorType == 6 ? 4 : 3)))
        guard try reader.finish() else { throw RenderError.backend("the zlib stream does not end with the rows") }
        return raw
    }

    static let table: [UInt32] = (0..<256).map { n in
        var c = UInt32(n)
        for _ in 0..<8 { c = c & 1 == 1 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        return c
    }

    static func crc(_ bytes: [UInt8]) -> UInt32 {
        var c: UInt32 = 0xFFFF_FFFF
        for byte in bytes { c = table[Int((c ^ UInt32(byte)) & 0xff)] ^ (c >> 8) }
        return c ^ 0xFFFF_FFFF
    }
}

/// Inflates a PNG's IDAT stream piece by piece and undoes the row filters, so a picture of any
/// height is read a band at a time.
struct ScanlineReader {
    let stream: [UInt8]
    let width: Int
    let channels: Int
    var consumed = 0
    var prior: [UInt8]?
    private let inflater: Inflater

    final class Inflater {
        let pointer: OpaquePointer
        init() throws {
            guard let pointer = arrange_inflater_create() else { throw RenderError.backend("out of memory") }
            self.pointer = pointer
        }
        deinit { arrange_inflater_destroy(pointer) }
    }

    init(_ file: PNGFile, channels: Int) throws {
        stream = file.idat
        width = file.width
        self.channels = channels
        inflater = try Inflater()
    }

    mutating func readRaw(count: Int) throws -> [UInt8] {
        var out = [UInt8](repeating: 0, count: count)
        var filled = 0
        while filled < count {
            var used = 0, produced = 0
            let status = stream.withUnsafeBufferPointer { input in
                out.withUnsafeMutableBufferPointer { output in
                    arrange_inflate(inflater.pointer, input.baseAddress.map { $0 + consumed }, input.count - consumed, &used,
                                    output.baseAddress.map { $0 + filled }, count - filled, &produced)
                }
            }
            consumed += used
            filled += produced
            guard status >= 0 else { throw RenderError.backend("corrupt zlib stream") }
            if produced == 0, filled < count { throw RenderError.backend("the stream ends early") }
        }
        return out
    }

    /// The next `rows` rows, unfiltered, without their filter bytes.
    mutating func read(rows: Int) throws -> [UInt8] {
        let line = 1 + width * channels, length = width * channels
        var raw = try readRaw(count: rows * line)
        var pixels = [UInt8](repeating: 0, count: rows * length)
        var above = prior ?? [], first = prior == nil
        let failed = raw.withUnsafeMutableBufferPointer { buffer in
            pixels.withUnsafeMutableBufferPointer { out in
                above.withUnsafeMutableBufferPointer { saved in
                    guard let base = buffer.baseAddress, let target = out.baseAddress else { return false }
                    var priorRow: UnsafePointer<UInt8>? = first ? nil : saved.baseAddress.map { UnsafePointer($0) }
                    for row in 0..<rows {
                        let start = base + row * line + 1
                        if arrange_png_unfilter(Int32(base[row * line]), start, priorRow, length, Int32(channels)) != 0 { return true }
                        (target + row * length).update(from: start, count: length)
                        priorRow = UnsafePointer(start)
                    }
                    return false
                }
            }
        }
        guard !failed else { throw RenderError.backend("unknown filter") }
        if rows > 0 {
            prior = Array(pixels[((rows - 1) * length)...])
            first = false
        }
        return pixels
    }

    /// Whether the stream ends right after the rows read (its Adler-32 checked by zlib) and
    /// nothing follows it.
    mutating func finish() throws -> Bool {
        var used = 0, produced = 0, spare: UInt8 = 0
        let status = stream.withUnsafeBufferPointer { input in
            arrange_inflate(inflater.pointer, input.baseAddress.map { $0 + consumed }, input.count - consumed, &used, &spare, 1, &produced)
        }
        consumed += used
        return status == 1 && produced == 0 && consumed == stream.count
    }
}
