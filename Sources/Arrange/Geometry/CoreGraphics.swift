import Foundation

// `import SwiftUI` brings CoreGraphics' geometry; on Linux Foundation has CGFloat, CGPoint, CGSize
// and CGRect but not the affine transform, `applying` or CGVector, which layouts port with them
// (Apple's radial layout rotates its points with `CGAffineTransform(rotationAngle:)`). Where
// CoreGraphics exists, its own types are used.
#if !canImport(CoreGraphics)

/// An affine transformation matrix, as CoreGraphics defines it: a point (x, y) maps to
/// (a·x + c·y + tx, b·x + d·y + ty).
public struct CGAffineTransform: Hashable, Sendable, Codable {
    public var a: CGFloat
    public var b: CGFloat
    public var c: CGFloat
    public var d: CGFloat
    public var tx: CGFloat
    public var ty: CGFloat

    /// The identity transform.
    public init() { self.init(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0) }

    public init(a: CGFloat, b: CGFloat, c: CGFloat, d: CGFloat, tx: CGFloat, ty: CGFloat) {
        self.a = a
        self.b = b
        self.c = c
        self.d = d
        self.tx = tx
        self.ty = ty
    }

    public init(_ a: CGFloat, _ b: CGFloat, _ c: CGFloat, _ d: CGFloat, _ tx: CGFloat, _ ty: CGFloat) {
        self.init(a: a, b: b, c: c, d: d, tx: tx, ty: ty)
    }

    /// A translation by (tx, ty).
    public init(translationX tx: CGFloat, y ty: CGFloat) { self.init(a: 1, b: 0, c: 0, d: 1, tx: tx, ty: ty) }

    /// A scale by sx horizontally and sy vertically.
    public init(scaleX sx: CGFloat, y sy: CGFloat) { self.init(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0) }

    /// A rotation by `angle` radians; positive turns the x axis towards the y axis (clockwise
    /// on a screen, where y points down).
    public init(rotationAngle angle: CGFloat) {
        let cosine = cos(angle), sine = sin(angle)
        self.init(a: cosine, b: sine, c: -sine, d: cosine, tx: 0, ty: 0)
    }

    /// The identity transform.
    public static let identity = CGAffineTransform()

    /// Whether this is the identity transform.
    public var isIdentity: Bool { self == .identity }

    /// `self` followed by `other`: a point is transformed by `self`, then by `other`.
    public func concatenating(_ other: CGAffineTransform) -> CGAffineTransform {
        CGAffineTransform(a: a * other.a + b * other.c, b: a * other.b + b * other.d,
                          c: c * other.a + d * other.c, d: c * other.b + d * other.d,
                          tx: tx * other.a + ty * other.c + other.tx, ty: tx * other.b + ty * other.d + other.ty)
    }

    /// A translation applied before `self`.
    public func translatedBy(x: CGFloat, y: CGFloat) -> CGAffineTransform {
        CGAffineTransform(translationX: x, y: y).concatenating(self)
    }

    /// A scale applied before `self`.
    public func scaledBy(x: CGFloat, y: CGFloat) -> CGAffineTransform {
        CGAffineTransform(scaleX: x, y: y).concatenating(self)
    }

    /// A rotation by `angle` radians applied before `self`.
    public func rotated(by angle: CGFloat) -> CGAffineTransform {
        CGAffineTransform(rotationAngle: angle).concatenating(self)
    }

    /// The transform that undoes `self`; `self` unchanged when it cannot be inverted (its
    /// determinant is 0), as CoreGraphics does.
    public func inverted() -> CGAffineTransform {
        let determinant = a * d - b * c
        guard determinant != 0, determinant.isFinite else { return self }
        return CGAffineTransform(a: d / determinant, b: -b / determinant, c: -c / determinant, d: a / determinant,
                                 tx: (c * ty - d * tx) / determinant, ty: (b * tx - a * ty) / determinant)
    }
}

/// A two-dimensional vector, as CoreGraphics defines it.
public struct CGVector: Hashable, Sendable, Codable {
    public var dx: CGFloat
    public var dy: CGFloat

    public init() { self.init(dx: 0, dy: 0) }

    public init(dx: CGFloat, dy: CGFloat) {
        self.dx = dx
        self.dy = dy
    }

    /// The zero vector.
    public static let zero = CGVector()
}

extension CGPoint {
    /// The point transformed by `t`.
    public func applying(_ t: CGAffineTransform) -> CGPoint {
        CGPoint(x: t.a * x + t.c * y + t.tx, y: t.b * x + t.d * y + t.ty)
    }
}

extension CGSize {
    /// The size transformed by `t`, whose translation does not apply to a size.
    public func applying(_ t: CGAffineTransform) -> CGSize {
        CGSize(width: t.a * width + t.c * height, height: t.b * width + t.d * height)
    }
}

extension CGRect {
    /// The smallest rectangle holding the four corners of the rectangle transformed by `t`;
    /// the null rectangle stays null.
    public func applying(_ t: CGAffineTransform) -> CGRect {
        guard !isNull else { return self }
        let rect = standardized
        let corners = [CGPoint(x: rect.minX, y: rect.minY), CGPoint(x: rect.maxX, y: rect.minY),
                       CGPoint(x: rect.minX, y: rect.maxY), CGPoint(x: rect.maxX, y: rect.maxY)].map { $0.applying(t) }
        let xs = corners.map(\.x), ys = corners.map(\.y)
        guard let minX = xs.min(), let maxX = xs.max(), let minY = ys.min(), let maxY = ys.max() else { return self }
        return CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }
}

#endif
