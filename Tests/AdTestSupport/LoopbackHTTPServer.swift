public import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A small real HTTP/1.1 server for tests: listens on 127.0.0.1 only, on an ephemeral port, and answers each
/// path from a routing table (or a script of answers, one per request) with a status, headers, a body and an
/// optional delay, or resets the connection. One thread accepts, one thread serves each connection (one request,
/// or several when `keepAlive` is on); ``shutdown()`` stops them all and closes every socket.
///
/// ```swift
/// let server = try LoopbackHTTPServer(routes: [
///     "/vast.xml": .init(body: Data("<VAST/>".utf8)),
///     "/slow.xml": .init(body: Data(), delay: .seconds(2)),
///     "/loop": .init(status: 302, headers: ["Location": "/loop"]),
/// ])
/// defer { server.shutdown() }
/// let url = server.url("/vast.xml")  // http://127.0.0.1:<port>/vast.xml
/// ```
public final class LoopbackHTTPServer: Sendable {
    /// What the server answers for one path.
    public struct Response: Sendable {
        /// The HTTP status code.
        public var status: Int
        /// Extra response headers (`Content-Length` and `Connection: close` are always sent).
        public var headers: [String: String]
        /// The body.
        public var body: Data
        /// How long to wait before answering.
        public var delay: Duration
        /// Whether to reset the connection (TCP RST) after the delay instead of answering.
        public var resetsConnection: Bool
        /// How the body is sent: whole, trickled, or cut off (rule R15's faults).
        public var delivery: Delivery
        /// Whether the head says `Content-Length`; without it the body ends when the connection closes (HTTP/1.0
        /// style), so a client cannot refuse an oversized body before reading it.
        public var sendsContentLength: Bool

        /// How a body reaches the client.
        public enum Delivery: Sendable, Equatable {
            /// All at once.
            case whole
            /// In pieces of `bytes`, with `pause` before each (a slow body).
            case trickle(bytes: Int, pause: Duration)
            /// The first `bytes` of the body (the head still announces all of it), then the connection is closed:
            /// a truncated body.
            case closeAfter(bytes: Int)
            /// The first `bytes` of the body, then a TCP reset: a connection reset mid-body.
            case resetAfter(bytes: Int)
        }

        /// Creates a response.
        public init(
            status: Int = 200, headers: [String: String] = [:], body: Data = Data(), delay: Duration = .zero,
            resetsConnection: Bool = false, delivery: Delivery = .whole, sendsContentLength: Bool = true
        ) {
            self.status = status
            self.headers = headers
            self.body = body
            self.delay = delay
            self.resetsConnection = resetsConnection
            self.delivery = delivery
            self.sendsContentLength = sendsContentLength
        }

        /// Reads the request, then resets the connection without an answer.
        public static let reset = Response(resetsConnection: true)

        /// Reads the request and never answers (until ``LoopbackHTTPServer/shutdown()`` or the client hangs up).
        public static let silent = Response(delay: .seconds(3_600))
    }

    private struct State {
        var routes: [String: Response]
        var scripts: [String: [Response]] = [:]
        var requests: [String] = []
        var requestCount = 0
        var connections = 0
        var stopped = false
        var openConnections: Set<Int32> = []
        var bodyBytesSent: [String: Int] = [:]
    }

    /// The port the server listens on (127.0.0.1 only).
    public let port: UInt16
    /// Whether a connection serves several requests (HTTP/1.1 keep-alive) instead of one.
    public let keepAlive: Bool
    /// Whether each request is kept in ``requests`` (a soak of a million requests only counts them).
    public let recordsRequests: Bool
    private let listener: Int32
    private let state: Mutex<State>
    private let threads = DispatchGroup()

