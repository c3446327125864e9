import Foundation

/// The blur of a drop shadow, as librsvg's `feGaussianBlur` computes it (the SVG backend draws a
/// shadow as `feGaussianBlur` of `SourceAlpha`, `feOffset`, `feFlood`, `feComposite in` and
/// `feMerge`, which librsvg renders with Cairo): the same kernels and the same rounding, so that
/// the PNG and the rasterised SVG agree pixel for pixel, and so that a shadow's pixels do not
/// depend on where the surface it is drawn on starts.
///
/// A standard deviation of 2 device pixels or more is three box blurs (the approximation the
/// filter effects specification gives, box size d = ⌊σ · 3 · √(2π) / 4 + 0.5⌋, with its offsets
/// for an even d); a smaller one is a true Gaussian kernel, integrated over each pixel. Each pass
/// is horizontal, then vertical, and rounds to 8 bits; pixels outside the plane are transparent.
enum ShadowBlur {
    /// The largest kernel, in pixels (librsvg's and WebKit's limit).
    static let maximumKernel = 500

    /// How far, in device pixels, the blur of standard deviation `sigma` (device pixels) can
    /// spread a pixel: every pass's reach added up, with a pixel to spare.
    static func reach(sigma: Double) -> Int {
        guard sigma.isFinite, sigma > 0 else { return 0 }
        if sigma >= 2 {
            let d = boxSize(sigma)
            return d == 0 ? 0 : 3 * (d / 2 + 1) + 1
        }
        return kernelRadius(sigma) + 1
    }

    /// The box size for `sigma` ≥ 2.
    static func boxSize(_ sigma: Double) -> Int {
        let d = (sigma * 3 * (2 * Double.pi).squareRoot() / 4 + 0.5).rounded(.down)
        return Int(min(d, Double(maximumKernel)))
    }

    /// The radius of the Gaussian kernel for `sigma` < 2: three deviations, rounded.
    static func kernelRadius(_ sigma: Double) -> Int {
        let largest = Double(maximumKernel / 2) / 3
        return min(Int(min(sigma, largest) * 3 + 0.5), (maximumKernel - 1) / 2)
    }

    /// The Gaussian kernel for `sigma`, normalised: each weight the mean of e^(−x²/2σ²) over 50
    /// samples across its pixel (51 for the centre, so that it stays symmetric).
    static func gaussianKernel(_ sigma: Double) -> [Double] {
        let radius = kernelRadius(sigma), diameter = 2 * radius + 1
        // A σ so small that σ² is 0 would make every weight 0/0.
        guard radius > 0 else { return [1] }
        func gauss(_ x: Double) -> Double { exp(-(x * x) / (2 * sigma * sigma)) }
        var kernel = [Double](repeating: 0, count: diameter)
        for i in 0..<radius {
            let base = Double(radius + 1 - i) - 0.5
            var sum = 0.0
            for j in 1...50 { sum += gauss(base + 0.02 * Double(j)) }
            kernel[i] = sum / 50
            kernel[diameter - 1 - i] = sum / 50
        }
        var centre = 0.0
        for j in 0...50 { centre += gauss(-0.5 + 0.02 * Double(j)) }
        kernel[radius] = centre / 51
        let total = kernel.reduce(0, +)
        return kernel.map { $0 / total }
    }

    /// Blurs `plane` (`width × height` alpha values, row by row) in place.
    static func blur(_ plane: inout [UInt8], width: Int, height: Int, sigma: Double) {
        guard sigma.isFinite, sigma > 0, width > 0, height > 0, plane.count >= width * height else { return }
        // Below a sixth of a pixel the kernel is its centre alone: nothing moves.
        guard sigma >= 2 || kernelRadius(sigma) > 0 else { return }
        let pass = sigma >= 2 ? Pass.boxes(boxSize(sigma)) : Pass.kernel(gaussianKernel(sigma))
        let count = max(width, height)
        let line = UnsafeMutablePointer<UInt8>.allocate(capacity: count), scratch = UnsafeMutablePointer<UInt8>.allocate(capacity: count)
        defer {
            line.deallocate()
            scratch.deallocate()
        }
        plane.withUnsafeMutableBufferPointer { buffer in
            guard let p = buffer.baseAddress else { return }
            // Horizontal, then vertical, like librsvg.
            for y in 0..<height {
                let row = p + y * width
                line.update(from: row, count: width)
                blurLine(line, scratch, width, pass)
                row.update(from: line, count: width)
            }
            for x in 0..<width {
                var q = p + x
                for j in 0..<height {
                    line[j] = q.pointee
                    q += width
                }
                blurLine(line, scratch, height, pass)
                q = p + x
                for j in 0..<height {
                    q.pointee = line[j]
                    q += width
                }
            }
        }
    }

