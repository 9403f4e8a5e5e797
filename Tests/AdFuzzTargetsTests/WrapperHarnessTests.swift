import AdCore
import AdCreative
import AdEmbedded
import AdTestSupport
import AdVAST
import Foundation
import Synchronization
import Testing

@testable import AdFuzzTargets

/// Rule R5: the wrapper target's synchronous driver resolves like the real ``WrapperResolver`` over a transport
/// answering from the same documents, so what the fuzzer explores is what apps run.
@MainActor
@Suite("R5: the wrapper fuzz harness resolves like WrapperResolver")
struct WrapperHarnessTests {
    /// Answers the k-th fetch with the k-th document, as the harness does.
    final class SequentialTransport: ResponseTransport {
        let documents: [ArraySlice<UInt8>]
        private let count = Mutex(0)

        init(_ documents: [ArraySlice<UInt8>]) { self.documents = documents }

        func fetch(_ request: TransportRequest) async throws(AdError) -> TransportResponse {
            let target = request.url ?? request.adUnitID
            guard let url = URL(string: target) else { throw AdError(.invalidRequest, "Not a URL: \(target).") }
            let index = count.withLock { count in
                defer { count += 1 }
                return count
            }
            guard index < documents.count else { throw WrapperResolverFuzzer.notFound(url) }
            guard !documents[index].isEmpty else { throw WrapperResolverFuzzer.timedOut(url) }
            return TransportResponse(body: Array(documents[index]), sourceURL: target)
        }
    }

    @Test(
        "R5: the harness splits an input at every NUL like split(omittingEmptySubsequences: false), up to its limit",
        arguments: [[], [0], [0, 0], [1, 2], [1, 0, 2], [0, 1, 0], [1, 2, 0], [1, 0, 0, 2, 0]] as [[UInt8]]
    )
    func r5_documentsSplitAtEveryNUL(input: [UInt8]) {
        let expected = input.split(separator: 0, omittingEmptySubsequences: false).map(Array.init)
        #expect(WrapperResolverFuzzer.documents(input).map(Array.init) == expected)
        for limit in 0...3 {
            #expect(
                WrapperResolverFuzzer.documents(input, limit: limit).map(Array.init) == Array(expected.prefix(limit)))
        }
    }

    @Test("R5: the wrapper corpus resolves to the same ads and errors through both drivers")
    func r5_wrapperHarnessMatchesResolver() async throws {
        let files = FuzzCorpus.files(for: .wrapper, packageRoot: FixturePaths.packageRoot)
        var compared = 0
        for file in files {
            let input = try [UInt8](Data(contentsOf: file))
            let documents = WrapperResolverFuzzer.documents(input)
            // The harness adds each timeout to its virtual time; with more than one, the total timeout differs.
            guard documents.count(where: \.isEmpty) <= 1 else { continue }
            let harness = try #require(WrapperResolverFuzzer.resolve(input), "\(file.lastPathComponent)")
            let root = try #require(WrapperResolverFuzzer.rootURL)
            let resolver = WrapperResolver(
                transport: SequentialTransport(documents), scheduler: VirtualTimeDriver(), providerID: "fuzz",
                adUnitID: "wrapper", policy: WrapperResolverFuzzer.policy)
            let real = await resolver.resolve(url: root)
            #expect(harness.0.ads == real.ads, "\(file.lastPathComponent)")
            #expect(harness.0.error?.vastCode == real.error?.vastCode, "\(file.lastPathComponent)")
            #expect(
                harness.0.failures.map { $0.vastCode } == real.failures.map { $0.vastCode }, "\(file.lastPathComponent)"
            )
            compared += 1
        }
        #expect(compared >= 12, "\(compared) of \(files.count) inputs compared")
    }
}
