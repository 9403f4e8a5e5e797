public import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Which addresses a URL that came from a server response may point at (rule R9). By default
/// (``publicOnly``) a wrapper hop written in a response may not reach the device itself or its networks: a host that
/// is `localhost` (or `*.localhost`), or a literal address that is loopback, link-local, private, shared (CGNAT),
/// unspecified or an IPv6 unique-local/site-local one (also when IPv4 is written as one number, in hex or octal,
/// or mapped into IPv6) is refused with `refusedURL`. Tests against a loopback server and intranet ad servers opt in
/// with ``allowingPrivate``. The URL an app asks for itself (the root of a resolution, an ad unit's endpoint) is not
/// checked: only URLs from a response are.
///
/// Host names are not resolved (AdCreative does no I/O): a public name whose DNS answer is a private address is
/// not caught here.
///
/// ```swift
/// try VASTAddressPolicy.publicOnly.check(URL(string: "http://169.254.169.254/latest")!)  // throws refusedURL
/// try VASTAddressPolicy.allowingPrivate.check(URL(string: "http://127.0.0.1:8080/vast")!) // passes
/// ```
public struct VASTAddressPolicy: Sendable, Equatable {
    /// Whether loopback, link-local and private addresses are allowed.
    public var allowsPrivateAddresses: Bool

    /// Creates a policy.
    public init(allowsPrivateAddresses: Bool = false) {
        self.allowsPrivateAddresses = allowsPrivateAddresses
    }

    /// The default: only public addresses (and host names other than `localhost`).
    public static let publicOnly = VASTAddressPolicy()
    /// Every address allowed: for tests against a loopback server and for intranet ad servers.
    public static let allowingPrivate = VASTAddressPolicy(allowsPrivateAddresses: true)

    /// Throws `refusedURL` when `url`'s host is one this policy refuses.
    public func check(_ url: URL) throws(VASTError) {
        guard !allowsPrivateAddresses, let host = url.host, let kind = Self.privateKind(ofHost: host) else { return }
        throw VASTError(
            .refusedURL,
            "'\(url.absoluteString.prefix(120))' points at a \(kind) address (\(host)): a URL from a server response "
                + "may not reach the device or its network.",
            hint: "Allow it only for tests and intranets: WrapperResolutionPolicy.addresses = .allowingPrivate (R9)."
        )
    }

    /// What kind of non-public address `host` is (`loopback`, `link-local`, `private`, ...), or `nil` for a public
    /// address or a host name other than `localhost`.
    public static func privateKind(ofHost host: String) -> String? {
        var name = host.lowercased()
        if name.hasPrefix("["), name.hasSuffix("]") { name = String(name.dropFirst().dropLast()) }
        while name.hasSuffix(".") { name.removeLast() }
        if name == "localhost" || name.hasSuffix(".localhost") { return "loopback" }
        if let v4 = ipv4(name) { return kind(ofIPv4: v4) }
        if name.contains(":") { return kind(ofIPv6: name) }
        return nil
    }

    private static func kind(ofIPv4 address: UInt32) -> String? {
        let a = address >> 24
        let b = (address >> 16) & 0xff
        switch (a, b) {
        case (127, _): return "loopback"
        case (0, _): return "unspecified"
        case (169, 254): return "link-local"
        case (10, _), (192, 168): return "private"
        case (172, 16...31): return "private"
        case (100, 64...127): return "shared (CGNAT)"
        default: return nil
        }
    }

    private static func kind(ofIPv6 text: String) -> String? {
        var address = in6_addr()
        let zoneless = text.split(separator: "%", maxSplits: 1).first.map(String.init) ?? text
        guard inet_pton(AF_INET6, zoneless, &address) == 1 else { return nil }
        let bytes = withUnsafeBytes(of: &address) { Array($0) }
        if bytes.allSatisfy({ $0 == 0 }) { return "unspecified" }
        if bytes[0..<15].allSatisfy({ $0 == 0 }) && bytes[15] == 1 { return "loopback" }
        if bytes[0..<10].allSatisfy({ $0 == 0 }) && bytes[10] == 0xff && bytes[11] == 0xff {
            let v4 = bytes[12..<16].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
            return kind(ofIPv4: v4)
        }
        if bytes[0] == 0xfe && (bytes[1] & 0xc0) == 0x80 { return "link-local" }
        if bytes[0] == 0xfe && (bytes[1] & 0xc0) == 0xc0 { return "site-local" }
        if (bytes[0] & 0xfe) == 0xfc { return "unique-local (private)" }
        return nil
    }

    /// An IPv4 literal as `inet_aton` (and so curl and browsers) reads it: one to four parts, each decimal, hex
    /// (`0x`) or octal (leading `0`); `nil` for anything else.
    private static func ipv4(_ text: String) -> UInt32? {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...4).contains(parts.count) else { return nil }
        var values: [UInt64] = []
        for part in parts {
            guard !part.isEmpty else { return nil }
            let lower = part.lowercased()
            let value: UInt64?
            if lower.hasPrefix("0x") {
                value = lower.count == 2 ? 0 : UInt64(lower.dropFirst(2), radix: 16)
            } else if lower.count > 1 && lower.hasPrefix("0") {
                value = UInt64(lower.dropFirst(), radix: 8)
            } else {
                value = UInt64(lower, radix: 10)
            }
            guard let value, value <= UInt64(UInt32.max) else { return nil }
            values.append(value)
        }
        let last = values.removeLast()
        guard values.allSatisfy({ $0 <= 255 }) else { return nil }
        let lastBits = UInt64(32 - 8 * values.count)
        guard lastBits == 64 || last < (UInt64(1) << lastBits) else { return nil }
        var result: UInt64 = 0
        for (index, value) in values.enumerated() { result |= value << UInt64(24 - 8 * index) }
        return UInt32(truncatingIfNeeded: result | last)
    }
}
