/// What a provider says about an ad it loaded: where it came from, what it is, and how long it may be kept.
///
/// ```swift
/// let info = LoadedAdInfo(providerID: "google", adUnitID: "ca-app-pub-1/2", format: .rewarded,
///                         creativeID: "cr-1", loadedAt: now, expiresAt: now.advanced(by: .seconds(3600)))
/// // info.creativeIDs == ["cr-1"], info.creativeID == "cr-1"
/// ```
public struct LoadedAdInfo: Sendable, Hashable, Codable {
    /// The provider that loaded the ad.
    public var providerID: ProviderID
    /// The provider's ad unit.
    public var adUnitID: String
    /// The format loaded.
    public var format: AdFormat
    /// The creatives the response names, the main one first (``creativeID``); empty when it names none.
    public var creativeIDs: [String]
    /// When the ad finished loading (driver time).
    public var loadedAt: AdInstant
    /// When the ad expires if it is not shown (driver time), if it does.
    public var expiresAt: AdInstant?
    /// The price the provider bid or the publisher configured, when known.
    public var revenue: Revenue?
    /// What a rewarded ad grants when watched (type and amount), when the response says: a host shows it on the
    /// button that offers the ad ("Watch a video for 10 coins") before presenting it.
    public var reward: AdReward?
    /// How long the ad's video plays, when it has one.
    public var videoDuration: Duration?
    /// When a skippable video ad's user may skip or close it: the playback time from which its player offers the
    /// button; `nil` when the ad says nothing (closable at any time, or at the end only).
    public var skipOffset: Duration?

    /// The main creative: the first of ``creativeIDs``, the one the ad's impression reports
    /// (``ImpressionData/creativeID``); `nil` when the response names none.
    public var creativeID: String? { creativeIDs.first }

    /// Creates the info of a loaded ad with every creative the response names (the main one first).
    public init(
        providerID: ProviderID,
        adUnitID: String,
        format: AdFormat,
        creativeIDs: [String] = [],
        loadedAt: AdInstant,
        expiresAt: AdInstant? = nil,
        revenue: Revenue? = nil,
        reward: AdReward? = nil,
        videoDuration: Duration? = nil,
        skipOffset: Duration? = nil
    ) {
        self.providerID = providerID
        self.adUnitID = adUnitID
        self.format = format
        self.creativeIDs = creativeIDs
        self.loadedAt = loadedAt
        self.expiresAt = expiresAt
        self.revenue = revenue
        self.reward = reward
        self.videoDuration = videoDuration
        self.skipOffset = skipOffset
    }

    /// Creates the info of a loaded ad with at most one creative: ``creativeIDs`` is `[creativeID]`, or empty
    /// when `creativeID` is `nil`, and ``creativeID`` reads it back.
    public init(
        providerID: ProviderID, adUnitID: String, format: AdFormat, creativeID: String?, loadedAt: AdInstant,
        expiresAt: AdInstant? = nil, revenue: Revenue? = nil, reward: AdReward? = nil, videoDuration: Duration? = nil,
        skipOffset: Duration? = nil
    ) {
        self.init(
            providerID: providerID, adUnitID: adUnitID, format: format, creativeIDs: creativeID.map { [$0] } ?? [],
            loadedAt: loadedAt, expiresAt: expiresAt, revenue: revenue, reward: reward, videoDuration: videoDuration,
            skipOffset: skipOffset)
    }
}
