import Foundation

/// A timing curve: how far an animation has got (0...1, a spring may overshoot) at a point of its
/// duration (0...1).
public struct Animation: Hashable, Sendable {
    enum Curve: Hashable, Sendable {
        case linear
        /// A CSS-style cubic Bézier from (0, 0) to (1, 1) with control points (x1, y1), (x2, y2).
        case bezier(Double, Double, Double, Double)
        /// A damped spring, sampled over the time it takes to settle.
        case spring(response: Double, dampingFraction: Double)
    }

    let curve: Curve

    /// Constant speed.
    public static let linear = Animation(curve: .linear)
    /// Starts slowly: cubic-bezier(0.42, 0, 1, 1).
    public static let easeIn = Animation(curve: .bezier(0.42, 0, 1, 1))
    /// Ends slowly: cubic-bezier(0, 0, 0.58, 1).
    public static let easeOut = Animation(curve: .bezier(0, 0, 0.58, 1))
    /// Starts and ends slowly: cubic-bezier(0.42, 0, 0.58, 1).
    public static let easeInOut = Animation(curve: .bezier(0.42, 0, 0.58, 1))
    /// SwiftUI's default: a spring.
    public static let `default` = Animation.spring()

    /// A spring that takes `response` seconds per oscillation, damped by `dampingFraction`
    /// (1 is critical damping, no overshoot; less bounces).
    public static func spring(response: Double = 0.5, dampingFraction: Double = 0.825) -> Animation {
        let response = response.isFinite && response > 0 ? response : 0.5
        let damping = dampingFraction.isFinite ? min(max(dampingFraction, 0.01), 1) : 0.825
        return Animation(curve: .spring(response: response, dampingFraction: damping))
    }

    /// The progress at `time` (0...1 of the animation's duration). 0 at the start, exactly 1 at
    /// the end; times outside 0...1 are clamped.
    public func progress(at time: Double) -> Double {
        let t = time.isNaN ? 0 : min(max(time, 0), 1)
        if t == 0 { return 0 }
        if t == 1 { return 1 }
        switch curve {
        case .linear: return t
        case let .bezier(x1, y1, x2, y2): return Self.bezier(t, x1, y1, x2, y2)
        case let .spring(response, damping): return Self.spring(t, response: response, damping: damping)
        }
    }

    /// y at the curve point whose x is `x`, found by bisection (x(s) is monotonic on 0...1).
    private static func bezier(_ x: Double, _ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) -> Double {
        func coordinate(_ s: Double, _ a: Double, _ b: Double) -> Double {
            3 * (1 - s) * (1 - s) * s * a + 3 * (1 - s) * s * s * b + s * s * s
        }
        var low = 0.0, high = 1.0
        for _ in 0..<60 {
            let mid = (low + high) / 2
            if coordinate(mid, x1, x2) < x { low = mid } else { high = mid }
        }
        return coordinate((low + high) / 2, y1, y2)
    }

    /// A unit spring from 0 to 1: ω = 2π / response, ζ = dampingFraction, run over the time its
    /// envelope e^(−ζωτ) takes to fall to 0.1%.
    private static func spring(_ t: Double, response: Double, damping: Double) -> Double {
        let omega = 2 * Double.pi / response
        let settle = log(1000) / (damping * omega)
        let tau = t * settle
        let envelope = exp(-damping * omega * tau)
        if damping >= 1 { return 1 - envelope * (1 + omega * tau) }
        let omegaD = omega * (1 - damping * damping).squareRoot()
        return 1 - envelope * (cos(omegaD * tau) + damping * omega / omegaD * sin(omegaD * tau))
    }
}
