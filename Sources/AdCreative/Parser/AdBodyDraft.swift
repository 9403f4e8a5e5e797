/// The fields `<InLine>` and `<Wrapper>` share, collected while their element is open.
struct AdBodyDraft {
    var adSystem: VASTAdSystem?
    var adTitle: VASTText?
    var adServingId: VASTText?
    var impressions: [VASTTrackingURL] = []
    var errorURLs: [VASTText] = []
    var pricing: VASTPricing?
    var categories: [VASTCategory] = []
    var description: VASTText?
    var advertiser: VASTText?
    var expires: Int?
    var viewableImpression: VASTViewableImpression?
    var adVerifications: [VASTVerification] = []
    var blockedAdCategories: [VASTCategory] = []
    var vastAdTagURI: VASTText?
    var creatives: [VASTCreative] = []
    var extensions: [VASTElement] = []

    /// Moves the collected fields into an inline ad, leaving this draft empty. Field by field with `swap`: a
    /// copy of these fields goes through their value witnesses (a retain and a release per reference).
    mutating func makeInLine() -> VASTInLine {
        var inLine = VASTInLine()
        swap(&inLine.adSystem, &adSystem)
        swap(&inLine.adTitleText, &adTitle)
        swap(&inLine.adServingIdText, &adServingId)
        swap(&inLine.impressions, &impressions)
        swap(&inLine.errorURLTexts, &errorURLs)
        swap(&inLine.pricing, &pricing)
        swap(&inLine.categories, &categories)
        swap(&inLine.descriptionText, &description)
        swap(&inLine.advertiserText, &advertiser)
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
        swap(&wrapper.vastAdTagURIText, &vastAdTagURI)
        wrapper.followAdditionalWrappers = follow
        wrapper.allowMultipleAds = allowMultiple
        wrapper.fallbackOnNoAd = fallback
        swap(&wrapper.adSystem, &adSystem)
        swap(&wrapper.adServingIdText, &adServingId)
        swap(&wrapper.impressions, &impressions)
        swap(&wrapper.errorURLTexts, &errorURLs)
        swap(&wrapper.pricing, &pricing)
        swap(&wrapper.viewableImpression, &viewableImpression)
        swap(&wrapper.adVerifications, &adVerifications)
        swap(&wrapper.blockedAdCategories, &blockedAdCategories)
        swap(&wrapper.creatives, &creatives)
        swap(&wrapper.extensions, &extensions)
        return wrapper
    }
}
