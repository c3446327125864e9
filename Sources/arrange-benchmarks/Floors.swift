import CBenchmarkFloors
import Foundation

/// The anchor boxes as the C floors take them, with the greedy loop's placement.
struct FloorInput {
    let count: Int
    let widths: [Double]
    let heights: [Double]
    let colours: [UInt32]
    var x: [Double]
    var y: [Double]
    var flow = floor_flow()

    init(_ boxes: [AnchorWorkload.Box]) {
        count = boxes.count
        widths = boxes.map { Double($0.width) }
        heights = boxes.map { Double($0.height) }
        colours = boxes.map(\.colour)
        x = Array(repeating: 0, count: count)
        y = Array(repeating: 0, count: count)
        place()
    }

    /// Floor (a): the greedy flow loop, writing x and y.
    mutating func place() {
        let count = count
        flow = floor_greedy_flow(count, widths, heights, Double(AnchorWorkload.spacing), Double(AnchorWorkload.canvasWidth),
                                 Double(AnchorWorkload.padding), Double(AnchorWorkload.border), &x, &y)
    }

    /// What a Cairo or SVG floor produced.
    struct Output {
        var bytes: Int
        var drawNanoseconds: UInt64
        var encodeNanoseconds: UInt64
    }

    enum Failure: Error, CustomStringConvertible {
        case status(Int32)
        var description: String {
            switch self {
            case .status(let status): "raw Cairo: " + String(cString: floor_status_message(status))
            }
        }
    }

    private func run(_ floor: (Int, UnsafePointer<Double>, UnsafePointer<Double>, UnsafePointer<Double>, UnsafePointer<Double>,
                               UnsafePointer<UInt32>, floor_flow) -> floor_output) throws -> Output {
        let output = floor(count, x, y, widths, heights, colours, flow)
        defer { floor_free(output) }
        guard output.status == 0 else { throw Failure.status(output.status) }
        return Output(bytes: output.count, drawNanoseconds: output.draw_ns, encodeNanoseconds: output.encode_ns)
    }

    /// Floor (b): raw Cairo onto an image surface, then cairo_surface_write_to_png_stream.
    func png() throws -> Output { try run(floor_cairo_png) }
    /// Floor (b) for pictures taller than one Cairo image surface: raw Cairo in surfaces of at
    /// most 32,767 rows, each translated to its chunk and written with write_to_png; draw and
    /// encode times and bytes summed over the chunks.
    func pngChunked(rows: Int32 = FLOOR_CAIRO_MAX_SIDE) throws -> Output {
        try run { count, x, y, widths, heights, colours, flow in
            floor_cairo_png_chunked(count, x, y, widths, heights, colours, flow, rows)
        }
    }
    /// Raw Cairo onto a PDF stream surface.
    func pdf() throws -> Output { try run(floor_cairo_pdf) }
    /// Floor (c): snprintf SVG.
    func svg() throws -> Output { try run(floor_svg) }
}