    /// What one row or column goes through.
    private enum Pass {
        /// Three box blurs from a box of this size.
        case boxes(Int)
        /// A convolution with this kernel.
        case kernel([Double])
    }

    /// One row or column of `length`, in place in `line`; `scratch` is as long.
    private static func blurLine(_ line: UnsafeMutablePointer<UInt8>, _ scratch: UnsafeMutablePointer<UInt8>, _ length: Int, _ pass: Pass) {
        switch pass {
        case .boxes(let d):
            guard d > 0 else { return }
            if d % 2 == 1 {
                box(line, scratch, length, d, d / 2)
                box(line, scratch, length, d, d / 2)
                box(line, scratch, length, d, d / 2)
            } else {
                box(line, scratch, length, d, d / 2)
                box(line, scratch, length, d, d / 2 - 1)
                box(line, scratch, length, d + 1, (d + 1) / 2)
            }
        case .kernel(let kernel):
            kernel.withUnsafeBufferPointer { k in
                guard let k = k.baseAddress else { return }
                convolve(line, scratch, length, k, kernel.count)
            }
        }
    }

    /// A box blur of `size` pixels: pixel j becomes the mean of pixels j − target … j − target +
    /// size − 1 (those outside the line are transparent), rounded half up.
    private static func box(_ line: UnsafeMutablePointer<UInt8>, _ scratch: UnsafeMutablePointer<UInt8>, _ length: Int, _ size: Int, _ target: Int) {
        var sum = 0
        for k in 0..<min(length, size - target) { sum += Int(line[k]) }
        scratch[0] = UInt8((2 * sum + size) / (2 * size))
        var j = 1
        while j < length {
            let old = j - target - 1, new = j - target + size - 1
            if old >= 0 { sum -= Int(line[old]) }
            if new < length { sum += Int(line[new]) }
            scratch[j] = UInt8((2 * sum + size) / (2 * size))
            j += 1
        }
        line.update(from: scratch, count: length)
    }

    /// A centred convolution with the `n` weights of `kernel` (n odd), summed in librsvg's order
    /// (transparent pixels add nothing). Where the whole window is one value the sum is always
    /// the same, so it is worked out once per value.
    private static func convolve(_ line: UnsafeMutablePointer<UInt8>, _ scratch: UnsafeMutablePointer<UInt8>, _ length: Int,
                                 _ kernel: UnsafePointer<Double>, _ n: Int) {
        let target = n / 2
        var constant = [Int16](repeating: -1, count: 256)
        // The start of the run of equal values each pixel is in, a pixel at a time.
        var runStart = 0
        var checked = 0
        func sum(_ first: Int, from start: Int, to end: Int) -> UInt8 {
            var total = 0.0
            var x = start
            while x < end {
                let value = line[x]
                if value != 0 { total += Double(value) * kernel[first + n - 1 - x] }
                x += 1
            }
            return UInt8(min(max(total, 0), 255) + 0.5)
        }
        for j in 0..<length {
            let first = j - target, end = first + n
            if first >= 0, end <= length {
                // Bring the run start up to the window's last pixel.
                while checked < end - 1 {
                    checked += 1
                    if line[checked] != line[checked - 1] { runStart = checked }
                }
                if runStart <= first {
                    let value = Int(line[first])
                    if constant[value] < 0 { constant[value] = Int16(sum(first, from: first, to: end)) }
                    scratch[j] = UInt8(constant[value])
                    continue
                }
            }
            scratch[j] = sum(first, from: max(first, 0), to: min(end, length))
        }
        line.update(from: scratch, count: length)
    }
}
