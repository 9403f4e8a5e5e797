/// A part of an ad that is bound, counts its impression and takes clicks on its own, inside the ad: a slider's
/// card. The provider declares its ad's components when it loads (``ProviderAd/components``); the unified ad owns
/// each one's binding, impression tracker, click validation and once-per-impression click rule (rules C3, C4),
/// so a provider states only its vendor rules on top.
///
/// ```swift
/// let card = AdComponent(id: "card-1", creativeID: "cr-1", requiredAssets: [.title, .sponsored])
/// ```
public struct AdComponent: Sendable, Hashable, Identifiable {
    /// The component's ID in its ad (what ``ImpressionData/component`` and ``AdEvent/click(component:)`` carry).
    public var id: String
    /// The creative the component shows, when known.
    public var creativeID: String?
    /// Assets the host must render for the component's binding to count (rule Y9, Y22).
    public var requiredAssets: Set<AssetKind>
    /// The component's own viewability rule (a video card's, rule Y20); `nil` for the provider's.
    public var impressionRule: ImpressionRule?

    /// Creates a component.
    public init(
        id: String, creativeID: String? = nil, requiredAssets: Set<AssetKind> = [],
        impressionRule: ImpressionRule? = nil
    ) {
        self.id = id
        self.creativeID = creativeID
        self.requiredAssets = requiredAssets
        self.impressionRule = impressionRule
    }
}
