import Foundation

/// A direction a route travels in: along x or y, forwards or backwards.
enum RouteHeading: Int, CaseIterable {
    case right = 0, left, down, up

    /// The heading of a unit vector along an axis (a side's outward normal, say).
    init(_ vector: CGPoint) {
        if abs(vector.x) >= abs(vector.y) {
            self = vector.x >= 0 ? .right : .left
        } else {
            self = vector.y >= 0 ? .down : .up
        }
    }

    var isHorizontal: Bool { self == .right || self == .left }
    var opposite: RouteHeading {
        switch self {
        case .right: .left
        case .left: .right
        case .down: .up
        case .up: .down
        }
    }
}

/// The search for one orthogonal route, as libavoid and ELK route edges: a grid of the lines
/// through every obstacle's edges (and the route's own start and goal), clipped to a window, and
/// a shortest path over it in which each bend costs `bendPenalty` points of length (A* over
/// states of grid point and heading). Obstacles are open rectangles: a route may run along an
/// edge, never inside.
///
/// Blocked grid edges are found with two-dimensional difference arrays, so building the grid
/// costs the number of obstacles plus the number of grid points, however the obstacles overlap.
struct OrthogonalSearch {
    let xs: [CGFloat]
    let ys: [CGFloat]
    /// Whether the edge from (xs[i], ys[j]) to (xs[i + 1], ys[j]) runs inside an obstacle, at i + j·(nx − 1).
    private var horizontalBlocked: [Bool]
    /// Whether the edge from (xs[i], ys[j]) to (xs[i], ys[j + 1]) runs inside an obstacle, at i + j·nx.
    private var verticalBlocked: [Bool]

    private static func lines(_ obstacles: [CGRect], _ window: CGRect, _ points: [CGPoint]) -> (xs: [CGFloat], ys: [CGFloat]) {
        var xs: [CGFloat] = [window.minX, window.maxX], ys: [CGFloat] = [window.minY, window.maxY]
        for rect in obstacles {
            for x in [rect.minX, rect.maxX] where x > window.minX && x < window.maxX { xs.append(x) }
            for y in [rect.minY, rect.maxY] where y > window.minY && y < window.maxY { ys.append(y) }
        }
        for point in points {
            if point.x >= window.minX, point.x <= window.maxX { xs.append(point.x) }
            if point.y >= window.minY, point.y <= window.maxY { ys.append(point.y) }
        }
        func unique(_ values: [CGFloat]) -> [CGFloat] {
            var result: [CGFloat] = []
            for value in values.sorted() where result.last != value { result.append(value) }
            return result
        }
        return (unique(xs), unique(ys))
    }

    /// How many grid points the search has: what a routing budget counts.
    var nodeCount: Int { xs.count * ys.count }

