import Foundation
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
/// `SceneLimits` bound that nesting, and this stack is sized for the deepest scene they allow, so
/// no scene can overflow the stack whatever thread the caller is on (test runners and dispatch
/// queues have small stacks).
public enum LargeStack {
    /// 512 MiB of address space. Only the pages a deep scene touches are ever committed.
    public static let bytes = 512 << 20

    /// Runs `body` on a fresh thread with a stack of `bytes` and waits for it. If no such thread
    /// can be made, runs `body` on the calling thread.
    public static func run<T>(_ body: () throws -> T) throws -> T {
        try withoutActuallyEscaping(body) { escapable in
            let job = Job(escapable)
            guard spawnAndJoin(job) else { return try body() }
            guard let result = job.result else { return try body() }
            return try result.get()
        }
    }

    /// Holds the work and its result while the thread runs.
    private final class Job<T>: @unchecked Sendable {
        let body: () throws -> T
        var result: Result<T, any Error>?
        init(_ body: @escaping () throws -> T) { self.body = body }
        func run() { result = Result { try body() } }
    }

    private final class Runner: @unchecked Sendable {
        let work: () -> Void
        init(_ work: @escaping () -> Void) { self.work = work }
    }

    private static func spawnAndJoin<T>(_ job: Job<T>) -> Bool {
        #if canImport(Glibc) || canImport(Musl) || canImport(Darwin)
        var attributes = pthread_attr_t()
        guard pthread_attr_init(&attributes) == 0 else { return false }
        defer { pthread_attr_destroy(&attributes) }
        guard pthread_attr_setstacksize(&attributes, bytes) == 0 else { return false }
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
            return false
        }
        #if canImport(Darwin)
        guard let thread else { return false }
        #endif
        pthread_join(thread, nil)
        return true
        #else
        return false
        #endif
    }
}
