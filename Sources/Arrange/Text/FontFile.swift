import Foundation

/// The metrics Arrange needs from a TrueType font file, read in pure Swift: glyph advances
/// (`cmap`, `hmtx`), vertical metrics (`hhea`) and the cap height (the outline of "H").
///
/// No hinting and no kerning: advances are the font's design units scaled to the point size,
/// which is what Cairo draws with hint metrics off, so every backend agrees on every glyph.
struct FontFile: Sendable {
    let unitsPerEm: Double
    let ascender: Double
    let descender: Double
    let lineGap: Double
    let capHeight: Double
    private let advances: [UInt16]
    private let characterGlyphs: [UInt32: UInt16]

    /// Reads the font at `path`; nil if it is missing or not a TrueType font this reader knows.
    init?(path: String) {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        self.init(data: data)
    }

    init?(data: Data) {
        let bytes = [UInt8](data)
        func u16(_ at: Int) -> UInt16? {
            guard at >= 0, at + 2 <= bytes.count else { return nil }
            return UInt16(bytes[at]) << 8 | UInt16(bytes[at + 1])
        }
        func i16(_ at: Int) -> Int16? { u16(at).map { Int16(bitPattern: $0) } }
        func u32(_ at: Int) -> UInt32? {
            guard let high = u16(at), let low = u16(at + 2) else { return nil }
            return UInt32(high) << 16 | UInt32(low)
        }
        guard let tableCount = u16(4) else { return nil }
        var tables: [String: Int] = [:]
        for index in 0..<Int(tableCount) {
            let record = 12 + 16 * index
            guard record + 16 <= bytes.count, let offset = u32(record + 8) else { return nil }
            let tag = String(decoding: bytes[record..<(record + 4)], as: UTF8.self)
            tables[tag] = Int(offset)
        }
        guard let head = tables["head"], let hhea = tables["hhea"], let hmtx = tables["hmtx"],
              let cmap = tables["cmap"], let maxp = tables["maxp"],
              let units = u16(head + 18), units > 0, let locFormat = i16(head + 50),
              let ascender = i16(hhea + 4), let descender = i16(hhea + 6), let lineGap = i16(hhea + 8),
              let metricCount = u16(hhea + 34), metricCount > 0, let glyphCount = u16(maxp + 4) else { return nil }

        var advances: [UInt16] = []
        for index in 0..<Int(metricCount) {
            guard let advance = u16(hmtx + 4 * index) else { return nil }
            advances.append(advance)
        }
        // Glyphs past the last metric share its advance.
        if let last = advances.last, Int(glyphCount) > advances.count {
            advances += [UInt16](repeating: last, count: Int(glyphCount) - advances.count)
        }

        guard let glyphs = Self.readCmap(at: cmap, u16: u16, u32: u32) else { return nil }
        self.unitsPerEm = Double(units)
        self.ascender = Double(ascender)
        self.descender = Double(-descender)
        self.lineGap = Double(lineGap)
        self.advances = advances
        self.characterGlyphs = glyphs

        // Cap height: the top of "H" in the glyf table (old OS/2 tables lack sCapHeight).
        var capHeight = Double(ascender) * 0.75
        if let glyf = tables["glyf"], let loca = tables["loca"], let glyph = glyphs[0x48] {
            let start: Int? = locFormat == 0 ? u16(loca + 2 * Int(glyph)).map { Int($0) * 2 } : u32(loca + 4 * Int(glyph)).map { Int($0) }
            if let start, let yMax = i16(glyf + start + 8) { capHeight = Double(yMax) }
        }
        self.capHeight = capHeight
    }

    /// Unicode scalar → glyph, from a format 4 (BMP) or format 12 (full range) subtable.
    private static func readCmap(at cmap: Int, u16: (Int) -> UInt16?, u32: (Int) -> UInt32?) -> [UInt32: UInt16]? {
        guard let count = u16(cmap + 2) else { return nil }
        var best: (format: UInt16, offset: Int)?
        for index in 0..<Int(count) {
            let record = cmap + 4 + 8 * index
            guard let platform = u16(record), let encoding = u16(record + 2), let offset = u32(record + 4),
                  let format = u16(cmap + Int(offset)) else { continue }
            let unicode = platform == 0 || (platform == 3 && (encoding == 1 || encoding == 10))
            guard unicode, format == 4 || format == 12 else { continue }
            if best == nil || format > best?.format ?? 0 { best = (format, cmap + Int(offset)) }
        }
        guard let (format, table) = best else { return nil }
        var map: [UInt32: UInt16] = [:]
        if format == 12 {
            guard let groups = u32(table + 12) else { return nil }
            for index in 0..<Int(min(groups, 100_000)) {
                let group = table + 16 + 12 * index
                guard let first = u32(group), let last = u32(group + 4), let glyph = u32(group + 8), last >= first,
                      last - first < 0x110000 else { return nil }
                for scalar in first...last { map[scalar] = UInt16(truncatingIfNeeded: glyph + (scalar - first)) }
            }
            return map
        }
        guard let segments2 = u16(table + 6) else { return nil }
        let segments = Int(segments2) / 2
        let ends = table + 14, starts = ends + 2 * segments + 2, deltas = starts + 2 * segments, ranges = deltas + 2 * segments
        for s in 0..<segments {
            guard let end = u16(ends + 2 * s), let start = u16(starts + 2 * s), let delta = u16(deltas + 2 * s),
                  let rangeOffset = u16(ranges + 2 * s), start <= end else { continue }
            for code in start...end where code != 0xFFFF {
                var glyph: UInt16 = 0
                if rangeOffset == 0 {
                    glyph = code &+ delta
                } else {
                    let at = ranges + 2 * s + Int(rangeOffset) + 2 * Int(code - start)
                    if let raw = u16(at), raw != 0 { glyph = raw &+ delta }
                }
                if glyph != 0 { map[UInt32(code)] = glyph }
            }
        }
        return map
    }

    /// The advance of `scalar` in font units; a missing character takes glyph 0's (.notdef).
    func advance(of scalar: Unicode.Scalar) -> Double {
        let glyph = Int(characterGlyphs[scalar.value] ?? 0)
        return Double(glyph < advances.count ? advances[glyph] : advances.first ?? 0)
    }
}