    /// The grid of `obstacles` (already inflated by the margin) inside `window`, with lines
    /// through each of `points` too; nil when it would have more than `limit` points, before
    /// anything of that size is made.
    init?(obstacles: [CGRect], window: CGRect, points: [CGPoint], limit: Int) {
        (xs, ys) = Self.lines(obstacles, window, points)
        let nx = xs.count, ny = ys.count
        guard nx >= 2, ny >= 2, nx <= limit / ny else { return nil }
        // Counts over index rectangles, summed afterwards: an edge is blocked where any
        // obstacle's count lands.
        var horizontal = [Int32](repeating: 0, count: (nx + 1) * (ny + 1))
        var vertical = [Int32](repeating: 0, count: (nx + 1) * (ny + 1))
        func add(_ counts: inout [Int32], _ i0: Int, _ i1: Int, _ j0: Int, _ j1: Int) {
            guard i0 <= i1, j0 <= j1 else { return }
            let width = nx + 1
            counts[i0 + j0 * width] += 1
            counts[i1 + 1 + j0 * width] -= 1
            counts[i0 + (j1 + 1) * width] -= 1
            counts[i1 + 1 + (j1 + 1) * width] += 1
        }
        for rect in obstacles where rect.width > 0 && rect.height > 0 {
            // Lines strictly inside the rectangle, and the edges between lines that overlap it.
            let insideX = (Self.firstIndex(xs) { $0 > rect.minX }, Self.firstIndex(xs) { $0 >= rect.maxX } - 1)
            let insideY = (Self.firstIndex(ys) { $0 > rect.minY }, Self.firstIndex(ys) { $0 >= rect.maxY } - 1)
            // Edge i spans xs[i]…xs[i + 1]: it overlaps the open interval when xs[i + 1] > minX and xs[i] < maxX.
            let edgesX = (max(Self.firstIndex(xs) { $0 > rect.minX } - 1, 0), min(Self.firstIndex(xs) { $0 >= rect.maxX } - 1, nx - 2))
            let edgesY = (max(Self.firstIndex(ys) { $0 > rect.minY } - 1, 0), min(Self.firstIndex(ys) { $0 >= rect.maxY } - 1, ny - 2))
            add(&horizontal, edgesX.0, edgesX.1, insideY.0, insideY.1)
            add(&vertical, insideX.0, insideX.1, edgesY.0, edgesY.1)
        }
        func summed(_ counts: [Int32], columns: Int, rows: Int) -> [Bool] {
            var running = counts
            let width = nx + 1
            for j in 0 ... ny {
                for i in 0 ... nx {
                    var value = running[i + j * width]
                    if i > 0 { value += running[i - 1 + j * width] }
                    if j > 0 { value += running[i + (j - 1) * width] }
                    if i > 0, j > 0 { value -= running[i - 1 + (j - 1) * width] }
                    running[i + j * width] = value
                }
            }
            var blocked = [Bool](repeating: false, count: max(columns * rows, 0))
            for j in 0 ..< rows {
                for i in 0 ..< columns { blocked[i + j * columns] = running[i + j * width] > 0 }
            }
            return blocked
        }
        horizontalBlocked = summed(horizontal, columns: nx - 1, rows: ny)
        verticalBlocked = summed(vertical, columns: nx, rows: ny - 1)
    }

    /// The first index whose value satisfies `predicate`, which holds from some index on; the
    /// count when none does.
    private static func firstIndex(_ values: [CGFloat], where predicate: (CGFloat) -> Bool) -> Int {
        var low = 0, high = values.count
        while low < high {
            let middle = (low + high) / 2
            if predicate(values[middle]) { high = middle } else { low = middle + 1 }
        }
        return low
    }

    private func index(of value: CGFloat, in values: [CGFloat]) -> Int? {
        let found = Self.firstIndex(values) { $0 >= value }
        return found < values.count && values[found] == value ? found : nil
    }

    /// Records `total` as the cost of `next` when it is cheaper than what is known, and queues it.
    private func relax(_ next: Int, _ total: CGFloat, from current: Int, goal: CGPoint, cost: inout [CGFloat], previous: inout [Int32],
                       heap: inout StateHeap) {
        guard total < cost[next] else { return }
        cost[next] = total
        previous[next] = Int32(current)
        let node = next / 4
        let estimate = abs(xs[node % xs.count] - goal.x) + abs(ys[node / xs.count] - goal.y)
        heap.push(next, cost: total, remaining: estimate)
    }

