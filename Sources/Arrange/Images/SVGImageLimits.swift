import Foundation

/// The checks on a sanitised SVG image that keep librsvg quick and alive: the elements it expands
/// to once every `<use>` and `url(#…)` is followed (24 nested doublings are 16 million copies
/// from 1.5 KB), how deep that nests, no reference leading back to itself, and the filter
/// parameters whose cost grows without bound or which make librsvg abort.
struct SVGImageLimits {
    let tree: SVGSanitizer.KeptTree
    /// Each element's expanded count and the depth below it, once known.
    private var counts: [Int]
    private var heights: [Int]
    /// Elements being expanded: meeting one again is a loop.
    private var expanding: Set<Int> = []

    init(_ tree: SVGSanitizer.KeptTree) {
        self.tree = tree
        counts = Array(repeating: -1, count: tree.names.count)
        heights = Array(repeating: 0, count: tree.names.count)
    }

    mutating func check() throws(ImageError) {
        for element in tree.names.indices { try checkFilter(element) }
        guard !tree.names.isEmpty else { return }
        _ = try expand(0, depth: 0)
    }

    /// The elements `element` draws, itself included, references followed.
    private mutating func expand(_ element: Int, depth: Int) throws(ImageError) -> Int {
        let limit = SVGSanitizer.elementLimit, depthLimit = SVGSanitizer.depthLimit
        if counts[element] >= 0 {
            guard depth + heights[element] <= depthLimit else { throw Self.tooDeep }
            return counts[element]
        }
        guard depth <= depthLimit else { throw Self.tooDeep }
        expanding.insert(element)
        var count = 1, height = 0
        let referred = tree.references[element].compactMap { tree.ids[$0] }
        for next in tree.children[element] + referred {
            guard !expanding.contains(next) else {
                let id = tree.attribute("id", of: next).map { " ('#\($0)')" } ?? ""
                throw ImageError.refused("a <use> or url(#…) reference leads back to the element holding it\(id)")
            }
            count += try expand(next, depth: depth + 1)
            height = max(height, heights[next] + 1)
            guard count <= limit else {
                throw ImageError.refused("its <use> and url(#…) references expand it to more than \(limit) elements, the limit for an SVG image")
            }
        }
        expanding.remove(element)
        counts[element] = count
        heights[element] = height
        return count
    }

    private static var tooDeep: ImageError {
        .refused("its elements nest more than \(SVGSanitizer.depthLimit) deep once <use> and url(#…) references are followed, the limit for an SVG image")
    }

    /// Refuses a filter primitive whose parameters are over the limits.
    private func checkFilter(_ element: Int) throws(ImageError) {
        switch tree.names[element] {
        case "feConvolveMatrix":
            try checkNumbers("order", of: element, most: 2, limit: SVGSanitizer.convolveOrderLimit,
                             why: "librsvg aborts on large kernels and each is slow")
            // librsvg 2.54 aborts on a kernel of 400 numbers or more, whatever the order (found
            // by the fuzzer: an unknown attribute left the order 3 and the kernel 400 long).
            if let kernel = tree.attribute("kernelMatrix", of: element) {
                let most = SVGSanitizer.convolveOrderLimit * SVGSanitizer.convolveOrderLimit
                guard let numbers = Self.numbers(kernel) else {
                    throw ImageError.refused("<feConvolveMatrix> has a kernelMatrix that is not a list of numbers")
                }
                guard numbers.count <= most else {
                    throw ImageError.refused("<feConvolveMatrix> has a kernelMatrix of \(numbers.count) numbers; at most \(most) are allowed")
                }
            }
        case "feTurbulence":
            try checkNumbers("numOctaves", of: element, most: 1, limit: SVGSanitizer.octaveLimit, why: "each octave is another pass over every pixel")
        case "feMorphology":
            try checkNumbers("radius", of: element, most: 2, limit: SVGSanitizer.morphologyRadiusLimit,
                             why: "the work at every pixel grows with the radius squared")
        default:
            break
        }
    }

    /// Refuses `attribute` unless it is up to `most` numbers, each from 0 to `limit`.
    private func checkNumbers(_ attribute: String, of element: Int, most: Int, limit: Int, why: String) throws(ImageError) {
        guard let text = tree.attribute(attribute, of: element) else { return }
        let name = tree.names[element]
        guard let numbers = Self.numbers(text), (1...most).contains(numbers.count) else {
            throw ImageError.refused("<\(name)> has \(attribute)=\"\(text.prefix(40))\", which is not \(most == 1 ? "a number" : "one or two numbers")")
        }
        for number in numbers where !(number >= 0 && number <= Double(limit)) {
            throw ImageError.refused("<\(name)> has \(attribute) \(text.prefix(40)); at most \(limit) is allowed (\(why))")
        }
    }

    /// The numbers of a list separated by white space or commas; nil if one is not a number.
    static func numbers(_ text: String) -> [Double]? {
        var numbers: [Double] = []
        for part in text.split(whereSeparator: { $0 == "," || $0.isWhitespace }) {
            guard let number = Double(part) else { return nil }
            numbers.append(number)
        }
        return numbers
    }
}
