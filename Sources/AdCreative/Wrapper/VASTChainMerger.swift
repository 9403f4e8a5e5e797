/// Merges a wrapper chain into its final inline ad the way players do: impressions, error URLs, tracking per
/// creative kind, click trackings, verifications, extensions, viewable-impression URLs and blocked categories
/// from every level (outermost first); the ClickThrough of the inline ad unless it has none; wrapper
/// companions prepended.
enum VASTChainMerger {
    static func merge(_ inLineAd: VASTAd, wrappers: [VASTWrapper], chain: [String]) -> VASTResolvedAd {
        guard var inLine = inLineAd.inLine, !wrappers.isEmpty else {
            return VASTResolvedAd(ad: inLineAd, chain: chain, wrappers: wrappers)
        }
        inLine.impressions = wrappers.flatMap(\.impressions) + inLine.impressions
        inLine.errorURLTexts = wrappers.flatMap(\.errorURLTexts) + inLine.errorURLTexts
        inLine.adVerifications = wrappers.flatMap(\.adVerifications) + inLine.adVerifications
        inLine.extensions = wrappers.flatMap(\.extensions) + inLine.extensions
        let viewables = wrappers.compactMap(\.viewableImpression)
        if !viewables.isEmpty {
            var merged = VASTViewableImpression()
            merged.id = inLine.viewableImpression?.id
            for viewable in viewables { merged.merge(viewable) }
            if let own = inLine.viewableImpression { merged.merge(own) }
            inLine.viewableImpression = merged
        }

        let creatives = wrappers.flatMap(\.creatives)
        let linears = creatives.compactMap(\.linear)
        let linearTracking = linears.flatMap(\.trackingEvents)
        let clickTrackings = linears.compactMap(\.videoClicks).flatMap(\.clickTrackings)
        let customClicks = linears.compactMap(\.videoClicks).flatMap(\.customClicks)
        let wrapperClickThrough = linears.compactMap(\.videoClicks?.clickThrough).last
        let nonLinearAds = creatives.compactMap(\.nonLinearAds)
        let nonLinearTracking = nonLinearAds.flatMap(\.trackingEvents)
        let nonLinearClicks = nonLinearAds.flatMap { $0.nonLinears.flatMap(\.clickTrackings) }
        let companions = creatives.compactMap(\.companionAds).flatMap(\.companions)
        var companionsPlaced = companions.isEmpty

        for index in inLine.creatives.indices {
            if var linear = inLine.creatives[index].linear {
                linear.trackingEvents = linearTracking + linear.trackingEvents
                if !clickTrackings.isEmpty || !customClicks.isEmpty || wrapperClickThrough != nil {
                    var clicks = linear.videoClicks ?? VASTVideoClicks()
                    clicks.clickTrackings = clickTrackings + clicks.clickTrackings
                    clicks.customClicks = customClicks + clicks.customClicks
                    if clicks.clickThrough?.urlText.isEmpty ?? true { clicks.clickThrough = wrapperClickThrough }
                    linear.videoClicks = clicks
                }
                inLine.creatives[index].linear = linear
            }
            if var ads = inLine.creatives[index].nonLinearAds {
                ads.trackingEvents = nonLinearTracking + ads.trackingEvents
                for item in ads.nonLinears.indices {
                    ads.nonLinears[item].clickTrackings = nonLinearClicks + ads.nonLinears[item].clickTrackings
                }
                inLine.creatives[index].nonLinearAds = ads
            }
            if !companionsPlaced, var ads = inLine.creatives[index].companionAds {
                ads.companions = companions + ads.companions
                inLine.creatives[index].companionAds = ads
                companionsPlaced = true
            }
        }
        if !companionsPlaced {
            var creative = VASTCreative()
            var ads = VASTCompanionAds()
            ads.companions = companions
            creative.companionAds = ads
            inLine.creatives.append(creative)
        }
        var ad = inLineAd
        ad.inLine = inLine
        return VASTResolvedAd(
            ad: ad,
            chain: chain,
            wrappers: wrappers,
            blockedAdCategories: wrappers.flatMap(\.blockedAdCategories)
        )
    }
}
