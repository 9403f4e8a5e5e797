import AdCore
import AdCreative
import AdRuntime
import Foundation
import Testing

/// R8: one wrapper resolution fetches, reads and returns a bounded amount, whatever the responses say.
@Suite("R8: the caps of one wrapper resolution (fetches, resolved ads, bytes)")
@MainActor
struct ResolutionCapTests {
    static let base = URL(string: "https://ads.example.test/fanout/")!
    static let fanOutFiles = ["root.xml", "level1.xml", "level2.xml", "level3.xml", "level4.xml", "level5.xml"]

    /// The fan-out fixtures (`Fixtures/vast/hostile/fanout`: five levels of pods of eight wrappers that allow multiple
    /// ads, 37,448 fetches and 262,144 ads without caps) served from memory, so that every fetch is counted.
    static func fanOutFetcher() throws -> TableTransport {
        var table: [String: TableTransport.Response] = [:]
        for name in fanOutFiles {
            table[base.appendingPathComponent(name).absoluteString] = .body(
                try TestData.fixture("hostile/fanout/" + name))
        }
        return TableTransport(table)
    }

    static func resolveFanOut(_ policy: WrapperResolutionPolicy) async throws -> (VASTResolution, TableTransport) {
        let fetcher = try fanOutFetcher()
        let resolution = await Harness.resolver(fetcher, policy: policy)
            .resolve(url: base.appendingPathComponent("root.xml"))
        return (resolution, fetcher)
    }

    /// Checks that `resolution` was stopped by `limit` with VAST 302, and returns the failure that says so.
    @discardableResult
    static func expectStopped(
        _ resolution: VASTResolution, by limit: VASTLimit, sourceLocation: SourceLocation = #_sourceLocation
    ) -> VASTResolutionFailure? {
        let error = resolution.error
        #expect(error?.kind == .limitExceeded, sourceLocation: sourceLocation)
        #expect(error?.vastCode == 302, sourceLocation: sourceLocation)
        #expect(error?.message.contains("the \(limit.rawValue) limit") == true, sourceLocation: sourceLocation)
        #expect(resolution.stopError == error, sourceLocation: sourceLocation)
        let failure = resolution.failures.first { $0.error == error }
        #expect(failure != nil, sourceLocation: sourceLocation)
        return failure
    }

    @Test("R8: the fan-out of wrapper pods stops at the resolved-ad cap with VAST 302, after a few fetches")
    func r8_fanOutStopsAtResolvedAdCap() async throws {
        let (resolution, fetcher) = try await Self.resolveFanOut(WrapperResolutionPolicy())
        #expect(resolution.ads.count == 32)
        // Depth first: the root and one chain down to level 5 (six fetches, 8 ads), three more level-5 pods (32 ads),
        // and the fifth level-5 pod, whose first ad would be the 33rd.
        #expect(fetcher.requestedURLs.count == 10)
        let failure = try #require(Self.expectStopped(resolution, by: .resolvedAds))
        // The chain that hit the cap pings its five wrappers' error URLs with 302; the slots still waiting are
        // counted in the message, not pinged.
        #expect(failure.errorURLs.count == 5)
        #expect(resolution.errorPings().allSatisfy { $0.absoluteString.hasSuffix("code=302") })
        #expect(resolution.failures.count == 1)
        #expect(failure.error.message.contains("more ad slots were not resolved"))
    }

    @Test("R8: a fan-out of wrapper pods stops at the fetch cap with VAST 302")
    func r8_fanOutStopsAtFetchCap() async throws {
        var policy = WrapperResolutionPolicy()
        policy.maxResolvedAds = 1_000_000
        policy.maxTotalBytes = 1 << 30
        let (resolution, fetcher) = try await Self.resolveFanOut(policy)
        #expect(fetcher.requestedURLs.count == 64)
        Self.expectStopped(resolution, by: .fetches)
        // 64 fetches: the root, levels 1-3 of the first branch, then 8 level-4 documents each followed by its
        // level-5 pod, and so on; never more ads than those 64 documents hold.
        #expect(resolution.ads.count <= 64 * 8)
        #expect(resolution.failures.count == 1)
    }

    @Test("R8: a fan-out of wrapper pods stops at the byte cap with VAST 302, before parsing the body that crossed it")
    func r8_fanOutStopsAtByteCap() async throws {
        var policy = WrapperResolutionPolicy()
        policy.maxResolvedAds = 1_000_000
        policy.maxFetches = 1_000_000
        policy.maxTotalBytes = 100_000
        let (resolution, fetcher) = try await Self.resolveFanOut(policy)
        let sizes = try Self.fanOutFiles.map { try TestData.fixture("hostile/fanout/" + $0).count }
        // Each document is 2.6-3.7 KB: the cap is crossed within 100,000 / 2,600 + 1 fetches.
        #expect(fetcher.requestedURLs.count <= 100_000 / (sizes.min() ?? 1) + 1)
        #expect(fetcher.requestedURLs.count > 100_000 / (sizes.max() ?? 1))
        Self.expectStopped(resolution, by: .totalBytes)
    }