    /// The shortest route from `start`, leaving it along `heading`, to `goal`, reaching it along
    /// `arriving`, where each bend costs `bendPenalty`: its corners from `start` to `goal`, or nil
    /// when there is none. Ties go to the state found first, in a fixed order, so the same grid
    /// always gives the same route.
    func route(from start: CGPoint, heading: RouteHeading, to goal: CGPoint, arriving: RouteHeading, bendPenalty: CGFloat) -> [CGPoint]? {
        guard let si = index(of: start.x, in: xs), let sj = index(of: start.y, in: ys),
              let gi = index(of: goal.x, in: xs), let gj = index(of: goal.y, in: ys) else { return nil }
        let nx = xs.count, ny = ys.count
        let stateCount = nx * ny * 4
        var cost = [CGFloat](repeating: .infinity, count: stateCount)
        var previous = [Int32](repeating: -1, count: stateCount)
        var heap = StateHeap()
        let first = (si + sj * nx) * 4 + heading.rawValue
        cost[first] = 0
        let estimate = abs(xs[si] - goal.x) + abs(ys[sj] - goal.y)
        heap.push(first, cost: 0, remaining: estimate)
        let target = (gi + gj * nx) * 4 + arriving.rawValue
        while let (current, queued) = heap.pop() {
            let node = current / 4, i = node % nx, j = node / nx
            let g = cost[current]
            // An entry made stale by a cheaper one found later (compared as stored: recomputing
            // a sum in another order can differ in the last bit and drop a live entry).
            if queued > g { continue }
            if current == target { break }
            let direction = current % 4
            // A step on along the heading, where the edge is free.
            var step = -1, length: CGFloat = 0
            switch direction {
            case RouteHeading.right.rawValue where i + 1 < nx && !horizontalBlocked[i + j * (nx - 1)]:
                (step, length) = (node + 1, xs[i + 1] - xs[i])
            case RouteHeading.left.rawValue where i > 0 && !horizontalBlocked[i - 1 + j * (nx - 1)]:
                (step, length) = (node - 1, xs[i] - xs[i - 1])
            case RouteHeading.down.rawValue where j + 1 < ny && !verticalBlocked[i + j * nx]:
                (step, length) = (node + nx, ys[j + 1] - ys[j])
            case RouteHeading.up.rawValue where j > 0 && !verticalBlocked[i + (j - 1) * nx]:
                (step, length) = (node - nx, ys[j] - ys[j - 1])
            default:
                break
            }
            if step >= 0 {
                relax(step * 4 + direction, g + length, from: current, goal: goal, cost: &cost, previous: &previous, heap: &heap)
            }
            // Turning on the spot: a right angle costs a bend; turning back is never shorter.
            let turns = direction < 2 ? (RouteHeading.down.rawValue, RouteHeading.up.rawValue) : (RouteHeading.right.rawValue, RouteHeading.left.rawValue)
            relax(node * 4 + turns.0, g + bendPenalty, from: current, goal: goal, cost: &cost, previous: &previous, heap: &heap)
            relax(node * 4 + turns.1, g + bendPenalty, from: current, goal: goal, cost: &cost, previous: &previous, heap: &heap)
        }
        guard cost[target].isFinite else { return nil }
        var points: [CGPoint] = []
        var current = target
        while current >= 0 {
            let node = current / 4
            let point = CGPoint(x: xs[node % nx], y: ys[node / nx])
            if points.last != point { points.append(point) }
            current = Int(previous[current])
        }
        return RoutePolyline.simplified(points.reversed())
    }
}

/// A binary min-heap of search states by priority, then by the estimate left (the state nearer
/// the goal first, which keeps A* from spreading over plateaus of equal cost), then by state
/// number: so the order never depends on insertion history.
struct StateHeap {
    private struct Entry {
        var priority: CGFloat
        var remaining: CGFloat
        var state: Int
        /// The cost the state had when it was queued.
        var cost: CGFloat
    }

    private var items: [Entry] = []

    private static func before(_ a: Entry, _ b: Entry) -> Bool {
        if a.priority != b.priority { return a.priority < b.priority }
        if a.remaining != b.remaining { return a.remaining < b.remaining }
        return a.state < b.state
    }

