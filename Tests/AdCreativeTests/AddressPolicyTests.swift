import AdCore
import AdCreative
import Foundation
import Testing

/// R9: URLs from a server response may not reach loopback, link-local or private addresses unless allowed.
@Suite("R9: the address policy for URLs from a response")
@MainActor
struct AddressPolicyTests {
    static let refusedHosts = [
        "127.0.0.1", "127.1", "2130706433", "0x7f000001", "0177.0.0.1", "localhost", "LOCALHOST.", "ads.localhost",
        "0.0.0.0", "169.254.169.254", "10.0.0.1", "172.16.0.1", "172.31.255.255", "192.168.1.1", "100.64.0.1",
        "[::1]", "[::]", "[fe80::1]", "[fc00::1]", "[fd12:3456::1]", "[::ffff:127.0.0.1]", "[::ffff:10.1.2.3]",
    ]
    static let allowedHosts = [
        "ads.example.test", "8.8.8.8", "172.15.0.1", "172.32.0.1", "192.169.0.1", "100.128.0.1", "[2001:db8::1]",
        "localhost.example.test", "1.2.3.4.5", "11.0.0.1",
    ]

    @Test("R9: loopback, link-local, private, shared and unspecified addresses are refused by default, in any spelling")
    func r9_privateAddressesRefusedByDefault() throws {
        for host in Self.refusedHosts {
            let url = try #require(URL(string: "http://\(host)/vast.xml"), "\(host)")
            #expect(throws: VASTError.self, "\(host)") { try VASTAddressPolicy.publicOnly.check(url) }
            #expect(throws: Never.self, "\(host)") { try VASTAddressPolicy.allowingPrivate.check(url) }
        }
        for host in Self.allowedHosts {
            let url = try #require(URL(string: "https://\(host)/vast.xml"), "\(host)")
            #expect(throws: Never.self, "\(host)") { try VASTAddressPolicy.publicOnly.check(url) }
        }
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
        for uri in ["http://127.0.0.1:8080/next.xml", "http://169.254.169.254/latest/meta-data", "http://[::1]/x"] {
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
