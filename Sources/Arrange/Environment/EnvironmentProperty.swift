import Foundation
import Synchronization

/// Reads a value of the environment, as SwiftUI's property wrapper does: in a view's `body`
/// (the environment the view is resolved in) and in a `Layout`'s methods (the environment the
/// layout's container is in).
///
/// ```swift
/// struct Badge: View {
///     @Environment(\.font) var font
///     var body: some View { Text("New").font(font) }
/// }
/// ```
///
/// Read anywhere else, it gives the default values.
@propertyWrapper
public struct Environment<Value>: EnvironmentReading {
    let keyPath: KeyPath<EnvironmentValues, Value>

    public init(_ keyPath: KeyPath<EnvironmentValues, Value>) {
        self.keyPath = keyPath
    }

    public var wrappedValue: Value {
        EnvironmentScope.current.values[keyPath: keyPath]
    }
}

/// Marks `@Environment` properties, so that a layout that has one is given its environment.
protocol EnvironmentReading {}

/// The environment installed on this thread while a body is built or a layout is asked, for
/// `@Environment` to read. One per thread: layout passes run on several threads at once.
final class EnvironmentScope {
    var values = EnvironmentValues()

    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key) { pointer in
            // The thread's scope goes with the thread.
            if let pointer { Unmanaged<EnvironmentScope>.fromOpaque(pointer).release() }
        }
        return key
    }()

    /// This thread's scope, made on first use.
    static var current: EnvironmentScope {
        if let pointer = pthread_getspecific(key) { return Unmanaged<EnvironmentScope>.fromOpaque(pointer).takeUnretainedValue() }
        let scope = EnvironmentScope()
        pthread_setspecific(key, Unmanaged.passRetained(scope).toOpaque())
        return scope
    }

    /// Runs `body` with `environment` installed, then puts back what was there.
    static func with<R>(_ environment: EnvironmentValues, _ body: () throws -> R) rethrows -> R {
        let scope = current
        let previous = scope.values
        scope.values = environment
        defer { scope.values = previous }
        return try body()
    }

    /// Whether values of type `T` have `@Environment` properties, found once per type.
    static func reads<T>(_ value: T) -> Bool {
        let type = ObjectIdentifier(T.self)
        if let known = readers.withLock({ $0[type] }) { return known }
        let reads = Mirror(reflecting: value).children.contains { $0.value is EnvironmentReading }
        readers.withLock { $0[type] = reads }
        return reads
    }

    private static let readers = Mutex<[ObjectIdentifier: Bool]>([:])
}
