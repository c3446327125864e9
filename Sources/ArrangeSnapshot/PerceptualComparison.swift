import Foundation
import Synchronization

/// How two images are compared for a snapshot check, as pixelmatch (and Playwright's
/// `toHaveScreenshot`) compare them: per pixel, by the distance of their colours in the YIQ space,
/// which weighs brightness most as the eye does; pixels that differ only because an edge was
/// anti-aliased a little differently are recognised and not counted.
///
/// ```swift
/// let result = try ImageComparison().compare(reference, actual)
/// result.passes          // no pixel differs (unless a tolerance is given)
/// result.diffImage       // the reference faded, differences red, anti-aliased pixels yellow
/// ```
public struct ImageComparison: Hashable, Sendable {
    /// The colour distance a pixel may have, 0...1 (pixelmatch's `threshold`): 0 counts any
    /// change; the default 0.1 ignores differences the eye does not see.
    public var threshold: Double
    /// Count anti-aliased pixels as differences too (pixelmatch's `includeAA`).
    public var includeAntiAliasing: Bool
    /// The share of pixels, 0...1, that may differ and still pass (Playwright's
    /// `maxDiffPixelRatio`); 0, the default, tolerates none.
    public var maxDifferingFraction: Double
    /// How many pixels may differ and still pass (Playwright's `maxDiffPixels`); 0, the default,
    /// tolerates none. With both tolerances the larger one applies, as in Playwright.
    public var maxDifferingPixels: Int

    /// What `arrange check` and `assertSnapshot` use unless told otherwise: strict, as Playwright's
    /// `toHaveScreenshot` is. Threshold 0.1 and no pixel may differ, so a recoloured icon fails
    /// however small it is; only edges that anti-alias differently are ignored. A tolerance is
    /// opt-in: `maxDifferingPixels`, `maxDifferingFraction` (`--max-diff-pixels`, `--max-diff`).
    public static let checkDefault = ImageComparison(threshold: 0.1)

    /// A comparison; the defaults are `checkDefault`'s. Out-of-range values are clamped
    /// (threshold and fraction to 0...1, pixels to 0 or more); a non-finite threshold is 0.1 and a
    /// non-finite fraction 0.
    public init(threshold: Double = 0.1, includeAntiAliasing: Bool = false, maxDifferingFraction: Double = 0,
                maxDifferingPixels: Int = 0) {
        self.threshold = threshold.isFinite ? min(max(threshold, 0), 1) : 0.1
        self.includeAntiAliasing = includeAntiAliasing
        self.maxDifferingFraction = maxDifferingFraction.isFinite ? min(max(maxDifferingFraction, 0), 1) : 0
        self.maxDifferingPixels = max(maxDifferingPixels, 0)
    }

    /// Compares `actual` with `reference`. Rows that are byte for byte the same are skipped
    /// whole (a `memcmp`, vectorised by the C library), so identical images cost one pass over
    /// their bytes; the rest is compared in bands of rows, one per core, joined in row order (the
    /// same counts and marks as one pass). The diff image is drawn only when
    /// `Result.diffImage` is read.
    /// - Throws: `SnapshotError.sizeMismatch`, naming both sizes, when they differ in size.
    public func compare(_ reference: Bitmap, _ actual: Bitmap) throws -> Result {
        guard reference.width == actual.width, reference.height == actual.height else {
            throw SnapshotError.sizeMismatch(expected: (reference.width, reference.height), actual: (actual.width, actual.height))
        }
        let width = reference.width, height = reference.height
        // Bands of at least 64 rows: a small image is not worth a thread.
        let bands = max(1, min(ProcessInfo.processInfo.activeProcessorCount, 8, height / 64))
        let found = Mutex<[Int: Band]>([:])
        DispatchQueue.concurrentPerform(iterations: bands) { band in
            let rows = (height * band / bands)..<(height * (band + 1) / bands)
            let result = reference.pixels.withUnsafeBufferPointer { a in
                actual.pixels.withUnsafeBufferPointer { b in compareRows(rows, a, b, width: width, height: height) }
            }
            found.withLock { $0[band] = result }
        }
        let results = found.withLock { $0 }
        var marks: [ImageComparisonResult.Mark] = []
        var differing = 0, antiAliased = 0
        var box: (minX: Int, minY: Int, maxX: Int, maxY: Int)?
        for band in 0..<bands {
            guard let result = results[band] else { continue }
            marks += result.marks
            differing += result.differing
            antiAliased += result.antiAliased
            if let b = result.box {
                box = (min(box?.minX ?? b.minX, b.minX), min(box?.minY ?? b.minY, b.minY), max(box?.maxX ?? b.maxX, b.maxX), max(box?.maxY ?? b.maxY, b.maxY))
            }
        }
        let bounds = box.map { CGRect(x: $0.minX, y: $0.minY, width: $0.maxX - $0.minX + 1, height: $0.maxY - $0.minY + 1) }
        return Result(differingPixels: differing, antiAliasedPixels: antiAliased, totalPixels: width * height,
                      differingBounds: bounds, reference: reference, marks: marks,
                      maxDifferingFraction: maxDifferingFraction, maxDifferingPixels: maxDifferingPixels)
    }

