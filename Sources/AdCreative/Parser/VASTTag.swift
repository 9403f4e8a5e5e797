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

    /// The tag of a NUL-terminated local name from libxml2; ``unknown`` for any other name.
    ///
    /// A key made of the length and four of the bytes (unique over the VAST vocabulary, checked by a test) is
    /// multiplied by a constant chosen so that its top eight bits differ for every VAST name: a switch on those
    /// eight bits (one jump, not a chain of comparisons) picks the one candidate, then the whole name is compared.
    /// No `String` is built.
    static func lookup(_ localName: UnsafePointer<UInt8>) -> VASTTag {
        var length = 0
        while localName[length] != 0 {
            length += 1
            if length > 32 { return .unknown }
        }
        guard length >= 2 else { return .unknown }
        let key =
            UInt64(length) | UInt64(localName[0]) << 8 | UInt64(localName[min(2, length - 1)]) << 16
            | UInt64(localName[length / 2]) << 24 | UInt64(localName[length - 1]) << 32
        return switch (key &* 0xCE91_C63F_C3D4_8EF7) >> 56 {
        case 0: matches(localName, "NonLinearClickThrough") ? .nonLinearClickThrough : .unknown
        case 1: matches(localName, "ViewableImpression") ? .viewableImpression : .unknown
        case 2: matches(localName, "Mezzanine") ? .mezzanine : .unknown
        case 13: matches(localName, "AdServingId") ? .adServingId : .unknown
        case 16: matches(localName, "Viewable") ? .viewable : .unknown
        case 22: matches(localName, "CustomClick") ? .customClick : .unknown
        case 24: matches(localName, "StaticResource") ? .staticResource : .unknown
        case 32: matches(localName, "AdTitle") ? .adTitle : .unknown
        case 33: matches(localName, "Companion") ? .companion : .unknown
        case 36: matches(localName, "ClickTracking") ? .clickTracking : .unknown
        case 38: matches(localName, "AltText") ? .altText : .unknown
        case 39: matches(localName, "IconViewTracking") ? .iconViewTracking : .unknown
        case 41: matches(localName, "Impression") ? .impression : .unknown
        case 46: matches(localName, "Icons") ? .icons : .unknown
        case 50: matches(localName, "JavaScriptResource") ? .javaScriptResource : .unknown
        case 53: matches(localName, "Error") ? .error : .unknown
        case 55: matches(localName, "HTMLResource") ? .htmlResource : .unknown
        case 56: matches(localName, "NonLinear") ? .nonLinear : .unknown
        case 66: matches(localName, "CompanionClickTracking") ? .companionClickTracking : .unknown
        case 76: matches(localName, "NonLinearClickTracking") ? .nonLinearClickTracking : .unknown
        case 88: matches(localName, "UniversalAdId") ? .universalAdId : .unknown
        case 94: matches(localName, "CompanionAds") ? .companionAds : .unknown
        case 96: matches(localName, "VerificationParameters") ? .verificationParameters : .unknown
        case 103: matches(localName, "VAST") ? .vast : .unknown
        case 104: matches(localName, "Wrapper") ? .wrapper : .unknown
        case 105: matches(localName, "NonLinearAds") ? .nonLinearAds : .unknown
        case 106: matches(localName, "CreativeExtension") ? .creativeExtension : .unknown
        case 113: matches(localName, "IconClickFallbackImage") ? .iconClickFallbackImage : .unknown
        case 114: matches(localName, "ExecutableResource") ? .executableResource : .unknown
        case 119: matches(localName, "IconClicks") ? .iconClicks : .unknown
        case 120: matches(localName, "Ad") ? .ad : .unknown
        case 124: matches(localName, "ViewUndetermined") ? .viewUndetermined : .unknown
        case 126: matches(localName, "Creatives") ? .creatives : .unknown
        case 127: matches(localName, "Duration") ? .duration : .unknown
        case 128: matches(localName, "ClosedCaptionFiles") ? .closedCaptionFiles : .unknown
        case 136: matches(localName, "BlockedAdCategories") ? .blockedAdCategories : .unknown
        case 138: matches(localName, "NotViewable") ? .notViewable : .unknown
        case 140: matches(localName, "Icon") ? .icon : .unknown
        case 143: matches(localName, "Advertiser") ? .advertiser : .unknown
        case 145: matches(localName, "IFrameResource") ? .iFrameResource : .unknown
        case 148: matches(localName, "VideoAdServingTemplate") ? .videoAdServingTemplate : .unknown
        case 155: matches(localName, "ClickThrough") ? .clickThrough : .unknown
        case 165: matches(localName, "IconClickThrough") ? .iconClickThrough : .unknown
        case 167: matches(localName, "Category") ? .category : .unknown
        case 170: matches(localName, "Linear") ? .linear : .unknown
        case 174: matches(localName, "InLine") ? .inLine : .unknown
        case 176: matches(localName, "IconClickTracking") ? .iconClickTracking : .unknown
        case 177: matches(localName, "VASTAdTagURI") ? .vastAdTagURI : .unknown
        case 189: matches(localName, "Verification") ? .verification : .unknown
        case 192: matches(localName, "CreativeExtensions") ? .creativeExtensions : .unknown
        case 195: matches(localName, "MediaFiles") ? .mediaFiles : .unknown
        case 196: matches(localName, "AdParameters") ? .adParameters : .unknown
        case 197: matches(localName, "AdSystem") ? .adSystem : .unknown
        case 204: matches(localName, "Expires") ? .expires : .unknown
        case 206: matches(localName, "Extensions") ? .extensions : .unknown
        case 215: matches(localName, "AdVerifications") ? .adVerifications : .unknown
        case 217: matches(localName, "Tracking") ? .tracking : .unknown
        case 223: matches(localName, "TrackingEvents") ? .trackingEvents : .unknown
        case 232: matches(localName, "InteractiveCreativeFile") ? .interactiveCreativeFile : .unknown
        case 237: matches(localName, "Extension") ? .extensionElement : .unknown
        case 242: matches(localName, "VideoClicks") ? .videoClicks : .unknown
        case 244: matches(localName, "Description") ? .description : .unknown
        case 245: matches(localName, "IconClickFallbackImages") ? .iconClickFallbackImages : .unknown
        case 246: matches(localName, "CompanionClickThrough") ? .companionClickThrough : .unknown
        case 247: matches(localName, "Pricing") ? .pricing : .unknown
        case 248: matches(localName, "MediaFile") ? .mediaFile : .unknown
        case 250: matches(localName, "Creative") ? .creative : .unknown
        case 252: matches(localName, "ClosedCaptionFile") ? .closedCaptionFile : .unknown
        default: .unknown
        }
    }

    private static func matches(_ localName: UnsafePointer<UInt8>, _ name: StaticString) -> Bool {
        let bytes = name.utf8Start
        for index in 0..<name.utf8CodeUnitCount where localName[index] != bytes[index] { return false }
        return localName[name.utf8CodeUnitCount] == 0
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
