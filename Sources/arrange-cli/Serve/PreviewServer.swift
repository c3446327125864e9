import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The HTTP/1.1 server of `arrange serve`, over POSIX sockets: one thread accepts, and each
/// connection gets a thread of its own, up to `maximumConnections`. It answers GET and HEAD for
/// the routes of `HTTPRequest.Route` and 404 for anything else; it never opens a file a request
/// names. Every connection is bounded: a head of at most `HTTPRequest.headLimit` bytes, read
/// within `readSeconds`, and writes that give up after `writeSeconds`, so a client that stalls
/// cannot hold a thread for long.
///
/// Bound to a loopback address (the default, 127.0.0.1), it also refuses (403) a request whose
/// `Host` is not a loopback name: a web page whose name an attacker's DNS points at 127.0.0.1
/// must not read the pictures (DNS rebinding). Bound elsewhere with `--host`, it was asked to be
/// reached by other names, and answers any.
struct PreviewServer {
    let scenes: PreviewScenes
    let socket: Int32
    /// The address and port bound, for the "serving" line.
    let address: String
    let port: UInt16
    let checksHost: Bool

    static let maximumConnections = 32
    static let readSeconds = 10.0
    static let writeSeconds = 5
    /// How often an idle event stream sends a comment, so proxies and the browser keep it open
    /// and a client that went away is noticed.
    static let keepAliveSeconds = 15.0

