import AdCore
import AdCreative
import AdVAST
import IFLYProvider

/// The IFLY dialect target: one input is one response, parsed and decoded as the provider decodes it.
enum IFLYResponseFuzzer {
    static func run(_ input: [UInt8]) -> [String] {
        let parsed = input.withUnsafeBytes { buffer in
            Result { () throws(VASTError) -> VASTDocument in try VASTParser().parse(bytes: buffer, allowNoAd: true) }
        }
        switch parsed {
        case .success(let document):
            do throws(AdError) {
                let response = try IFLYFeedResponse(document: document, providerID: "ifly")
                _ = (response.adData.images, response.timeToLive)
                return []
            } catch {
                return FuzzProblems.check(error, "ifly")
            }
        case .failure(let error):
            return FuzzProblems.check(error, "ifly")
        }
    }
}
