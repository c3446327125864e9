import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs work on a thread with a large stack.
///
/// Parsing, resolving and laying out a scene recurse once per level of nesting. The limits in
/// `Limits` bound that nesting, and this stack (`Limits.stackBytes` of address space; only the
/// pages a deep scene touches are committed) is sized for the deepest scene they allow, so no
/// scene can overflow the stack whatever thread the caller is on (test runners and dispatch
/// queues have small stacks).
///
/// The pipeline calls it once at the top; a call made while already on such a thread runs the
/// work in place, so nested calls cost nothing.
public enum LargeStack {
    /// Whether the current thread is one this type made.
    private static let isOnLargeStack = TaskLocal(wrappedValue: false)

    /// Runs `body` on a fresh thread with a large stack and waits for it. On such a thread
    /// already, or if no thread can be made, runs `body` on the calling thread.
    public static func run<T>(_ body: () throws -> T) throws -> T {
        if isOnLargeStack.get() { return try body() }
        return try withoutActuallyEscaping(body) { escapable in
            let job = Job(escapable)
            guard spawnAndJoin(job) else { return try body() }
            guard let result = job.result else { return try body() }
            return try result.get()
        }
    }

    /// Runs `body` for every index of `0..<count` on `workers` threads at once, each taking the
    /// next index until none is left, each on a large stack, so the pipeline inside runs in place
    /// (on a thread of its own each step would start, and wait for, a thread). Returns when all
    /// are done. `arrange render` draws a scene per index, `arrange animate` a frame.
    public static func forEach(_ count: Int, workers: Int, _ body: @escaping @Sendable (Int) -> Void) {
        let next = Mutex(0)
        let group = DispatchGroup()
        for _ in 0 ..< max(1, min(workers, count)) {
            group.enter()
            Thread {
                _ = try? run {
                    while true {
                        let index = next.withLock { value -> Int in
                            defer { value += 1 }
                            return value
                        }
                        guard index < count else { return }
                        body(index)
                    }
                }
                group.leave()
            }.start()
        }
        group.wait()
    }

    /// Runs `first` on the calling thread and `second` at the same time on a fresh thread with a
    /// large stack; returns both results once both are done. Two independent parts of one
    /// scene's work (its warnings and its drawing) then take the time of the longer on two
    /// cores. If no thread can be made, `second` runs after `first`, on the calling thread.
    public static func both<A, B>(_ first: () -> A, _ second: () throws -> B) -> (A, Result<B, any Error>) {
        withoutActuallyEscaping(second) { escapable in
            let job = Job(escapable)
            let thread = spawn(job)
            let firstResult = first()
            guard let thread else { return (firstResult, Result { try second() }) }
            join(thread)
            return (firstResult, job.result ?? Result { try second() })
        }
    }

    /// Holds the work and its result while the thread runs.
    private final class Job<T>: @unchecked Sendable {
        let body: () throws -> T
        var result: Result<T, any Error>?
        init(_ body: @escaping () throws -> T) { self.body = body }
        func run() { result = LargeStack.isOnLargeStack.withValue(true) { Result { try body() } } }
    }

    private final class Runner: @unchecked Sendable {
        let work: () -> Void
        init(_ work: @escaping () -> Void) { self.work = work }
    }

    private static func spawnAndJoin<T>(_ job: Job<T>) -> Bool {
        guard let thread = spawn(job) else { return false }
        join(thread)
        return true
    }

    #if canImport(Glibc) || canImport(Musl) || canImport(Darwin)
    private typealias ThreadHandle = pthread_t

    /// Starts `job` on a fresh thread with a large stack; nil if none can be made.
    private static func spawn<T>(_ job: Job<T>) -> ThreadHandle? {
        var attributes = pthread_attr_t()
        guard pthread_attr_init(&attributes) == 0 else { return nil }
        defer { pthread_attr_destroy(&attributes) }
        guard pthread_attr_setstacksize(&attributes, Limits.stackBytes) == 0 else { return nil }
        let runner = Runner { job.run() }
        let context = Unmanaged.passRetained(runner).toOpaque()
        #if canImport(Darwin)
        var thread: pthread_t?
        #else
        var thread = pthread_t()
        #endif
        let created = pthread_create(&thread, &attributes, { context in
            guard let context else { return nil }
            Unmanaged<Runner>.fromOpaque(context).takeRetainedValue().work()
            return nil
        }, context)
        guard created == 0 else {
            Unmanaged<Runner>.fromOpaque(context).release()
            return nil
        }
        return thread
    }

    private static func join(_ thread: ThreadHandle) {
        pthread_join(thread, nil)
    }
    #else
    private typealias ThreadHandle = Never
    private static func spawn<T>(_ job: Job<T>) -> ThreadHandle? { nil }
    private static func join(_ thread: ThreadHandle) {}
    #endif
}