    /// Starts a server on 127.0.0.1 with an ephemeral port. Unknown paths get 404.
    ///
    /// - Parameters:
    ///   - keepAlive: serve several requests per connection (no `Connection: close`), as a client that reuses
    ///     connections expects.
    ///   - recordsRequests: keep every request in ``requests``; when `false`, only ``requestCount`` counts them.
    public init(routes: [String: Response], keepAlive: Bool = false, recordsRequests: Bool = true) throws {
        self.keepAlive = keepAlive
        self.recordsRequests = recordsRequests
        let socketFD = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socketFD >= 0 else { throw LoopbackHTTPServer.posixError("socket") }
        var yes: Int32 = 1
        setsockopt(socketFD, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = in_addr_t(0x7F00_0001).bigEndian  // 127.0.0.1, never INADDR_ANY
        let bound = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(socketFD, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0, listen(socketFD, 64) == 0 else {
            close(socketFD)
            throw LoopbackHTTPServer.posixError("bind/listen")
        }
        var actual = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &actual) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(socketFD, $0, &length) }
        }
        port = UInt16(bigEndian: actual.sin_port)
        listener = socketFD
        state = Mutex(State(routes: routes))
        threads.enter()
        Thread.detachNewThread { [self] in
            acceptLoop()
            threads.leave()
        }
    }

    /// `http://127.0.0.1:<port><path>`.
    public func url(_ path: String) -> URL {
        URL(string: "http://127.0.0.1:\(port)\(path)") ?? URL(fileURLWithPath: "/")
    }

    /// Adds or replaces the route for `path`.
    public func setRoute(_ path: String, _ response: Response) {
        state.withLock { $0.routes[path] = response }
    }

    /// Answers the requests for `path` with `responses`, one each, in order; the last one answers every request
    /// after it. Replaces the route for `path`.
    public func script(_ path: String, _ responses: [Response]) {
        state.withLock { $0.scripts[path] = responses }
    }

    /// The request targets received so far (`GET /path`), in arrival order. It records no arrival times: a test
    /// asserts what was asked and in which order, never how long apart (Docs/Testing.md).
    public var requests: [String] { state.withLock { $0.requests } }

    /// How many requests arrived so far.
    public var requestCount: Int { state.withLock { $0.requestCount } }

    /// How many body bytes the server managed to send for `path` so far, over every request (a client that stops
    /// reading an oversized body leaves most of it unsent).
    public func bodyBytesSent(_ path: String) -> Int { state.withLock { $0.bodyBytesSent[path] ?? 0 } }

    /// How many connections were accepted so far (a client that reuses connections opens few).
    public var connectionCount: Int { state.withLock { $0.connections } }

    /// Stops accepting, wakes delayed responses, closes every socket and waits (up to 5 s) for the threads.
    public func shutdown() {
        let connections = state.withLock { state -> Set<Int32> in
            state.stopped = true
            return state.openConnections
        }
        #if canImport(Glibc)
            for connection in connections { Glibc.shutdown(connection, Int32(SHUT_RDWR)) }
        #else
            for connection in connections { Darwin.shutdown(connection, SHUT_RDWR) }
        #endif
        _ = threads.wait(timeout: .now() + 5)
    }

    private var isStopped: Bool { state.withLock { $0.stopped } }

    private func acceptLoop() {
        defer { close(listener) }
        while !isStopped {
            var poller = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 20) > 0 else { continue }
            let connection = accept(listener, nil, nil)
            guard connection >= 0 else { continue }
            let accepted = state.withLock { state -> Bool in
                guard !state.stopped else { return false }
                state.openConnections.insert(connection)
                state.connections += 1
                return true
            }
            guard accepted else {
                close(connection)
                break
            }
            threads.enter()
            Thread.detachNewThread { [self] in
                serve(connection)
                state.withLock { _ = $0.openConnections.remove(connection) }
                close(connection)
                threads.leave()
            }
        }
    }

    /// Serves one request, or requests until the client hangs up when `keepAlive` is on (at most 100,000).
    private func serve(_ connection: Int32) {
        for _ in 0..<(keepAlive ? 100_000 : 1) {
            guard !isStopped, serveOne(connection) else { return }
        }
    }

    /// Serves one request; `false` when the connection is done (closed, reset, or not kept alive).
    private func serveOne(_ connection: Int32) -> Bool {
        guard let head = readHead(connection) else { return false }
        let requestLine = head.split(separator: "\r\n", maxSplits: 1).first.map(String.init) ?? ""
        let parts = requestLine.split(separator: " ")
        let target = parts.count >= 2 ? String(parts[1]) : "/"
        let path = String(target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).first ?? "/")
        let response = state.withLock { state -> Response in
            state.requestCount += 1
            if recordsRequests {
                state.requests.append("\(parts.first ?? "?") \(target)")
            }
            if var script = state.scripts[path], let first = script.first {
                if script.count > 1 { script.removeFirst() }
                state.scripts[path] = script
                return first
            }
            return state.routes[path] ?? Response(status: 404, body: Data("not found".utf8))
        }
        if response.delay > .zero, !wait(response.delay, connection: connection) { return false }
        if response.resetsConnection {
            // SO_LINGER with a zero timeout makes close() send a TCP RST: the client sees "connection reset".
            var option = linger(l_onoff: 1, l_linger: 0)
            setsockopt(connection, SOL_SOCKET, SO_LINGER, &option, socklen_t(MemoryLayout<linger>.size))
            return false
        }
        var text = "HTTP/1.1 \(response.status) \(LoopbackHTTPServer.reason(response.status))\r\n"
        if response.sendsContentLength { text += "Content-Length: \(response.body.count)\r\n" }
        let keeps = keepAlive && response.sendsContentLength && response.delivery == .whole
        text += keeps ? "" : "Connection: close\r\n"
        for (name, value) in response.headers.sorted(by: { $0.key < $1.key }) { text += "\(name): \(value)\r\n" }
        text += "\r\n"
        guard transmit(Data(text.utf8), on: connection) else { return false }
        switch response.delivery {
        case .whole:
            guard transmit(response.body, on: connection, counting: path) else { return false }
            return keeps
        case .trickle(let size, let pause):
            var offset = 0
            while offset < response.body.count {
                guard wait(pause, connection: connection) else { return false }
                let end = min(response.body.count, offset + max(1, size))
                guard transmit(response.body[offset..<end], on: connection, counting: path) else { return false }
                offset = end
            }
            return false
        case .closeAfter(let count):
            _ = transmit(response.body.prefix(count), on: connection, counting: path)
            return false
        case .resetAfter(let count):
            _ = transmit(response.body.prefix(count), on: connection, counting: path)
            var option = linger(l_onoff: 1, l_linger: 0)
            setsockopt(connection, SOL_SOCKET, SO_LINGER, &option, socklen_t(MemoryLayout<linger>.size))
            return false
        }
    }

    /// Sends all of `data`, in pieces of at most 64 KiB, counting the bytes sent for `path` when given; `false` when
    /// the client is gone.
    private func transmit(_ data: Data, on connection: Int32, counting path: String? = nil) -> Bool {
        var offset = data.startIndex
        while offset < data.endIndex {
            let end = min(data.endIndex, offset + 65_536)
            let sent = data[offset..<end].withUnsafeBytes { buffer -> Int in
                guard let base = buffer.baseAddress else { return 0 }
                return send(connection, base, buffer.count, Int32(MSG_NOSIGNAL))
            }
            if sent <= 0 { return false }
            if let path { state.withLock { $0.bodyBytesSent[path, default: 0] += sent } }
            offset += sent
        }
        return true
    }

    /// Reads until the end of the request head (at most 64 KiB, 5 s of silence).
    private func readHead(_ connection: Int32) -> String? {
        var data = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 4096)
        let terminator: [UInt8] = [13, 10, 13, 10]
        while data.count < 65536 {
            var poller = pollfd(fd: connection, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 5000) > 0 else { return nil }
            let count = recv(connection, &buffer, buffer.count, 0)
            guard count > 0 else { return nil }
            data += buffer[0..<count]
            if data.count >= 4, data.suffix(4).elementsEqual(terminator) || containsTerminator(data) {
                return String(decoding: data, as: UTF8.self)
            }
        }
        return nil
    }

    private func containsTerminator(_ data: [UInt8]) -> Bool {
        guard data.count >= 4 else { return false }
        for index in 0...(data.count - 4)
        where data[index] == 13 && data[index + 1] == 10 && data[index + 2] == 13
            && data[index + 3] == 10
        {
            return true
        }
        return false
    }

    /// Waits `delay` in small steps, returning `false` early when the server stops or the client hangs up.
    private func wait(_ delay: Duration, connection: Int32) -> Bool {
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: delay)
        while clock.now < deadline {
            if isStopped { return false }
            var poller = pollfd(fd: connection, events: Int16(POLLIN), revents: 0)
            if poll(&poller, 1, 10) > 0 {
                var byte: UInt8 = 0
                if recv(connection, &byte, 1, Int32(MSG_PEEK)) <= 0 { return false }
            }
        }
        return true
    }

    private static func reason(_ status: Int) -> String {
        switch status {
        case 200: "OK"
        case 204: "No Content"
        case 301: "Moved Permanently"
        case 302: "Found"
        case 404: "Not Found"
        case 408: "Request Timeout"
        case 429: "Too Many Requests"
        case 500: "Internal Server Error"
        case 503: "Service Unavailable"
        default: "Status"
        }
    }

    private static func posixError(_ call: String) -> NSError {
        NSError(domain: "LoopbackHTTPServer", code: Int(errno), userInfo: [NSLocalizedDescriptionKey: "\(call) failed"])
    }
}