    /// What one band of rows found.
    private struct Band: Sendable {
        var marks: [ImageComparisonResult.Mark] = []
        var differing = 0, antiAliased = 0
        var box: (minX: Int, minY: Int, maxX: Int, maxY: Int)?
    }

    /// Compares the pixels of `rows` (anti-aliasing looks at neighbours in any row).
    private func compareRows(_ rows: Range<Int>, _ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>,
                             width: Int, height: Int) -> Band {
        var band = Band()
        guard let rowsA = a.baseAddress, let rowsB = b.baseAddress else { return band }
        let rowBytes = width * 4
        // 35215 is the largest YIQ distance, between black and white.
        let maxDelta = 35215 * threshold * threshold
        for y in rows where memcmp(rowsA + y * rowBytes, rowsB + y * rowBytes, rowBytes) != 0 {
            for x in 0..<width {
                let i = (y * width + x) * 4
                if a[i] == b[i] && a[i + 1] == b[i + 1] && a[i + 2] == b[i + 2] && a[i + 3] == b[i + 3] { continue }
                guard abs(Self.colorDelta(a, b, i, i, brightnessOnly: false)) > maxDelta else { continue }
                if !includeAntiAliasing,
                   Self.isAntiAliased(a, x, y, width, height, b) || Self.isAntiAliased(b, x, y, width, height, a) {
                    band.antiAliased += 1
                    band.marks.append(.init(pixel: y * width + x, antiAliased: true))
                } else {
                    band.differing += 1
                    band.marks.append(.init(pixel: y * width + x, antiAliased: false))
                    let box = band.box
                    band.box = (min(box?.minX ?? x, x), min(box?.minY ?? y, y), max(box?.maxX ?? x, x), max(box?.maxY ?? y, y))
                }
            }
        }
        return band
    }

    /// The diff image: the reference in pale grey, so the marks stand out in context; differing
    /// pixels red, anti-aliased ones yellow.
    static func diffImage(_ reference: Bitmap, marks: [ImageComparisonResult.Mark]) -> Bitmap {
        var output = [UInt8](repeating: 255, count: reference.pixels.count)
        reference.pixels.withUnsafeBufferPointer { a in
            output.withUnsafeMutableBufferPointer { out in
                for i in stride(from: 0, to: a.count, by: 4) {
                    let grey = Self.blendWithWhite(Self.brightness(a, i), alpha: 0.1 * Double(a[i + 3]) / 255)
                    let value = UInt8(max(0, min(255, grey.rounded())))
                    Self.paint(out, i, value, value, value)
                }
                for mark in marks {
                    Self.paint(out, mark.pixel * 4, 255, mark.antiAliased ? 255 : 0, 0)
                }
            }
        }
        return Bitmap(width: reference.width, height: reference.height, pixels: output)
            ?? Bitmap(width: reference.width, height: reference.height, red: 255, green: 255, blue: 255, alpha: 255)
    }

    private static func paint(_ out: UnsafeMutableBufferPointer<UInt8>, _ i: Int, _ r: UInt8, _ g: UInt8, _ b: UInt8) {
        out[i] = r
        out[i + 1] = g
        out[i + 2] = b
        out[i + 3] = 255
    }

    private static func blendWithWhite(_ value: Double, alpha: Double) -> Double { 255 + (value - 255) * alpha }

