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

    var inLine: VASTInLine {
        var inLine = VASTInLine()
        inLine.adSystem = adSystem
        inLine.adTitle = adTitle
        inLine.adServingId = adServingId
        inLine.impressions = impressions
        inLine.errorURLs = errorURLs
        inLine.pricing = pricing
        inLine.categories = categories
        inLine.description = description
        inLine.advertiser = advertiser
        inLine.expires = expires
        inLine.viewableImpression = viewableImpression
        inLine.adVerifications = adVerifications
        inLine.creatives = creatives
        inLine.extensions = extensions
        return inLine
    }

    func wrapper(follow: Bool, allowMultiple: Bool, fallback: Bool) -> VASTWrapper {
        var wrapper = VASTWrapper()
        wrapper.vastAdTagURI = vastAdTagURI
        wrapper.followAdditionalWrappers = follow
        wrapper.allowMultipleAds = allowMultiple
        wrapper.fallbackOnNoAd = fallback
        wrapper.adSystem = adSystem
        wrapper.adServingId = adServingId
        wrapper.impressions = impressions
        wrapper.errorURLs = errorURLs
        wrapper.pricing = pricing
        wrapper.viewableImpression = viewableImpression
        wrapper.adVerifications = adVerifications
        wrapper.blockedAdCategories = blockedAdCategories
        wrapper.creatives = creatives
        wrapper.extensions = extensions
        return wrapper
    }
}