    @Test("R8: exactly maxFetches fetches pass; one fewer allowed stops with 302 before the last fetch")
    func r8_fetchCapBoundary() async throws {
        let files = FolderTransport(baseURL: WrapperResolutionTests.base, directory: FixturePathsVAST.folder)
        let url = WrapperResolutionTests.url("chain/hop1.xml")  // hop1 → hop2 → hop3: three fetches
        var policy = WrapperResolutionPolicy()
        policy.maxFetches = 3
        let exact = await Harness.resolver(files, policy: policy).resolve(url: url)
        #expect(exact.error == nil)
        #expect(exact.ads.count == 1)
        policy.maxFetches = 2
        let over = await Harness.resolver(files, policy: policy).resolve(url: url)
        #expect(over.ads.isEmpty)
        let failure = try #require(Self.expectStopped(over, by: .fetches))
        // The chain's two wrappers (hop1, hop2) ping with 302.
        #expect(failure.chain.count == 2)
        #expect(over.errorPings().count == 2)
    }

    @Test("R8: exactly maxResolvedAds ads pass; one more stops with 302, keeping the first ones")
    func r8_resolvedAdCapBoundary() async throws {
        let pod = WrapperResolutionTests.document(
            WrapperResolutionTests.inlineXML("a", sequence: 1), WrapperResolutionTests.inlineXML("b", sequence: 2),
            WrapperResolutionTests.inlineXML("c", sequence: 3))
        let fetcher = TableTransport([
            "https://a.example.test/top.xml": .body(
                WrapperResolutionTests.wrapperXML(
                    "w", "https://a.example.test/pod.xml", attributes: " allowMultipleAds=\"true\"")),
            "https://a.example.test/pod.xml": .body(pod),
        ])
        let url = try #require(URL(string: "https://a.example.test/top.xml"))
        var policy = WrapperResolutionPolicy()
        policy.maxResolvedAds = 3
        let exact = await Harness.resolver(fetcher, policy: policy).resolve(url: url)
        #expect(exact.error == nil)
        #expect(exact.ads.map(\.ad.id) == ["a", "b", "c"])
        policy.maxResolvedAds = 2
        let over = await Harness.resolver(fetcher, policy: policy).resolve(url: url)
        #expect(over.ads.map(\.ad.id) == ["a", "b"])
        Self.expectStopped(over, by: .resolvedAds)
    }

    @Test("R8: exactly maxTotalBytes bytes pass; one byte less stops with 302 at the last body")
    func r8_byteCapBoundary() async throws {
        let files = FolderTransport(baseURL: WrapperResolutionTests.base, directory: FixturePathsVAST.folder)
        let url = WrapperResolutionTests.url("chain/hop1.xml")
        let total = try ["chain/hop1.xml", "chain/hop2.xml", "chain/hop3.xml"].reduce(0) {
            $0 + (try TestData.fixture($1).count)
        }
        var policy = WrapperResolutionPolicy()
        policy.maxTotalBytes = total
        let exact = await Harness.resolver(files, policy: policy).resolve(url: url)
        #expect(exact.error == nil)
        #expect(exact.ads.count == 1)
        policy.maxTotalBytes = total - 1
        let over = await Harness.resolver(files, policy: policy).resolve(url: url)
        #expect(over.ads.isEmpty)
        let failure = try #require(Self.expectStopped(over, by: .totalBytes))
        #expect(failure.error.message.contains("\(total) bytes"))
    }

    @Test("R8: the state machine by hand: the root fetch counts, and a root body over the byte cap is not parsed")
    func r8_stateMachineCountsTheRoot() throws {
        var policy = WrapperResolutionPolicy()
        policy.maxFetches = 1
        let root = try #require(URL(string: "https://a.example.test/1"))
        var machine = WrapperResolutionStateMachine(url: root, policy: policy)
        #expect(machine.start() == .fetch(root, timeout: .seconds(5)))
        guard
            case .finished(let resolution) = machine.received(
                WrapperResolutionTests.wrapperXML("one", "https://a.example.test/2"), elapsed: .seconds(1))
        else {
            Issue.record("expected the machine to stop at the fetch cap")
            return
        }
        Self.expectStopped(resolution, by: .fetches)
        #expect(resolution.errorPings().map(\.absoluteString) == ["https://t.example.test/err/one?c=302"])

        policy.maxFetches = 64
        policy.maxTotalBytes = 10
        var small = WrapperResolutionStateMachine(url: root, policy: policy)
        _ = small.start()
        guard case .finished(let refused) = small.received(Data(repeating: 0x20, count: 11), elapsed: .zero) else {
            Issue.record("expected the machine to stop at the byte cap")
            return
        }
        Self.expectStopped(refused, by: .totalBytes)
    }
}
