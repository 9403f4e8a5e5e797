import AdCore
import AdMediation
import Foundation
import GoogleProvider
import IFLYProvider
import YandexProvider

/// The mediation configuration target: one input is one JSON file, decoded and validated against the three
/// built-in providers' descriptors. A refusal must list at least one problem, each with a message; a configuration
/// that validates must run (``MediationRehearsal``: a few requests through the real `Mediator` in virtual time).
enum MediationConfigurationFuzzer {
    /// The built-in providers' own descriptors (their IDs and formats are theirs to declare).
    static let providers = [
        YandexProvider().descriptor, GoogleProvider().descriptor, IFLYProvider().descriptor,
    ]

    static func run(_ input: [UInt8]) async -> [String] {
        let configuration: MediationConfiguration
        do throws(MediationConfigurationError) {
            configuration = try MediationConfiguration.decode(Data(input), providers: providers)
        } catch {
            if error.problems.isEmpty { return ["mediation: a refusal without a problem"] }
            return error.problems.filter { $0.message.isEmpty }.map { "mediation: \($0.kind) without a message" }
        }
        return await MediationRehearsal.run(configuration)
    }
}
