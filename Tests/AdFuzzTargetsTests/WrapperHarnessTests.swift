import AdCore
import AdCreative
import AdTestSupport
import Foundation
import Synchronization
import Testing

@testable import AdFuzzTargets

/// Rule R5: the wrapper target's synchronous driver resolves like the real ``VASTWrapperResolver`` over a fetcher
/// answering from the same documents, so what the fuzzer explores is what apps run.
@Suite("R5: the wrapper fuzz harness resolves like VASTWrapperResolver")
struct WrapperHarnessTests {
    /// Answers the k-th fetch with the k-th document, as the harness does.
    final class SequentialFetcher: VASTFetcher {
        let documents: [ArraySlice<UInt8>]
        private let count = Mutex(0)

        init(_ documents: [ArraySlice<UInt8>]) { self.documents = documents }

        func fetch(_ url: URL, timeout: Duration) async throws(AdError) -> Data {
            try VASTURLPolicy.validate(url)
            let index = count.withLock { count in
                defer { count += 1 }
                return count
            }
            guard index < documents.count else { throw WrapperResolverFuzzer.notFound(url) }
            guard !documents[index].isEmpty else { throw WrapperResolverFuzzer.timedOut(url) }
            return Data(documents[index])
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
            let resolver = VASTWrapperResolver(
                fetcher: SequentialFetcher(documents), clock: ContinuousClock(), policy: WrapperResolverFuzzer.policy)
            let real = await resolver.resolve(url: root)
            #expect(harness.0.ads == real.ads, "\(file.lastPathComponent)")
            #expect(harness.0.error?.vastCode == real.error?.vastCode, "\(file.lastPathComponent)")
            #expect(harness.0.failures.map(\.vastCode) == real.failures.map(\.vastCode), "\(file.lastPathComponent)")
            compared += 1
        }
        #expect(compared >= 12, "\(compared) of \(files.count) inputs compared")
    }
}