    mutating func push(_ state: Int, cost: CGFloat, remaining: CGFloat) {
        items.append(Entry(priority: cost + remaining, remaining: remaining, state: state, cost: cost))
        var child = items.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard Self.before(items[child], items[parent]) else { break }
            items.swapAt(child, parent)
            child = parent
        }
    }

    /// The first state, and the cost it was queued with.
    mutating func pop() -> (state: Int, cost: CGFloat)? {
        guard let top = items.first else { return nil }
        let last = items.removeLast()
        if !items.isEmpty {
            items[0] = last
            var parent = 0
            let count = items.count
            while true {
                let left = 2 * parent + 1, right = left + 1
                var smallest = parent
                if left < count, Self.before(items[left], items[smallest]) { smallest = left }
                if right < count, Self.before(items[right], items[smallest]) { smallest = right }
                if smallest == parent { break }
                items.swapAt(parent, smallest)
                parent = smallest
            }
        }
        return (top.state, top.cost)
    }
}

/// Helpers for routes made of horizontal and vertical segments.
enum RoutePolyline {
    /// `points` without repeated points, and without corners where the line goes straight on.
    static func simplified(_ points: [CGPoint]) -> [CGPoint] {
        var result: [CGPoint] = []
        for point in points where result.last != point {
            if result.count >= 2 {
                let a = result[result.count - 2], b = result[result.count - 1]
                if (a.x == b.x && b.x == point.x) || (a.y == b.y && b.y == point.y) {
                    result[result.count - 1] = point
                    continue
                }
            }
            result.append(point)
        }
        return result
    }

    /// Whether the open interiors of two rectangles overlap (touching edges do not).
    static func overlaps(_ a: CGRect, _ b: CGRect) -> Bool {
        a.minX < b.maxX && b.minX < a.maxX && a.minY < b.maxY && b.minY < a.maxY
    }

    /// Whether the segment from `p` to `q` passes through the open interior of `rect`: the part
    /// of it inside the closed rectangle (Liang–Barsky) has its middle strictly inside.
    static func segment(_ p: CGPoint, _ q: CGPoint, crosses rect: CGRect) -> Bool {
        guard rect.width > 0, rect.height > 0 else { return false }
        // Most segments are nowhere near, and most are horizontal or vertical.
        if max(p.x, q.x) <= rect.minX || min(p.x, q.x) >= rect.maxX || max(p.y, q.y) <= rect.minY || min(p.y, q.y) >= rect.maxY { return false }
        if p.y == q.y { return p.y > rect.minY && p.y < rect.maxY }
        if p.x == q.x { return p.x > rect.minX && p.x < rect.maxX }
        var t0: CGFloat = 0, t1: CGFloat = 1
        let dx = q.x - p.x, dy = q.y - p.y
        func clip(_ denominator: CGFloat, _ numerator: CGFloat) {
            let t = numerator / denominator
            if denominator < 0 { t0 = max(t0, t) } else { t1 = min(t1, t) }
        }
        // Neither dx nor dy is 0 here.
        clip(-dx, p.x - rect.minX)
        clip(dx, rect.maxX - p.x)
        clip(-dy, p.y - rect.minY)
        clip(dy, rect.maxY - p.y)
        guard t0 <= t1 else { return false }
        let t = (t0 + t1) / 2
        let x = p.x + dx * t, y = p.y + dy * t
        return x > rect.minX && x < rect.maxX && y > rect.minY && y < rect.maxY
    }

    /// The first point at which the segment from `p` to `q` enters the open interior of `rect`,
    /// or nil.
    static func entry(_ p: CGPoint, _ q: CGPoint, into rect: CGRect) -> CGPoint? {
        guard segment(p, q, crosses: rect) else { return nil }
        var t0: CGFloat = 0
        let dx = q.x - p.x, dy = q.y - p.y
        for (denominator, numerator) in [(-dx, p.x - rect.minX), (dx, rect.maxX - p.x), (-dy, p.y - rect.minY), (dy, rect.maxY - p.y)]
            where denominator < 0 {
            t0 = max(t0, numerator / denominator)
        }
        return CGPoint(x: p.x + dx * t0, y: p.y + dy * t0)
    }
}