    /// A pixel's brightness (the Y of YIQ) over white.
    private static func brightness(_ p: UnsafeBufferPointer<UInt8>, _ i: Int) -> Double {
        let alpha = Double(p[i + 3]) / 255
        let r = blendWithWhite(Double(p[i]), alpha: alpha), g = blendWithWhite(Double(p[i + 1]), alpha: alpha)
        let b = blendWithWhite(Double(p[i + 2]), alpha: alpha)
        return r * 0.29889531 + g * 0.58662247 + b * 0.11448223
    }

    /// The YIQ distance of two pixels (signed: negative when the first is brighter), or only the
    /// difference in brightness.
    static func colorDelta(_ p: UnsafeBufferPointer<UInt8>, _ q: UnsafeBufferPointer<UInt8>, _ i: Int, _ j: Int,
                           brightnessOnly: Bool) -> Double {
        var r1 = Double(p[i]), g1 = Double(p[i + 1]), b1 = Double(p[i + 2])
        var r2 = Double(q[j]), g2 = Double(q[j + 1]), b2 = Double(q[j + 2])
        let a1 = Double(p[i + 3]), a2 = Double(q[j + 3])
        if a1 < 255 {
            let alpha = a1 / 255
            r1 = blendWithWhite(r1, alpha: alpha); g1 = blendWithWhite(g1, alpha: alpha); b1 = blendWithWhite(b1, alpha: alpha)
        }
        if a2 < 255 {
            let alpha = a2 / 255
            r2 = blendWithWhite(r2, alpha: alpha); g2 = blendWithWhite(g2, alpha: alpha); b2 = blendWithWhite(b2, alpha: alpha)
        }
        let y1 = r1 * 0.29889531 + g1 * 0.58662247 + b1 * 0.11448223
        let y2 = r2 * 0.29889531 + g2 * 0.58662247 + b2 * 0.11448223
        let y = y1 - y2
        if brightnessOnly { return y }
        let i = (r1 * 0.59597799 - g1 * 0.27417610 - b1 * 0.32180189) - (r2 * 0.59597799 - g2 * 0.27417610 - b2 * 0.32180189)
        let q = (r1 * 0.21147017 - g1 * 0.52261711 + b1 * 0.31114694) - (r2 * 0.21147017 - g2 * 0.52261711 + b2 * 0.31114694)
        let delta = 0.5053 * y * y + 0.299 * i * i + 0.1957 * q * q
        return y1 > y2 ? -delta : delta
    }

    /// Whether the pixel at (x, y) of `image` lies on an anti-aliased edge (Vysniauskas, 2009, as
    /// pixelmatch applies it): among its eight neighbours there is both a brighter and a darker
    /// one, at most two of the same brightness, and the brightest or darkest of them sits in a
    /// flat area of both images.
    static func isAntiAliased(_ image: UnsafeBufferPointer<UInt8>, _ x: Int, _ y: Int, _ width: Int, _ height: Int,
                              _ other: UnsafeBufferPointer<UInt8>) -> Bool {
        let x0 = max(x - 1, 0), y0 = max(y - 1, 0), x2 = min(x + 1, width - 1), y2 = min(y + 1, height - 1)
        let centre = (y * width + x) * 4
        var zeroes = (x == x0 || x == x2 || y == y0 || y == y2) ? 1 : 0
        var darkest = 0.0, brightest = 0.0
        var darkestAt = (0, 0), brightestAt = (0, 0)
        // Column by column, as pixelmatch's antialiased() visits them: when two neighbours are
        // equally dark (or bright), the first one found is kept, and which one that is changes
        // the verdict, hence the counts of pixelmatch's own test suite.
        for nx in x0...x2 {
            for ny in y0...y2 where nx != x || ny != y {
                let delta = colorDelta(image, image, centre, (ny * width + nx) * 4, brightnessOnly: true)
                if delta == 0 {
                    zeroes += 1
                    if zeroes > 2 { return false }
                } else if delta < darkest {
                    darkest = delta
                    darkestAt = (nx, ny)
                } else if delta > brightest {
                    brightest = delta
                    brightestAt = (nx, ny)
                }
            }
        }
        guard darkest != 0, brightest != 0 else { return false }
        return (hasManySiblings(image, darkestAt.0, darkestAt.1, width, height) && hasManySiblings(other, darkestAt.0, darkestAt.1, width, height))
            || (hasManySiblings(image, brightestAt.0, brightestAt.1, width, height) && hasManySiblings(other, brightestAt.0, brightestAt.1, width, height))
    }

