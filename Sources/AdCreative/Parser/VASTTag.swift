/// The VAST element names the parser acts on; everything else is ``unknown`` (ignored) or, inside an
/// extension, kept as a ``VASTElement``.
enum VASTTag: UInt8 {
    case unknown
    case vast, videoAdServingTemplate, ad, inLine, wrapper
    case adSystem, adTitle, impression, error, pricing, adServingId, category, description, advertiser, expires
    case viewableImpression, viewable, notViewable, viewUndetermined
    case adVerifications, verification, javaScriptResource, executableResource, verificationParameters
    case trackingEvents, tracking, blockedAdCategories, vastAdTagURI
    case creatives, creative, universalAdId, linear, duration, adParameters
    case mediaFiles, mediaFile, mezzanine, interactiveCreativeFile, closedCaptionFiles, closedCaptionFile
    case videoClicks, clickThrough, clickTracking, customClick
    case icons, icon, staticResource, iFrameResource, htmlResource, iconClicks, iconClickThrough, iconClickTracking
    case iconClickFallbackImages, iconClickFallbackImage, altText, iconViewTracking
    case nonLinearAds, nonLinear, nonLinearClickThrough, nonLinearClickTracking
    case companionAds, companion, companionClickThrough, companionClickTracking
    case extensions, extensionElement, creativeExtensions, creativeExtension

    static let byName: [String: VASTTag] = [
        "VAST": .vast, "VideoAdServingTemplate": .videoAdServingTemplate, "Ad": .ad, "InLine": .inLine,
        "Wrapper": .wrapper, "AdSystem": .adSystem, "AdTitle": .adTitle, "Impression": .impression,
        "Error": .error, "Pricing": .pricing, "AdServingId": .adServingId, "Category": .category,
        "Description": .description, "Advertiser": .advertiser, "Expires": .expires,
        "ViewableImpression": .viewableImpression, "Viewable": .viewable, "NotViewable": .notViewable,
        "ViewUndetermined": .viewUndetermined, "AdVerifications": .adVerifications,
        "Verification": .verification, "JavaScriptResource": .javaScriptResource,
        "ExecutableResource": .executableResource, "VerificationParameters": .verificationParameters,
        "TrackingEvents": .trackingEvents, "Tracking": .tracking, "BlockedAdCategories": .blockedAdCategories,
        "VASTAdTagURI": .vastAdTagURI, "Creatives": .creatives, "Creative": .creative,
        "UniversalAdId": .universalAdId, "Linear": .linear, "Duration": .duration, "AdParameters": .adParameters,
        "MediaFiles": .mediaFiles, "MediaFile": .mediaFile, "Mezzanine": .mezzanine,
        "InteractiveCreativeFile": .interactiveCreativeFile, "ClosedCaptionFiles": .closedCaptionFiles,
        "ClosedCaptionFile": .closedCaptionFile, "VideoClicks": .videoClicks, "ClickThrough": .clickThrough,
        "ClickTracking": .clickTracking, "CustomClick": .customClick, "Icons": .icons, "Icon": .icon,
        "StaticResource": .staticResource, "IFrameResource": .iFrameResource, "HTMLResource": .htmlResource,
        "IconClicks": .iconClicks, "IconClickThrough": .iconClickThrough, "IconClickTracking": .iconClickTracking,
        "IconClickFallbackImages": .iconClickFallbackImages, "IconClickFallbackImage": .iconClickFallbackImage,
        "AltText": .altText, "IconViewTracking": .iconViewTracking, "NonLinearAds": .nonLinearAds,
        "NonLinear": .nonLinear, "NonLinearClickThrough": .nonLinearClickThrough,
        "NonLinearClickTracking": .nonLinearClickTracking, "CompanionAds": .companionAds, "Companion": .companion,
        "CompanionClickThrough": .companionClickThrough, "CompanionClickTracking": .companionClickTracking,
        "Extensions": .extensions, "Extension": .extensionElement, "CreativeExtensions": .creativeExtensions,
        "CreativeExtension": .creativeExtension,
    ]

    /// The tags by name length, for ``lookup(_:)``: comparing a few byte strings of the same length is much
    /// cheaper than building a `String` and hashing it for every element.
    static let byLength: [[(name: [UInt8], tag: VASTTag)]] = {
        var table = [[(name: [UInt8], tag: VASTTag)]](repeating: [], count: 32)
        for (name, tag) in byName { table[name.utf8.count].append((Array(name.utf8), tag)) }
        return table
    }()

    /// The tag of a NUL-terminated local name from libxml2; ``unknown`` for any other name.
    static func lookup(_ localName: UnsafePointer<UInt8>) -> VASTTag {
        var length = 0
        while localName[length] != 0 {
            length += 1
            if length >= 32 { return .unknown }
        }
        for candidate in byLength[length] {
            var equal = true
            for index in 0..<length where candidate.name[index] != localName[index] {
                equal = false
                break
            }
            if equal { return candidate.tag }
        }
        return .unknown
    }

    /// Whether the element's text is read (URLs and values); containers ignore their whitespace.
    var capturesText: Bool {
        switch self {
        case .adSystem, .adTitle, .impression, .error, .pricing, .adServingId, .category, .description, .advertiser,
            .expires, .viewable, .notViewable, .viewUndetermined, .javaScriptResource, .executableResource,
            .verificationParameters, .tracking, .blockedAdCategories, .vastAdTagURI, .universalAdId, .duration,
            .adParameters, .mediaFile, .mezzanine, .interactiveCreativeFile, .closedCaptionFile, .clickThrough,
            .clickTracking, .customClick, .staticResource, .iFrameResource, .htmlResource, .iconClickThrough,
            .iconClickTracking, .altText, .iconViewTracking, .nonLinearClickThrough, .nonLinearClickTracking,
            .companionClickThrough, .companionClickTracking:
            true
        default:
            false
        }
    }

    /// Whether the element's text is a URL (checked against ``VASTParserLimits/maxURLLength``).
    var isURL: Bool {
        switch self {
        case .impression, .error, .viewable, .notViewable, .viewUndetermined, .javaScriptResource,
            .executableResource, .tracking, .vastAdTagURI, .mediaFile, .mezzanine, .closedCaptionFile, .clickThrough,
            .clickTracking, .customClick, .iconClickThrough, .iconClickTracking, .iconViewTracking,
            .nonLinearClickThrough, .nonLinearClickTracking, .companionClickThrough, .companionClickTracking:
            true
        default:
            false
        }
    }
}
