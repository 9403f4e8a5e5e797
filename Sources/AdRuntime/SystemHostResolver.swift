import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The system's resolver as a ``HostResolver``: `getaddrinfo` (so `/etc/hosts`, the configured DNS servers and the
/// platform's search rules, as the connection itself uses them), every IPv4 and IPv6 answer. The lookup blocks (for
/// seconds when a DNS server does not answer), so it runs on a thread of its own: never on the calling task's
/// thread, the main actor, or the global dispatch pool, whose threads tasks of the same priority run on too on Linux
/// (the pool only when no thread can be made). A cancelled caller is answered at once with no addresses and the
/// lookup's late answer is dropped.
///
/// ```swift
/// let answers = await SystemHostResolver().addresses(of: "localhost")  // ["127.0.0.1", "::1"] on most systems
/// ```
public struct SystemHostResolver: HostResolver {
    /// Creates the resolver.
    public init() {}

    /// The addresses `host` resolves to, in the order `getaddrinfo` gave them, without repeats; empty when it does
    /// not resolve or the calling task is cancelled.
    public func addresses(of host: String) async -> [String] {
        let waiter = Waiter()
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<[String], Never>) in
                waiter.wait(continuation)
                // A cancellation handler that ran before the continuation was kept found nothing to resume.
                guard !Task.isCancelled else { return waiter.answer([]) }
                BlockingThread.start { waiter.answer(Self.lookUp(host)) }
            }
        } onCancel: {
            waiter.answer([])
        }
    }

    /// The one caller of a lookup, resumed once: by the lookup or by a cancellation, whichever comes first.
    private final class Waiter: Sendable {
        private let continuation = Mutex<CheckedContinuation<[String], Never>?>(nil)

        func wait(_ waiting: CheckedContinuation<[String], Never>) {
            continuation.withLock { $0 = waiting }
        }

        func answer(_ addresses: [String]) {
            continuation.withLock { $0.take() }?.resume(returning: addresses)
        }
    }

    /// `getaddrinfo` for stream sockets of any family, each answer as numeric text.
    private static func lookUp(_ host: String) -> [String] {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        #if canImport(Glibc)
            hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        #else
            hints.ai_socktype = SOCK_STREAM
        #endif
        var list: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, nil, &hints, &list) == 0, let first = list else { return [] }
        defer { freeaddrinfo(first) }
        var answers: [String] = []
        var node: UnsafeMutablePointer<addrinfo>? = first
        while let entry = node {
            if let address = entry.pointee.ai_addr, let text = numeric(address), !answers.contains(text) {
                answers.append(text)
            }
            node = entry.pointee.ai_next
        }
        return answers
    }

    /// An IPv4 or IPv6 socket address as `inet_ntop` writes it; `nil` for another family.
    private static func numeric(_ address: UnsafeMutablePointer<sockaddr>) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN) + 1)
        let capacity = socklen_t(buffer.count)
        let written: Bool
        switch Int32(address.pointee.sa_family) {
        case AF_INET:
            written = address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { pointer in
                var raw = pointer.pointee.sin_addr
                return inet_ntop(AF_INET, &raw, &buffer, capacity) != nil
            }
        case AF_INET6:
            written = address.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { pointer in
                var raw = pointer.pointee.sin6_addr
                return inet_ntop(AF_INET6, &raw, &buffer, capacity) != nil
            }
        default:
            written = false
        }
        guard written else { return nil }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