    /// Whether at least three neighbours of the pixel have exactly its colour.
    static func hasManySiblings(_ image: UnsafeBufferPointer<UInt8>, _ x: Int, _ y: Int, _ width: Int, _ height: Int) -> Bool {
        let x0 = max(x - 1, 0), y0 = max(y - 1, 0), x2 = min(x + 1, width - 1), y2 = min(y + 1, height - 1)
        let centre = (y * width + x) * 4
        var zeroes = (x == x0 || x == x2 || y == y0 || y == y2) ? 1 : 0
        for ny in y0...y2 {
            for nx in x0...x2 where nx != x || ny != y {
                let j = (ny * width + nx) * 4
                if image[centre] == image[j], image[centre + 1] == image[j + 1], image[centre + 2] == image[j + 2], image[centre + 3] == image[j + 3] {
                    zeroes += 1
                }
                if zeroes > 2 { return true }
            }
        }
        return false
    }
}

extension ImageComparison {
    /// What a comparison found.
    public typealias Result = ImageComparisonResult
}

/// The outcome of an `ImageComparison`.
public struct ImageComparisonResult: Sendable {
    /// Pixels whose colours differ by more than the threshold, anti-aliased ones left out.
    public var differingPixels: Int
    /// Pixels that differ only as anti-aliased edges do (not counted as differing).
    public var antiAliasedPixels: Int
    /// All pixels compared.
    public var totalPixels: Int
    /// The smallest rectangle, in pixels, holding every differing pixel; nil when none differ.
    public var differingBounds: CGRect?
    /// The reference faded to pale grey, differing pixels red, anti-aliased ones yellow; drawn
    /// when read (a comparison whose picture nobody writes never makes it).
    public var diffImage: Bitmap { ImageComparison.diffImage(reference, marks: marks) }
    /// The image compared against, kept for `diffImage` (shared, not copied).
    let reference: Bitmap
    /// The pixels found different, by index, in row order.
    let marks: [Mark]
    /// The share of differing pixels that still passes.
    public var maxDifferingFraction: Double
    /// The number of differing pixels that still passes.
    public var maxDifferingPixels: Int = 0

    /// A pixel that differs: counted, or only anti-aliased.
    struct Mark: Sendable {
        var pixel: Int
        var antiAliased: Bool
    }

    /// The share of differing pixels, 0...1.
    public var fraction: Double { totalPixels == 0 ? 0 : Double(differingPixels) / Double(totalPixels) }
    /// Whether the images match: no pixel differs, or no more than a tolerance allows (the larger
    /// of `maxDifferingPixels` and `maxDifferingFraction` of the pixels, as Playwright takes it).
    public var passes: Bool {
        differingPixels == 0 || differingPixels <= maxDifferingPixels || fraction <= maxDifferingFraction
    }
    /// Whether the images pass only because a tolerance allowed their differing pixels: a pass to
    /// be reported as such ("440 px differ, tolerated"), never silently.
    public var tolerated: Bool { differingPixels > 0 && passes }
    /// "440 px differ, tolerated" for a tolerated pass, else nil.
    public var toleratedNote: String? { tolerated ? Self.toleratedNote(differingPixels) : nil }

    /// "440 px differ, tolerated": the words for a pass that a tolerance allowed, wherever it is
    /// reported (the terminal, report.html, JUnit).
    public static func toleratedNote(_ differingPixels: Int) -> String {
        "\(differingPixels) px differ\(differingPixels == 1 ? "s" : ""), tolerated"
    }

    /// "1,234 of 40,000 pixels differ (3.085%); 12 anti-aliased pixels ignored".
    public var summary: String { Self.summary(differingPixels: differingPixels, antiAliasedPixels: antiAliasedPixels, totalPixels: totalPixels) }

    /// The summary of a comparison with these counts: for images known identical without one.
    public static func summary(differingPixels: Int, antiAliasedPixels: Int, totalPixels: Int) -> String {
        let fraction = totalPixels == 0 ? 0 : Double(differingPixels) / Double(totalPixels)
        let percent = String(format: "%.3f", fraction * 100)
        var text = "\(differingPixels) of \(totalPixels) pixels differ (\(percent)%)"
        if antiAliasedPixels > 0 { text += "; \(antiAliasedPixels) anti-aliased pixel\(antiAliasedPixels == 1 ? "" : "s") ignored" }
        return text
    }
}
