import AdCore
import AdCreative
import AdVAST
import Foundation

/// The wrapper resolution target: the input is a sequence of documents separated by NUL bytes; the first is the
/// root, and each fetch the resolution asks for is answered, in order, by the next one, from memory (after the
/// URL policy check a fetcher makes). A fetch past the last document fails as a 404, an empty document as a
/// timeout. Resolution must keep its caps (R8) and end with ads or an error.
///
/// The resolution is ``WrapperResolutionStateMachine`` driven the way `WrapperResolver` (AdCore) drives it, without
/// the clock race (each fetch takes 100 ms of virtual time): the whole resolver minus `FetchDeadline`.
enum WrapperResolverFuzzer {
    /// A small policy, so that the caps are reached by inputs of a few kilobytes.
    static let policy: WrapperResolutionPolicy = {
        var policy = WrapperResolutionPolicy()
        policy.maxFetches = 16
        policy.maxResolvedAds = 8
        policy.maxTotalBytes = 256 << 10
        return policy
    }()

    static func run(_ input: [UInt8]) -> [String] {
        guard let (resolution, fetches) = resolve(input) else {
            return ["wrapper: more than \(policy.maxFetches) fetches asked for"]
        }
        return check(resolution, fetches: fetches)
    }

    /// The documents of an input: split at NUL bytes, the empty ones kept (each is a timeout), at most `limit` of
    /// them (a resolution never reads past its fetch cap).
    ///
    /// The NULs are found with `memchr`: a Swift loop over the bytes would run libFuzzer's comparison hook for every
    /// byte of every input, time spent on the harness rather than on the resolver.
    static func documents(_ input: [UInt8], limit: Int = .max) -> [ArraySlice<UInt8>] {
        var documents: [ArraySlice<UInt8>] = []
        input.withUnsafeBytes { bytes in
            var start = 0
            while documents.count < limit {
                guard start < bytes.count, let base = bytes.baseAddress,
                    let nul = memchr(base + start, 0, bytes.count - start)
                else {
                    documents.append(input[start...])
                    return
                }
                let end = base.distance(to: UnsafeRawPointer(nul))
                documents.append(input[start..<end])
                start = end + 1
            }
        }
        return documents
    }

    /// The URL the root document is fetched from.
    static let rootURL = URL(string: "https://ads.fuzz.test/root.xml")

    /// The error a fetch past the last document gets.
    static func notFound(_ url: URL) -> AdError {
        AdError(.network, "HTTP 404 for \(url.absoluteString).", providerCode: 404)
    }

    /// The error an empty document stands for.
    static func timedOut(_ url: URL) -> AdError {
        AdError(.timeout, "The fetch of \(url.absoluteString) timed out.", vastCode: 301)
    }

    /// Resolves the input's root; `nil` when the resolution asks for more fetches than its cap.
    static func resolve(_ input: [UInt8]) -> (VASTResolution, fetches: Int)? {
        let documents = documents(input, limit: policy.maxFetches)
        guard let root = rootURL else { return nil }
        var machine = WrapperResolutionStateMachine(url: root, policy: policy)
        var action = machine.start()
        var fetches = 0
        var elapsed = Duration.zero
        while true {
            switch action {
            case .finished(let resolution):
                return (resolution, fetches)
            case .fetch(let url, let timeout):
                fetches += 1
                if fetches > policy.maxFetches { return nil }
                elapsed += .milliseconds(100)
                do throws(VASTError) {
                    try VASTURLPolicy.validate(url)
                } catch {
                    action = machine.failed(error, elapsed: elapsed)
                    continue
                }
                let index = fetches - 1
                if index >= documents.count {
                    action = machine.failed(VASTError(notFound(url)), elapsed: elapsed)
                } else if documents[index].isEmpty {
                    elapsed += timeout
                    action = machine.failed(VASTError(timedOut(url)), elapsed: elapsed)
                } else {
                    action = machine.received(Data(documents[index]), elapsed: elapsed)
                }
            }
        }
    }

    private static func check(_ resolution: VASTResolution, fetches: Int) -> [String] {
        var problems: [String] = []
        if fetches > policy.maxFetches {
            problems.append("wrapper: \(fetches) fetches made, the cap is \(policy.maxFetches)")
        }
        if resolution.ads.count > policy.maxResolvedAds {
            problems.append("wrapper: \(resolution.ads.count) ads resolved, the cap is \(policy.maxResolvedAds)")
        }
        if resolution.ads.isEmpty, resolution.error == nil {
            problems.append("wrapper: resolution ended with neither an ad nor an error")
        }
        if let error = resolution.error { problems += FuzzProblems.check(error, "wrapper") }
        for failure in resolution.failures { problems += FuzzProblems.check(failure.error, "wrapper slot") }
        _ = resolution.errorPings()
        return problems
    }
}
