import AdCore
import AdCreative
import Foundation

/// The wrapper resolution target: the input is a sequence of documents separated by NUL bytes; the first is the
/// root, and each fetch the resolution asks for is answered, in order, by the next one, from memory (after the
/// URL policy check a fetcher makes). A fetch past the last document fails as a 404, an empty document as a
/// timeout. Resolution must keep its caps (R8) and end with ads or an error.
///
/// The resolution is ``WrapperResolutionStateMachine`` driven the way ``VASTWrapperResolver`` drives it, without
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
        let documents = input.split(separator: 0, omittingEmptySubsequences: false)
        let root = URL(string: "https://ads.fuzz.test/root.xml")
        guard let root else { return ["wrapper: the root URL does not parse"] }
        var machine = WrapperResolutionStateMachine(url: root, policy: policy)
        var action = machine.start()
        var fetches = 0
        var elapsed = Duration.zero
        while true {
            switch action {
            case .finished(let resolution):
                return check(resolution, fetches: fetches)
            case .fetch(let url, let timeout):
                fetches += 1
                if fetches > policy.maxFetches {
                    return ["wrapper: \(fetches) fetches asked for, the cap is \(policy.maxFetches)"]
                }
                elapsed += .milliseconds(100)
                do throws(VASTError) {
                    try VASTURLPolicy.validate(url)
                } catch {
                    action = machine.failed(error, elapsed: elapsed)
                    continue
                }
                let index = fetches - 1
                if index >= documents.count {
                    action = machine.failed(
                        VASTError(AdError(.network, "HTTP 404 for \(url.absoluteString).", providerCode: 404)),
                        elapsed: elapsed)
                } else if documents[index].isEmpty {
                    elapsed += timeout
                    action = machine.failed(
                        VASTError(AdError(.timeout, "The fetch of \(url.absoluteString) timed out.", vastCode: 301)),
                        elapsed: elapsed)
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