    /// A problem opening the server, said as the command's error.
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Binds `host:port` (port 0: one the system picks) and listens.
    /// - Throws: `Failure` for a host that is not an IP address, or a port that cannot be bound.
    init(scenes: PreviewScenes, host: String, port: UInt16) throws {
        self.scenes = scenes
        let name = host == "localhost" ? "127.0.0.1" : host
        var v4 = sockaddr_in(), v6 = sockaddr_in6()
        let family: Int32
        if inet_pton(AF_INET, name, &v4.sin_addr) == 1 {
            family = AF_INET
        } else if inet_pton(AF_INET6, name.trimmingCharacters(in: CharacterSet(charactersIn: "[]")), &v6.sin6_addr) == 1 {
            family = AF_INET6
        } else {
            throw Failure(description: "--host expects an IP address such as 127.0.0.1, 0.0.0.0 or ::1, found '\(host)'")
        }
        let fd = Glibc.socket(family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw Failure(description: "cannot open a socket: \(String(cString: strerror(errno)))") }
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        let bound: Int32
        if family == AF_INET {
            v4.sin_family = sa_family_t(AF_INET)
            v4.sin_port = port.bigEndian
            bound = withUnsafePointer(to: &v4) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } }
            checksHost = (v4.sin_addr.s_addr.bigEndian >> 24) == 127
        } else {
            v6.sin6_family = sa_family_t(AF_INET6)
            v6.sin6_port = port.bigEndian
            bound = withUnsafePointer(to: &v6) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in6>.size)) } }
            var loopback = in6addr_loopback
            checksHost = memcmp(&v6.sin6_addr, &loopback, MemoryLayout<in6_addr>.size) == 0
        }
        let shown = family == AF_INET6 ? "[\(name.trimmingCharacters(in: CharacterSet(charactersIn: "[]")))]" : name
        guard bound == 0, listen(fd, 64) == 0 else {
            let reason = String(cString: strerror(errno))
            close(fd)
            throw Failure(description: "cannot listen on \(shown):\(port): \(reason)")
        }
        // The port the system picked for port 0.
        var actual = sockaddr_in6()
        var length = socklen_t(MemoryLayout<sockaddr_in6>.size)
        _ = withUnsafeMutablePointer(to: &actual) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) } }
        // sin_port and sin6_port sit at the same offset.
        self.port = UInt16(bigEndian: actual.sin6_port)
        socket = fd
        address = shown
    }

    /// Accepts connections until `stop` becomes readable (a byte written there by a signal
    /// handler), then closes the socket and returns.
    func run(until stop: Int32) {
        let active = Mutex(0)
        var watched = [pollfd(fd: socket, events: Int16(POLLIN), revents: 0), pollfd(fd: stop, events: Int16(POLLIN), revents: 0)]
        while true {
            guard poll(&watched, 2, -1) >= 0 || errno == EINTR else { break }
            if watched[1].revents != 0 { break }
            guard watched[0].revents != 0 else { continue }
            let client = accept(socket, nil, nil)
            guard client >= 0 else { continue }
            _ = fcntl(client, F_SETFD, FD_CLOEXEC)
            let admitted = active.withLock { count -> Bool in
                guard count < Self.maximumConnections else { return false }
                count += 1
                return true
            }
            guard admitted else {
                Self.send(client, Self.response(503, "too many connections; try again\n"))
                close(client)
                continue
            }
            let thread = Thread { [self] in
                serve(client)
                Self.finish(client)
                active.withLock { $0 -= 1 }
            }
            thread.start()
        }
        close(socket)
    }

    /// Reads one request from `client` and answers it; the connection then closes (an event
    /// stream stays open until the client goes).
    private func serve(_ client: Int32) {
        var timeout = timeval(tv_sec: Self.writeSeconds, tv_usec: 0)
        setsockopt(client, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        let request: HTTPRequest
        do {
            request = try HTTPRequest(head: try readHead(client))
        } catch let refusal as HTTPRequest.Refusal {
            Self.send(client, Self.response(refusal.status, refusal.message + "\n"))
            return
        } catch {
            return
        }
        guard request.method == "GET" || request.method == "HEAD" else {
            Self.send(client, Self.response(405, "only GET and HEAD\n", extra: "Allow: GET, HEAD\r\n"))
            return
        }
        let head = request.method == "HEAD"
        if checksHost {
            guard let host = request.host else {
                Self.send(client, Self.response(400, "a request needs a Host header\n", head: head))
                return
            }
            guard HTTPRequest.isLoopbackName(host) else {
                Self.send(client, Self.response(403, "this preview answers only to localhost, 127.0.0.1 and [::1]; to serve it under another name, start it with --host\n", head: head))
                return
            }
        }
        guard let route = request.route(scenes: scenes.count) else {
            Self.send(client, Self.response(404, "not found\n", head: head))
            return
        }
        let entries = scenes.snapshot().entries
        switch route {
        case .page:
            Self.send(client, Self.response(200, Data(PreviewPage.html(entries).utf8), type: "text/html; charset=utf-8", head: head,
                                            extra: "Content-Security-Policy: default-src 'none'; img-src 'self'; connect-src 'self'; style-src 'unsafe-inline'; script-src 'unsafe-inline'\r\n"))
        case .picture(let index):
            guard let svg = entries[index].svg else {
                Self.send(client, Self.response(404, "no picture yet: the scene has errors\n", head: head))
                return
            }
            // Opened alone, the picture may not run anything; what it embeds is data.
            Self.send(client, Self.response(200, svg, type: "image/svg+xml", head: head,
                                            extra: "Content-Security-Policy: default-src 'none'; img-src data:; style-src 'unsafe-inline'; font-src data:\r\n"))
        case .layout(let index):
            guard let layout = entries[index].layout else {
                Self.send(client, Self.response(404, "no layout yet: the scene has errors\n", head: head))
                return
            }
            Self.send(client, Self.response(200, layout, type: "application/json", head: head))
        case .events:
            stream(to: client, head: head)
        }
    }

    /// Reads the request head: bytes up to the blank line, at most `HTTPRequest.headLimit`,
    /// within `readSeconds` in all.
    private func readHead(_ client: Int32) throws -> Data {
        let deadline = Date(timeIntervalSinceNow: Self.readSeconds)
        var received = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 4096)
        let end: [UInt8] = [13, 10, 13, 10]
        while true {
            let left = deadline.timeIntervalSinceNow
            guard left > 0 else { throw HTTPRequest.Refusal(status: 408, message: "the request took too long") }
            var wait = pollfd(fd: client, events: Int16(POLLIN), revents: 0)
            let ready = poll(&wait, 1, Int32(min(left, 1) * 1000) + 1)
            if ready < 0, errno != EINTR { throw HTTPRequest.Refusal(status: 400, message: "the connection failed") }
            guard ready > 0 else { continue }
            let count = recv(client, &buffer, buffer.count, 0)
            guard count > 0 else { throw HTTPRequest.Refusal(status: 400, message: "the request ended early") }
            let searchFrom = max(0, received.count - 3)
            received += buffer[..<count]
            let found = received[searchFrom...].firstRange(of: end)
            guard (found?.lowerBound ?? received.count) <= HTTPRequest.headLimit else {
                throw HTTPRequest.Refusal(status: 431, message: "the request head is longer than \(HTTPRequest.headLimit) bytes")
            }
            if let found { return Data(received[..<found.lowerBound]) }
        }
    }

    /// `/events`: every scene's state at once, then each change as it comes, with a comment when
    /// nothing changed for `keepAliveSeconds`; until the client goes or a write stalls.
    private func stream(to client: Int32, head: Bool) {
        let headers = "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n"
        guard Self.send(client, Data(headers.utf8)), !head else { return }
        // The browser reconnects half a second after losing the stream.
        guard Self.send(client, Data("retry: 500\n\n".utf8)) else { return }
        var sent: [Int] = []
        while true {
            let (generation, entries) = scenes.snapshot()
            var text = ""
            for (index, entry) in entries.enumerated() where index >= sent.count || sent[index] != entry.version {
                text += PreviewPage.event(index, entry, generation: generation)
            }
            sent = entries.map(\.version)
            if !text.isEmpty, !Self.send(client, Data(text.utf8)) { return }
            if !scenes.wait(after: generation, seconds: Self.keepAliveSeconds) {
                guard Self.send(client, Data(": keep-alive\n\n".utf8)) else { return }
            }
        }
    }

    /// A whole response: status line, headers, and the body unless `head`.
    static func response(_ status: Int, _ body: Data, type: String = "text/plain; charset=utf-8", head: Bool = false, extra: String = "") -> Data {
        let reasons = [200: "OK", 400: "Bad Request", 403: "Forbidden", 404: "Not Found", 405: "Method Not Allowed", 408: "Request Timeout",
                       431: "Request Header Fields Too Large", 503: "Service Unavailable", 505: "HTTP Version Not Supported"]
        let headers = "HTTP/1.1 \(status) \(reasons[status] ?? "Error")\r\nContent-Type: \(type)\r\nContent-Length: \(body.count)\r\n"
            + "Cache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n" + extra + "\r\n"
        return Data(headers.utf8) + (head ? Data() : body)
    }

    static func response(_ status: Int, _ text: String, head: Bool = false, extra: String = "") -> Data {
        response(status, Data(text.utf8), head: head, extra: extra)
    }

    /// Closes a connection once the client has read the answer: the rest of a request it sent
    /// (a head too long, a body) is read and dropped for up to a second, since closing with
    /// unread bytes resets the connection and the client may lose the answer with it.
    static func finish(_ client: Int32) {
        shutdown(client, Int32(SHUT_WR))
        let deadline = Date(timeIntervalSinceNow: 1)
        var buffer = [UInt8](repeating: 0, count: 4096)
        var drained = 0
        while drained < 1 << 20, deadline.timeIntervalSinceNow > 0 {
            var wait = pollfd(fd: client, events: Int16(POLLIN), revents: 0)
            guard poll(&wait, 1, Int32(deadline.timeIntervalSinceNow * 1000) + 1) > 0 else { break }
            let count = recv(client, &buffer, buffer.count, 0)
            guard count > 0 else { break }
            drained += count
        }
        close(client)
    }

    /// Writes all of `data`; false when the client went away or stalled past `writeSeconds`.
    /// MSG_NOSIGNAL: a closed connection is an error here, not a SIGPIPE that ends the server.
    @discardableResult
    static func send(_ client: Int32, _ data: Data) -> Bool {
        data.withUnsafeBytes { raw in
            guard let base = raw.baseAddress else { return true }
            var offset = 0
            while offset < raw.count {
                let written = Glibc.send(client, base + offset, raw.count - offset, Int32(MSG_NOSIGNAL))
                if written < 0, errno == EINTR { continue }
                guard written > 0 else { return false }
                offset += written
            }
            return true
        }
    }
}
