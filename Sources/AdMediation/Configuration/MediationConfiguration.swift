public import AdCore
public import Foundation

/// The whole mediation set-up of an app: its currency, app-wide caps, expiry rules and placements. Decoded from
/// the JSON documented in `Docs/Mediation.md` and validated against the registered providers before use.
///
/// ```swift
/// let configuration = try MediationConfiguration.decode(json, providers: registry.descriptors)
/// let mediator = try Mediator(configuration: configuration, host: host, random: SeededRandom(seed: 1))
/// ```
public struct MediationConfiguration: Sendable, Hashable, Codable {
    /// The ISO 4217 currency every price is in.
    public var currency: String
    /// Caps that count every placement's impressions together.
    public var appCaps: [FrequencyCap]
    /// The app's caps on how long cached ads of each provider and format may wait (the ad's own expiry always
    /// applies too).
    public var expiry: [ExpiryRule]
    /// The placements.
    public var placements: [PlacementConfiguration]

    /// Creates a configuration.
    public init(
        currency: String = "USD", appCaps: [FrequencyCap] = [], expiry: [ExpiryRule] = [],
        placements: [PlacementConfiguration]
    ) {
        self.currency = currency
        self.appCaps = appCaps
        self.expiry = expiry
        self.placements = placements
    }

    private enum CodingKeys: String, CodingKey { case currency, appCaps, expiry, placements }

    /// Decodes the JSON shape documented in `Docs/Mediation.md`; missing optional fields take their defaults.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(placements: [])
        try container.decodeIfPresent(&currency, forKey: .currency)
        try container.decodeIfPresent(&appCaps, forKey: .appCaps)
        try container.decodeIfPresent(&expiry, forKey: .expiry)
        placements = try container.decode([PlacementConfiguration].self, forKey: .placements)
    }

    /// The placement with an ID.
    public func placement(_ id: String) -> PlacementConfiguration? { placements.first { $0.id == id } }

    /// The app's cap on how long an ad of `provider` in `format` may be kept: the first matching rule of
    /// ``expiry``; `nil` when none applies (the ad's own expiry still does).
    public func timeToLive(provider: ProviderID, format: AdFormat) -> Duration? {
        expiry.first { $0.applies(to: provider, format: format) }?.timeToLive
    }

    /// Decodes and validates a configuration.
    ///
    /// - Throws: ``MediationConfigurationError`` listing every problem: malformed JSON, unknown providers,
    ///   formats a provider cannot serve, negative timeouts, numbers out of range (rule R2), duplicate IDs, a key
    ///   given twice in one object, ...
    public static func decode(
        _ json: Data, providers: [ProviderDescriptor]
    ) throws(MediationConfigurationError) -> MediationConfiguration {
        let (configuration, problems) = try decodeForReview(json, providers: providers)
        if !problems.isEmpty { throw MediationConfigurationError(problems: problems) }
        return configuration
    }

    /// Decodes a configuration and lists its problems without refusing it, for a review that reports them beside
    /// everything else it finds (`adsim inspect`); a configuration with problems must not run.
    ///
    /// ```swift
    /// let (configuration, problems) = try MediationConfiguration.decodeForReview(data, providers: descriptors)
    /// ```
    ///
    /// - Throws: ``MediationConfigurationError`` only when there is no configuration to review: the JSON is
    ///   malformed or does not have the configuration's shape.
    public static func decodeForReview(
        _ json: Data, providers: [ProviderDescriptor]
    ) throws(MediationConfigurationError) -> (MediationConfiguration, [ConfigurationProblem]) {
        let configuration: MediationConfiguration
        let collector = ConfigurationDecoding()
        do {
            let decoder = JSONDecoder()
            decoder.userInfo = collector.userInfo
            configuration = try decoder.decode(MediationConfiguration.self, from: json)
        } catch let error as DecodingError {
            throw MediationConfigurationError(problems: [ConfigurationProblem(decoding: error)])
        } catch {
            throw MediationConfigurationError(problems: [
                ConfigurationProblem(
                    .malformedJSON, at: "$", "The configuration is not valid JSON (\(error)).",
                    hint: "Check the file against the example in Fixtures/mediation/example.json.")
            ])
        }
        let validation = ConfigurationValidator(providers: providers).problems(in: configuration)
        let decoding = DuplicateKeyScanner.problems(in: json) + collector.problems
        return (configuration, decoding + validation.filter { !decoding.contains($0) })
    }

    /// Checks the configuration against the registered providers.
    ///
    /// - Throws: ``MediationConfigurationError`` listing every problem found, in document order.
    public func validate(providers: [ProviderDescriptor]) throws(MediationConfigurationError) {
        let problems = ConfigurationValidator(providers: providers).problems(in: self)
        if !problems.isEmpty { throw MediationConfigurationError(problems: problems) }
    }
}

extension MediationConfiguration {
    /// Every number of the configuration format, by JSON path (`[]` stands for any index), each with the values it
    /// accepts (rule R2). The validator checks each against this declaration; a test sets each to its largest
    /// accepted value and runs a request, and fails when a numeric field of the format is missing here.
    ///
    /// ```swift
    /// MediationConfiguration.numbers["$.placements[].parallelTierSize"]?.allowed  // "1...1000"
    /// ```
    public static let numbers: [String: ConfigurationNumber] = [
        "$.appCaps[].maxImpressions": FrequencyCap.maxImpressionsNumber,
        "$.appCaps[].windowSeconds": FrequencyCap.windowNumber,
        "$.expiry[].ttlSeconds": ExpiryRule.timeToLiveNumber,
        "$.placements[].floorMicros": PlacementConfiguration.floorMicrosNumber,
        "$.placements[].auction.deadlineSeconds": AuctionPolicy.deadlineNumber,
        "$.placements[].parallelTierSize": PlacementConfiguration.parallelTierSizeNumber,
        "$.placements[].caps[].maxImpressions": FrequencyCap.maxImpressionsNumber,
        "$.placements[].caps[].windowSeconds": FrequencyCap.windowNumber,
        "$.placements[].pacingSeconds": PlacementConfiguration.pacingNumber,
        "$.placements[].retry.maxAttempts": RetryPolicy.maxAttemptsNumber,
        "$.placements[].retry.baseDelaySeconds": RetryPolicy.baseDelayNumber,
        "$.placements[].retry.maxDelaySeconds": RetryPolicy.maximumDelayNumber,
        "$.placements[].learning.smoothing": LearningPolicy.smoothingNumber,
        "$.placements[].learning.explorationRate": LearningPolicy.explorationRateNumber,
        "$.placements[].lineItems[].priceMicros": LineItemConfiguration.priceMicrosNumber,
        "$.placements[].lineItems[].priority": LineItemConfiguration.priorityNumber,
        "$.placements[].lineItems[].floorMicros": LineItemConfiguration.floorMicrosNumber,
        "$.placements[].lineItems[].timeoutSeconds": LineItemConfiguration.timeoutNumber,
    ]
}
