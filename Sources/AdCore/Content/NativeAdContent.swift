/// What a native ad shows, the same for every provider: the assets a host renders, which of them this ad requires,
/// whether it takes clicks, its components' content (a slider's cards) and each vendor's extras. A host renders
/// and binds any provider's native ad from it, without knowing the provider.
///
/// Providers build it from their vendor data (``ProviderAd/content``); ``UnifiedAd/content`` hands it to the host
/// with ``requiredAssets`` set from what the unified ad enforces at binding, so the two never disagree.
///
/// ```swift
/// guard let content = ad.content else { return }   // a full-screen ad has none
/// try content.checkLayout(Set(cell.nodes.keys))    // N2: a missing required slot, before binding
/// var assets: [AssetKind: HostNodeID] = [:]
/// for asset in content.assets { if let node = cell.nodes[asset.kind] { assets[asset.kind] = node } }
/// try ad.bind(AdBinding(container: cell.container, assets: assets,
///                       clickViews: content.acceptsClicks ? [cell.cta] : []))
/// ```
public struct NativeAdContent: Sendable, Hashable, Codable {
    /// The assets, in the order the vendor sent them; at most one per kind.
    public var assets: [NativeAsset]
    /// The kinds the host must render for the binding to count (rules Y9, I5); filled in by the unified ad.
    public var requiredAssets: Set<AssetKind>
    /// Whether the ad takes clicks: `false` for exposure-only ads, which must be bound without click views (I9).
    public var acceptsClicks: Bool
    /// The components' content, in the order the server ranked them (a slider's cards); empty for a single ad.
    public var components: [NativeComponentContent]
    /// Each vendor's extras (read one with ``extra(_:)``).
    public var extras: NativeContentExtras

    /// Creates content.
    public init(
        assets: [NativeAsset],
        requiredAssets: Set<AssetKind> = [],
        acceptsClicks: Bool = true,
        components: [NativeComponentContent] = [],
        extras: NativeContentExtras = NativeContentExtras()
    ) {
        self.assets = assets
        self.requiredAssets = requiredAssets
        self.acceptsClicks = acceptsClicks
        self.components = components
        self.extras = extras
    }

    /// The asset of a kind, if the ad has one.
    public func asset(_ kind: AssetKind) -> NativeAsset? { assets.first { $0.kind == kind } }

    /// The value of a kind's asset, if the ad has one.
    public subscript(kind: AssetKind) -> NativeAssetValue? { asset(kind)?.value }

    /// The kinds this ad has values for, in order.
    public var kinds: [AssetKind] { assets.map(\.kind) }

    /// A vendor's extras, typed; `nil` when the vendor stored none or they do not read back.
    public func extra<Extra: NativeContentExtra>(_ type: Extra.Type) -> Extra? {
        extras.fields(for: Extra.extrasKey).flatMap(Extra.init(fields:))
    }

    /// The content of a part: the ad's own for `.main`, a component's for `.component(id)`; `nil` for an unknown
    /// component.
    public func content(of part: AdPart) -> NativeAdContent? {
        switch part {
        case .main: self
        case .component(let id): components.first { $0.id == id }?.content
        }
    }

    /// The required kinds a layout with nodes for `layout` cannot render, sorted by name.
    public func missingAssets(in layout: some Sequence<AssetKind>) -> [AssetKind] {
        requiredAssets.subtracting(layout).sorted { $0.rawValue < $1.rawValue }
    }

    /// Checks, before binding, that a layout has a node for every asset a part requires (N2).
    ///
    /// - Throws: `bindingFailed` naming every missing kind, with how to fix it; `invalidRequest` for a component
    ///   the ad does not have.
    public func checkLayout(_ layout: some Sequence<AssetKind>, for part: AdPart = .main) throws(AdError) {
        guard let content = content(of: part) else {
            let known = components.map(\.id).joined(separator: ", ")
            throw AdError(
                .invalidRequest, "The ad has no component \(part) (its components: \(known.isEmpty ? "none" : known)).",
                hint: "Bind the components listed in content.components.")
        }
        let missing = content.missingAssets(in: layout)
        guard !missing.isEmpty else { return }
        let names = missing.map(\.rawValue).joined(separator: ", ")
        let subject = part.componentID.map { "component \($0)" } ?? "the ad"
        throw AdError(
            .bindingFailed,
            "The layout for \(subject) has no node for the required asset\(missing.count == 1 ? "" : "s") \(names).",
            hint: "Render a node for every kind in content.requiredAssets (\(names)) or pick another layout; the "
                + "ad counts no impression without them (Y9, I5).")
    }

    private enum CodingKeys: String, CodingKey {
        case assets, requiredAssets, acceptsClicks, components, extras
    }

    /// Decodes content; every key but `assets` may be left out.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(assets: try container.decode([NativeAsset].self, forKey: .assets))
        try container.decodeIfPresent(&requiredAssets, forKey: .requiredAssets)
        try container.decodeIfPresent(&acceptsClicks, forKey: .acceptsClicks)
        try container.decodeIfPresent(&components, forKey: .components)
        try container.decodeIfPresent(&extras, forKey: .extras)
    }

    /// Encodes content with the required kinds sorted, so equal content always encodes to the same bytes.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(assets, forKey: .assets)
        try container.encode(requiredAssets.map(\.rawValue).sorted(), forKey: .requiredAssets)
        try container.encode(acceptsClicks, forKey: .acceptsClicks)
        try container.encode(components, forKey: .components)
        try container.encode(extras, forKey: .extras)
    }
}
