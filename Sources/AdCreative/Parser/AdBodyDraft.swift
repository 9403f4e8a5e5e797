/// The fields `<InLine>` and `<Wrapper>` share, collected while their element is open.
struct AdBodyDraft {
    var adSystem: VASTAdSystem?
    var adTitle: String?
    var adServingId: String?
    var impressions: [VASTTrackingURL] = []
    var errorURLs: [String] = []
    var pricing: VASTPricing?
    var categories: [VASTCategory] = []
    var description: String?
    var advertiser: String?
    var expires: Int?
    var viewableImpression: VASTViewableImpression?
    var adVerifications: [VASTVerification] = []
    var blockedAdCategories: [VASTCategory] = []
    var vastAdTagURI: String?
    var creatives: [VASTCreative] = []
    var extensions: [VASTElement] = []

    /// Moves the collected fields into an inline ad, leaving this draft empty. Field by field with `swap`: a
    /// copy of these fields goes through their value witnesses (a retain and a release per reference).
    mutating func makeInLine() -> VASTInLine {
        var inLine = VASTInLine()
        swap(&inLine.adSystem, &adSystem)
        swap(&inLine.adTitle, &adTitle)
        swap(&inLine.adServingId, &adServingId)
        swap(&inLine.impressions, &impressions)
        swap(&inLine.errorURLs, &errorURLs)
        swap(&inLine.pricing, &pricing)
        swap(&inLine.categories, &categories)
        swap(&inLine.description, &description)
        swap(&inLine.advertiser, &advertiser)
        inLine.expires = expires
        swap(&inLine.viewableImpression, &viewableImpression)
        swap(&inLine.adVerifications, &adVerifications)
        swap(&inLine.creatives, &creatives)
        swap(&inLine.extensions, &extensions)
        return inLine
    }

    /// Moves the collected fields into a wrapper, leaving this draft empty.
    mutating func makeWrapper(follow: Bool, allowMultiple: Bool, fallback: Bool) -> VASTWrapper {
        var wrapper = VASTWrapper()
        swap(&wrapper.vastAdTagURI, &vastAdTagURI)
        wrapper.followAdditionalWrappers = follow
        wrapper.allowMultipleAds = allowMultiple
        wrapper.fallbackOnNoAd = fallback
        swap(&wrapper.adSystem, &adSystem)
        swap(&wrapper.adServingId, &adServingId)
        swap(&wrapper.impressions, &impressions)
        swap(&wrapper.errorURLs, &errorURLs)
        swap(&wrapper.pricing, &pricing)
        swap(&wrapper.viewableImpression, &viewableImpression)
        swap(&wrapper.adVerifications, &adVerifications)
        swap(&wrapper.blockedAdCategories, &blockedAdCategories)
        swap(&wrapper.creatives, &creatives)
        swap(&wrapper.extensions, &extensions)
        return wrapper
    }
}
