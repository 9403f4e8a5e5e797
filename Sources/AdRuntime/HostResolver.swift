/// Resolves a host name to the addresses a connection to it could reach, so that ``HTTPFetcher`` can refuse a name
/// from a response whose DNS answer is loopback, link-local or private (R9) before anything is sent to it.
///
/// ``SystemHostResolver`` (`getaddrinfo`) is the default; tests inject a fake one that answers from a table. A
/// resolver is a check ahead of the connection, not the connection's own resolution: `URLSession` resolves the name
/// again when it connects, so an answer that changes in between (DNS rebinding) is not caught here
/// (Docs/Reliability.md, R9, for the gap and a host's mitigation).
///
/// ```swift
/// struct TableResolver: HostResolver {
///     let table: [String: [String]]
///     func addresses(of host: String) async -> [String] { table[host] ?? [] }
/// }
/// let fetcher = HTTPFetcher(resolver: TableResolver(table: ["ads.example.test": ["93.184.216.34"]]))
/// ```
public protocol HostResolver: Sendable {
    /// The addresses `host` resolves to, as numeric text (`93.184.216.34`, `2606:2800:220:1::1`), every one of
    /// them; empty when the name does not resolve (the fetch then fails, or not, on its own). Returns promptly,
    /// with what it has (or nothing), when the calling task is cancelled.
    func addresses(of host: String) async -> [String]
}
