import Foundation

/// One HTTP/1.x request's head, as `arrange serve` reads it: the method, the target and the
/// `Host` header. Nothing else of a request matters to a server that only sends what it made.
struct HTTPRequest: Equatable, Sendable {
    var method: String
    /// The request target as sent: never decoded, so `%2e%2e` stays what it is and matches no route.
    var target: String
    /// The `Host` header's value, nil when there is none.
    var host: String?

    /// The largest request head read; more is answered 431.
    static let headLimit = 8 * 1024

    /// Why a request head cannot be served, as a status and a line of text.
    struct Refusal: Error, Equatable {
        var status: Int
        var message: String
    }

    /// Parses a head (the bytes before the blank line, without it).
    /// - Throws: `Refusal` 400 for a malformed head, 505 for another protocol than HTTP/1.0 or 1.1.
    init(head: Data) throws {
        guard let text = String(data: head, encoding: .utf8) else { throw Refusal(status: 400, message: "the request is not UTF-8") }
        var lines = text.components(separatedBy: "\r\n")
        let parts = lines.removeFirst().split(separator: " ", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 3, !parts[0].isEmpty, !parts[1].isEmpty else {
            throw Refusal(status: 400, message: "a request line is METHOD TARGET HTTP/1.1")
        }
        guard parts[2] == "HTTP/1.1" || parts[2] == "HTTP/1.0" else { throw Refusal(status: 505, message: "only HTTP/1.0 and HTTP/1.1 are served") }
        method = parts[0]
        target = parts[1]
        var host: String?
        for line in lines {
            guard let colon = line.firstIndex(of: ":") else { throw Refusal(status: 400, message: "a header line is NAME: VALUE") }
            guard line[..<colon].lowercased() == "host" else { continue }
            guard host == nil else { throw Refusal(status: 400, message: "more than one Host header") }
            host = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        self.host = host
    }

    /// What the preview serves: the page, the event stream, and each scene's picture and layout
    /// tree by its number. Nothing else, and never a file by its path.
    enum Route: Equatable {
        case page
        case events
        case picture(Int)
        case layout(Int)
    }

    /// The route the target names among `scenes` scenes; nil for anything else (404). The query
    /// (`?v=3`, which keeps browsers from reusing an old picture) is ignored; the path must match
    /// exactly, undecoded.
    func route(scenes: Int) -> Route? {
        let path = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? ""
        switch path {
        case "/": return .page
        case "/events": return .events
        default: break
        }
        guard path.hasPrefix("/scene/") else { return nil }
        let rest = path.dropFirst("/scene/".count)
        func number(_ text: Substring) -> Int? {
            // Digits only, no sign or leading zero: one spelling per scene.
            guard (1...6).contains(text.count), text.allSatisfy({ $0.isASCII && $0.isNumber }),
                  text == "0" || !text.hasPrefix("0"), let value = Int(text), value < scenes else { return nil }
            return value
        }
        if rest.hasSuffix(".svg"), let index = number(rest.dropLast(".svg".count)) { return .picture(index) }
        if rest.hasSuffix("/layout.json"), let index = number(rest.dropLast("/layout.json".count)) { return .layout(index) }
        return nil
    }

    /// Whether `host` names this machine's loopback interface: `localhost`, `127.0.0.1` or
    /// `[::1]`, with or without a port. A page served under any other name (one an attacker's
    /// DNS points at 127.0.0.1, say) is refused.
    static func isLoopbackName(_ host: String) -> Bool {
        var name = host.lowercased()
        if name.hasPrefix("[") {
            guard let close = name.firstIndex(of: "]") else { return false }
            let after = name[name.index(after: close)...]
            guard after.isEmpty || (after.hasPrefix(":") && after.dropFirst().allSatisfy(\.isASCII) && after.dropFirst().allSatisfy(\.isNumber)) else { return false }
            name = String(name[...close])
        } else if let colon = name.firstIndex(of: ":") {
            let port = name[name.index(after: colon)...]
            guard port.allSatisfy({ $0.isASCII && $0.isNumber }) else { return false }
            name = String(name[..<colon])
        }
        return ["localhost", "127.0.0.1", "[::1]"].contains(name)
    }
}
