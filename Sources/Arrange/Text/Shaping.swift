import CHarfBuzz
import CUnicode
import Foundation

/// Shaped paragraphs remembered by a library: layout asks for the same text at several proposals
/// in one pass, and again in the next. Bounded: emptied when it reaches `capacity` entries.
struct ShapeCache: Sendable {
    struct Key: Hashable, Sendable {
        let text: String
        let font: Font
        let levels: [UInt8]?
    }

    static let capacity = 4096
    var entries: [Key: ShapedText] = [:]
    var problems: [Font: [FontError]] = [:]
    /// Per font, resolved once rather than once a text: its metrics, its chosen face alone, and
    /// that face with its fallbacks. Fonts are few; these are emptied with `entries`.
    var metrics: [Font: FontMetrics] = [:]
    var chosenFaces: [Font: [LoadedFace]] = [:]
    var fallbackChains: [Font: [LoadedFace]] = [:]

    /// Makes room before an entry is added.
    mutating func makeRoom() {
        guard entries.count >= Self.capacity || metrics.count + chosenFaces.count + fallbackChains.count >= Self.capacity else { return }
        entries.removeAll(keepingCapacity: true)
        metrics.removeAll()
        chosenFaces.removeAll()
        fallbackChains.removeAll()
    }
}

extension FontLibrary: TextMeasurer {
    public func metrics(of font: Font) -> FontMetrics {
        if let known = shapeCache.withLock({ $0.metrics[font] }) { return known }
        let metrics = metricsUncached(of: font)
        shapeCache.withLock { cache in
            cache.makeRoom()
            cache.metrics[font] = metrics
        }
        return metrics
    }

    private func metricsUncached(of font: Font) -> FontMetrics {
        if let metrics = try? faceMetrics(of: font) { return metrics }
        var fallback = font
        fallback.family = nil
        fallback.design = .default
        if let metrics = try? faceMetrics(of: fallback) { return metrics }
        // No font at all (the problem is reported by `problems(for:)`): DejaVu Sans' proportions.
        return FontMetrics(ascent: 0.928 * font.size, descent: 0.236 * font.size, leading: 0, capHeight: 0.729 * font.size)
    }

    public func problems(for font: Font) -> [FontError] {
        var problems: [FontError] = []
        do { _ = try face(faceID(for: font)) } catch let error as FontError { problems.append(error) } catch {}
        return problems
    }

    public func shape(_ text: String, in font: Font) -> ShapedText { shape(text, in: font, levels: nil) }

    public func shape(_ text: String, in font: Font, levels: [UInt8]?) -> ShapedText {
        let key = ShapeCache.Key(text: text, font: font, levels: levels)
        if let known = shapeCache.withLock({ $0.entries[key] }) { return known }
        let shaped = shapeUncached(text, in: font, levels: levels)
        shapeCache.withLock { cache in
            cache.makeRoom()
            cache.entries[key] = shaped
        }
        return shaped
    }

    /// The faces `text` in `font` is drawn from: the chosen face alone (`alone`) when it draws all
    /// of `text`, else with the fallbacks, so that text the default face covers never looks up the
    /// fallback families. Empty when not even the default family can be loaded.
    private func chain(for font: Font, drawing text: String) -> (faces: [LoadedFace], alone: Bool) {
        let chosen = remembered(\.chosenFaces, font) { chosenFaceID(for: font).flatMap { try? face($0) }.map { [$0] } ?? [] }
        if let face = chosen.first, Self.draws(text, alone: face) { return (chosen, true) }
        let faces = remembered(\.fallbackChains, font) {
            guard let primary = chosenFaceID(for: font) else { return [] }
            return ([primary] + fallbackChain(for: font, primary: primary)).compactMap { try? face($0) }
        }
        return (faces, false)
    }

    /// Whether `face` draws every character of `text` and none would rather be a colour emoji
    /// (no ASCII character would: they have no emoji presentation of their own).
    static func draws(_ text: String, alone face: LoadedFace) -> Bool {
        face.coversASCII(text) ?? text.allSatisfy { face.covers($0) && !prefersEmoji($0) }
    }

    /// The faces of `font` in `table` of the cache, resolved by `resolve` the first time.
    private func remembered(_ table: WritableKeyPath<ShapeCache, [Font: [LoadedFace]]>, _ font: Font,
                            _ resolve: () -> [LoadedFace]) -> [LoadedFace] {
        if let known = shapeCache.withLock({ $0[keyPath: table][font] }) { return known }
        let faces = resolve()
        shapeCache.withLock { cache in
            cache.makeRoom()
            cache[keyPath: table][font] = faces
        }
        return faces
    }

