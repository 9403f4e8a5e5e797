import AdCore
import AdCreative
import AdVAST
import Foundation
import Testing

/// R9: URLs from a server response may not reach loopback, link-local or private addresses unless allowed.
@Suite("R9: the address policy for URLs from a response")
@MainActor
struct AddressPolicyTests {
    nonisolated static let refusedHosts = [
        "127.0.0.1", "127.1", "2130706433", "0x7f000001", "0177.0.0.1", "localhost", "LOCALHOST.", "ads.localhost",
        "0.0.0.0", "169.254.169.254", "10.0.0.1", "172.16.0.1", "172.31.255.255", "192.168.1.1", "100.64.0.1",
        "[::1]", "[::]", "[fe80::1]", "[fc00::1]", "[fd12:3456::1]", "[::ffff:127.0.0.1]", "[::ffff:10.1.2.3]",
    ]

    /// Checks `host` in a URL from a response: refused by default with `refusedURL`, the message naming `kind`;
    /// allowed by `.allowingPrivate`.
    static func expectRefused(_ host: String, kind: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        #expect(
            VASTAddressPolicy.privateKind(ofHost: host)?.contains(kind) == true,
            "\(host): \(VASTAddressPolicy.privateKind(ofHost: host) ?? "allowed")", sourceLocation: sourceLocation)
        let url = try #require(URL(string: "http://\(host)/vast.xml"), "\(host)", sourceLocation: sourceLocation)
        let error = #expect(throws: VASTError.self, "\(host)", sourceLocation: sourceLocation) {
            try VASTAddressPolicy.publicOnly.check(url)
        }
        #expect(error?.kind == .refusedURL, "\(host)", sourceLocation: sourceLocation)
        #expect(error?.message.contains(kind) == true, "\(error?.message ?? "")", sourceLocation: sourceLocation)
        #expect(error?.hint?.contains(".allowingPrivate") == true, sourceLocation: sourceLocation)
        #expect(throws: Never.self, "\(host)", sourceLocation: sourceLocation) {
            try VASTAddressPolicy.allowingPrivate.check(url)
        }
    }

    @Test(
        "R9: loopback, link-local, private, shared and unspecified addresses are refused by default, in any spelling",
        arguments: refusedHosts)
    func r9_privateAddressesRefusedByDefault(host: String) throws {
        let url = try #require(URL(string: "http://\(host)/vast.xml"), "\(host)")
        #expect(throws: VASTError.self, "\(host)") { try VASTAddressPolicy.publicOnly.check(url) }
        #expect(throws: Never.self, "\(host)") { try VASTAddressPolicy.allowingPrivate.check(url) }
    }

    @Test(
        "R9: IPv4 embedded in IPv6 (mapped, translated, compatible, NAT64, local-use NAT64, 6to4) is judged as IPv4",
        arguments: [
            ("[::ffff:127.0.0.1]", "loopback (127.0.0.1 as IPv4-mapped IPv6)"), ("[::ffff:7f00:1]", "loopback"),
            ("[::FFFF:169.254.169.254]", "link-local"),
            ("[::ffff:0:127.0.0.1]", "loopback (127.0.0.1 as IPv4-translated"),
            ("[::127.0.0.1]", "loopback (127.0.0.1 as IPv4-compatible IPv6)"), ("[::7f00:1]", "loopback"),
            ("[::10.0.0.1]", "private"), ("[::8.8.8.8]", "reserved (IPv4-compatible IPv6)"),
            ("[::169.254.169.254]", "link-local"), ("[64:ff9b::127.0.0.1]", "loopback (127.0.0.1 as NAT64)"),
            ("[64:ff9b::7f00:1]", "loopback"), ("[64:ff9b::a9fe:a9fe]", "link-local"),
            ("[64:ff9b::192.168.0.1]", "private"), ("[64:ff9b::100.64.0.1]", "shared (CGNAT)"),
            ("[64:ff9b:1::10.0.0.1]", "private (10.0.0.1 as local-use NAT64)"),
            ("[64:ff9b:1:2:3:4:7f00:1]", "loopback (127.0.0.1 as local-use NAT64)"),
            ("[2002:7f00:1::]", "loopback (127.0.0.1 as 6to4)"), ("[2002:a9fe:a9fe::1]", "link-local"),
            ("[2002:c0a8:101:5::1]", "private (192.168.1.1 as 6to4)"), ("[2002:0:0::1]", "unspecified"),
        ])
    func r9_embeddedIPv4Refused(host: String, kind: String) throws {
        try Self.expectRefused(host, kind: kind)
    }

    @Test(
        "R9: IPv4 written as one number, in hex, in octal or with fewer parts is read as inet_aton reads it",
        arguments: [
            ("2130706433", "loopback"), ("0x7f000001", "loopback"), ("0X7F000001", "loopback"), ("0x7f.1", "loopback"),
            ("0x7F.0.0.1", "loopback"), ("0177.0.0.1", "loopback"), ("017700000001", "loopback"),
            ("127.1", "loopback"), ("127.0.1", "loopback"), ("0", "unspecified"), ("0x0", "unspecified"),
            ("167772161", "private"), ("012.0.0.1", "private"), ("0xa9.0xfe.0xa9.0xfe", "link-local"),
            ("2852039166", "link-local"), ("169.254.43518", "link-local"), ("%31%32%37.0.0.1", "loopback"),
        ])
    func r9_ipv4SpellingsRefused(host: String, kind: String) throws {
        try Self.expectRefused(host, kind: kind)
    }

    @Test(
        "R9: trailing dots do not hide an address or localhost",
        arguments: [
            ("127.0.0.1.", "loopback"), ("127.0.0.1..", "loopback"), ("2130706433.", "loopback"),
            ("10.0.0.1.", "private"), ("169.254.169.254.", "link-local"), ("localhost.", "loopback"),
            ("LOCALHOST..", "loopback"), ("ads.localhost.", "loopback"), ("0x7f.1.", "loopback"),
        ])
    func r9_trailingDotsRefused(host: String, kind: String) throws {
        try Self.expectRefused(host, kind: kind)
    }

    @Test(
        "R9: multicast, broadcast, reserved, IETF-assignment and benchmarking ranges are refused",
        arguments: [
            ("224.0.0.1", "multicast"), ("239.255.255.250", "multicast"), ("255.255.255.255", "broadcast"),
            ("240.0.0.1", "reserved"), ("254.1.2.3", "reserved"), ("255.255.255.254", "reserved"),
            ("192.0.0.1", "reserved (IETF protocol assignments)"), ("192.0.0.170", "reserved (IETF"),
            ("198.18.0.1", "benchmarking"), ("198.19.255.255", "benchmarking"), ("[ff02::1]", "multicast"),
            ("[ff05::1:3]", "multicast"), ("[ff0e::101]", "multicast"), ("[fec0::1]", "site-local"),
            ("[64:ff9b::224.0.0.251]", "multicast (224.0.0.251 as NAT64)"),
        ])
    func r9_reservedRangesRefused(host: String, kind: String) throws {
        try Self.expectRefused(host, kind: kind)
    }

    @Test(
        "R9: an IPv6 zone (%eth0, %25eth0) is ignored: the address itself is judged",
        arguments: [
            ("[fe80::1%25eth0]", "link-local"), ("[fe80::1%eth0]", "link-local"), ("[::1%25lo]", "loopback"),
            ("[fd00::1%251]", "unique-local"), ("[::ffff:127.0.0.1%25lo]", "loopback"),
        ])
    func r9_ipv6ZonesRefused(host: String, kind: String) throws {
        try Self.expectRefused(host, kind: kind)
    }

    @Test(
        "R9: public addresses, public IPv4 in NAT64/6to4/mapped form, and host names stay allowed",
        arguments: [
            "8.8.8.8", "[2001:4860::8888]", "[2001:4860:4860::8888]", "[64:ff9b::808:808]", "[64:ff9b::8.8.8.8]",
            "[64:ff9b:1::8.8.4.4]", "[2002:808:808::1]", "[::ffff:8.8.8.8]", "ads.example.test", "ads.example.test.",
            "localhost.example.test", "172.15.0.1", "172.32.0.1", "192.169.0.1", "100.128.0.1", "192.0.1.1",
            "198.17.255.255", "198.20.0.1", "223.255.255.255", "11.0.0.1", "1.2.3.4.5", "[2001:db8::1]", "[2003::1]",
            "0x8.8.8.8",
        ])
    func r9_publicAddressesAllowed(host: String) throws {
        #expect(VASTAddressPolicy.privateKind(ofHost: host) == nil, "\(host)")
        let url = try #require(URL(string: "https://\(host)/vast.xml"), "\(host)")
        #expect(throws: Never.self, "\(host)") { try VASTAddressPolicy.publicOnly.check(url) }
    }

    static func wrapper(to uri: String) -> Data {
        Data(
            """
            <VAST version="4.2"><Ad id="w"><Wrapper><AdSystem>s</AdSystem><VASTAdTagURI>\(uri)</VASTAdTagURI>
            <Error>https://t.example.test/err?c=[ERRORCODE]</Error></Wrapper></Ad></VAST>
            """.utf8)
    }

    @Test("R9: a wrapper hop to a private address is refused (301, refusedURL) and never fetched; the option allows it")
    func r9_wrapperHopToPrivateAddress() async throws {
        let uris = [
            "http://127.0.0.1:8080/next.xml", "http://169.254.169.254/latest/meta-data", "http://[::1]/x",
            "http://[::127.0.0.1]/x", "http://[64:ff9b::127.0.0.1]/x", "http://0x7f.1/x", "http://127.0.0.1./x",
        ]
        for uri in uris {
            let fetcher = TableTransport([
                "https://a.example.test/1": .body(Self.wrapper(to: uri)),
                uri: .body(try TestData.fixture("chain/hop3.xml")),
            ])
            let refused = await Harness.resolver(fetcher).resolve(url: URL(string: "https://a.example.test/1")!)
            let failure = try #require(refused.failures.first, "\(uri)")
            #expect(failure.vastCode == 301, "\(uri)")
            #expect(failure.error.kind == .refusedURL, "\(uri)")
            #expect(failure.errorURLs == ["https://t.example.test/err?c=[ERRORCODE]"])
            #expect(fetcher.requestedURLs.map(\.absoluteString) == ["https://a.example.test/1"], "\(uri)")
            var policy = WrapperResolutionPolicy()
            policy.addresses = .allowingPrivate
            let allowed = await Harness.resolver(fetcher, policy: policy)
                .resolve(url: URL(string: "https://a.example.test/1")!)
            #expect(allowed.failures.isEmpty, "\(uri): \(allowed.failures)")
            #expect(allowed.ads.count == 1, "\(uri)")
        }
    }

    @Test("R9: the root URL is the caller's own and is not checked; a relative hop against it is")
    func r9_rootURLNotChecked() async throws {
        let fetcher = TableTransport([
            "http://127.0.0.1/1": .body(Self.wrapper(to: "next.xml")),
            "http://127.0.0.1/next.xml": .body(try TestData.fixture("chain/hop3.xml")),
        ])
        let resolution = await Harness.resolver(fetcher).resolve(url: URL(string: "http://127.0.0.1/1")!)
        #expect(fetcher.requestedURLs.map(\.absoluteString) == ["http://127.0.0.1/1"])
        #expect(resolution.failures.first?.error.kind == .refusedURL)
    }
}
