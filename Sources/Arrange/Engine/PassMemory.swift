import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// One block of memory for a layout pass's per-node arrays: the arrays that must start at zero
/// come first and are zero; the others may hold what an earlier pass left (the pass writes each
/// element before it reads it).
///
/// A big tree's arrays are tens of megabytes that a pass touches once each. Fresh pages cost a
/// fault and the kernel's clearing on first touch, which was half the time of laying out
/// 100,000 boxes on a virtual machine. So a block of 2 MB or more is mapped on its own with
/// transparent huge pages (one fault per 2 MB), and a finished pass gives its block back for the
/// next one (the layouts of a batch, the frames of an animation, a test suite), which clears only
/// the arrays that start at zero. At most two blocks of up to 64 MB wait between passes; the
/// others are unmapped. Smaller blocks come from `malloc` and go back to `free`: the C library
/// keeps those (see `ProcessMemory`).
struct PassMemory {
    /// Where the block starts (aligned for any of the pass's element types).
    let base: UnsafeMutableRawPointer
    /// The block's length: at least the plan's, more when a waiting block was reused.
    private let byteCount: Int
    /// Whether the block was mapped on its own (and so is given back or unmapped), not taken
    /// from `malloc`.
    private let mapped: Bool

    /// Blocks from this size up are mapped on their own: a huge page is 2 MB.
    static let mappingThreshold = 2 << 20
    /// Blocks waiting for the next pass: how many, and how big each may be.
    static let sparesKept = 2
    static let largestSpare = 64 << 20

    /// Arrays laid out one after another: first those that start at zero, then the others.
    struct Plan {
        private(set) var byteCount = 0
        /// How many leading bytes must be zero: the zeroed arrays end here.
        private(set) var zeroedByteCount = 0

        /// Room for `count` elements of `type`, zero at first; returns the offset of the first.
        /// Every zeroed array is reserved before any other.
        mutating func reserveZeroed<T>(_ type: T.Type, count: Int) -> Int {
            precondition(zeroedByteCount == byteCount, "zeroed arrays come first")
            let start = reserve(type, count: count)
            zeroedByteCount = byteCount
            return start
        }

        /// Room for `count` elements of `type` that the pass writes before it reads them.
        mutating func reserve<T>(_ type: T.Type, count: Int) -> Int {
            let alignment = MemoryLayout<T>.alignment
            let start = (byteCount + alignment - 1) / alignment * alignment
            byteCount = start + MemoryLayout<T>.stride * max(count, 1)
            return start
        }
    }

    init(_ plan: Plan) {
        let needed = max(plan.byteCount, 1)
        #if os(Linux)
        if needed >= Self.mappingThreshold {
            if let spare = Self.takeSpare(atLeast: needed) {
                base = spare.base
                byteCount = spare.byteCount
                mapped = true
                base.initializeMemory(as: UInt8.self, repeating: 0, count: plan.zeroedByteCount)
                return
            }
            let pointer = mmap(nil, needed, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)
            if let pointer, pointer != MAP_FAILED {
                // Advice only: where huge pages are off, the block still works with small ones.
                // Fresh anonymous pages are zero already.
                _ = madvise(pointer, needed, MADV_HUGEPAGE)
                base = pointer
                byteCount = needed
                mapped = true
                return
            }
        }
        #endif
        // malloc's memory is aligned for every scalar type; out of memory is a crash, as Swift's
        // own allocations are.
        guard let pointer = malloc(needed) else { preconditionFailure("out of memory: \(needed) bytes") }
        base = pointer
        byteCount = needed
        mapped = false
        base.initializeMemory(as: UInt8.self, repeating: 0, count: plan.zeroedByteCount)
    }

    /// The array of `T` that starts at `offset` (from the plan), its memory bound to `T`. Zeroed
    /// arrays hold zeros: 0 for integers, 0.0 for floating point.
    func array<T>(_ type: T.Type, at offset: Int, count: Int) -> UnsafeMutablePointer<T> {
        (base + offset).bindMemory(to: T.self, capacity: max(count, 1))
    }

    /// Gives the block back; the owner calls this once, from its `deinit`.
    func deallocate() {
        #if os(Linux)
        if mapped {
            Self.keepOrUnmap(base: base, byteCount: byteCount)
            return
        }
        #endif
        free(base)
    }

    #if os(Linux)
    /// The blocks waiting, by address (an address is not `Sendable`; a number is).
    private static let spares = Mutex<[(address: UInt, byteCount: Int)]>([])

    /// The smallest waiting block of at least `needed` bytes and at most four times that (a
    /// small pass does not hold a big block).
    private static func takeSpare(atLeast needed: Int) -> (base: UnsafeMutableRawPointer, byteCount: Int)? {
        let taken = spares.withLock { spares -> (address: UInt, byteCount: Int)? in
            let fitting = spares.indices.filter { spares[$0].byteCount >= needed && spares[$0].byteCount / 4 <= needed }
            guard let best = fitting.min(by: { spares[$0].byteCount < spares[$1].byteCount }) else { return nil }
            return spares.remove(at: best)
        }
        guard let taken, let pointer = UnsafeMutableRawPointer(bitPattern: taken.address) else { return nil }
        return (pointer, taken.byteCount)
    }

    private static func keepOrUnmap(base: UnsafeMutableRawPointer, byteCount: Int) {
        var unmapped: (address: UInt, byteCount: Int)? = (UInt(bitPattern: base), byteCount)
        if byteCount <= largestSpare {
            unmapped = spares.withLock { spares in
                spares.append((UInt(bitPattern: base), byteCount))
                // Past the limit, the smallest goes: the big ones are the costly ones to remake.
                guard spares.count > sparesKept, let smallest = spares.indices.min(by: { spares[$0].byteCount < spares[$1].byteCount }) else { return nil }
                return spares.remove(at: smallest)
            }
        }
        if let unmapped, let pointer = UnsafeMutableRawPointer(bitPattern: unmapped.address) {
            _ = munmap(pointer, unmapped.byteCount)
        }
    }
    #endif
}
