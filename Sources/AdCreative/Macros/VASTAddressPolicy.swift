public import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Which addresses a URL that came from a server response may point at (rule R9). By default
/// (``publicOnly``) a wrapper hop, a redirect target or a tracker written by a server may not reach the device
/// itself or its networks: a host that is `localhost` (or `*.localhost`), or a literal address that is loopback,
/// unspecified, link-local, private, shared (CGNAT), benchmarking, IETF-reserved, multicast, broadcast or reserved, or
/// an IPv6 unique-local/site-local/multicast one, in any spelling (IPv4 as one number, in hex or octal, with trailing
/// dots; IPv4 embedded in IPv6 as mapped, translated, compatible, NAT64 or 6to4; an IPv6 zone) is refused with
/// `refusedURL`. Tests against a loopback server and intranet ad servers opt in with ``allowingPrivate``. The URL an
/// app asks for itself (the root of a resolution, an ad unit's endpoint) is not checked: only URLs from a response
/// are.
///
/// Host names are not resolved here (AdCreative does no I/O): AdRuntime's `HTTPFetcher` resolves a name from a
/// response and judges its answers with ``privateKind(ofHost:)`` before fetching (Docs/Reliability.md, R9).
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

    /// What kind of non-public address `host` is (`loopback`, `link-local`, `private`, `multicast`, ...), or `nil`
    /// for a public address or a host name other than `localhost`.
    ///
    /// `host` may be bracketed (`[::1]`), percent-encoded, end in dots (`127.0.0.1.`) or carry an IPv6 zone
    /// (`fe80::1%eth0`, `%25eth0`); an IPv4 address is read in every spelling `inet_aton` accepts (`2130706433`,
    /// `0x7f.1`, `0177.0.0.1`), and one embedded in IPv6 (IPv4-mapped `::ffff:0:0/96`, IPv4-translated
    /// `::ffff:0:0:0/96`, IPv4-compatible `::/96`, NAT64 `64:ff9b::/96` and `64:ff9b:1::/48`, 6to4 `2002::/16`) is
    /// judged as IPv4, its kind named with the form (`loopback (127.0.0.1 as NAT64)`).
    public static func privateKind(ofHost host: String) -> String? {
        var name = (host.removingPercentEncoding ?? host).lowercased()
        if name.hasPrefix("["), name.hasSuffix("]") { name = String(name.dropFirst().dropLast()) }
        // A zone (`fe80::1%eth0`) names the interface, not the address: the address is judged without it.
        if name.contains(":"), let zone = name.firstIndex(of: "%") { name = String(name[..<zone]) }
        while name.hasSuffix(".") { name.removeLast() }
        if name == "localhost" || name.hasSuffix(".localhost") { return "loopback" }
        if let v4 = ipv4(name) { return kind(ofIPv4: v4) }
        if name.contains(":") { return kind(ofIPv6: name) }
        return nil
    }

    private static func kind(ofIPv4 address: UInt32) -> String? {
        let a = address >> 24
        let b = (address >> 16) & 0xff
        let c = (address >> 8) & 0xff
        switch (a, b, c) {
        case (127, _, _): return "loopback"
        case (0, _, _): return "unspecified"
        case (169, 254, _): return "link-local"
        case (10, _, _), (192, 168, _): return "private"
        case (172, 16...31, _): return "private"
        case (100, 64...127, _): return "shared (CGNAT)"
        case (192, 0, 0): return "reserved (IETF protocol assignments)"
        case (198, 18...19, _): return "benchmarking"
        case (224...239, _, _): return "multicast"
        case (255, 255, 255) where address == UInt32.max: return "broadcast"
        case (240...255, _, _): return "reserved"
        default: return nil
        }
    }

    private static func kind(ofIPv6 text: String) -> String? {
        var address = in6_addr()
        guard inet_pton(AF_INET6, text, &address) == 1 else { return nil }
        let bytes = withUnsafeBytes(of: &address) { Array($0) }
        func zero(_ range: Range<Int>) -> Bool { bytes[range].allSatisfy { $0 == 0 } }
        func embedded(_ at: Int, _ form: String) -> String? {
            let v4 = bytes[at..<(at + 4)].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
            guard let kind = kind(ofIPv4: v4) else { return nil }
            return "\(kind) (\(bytes[at]).\(bytes[at + 1]).\(bytes[at + 2]).\(bytes[at + 3]) as \(form))"
        }
        if zero(0..<16) { return "unspecified" }
        if zero(0..<15) && bytes[15] == 1 { return "loopback" }
        if zero(0..<10) && bytes[10] == 0xff && bytes[11] == 0xff { return embedded(12, "IPv4-mapped IPv6") }
        if zero(0..<8) && bytes[8] == 0xff && bytes[9] == 0xff && zero(10..<12) {
            return embedded(12, "IPv4-translated IPv6")
        }
        // The deprecated IPv4-compatible form (::a.b.c.d) is routed nowhere: refused whatever it embeds.
        if zero(0..<12) { return embedded(12, "IPv4-compatible IPv6") ?? "reserved (IPv4-compatible IPv6)" }
        // NAT64 (RFC 6052, RFC 8215): the translator connects to the IPv4 address in the last 32 bits.
        if bytes[0..<4] == [0, 0x64, 0xff, 0x9b] && zero(4..<12) { return embedded(12, "NAT64") }
        if bytes[0..<6] == [0, 0x64, 0xff, 0x9b, 0, 1] { return embedded(12, "local-use NAT64") }
        if bytes[0] == 0x20 && bytes[1] == 0x02 { return embedded(2, "6to4") }
        if bytes[0] == 0xff { return "multicast" }
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
