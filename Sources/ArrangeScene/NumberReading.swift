import Arrange
import Foundation
import Yams

// Reading numbers: the rules a parameter sets, YAML and JSON literals, `{random: [low, high]}`
// draws and whole numbers.

extension SceneReader {
    /// What numbers a parameter accepts.
    enum NumberRule {
        /// Any finite number.
        case finite
        /// A finite number ≥ 0.
        case nonNegative
        /// A number ≥ 0, or infinity.
        case nonNegativeOrInfinity
        /// A finite number > 0.
        case positive
        /// A number in 0...1.
        case unit

        var expectation: String {
            switch self {
            case .finite: "a number"
            case .nonNegative: "a number ≥ 0"
            case .nonNegativeOrInfinity: "a number ≥ 0 or 'infinity'"
            case .positive: "a number > 0"
            case .unit: "a number from 0 to 1"
            }
        }

        func accepts(_ value: Double) -> Bool {
            switch self {
            case .finite: value.isFinite
            case .nonNegative: value.isFinite && value >= 0
            case .nonNegativeOrInfinity: value >= 0
            case .positive: value.isFinite && value > 0
            case .unit: value >= 0 && value <= 1
            }
        }
    }

    enum Literal: Equatable {
        case number(Double)
        case nan
        case notANumber
    }

    /// A number as written in YAML or JSON: decimal with optional fraction and exponent, or
    /// YAML's `.inf`/`-.inf` and the word `infinity` (JSON has no infinity). `.nan` and `nan` are
    /// recognised only to be refused with a clear message.
    static func numberLiteral(_ text: String) -> Literal {
        // Byte by byte: the characters of a number are all ASCII, and every number of a scene
        // passes here (lowercasing each was most of reading a number).
        func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
        func isNumeral(_ byte: UInt8) -> Bool {
            switch byte {
            case UInt8(ascii: "0") ... UInt8(ascii: "9"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "e"), UInt8(ascii: "E"),
                 UInt8(ascii: "+"), UInt8(ascii: "-"): true
            default: false
            }
        }
        let bytes = text.utf8
        // Whole numbers of up to 15 digits, most numbers of a scene, are exact in a Double: no
        // copy, no parse.
        if !bytes.isEmpty, bytes.count <= 15, bytes.allSatisfy(isDigit) {
            var whole: Int64 = 0
            for byte in bytes { whole = whole * 10 + Int64(byte - UInt8(ascii: "0")) }
            return .number(Double(whole))
        }
        guard bytes.allSatisfy(isNumeral) else {
            switch text.lowercased() {
            case ".inf", "+.inf", "inf", "+inf", "infinity", "+infinity": return .number(.infinity)
            case "-.inf", "-inf", "-infinity": return .number(-.infinity)
            case ".nan", "nan", "-nan", "+nan": return .nan
            default: return .notANumber
            }
        }
        let unsigned = bytes.first == UInt8(ascii: "+") || bytes.first == UInt8(ascii: "-") ? bytes.dropFirst() : bytes[...]
        guard let first = unsigned.first, isDigit(first) || first == UInt8(ascii: "."),
              let value = Double(String(decoding: bytes.filter { $0 != UInt8(ascii: "_") }, as: UTF8.self)) else { return .notANumber }
        return .number(value)
    }

    /// A number for `name`; `{random: [low, high]}` draws one from the generator.
    mutating func number(_ node: Node, _ name: String, _ rule: NumberRule) throws -> Double {
        try number(node, label: "'\(name)'", rule, random: true)
    }

    /// A number that may not be random.
    mutating func constantNumber(_ node: Node, _ name: String, _ rule: NumberRule) throws -> Double {
        try number(node, label: "'\(name)'", rule, random: false)
    }

    /// A number described as `label` in messages.
    private mutating func number(_ node: Node, label: String, _ rule: NumberRule, random allowsRandom: Bool) throws -> Double {
        var accepted: String { allowsRandom ? "\(rule.expectation) or {random: [low, high]}" : rule.expectation }
        let value: Double
        switch node {
        case .mapping where allowsRandom:
            value = try random(node, label, rule)
        case .scalar(let scalar):
            let literal = Self.numberLiteral(scalar.string)
            // Quoted text is a number only for the words JSON cannot write bare.
            let wordOnly = scalar.style != .plain
            switch literal {
            case .number(let v) where !wordOnly || v.isInfinite:
                value = v
            case .nan:
                throw error("\(label) is NaN (not a number); expected \(rule.expectation)", at: node)
            default:
                throw error("\(label) expects \(accepted), found \(Self.describe(node))", at: node)
            }
        default:
            throw error("\(label) expects \(accepted), found \(Self.describe(node))", at: node)
        }
        if value.isFinite, abs(value) > Limits.magnitude {
            throw error("\(label) is \(Self.format(value)); numbers in a scene are at most \(Self.format(Limits.magnitude)) in size", at: node)
        }
        guard rule.accepts(value) else {
            throw error("\(label) must be \(rule.expectation), found \(Self.format(value))", at: node)
        }
        return value
    }

    /// `{random: [low, high]}`: a uniform draw from `SeededGenerator.next(in:)`.
    private mutating func random(_ node: Node, _ label: String, _ rule: NumberRule) throws -> Double {
        let outerSection = context.enter(.value(.random))
        defer { context.section = outerSection }
        var range: (low: Node, high: Node, node: Node)?
        for entry in try entries(node, in: label, as: RandomKey.self) {
            switch entry.key {
            case .random:
                guard case .sequence(let bounds) = entry.value, bounds.count == 2 else {
                    throw error("'random' takes a list of two numbers, [low, high]; found \(Self.describe(entry.value))", at: entry.value)
                }
                range = (bounds[0], bounds[1], entry.value)
            }
        }
        guard let range else {
            throw error("\(label) expects \(rule.expectation) or {random: [low, high]}, found an empty mapping", at: node)
        }
        let low = try number(range.low, label: "the low bound of \(label)", rule, random: false)
        let high = try number(range.high, label: "the high bound of \(label)", rule, random: false)
        guard low.isFinite, high.isFinite else {
            throw error("the bounds of 'random' must be finite numbers", at: range.node)
        }
        guard low <= high else {
            throw error("'random' needs low ≤ high, found [\(Self.format(low)), \(Self.format(high))]", at: range.node)
        }
        return generator.next(in: low...high)
    }

    /// A whole number in `range`, not random.
    func integer(_ node: Node, _ name: String, _ range: ClosedRange<Int>) throws -> Int {
        guard case .scalar(let scalar) = node, scalar.style == .plain, let value = Int(scalar.string) else {
            throw error("'\(name)' expects a whole number from \(range.lowerBound) to \(range.upperBound), found \(Self.describe(node))", at: node)
        }
        guard range.contains(value) else {
            throw error("'\(name)' must be from \(range.lowerBound) to \(range.upperBound), found \(value)", at: node)
        }
        return value
    }

    static func format(_ value: Double) -> String {
        if value.isNaN { return "NaN" }
        if value.isInfinite { return value > 0 ? "infinity" : "-infinity" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return String(value)
    }
}