    /// The face `font` chooses, or the default family's for a family no face has.
    private func chosenFaceID(for font: Font) -> FontFaceID? {
        var primary = try? faceID(for: font)
        if primary == nil {
            var fallback = font
            fallback.family = nil
            fallback.design = .default
            primary = try? faceID(for: fallback)
        }
        return primary
    }

    private func shapeUncached(_ text: String, in font: Font, levels given: [UInt8]?) -> ShapedText {
        let units = Array(text.utf16)
        guard !units.isEmpty else { return ShapedText(glyphs: []) }
        let (faces, alone) = chain(for: font, drawing: text)
        guard !faces.isEmpty else {
            // Nothing to draw with: the caller reports the missing default family.
            var offset = 0
            let glyphs = text.map { character -> ShapedGlyph in
                defer { offset += character.utf16.count }
                return ShapedGlyph(face: nil, id: 0, cluster: offset, advance: 0.6 * font.size)
            }
            return ShapedText(glyphs: glyphs, missing: Array(text))
        }

        // Which face draws each character: the first in the chain that has all of it; emoji
        // presentation prefers a colour face.
        var runs: [(face: Int, start: Int, end: Int)] = alone ? [(0, 0, units.count)] : []
        var missing: [Character] = []
        var offset = 0
        for character in text where !alone {
            let length = character.utf16.count
            var choice = faces.indices.first { faces[$0].covers(character) }
            if Self.prefersEmoji(character), let colour = faces.indices.first(where: { faces[$0].hasColorBitmaps && faces[$0].covers(character) }) {
                choice = colour
            }
            if choice == nil {
                if !character.unicodeScalars.allSatisfy({ $0.properties.isWhitespace || $0.value < 0x20 }) { missing.append(character) }
            }
            let face = choice ?? 0
            if let last = runs.last, last.face == face, last.end == offset {
                runs[runs.count - 1].end = offset + length
            } else {
                runs.append((face, offset, offset + length))
            }
            offset += length
        }

        let levels = given.flatMap { $0.count == units.count ? $0 : nil } ?? Bidi.levels(units)
        var glyphs: [ShapedGlyph] = []
        glyphs.reserveCapacity(units.count)
        for run in runs {
            // Split the face run where the embedding level changes.
            var start = run.start
            while start < run.end {
                var end = start + 1
                while end < run.end, levels[end] == levels[start] { end += 1 }
                glyphs += Self.shape(units, start..<end, level: levels[start], face: faces[run.face], size: font.size)
                start = end
            }
        }
        return ShapedText(glyphs: glyphs, missing: missing)
    }

    /// Emoji that ask to be drawn in colour: by default (Emoji_Presentation) or with U+FE0F.
    static func prefersEmoji(_ character: Character) -> Bool {
        let scalars = character.unicodeScalars
        if scalars.contains(where: { $0.value == 0xFE0E }) { return false }
        if scalars.contains(where: { $0.value == 0xFE0F }) { return true }
        return scalars.first?.properties.isEmojiPresentation == true
    }

    /// Shapes `range` of `units` (the rest is context, for joining) in one face and direction,
    /// returning the glyphs in logical order.
    static func shape(_ units: [UInt16], _ range: Range<Int>, level: UInt8, face: LoadedFace, size: CGFloat) -> [ShapedGlyph] {
        guard let buffer = hb_buffer_create() else { return [] }
        defer { hb_buffer_destroy(buffer) }
        units.withUnsafeBufferPointer { text in
            hb_buffer_add_utf16(buffer, text.baseAddress, Int32(text.count), UInt32(range.lowerBound), Int32(range.count))
        }
        hb_buffer_set_direction(buffer, level % 2 == 1 ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
        hb_buffer_guess_segment_properties(buffer)
        hb_shape(face.font, buffer, nil, 0)
        var count: UInt32 = 0
        guard let infos = hb_buffer_get_glyph_infos(buffer, &count), let positions = hb_buffer_get_glyph_positions(buffer, nil) else { return [] }
        let scale = size / CGFloat(face.unitsPerEm)
        var glyphs: [ShapedGlyph] = []
        glyphs.reserveCapacity(Int(count))
        for index in 0..<Int(count) {
            let info = infos[index], position = positions[index]
            var glyph = ShapedGlyph(face: face.id, id: info.codepoint, cluster: Int(info.cluster),
                                    advance: CGFloat(position.x_advance) * scale,
                                    offset: CGPoint(x: CGFloat(position.x_offset) * scale, y: -CGFloat(position.y_offset) * scale),
                                    level: level)
            glyph.unsafeToBreak = info.mask & HB_GLYPH_FLAG_UNSAFE_TO_BREAK.rawValue != 0
            glyphs.append(glyph)
        }
        // HarfBuzz gives right-to-left runs in visual order; layout wants reading order.
        if level % 2 == 1 { glyphs.reverse() }
        return glyphs
    }
}
