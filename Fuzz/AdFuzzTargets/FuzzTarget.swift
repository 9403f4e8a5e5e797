/// One libFuzzer target: a decoder AdBridge runs on input from outside, with the function that runs one input
/// through it (rules R5, R6; `Docs/Reliability.md`, section 2).
///
/// `adfuzz <target>` runs a target under libFuzzer (`Scripts/fuzz.sh <target> <seconds>`); the R5 tests replay
/// every target's corpus through ``run(_:)`` in the ordinary `swift test`.
///
/// ```swift
/// let problems = await FuzzTarget.vast.run(Array("<VAST version=\"4.2\"/>".utf8))
/// assert(problems.isEmpty)
/// ```
public enum FuzzTarget: String, CaseIterable, Sendable {
    /// The VAST parser (`VASTParser.parse(bytes:)`), every input one document.
    case vast
    /// Wrapper resolution over an in-memory transport answering from the input (``WrapperResolverFuzzer``).
    case wrapper
    /// The Yandex dialect (`YandexResponse(bytes:providerID:)`).
    case yandex
    /// The Google dialect: every ad decoded as each full-screen format, its price converted.
    case google
    /// The IFLY native feed dialect (`IFLYFeedResponse(document:providerID:)`).
    case ifly
    /// The mediation configuration decoder (`MediationConfiguration.decode(_:providers:)`); what validates runs a
    /// few requests through the real `Mediator` (``MediationRehearsal``).
    case mediation
    /// The simulator scenario decoder and validator (`Scenario.load(_:baseDirectory:providers:)`); what validates
    /// runs one user through the simulator.
    case scenario
    /// The consent string decoders (`TCString(_:)`, `GPPString(_:)`) and the consent rule (``ConsentStringFuzzer``).
    case consent

    /// Runs one input through the target. A decoder refusing the input is the expected outcome of most inputs;
    /// what comes back are broken promises found on the way (an error without a message, a cap exceeded, a
    /// result that differs between two runs, a configuration that validated and does not run), empty when there
    /// are none. A crash is a finding too. Asynchronous because the mediation and scenario targets run what they
    /// validated on the main actor, in virtual time.
    public func run(_ input: [UInt8]) async -> [String] {
        switch self {
        case .vast: VASTParserFuzzer.run(input)
        case .wrapper: WrapperResolverFuzzer.run(input)
        case .yandex: YandexResponseFuzzer.run(input)
        case .google: GoogleResponseFuzzer.run(input)
        case .ifly: IFLYResponseFuzzer.run(input)
        case .mediation: await MediationConfigurationFuzzer.run(input)
        case .scenario: await ScenarioFuzzer.run(input)
        case .consent: ConsentStringFuzzer.run(input)
        }
    }

    /// The folders (relative to the package root) whose files seed the target, and which its R5 test replays:
    /// the fixtures of its format, the target's own seeds and findings, and for VAST the IAB samples read in place
    /// from `../shared/corpus/iab-vast-samples` when that folder exists.
    public var seedFolders: [String] {
        let findings = "Fixtures/fuzz/\(rawValue)"
        switch self {
        case .vast:
            return [
                "Fixtures/vast", "Fixtures/yandex", "Fixtures/google", "Fixtures/ifly", findings,
                "../shared/corpus/iab-vast-samples",
            ]
        case .wrapper: return ["Fuzz/Seeds/wrapper", "Fixtures/vast/chain", "Fixtures/vast/loop", findings]
        case .yandex: return ["Fixtures/yandex", findings]
        case .google: return ["Fixtures/google", findings]
        case .ifly: return ["Fixtures/ifly", findings]
        case .mediation: return ["Fixtures/mediation", findings]
        case .scenario: return ["Fixtures/scenarios", findings]
        case .consent: return ["Fuzz/Seeds/consent", findings]
        }
    }
}
