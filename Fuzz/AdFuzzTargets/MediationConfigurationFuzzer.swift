import AdCore
import AdMediation
import Foundation

/// The mediation configuration target: one input is one JSON file, decoded and validated against the three
/// built-in providers' descriptors. A refusal must list at least one problem, each with a message.
enum MediationConfigurationFuzzer {
    static let providers = [
        ProviderDescriptor(
            id: "google", displayName: "Google", version: ProviderVersion(11, 0, 0, 0),
            supportedFormats: [.interstitial, .rewarded, .rewardedInterstitial]),
        ProviderDescriptor(
            id: "yandex", displayName: "Yandex", version: ProviderVersion(7, 0, 0, 0),
            supportedFormats: [.native, .nativeSlider]),
        ProviderDescriptor(
            id: "ifly", displayName: "IFLY", version: ProviderVersion(6, 5, 1, 0), supportedFormats: [.native]),
    ]

    static func run(_ input: [UInt8]) -> [String] {
        do throws(MediationConfigurationError) {
            _ = try MediationConfiguration.decode(Data(input), providers: providers)
            return []
        } catch {
            if error.problems.isEmpty { return ["mediation: a refusal without a problem"] }
            return error.problems.filter { $0.message.isEmpty }.map { "mediation: \($0.kind) without a message" }
        }
    }
}
