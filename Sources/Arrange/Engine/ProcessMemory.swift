import CProcessMemory

/// How a process's C library treats freed memory: a setting for programs that lay out or draw
/// many big scenes one after another.
///
/// A layout of 10,000 views makes arrays of megabytes (the tree, the display list) and frees them
/// when it is done. By default glibc maps such blocks fresh from the kernel and unmaps them when
/// freed, so each layout pays a fault and the kernel's clearing for every page it touches (more
/// than half the time of a whole layout of 10,000 boxes on a virtual machine); glibc only keeps
/// what the largest block freed so far suggests, which makes a program's speed depend on the
/// sizes of its scenes. The `arrange` command and its benchmarks call `keepFreedMemory()` first.
public enum ProcessMemory {
    /// The largest block glibc serves from its heap (its own upper limit for the setting).
    public static let heapBlockLimit = 32 << 20
    /// How much freed memory at the top of glibc's heap stays with the process.
    public static let keptMemory = 256 << 20

    /// Asks the C library to keep freed memory for later allocations: blocks up to
    /// `heapBlockLimit` come from its heap, and up to `keptMemory` freed stays with the process
    /// (the peak stays what the work needed; only returning it to the kernel waits). Call it once,
    /// at the start, before other threads allocate. Returns false where the C library has no such
    /// settings (it is not glibc); nothing changes then.
    @discardableResult
    public static func keepFreedMemory() -> Bool {
        arrange_keep_freed_memory(heapBlockLimit, keptMemory) == 1
    }
}
