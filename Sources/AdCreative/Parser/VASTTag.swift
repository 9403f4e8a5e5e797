import Foundation

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
    /// The VAST 2.0 wrapper form real servers still send, `<VASTAdTagURL><URL>...</URL></VASTAdTagURL>`, read like
    /// `<VASTAdTagURI>` (R17); `<URL>` means something only inside it.
    case vastAdTagURL, url

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
        "CreativeExtension": .creativeExtension, "VASTAdTagURL": .vastAdTagURL, "URL": .url,
    ]

    /// The tag of a NUL-terminated local name from libxml2; ``unknown`` for any other name.
    ///
    /// A key made of the length and four of the bytes (unique over the VAST vocabulary, checked by a test) is
    /// multiplied by a constant chosen so that its top eight bits differ for every VAST name: a switch on those
    /// eight bits (one jump, not a chain of comparisons) picks the one candidate, then the whole name is compared.
    /// No `String` is built.
    static func lookup(_ localName: UnsafePointer<UInt8>) -> VASTTag {
        // libc's `strlen` reads the name a word at a time: cheaper than a byte loop for these 2-23 byte names.
        let length = strlen(UnsafeRawPointer(localName).assumingMemoryBound(to: CChar.self))
        guard length >= 2, length <= 32 else { return .unknown }
        let key =
            UInt64(length) | UInt64(localName[0]) << 8 | UInt64(localName[min(2, length - 1)]) << 16
            | UInt64(localName[length / 2]) << 24 | UInt64(localName[length - 1]) << 32
        return switch (key &* 0xCE91_C63F_C3D4_8EF7) >> 56 {
        case 0: matches(localName, length, "NonLinearClickThrough") ? .nonLinearClickThrough : .unknown
        case 1: matches(localName, length, "ViewableImpression") ? .viewableImpression : .unknown
        case 2: matches(localName, length, "Mezzanine") ? .mezzanine : .unknown
        case 13: matches(localName, length, "AdServingId") ? .adServingId : .unknown
        case 16: matches(localName, length, "Viewable") ? .viewable : .unknown
        case 22: matches(localName, length, "CustomClick") ? .customClick : .unknown
        case 24: matches(localName, length, "StaticResource") ? .staticResource : .unknown
        case 32: matches(localName, length, "AdTitle") ? .adTitle : .unknown
        case 33: matches(localName, length, "Companion") ? .companion : .unknown
        case 36: matches(localName, length, "ClickTracking") ? .clickTracking : .unknown
        case 38: matches(localName, length, "AltText") ? .altText : .unknown
        case 39: matches(localName, length, "IconViewTracking") ? .iconViewTracking : .unknown
        case 41: matches(localName, length, "Impression") ? .impression : .unknown
        case 46: matches(localName, length, "Icons") ? .icons : .unknown
        case 50: matches(localName, length, "JavaScriptResource") ? .javaScriptResource : .unknown
        case 53: matches(localName, length, "Error") ? .error : .unknown
        case 55: matches(localName, length, "HTMLResource") ? .htmlResource : .unknown
        case 56: matches(localName, length, "NonLinear") ? .nonLinear : .unknown
        case 61: matches(localName, length, "URL") ? .url : .unknown
        case 66: matches(localName, length, "CompanionClickTracking") ? .companionClickTracking : .unknown
        case 76: matches(localName, length, "NonLinearClickTracking") ? .nonLinearClickTracking : .unknown
        case 88: matches(localName, length, "UniversalAdId") ? .universalAdId : .unknown
        case 94: matches(localName, length, "CompanionAds") ? .companionAds : .unknown
        case 96: matches(localName, length, "VerificationParameters") ? .verificationParameters : .unknown
        case 103: matches(localName, length, "VAST") ? .vast : .unknown
        case 104: matches(localName, length, "Wrapper") ? .wrapper : .unknown
        case 105: matches(localName, length, "NonLinearAds") ? .nonLinearAds : .unknown
        case 106: matches(localName, length, "CreativeExtension") ? .creativeExtension : .unknown
        case 113: matches(localName, length, "IconClickFallbackImage") ? .iconClickFallbackImage : .unknown
        case 114: matches(localName, length, "ExecutableResource") ? .executableResource : .unknown
        case 119: matches(localName, length, "IconClicks") ? .iconClicks : .unknown
        case 120: matches(localName, length, "Ad") ? .ad : .unknown
        case 124: matches(localName, length, "ViewUndetermined") ? .viewUndetermined : .unknown
        case 126: matches(localName, length, "Creatives") ? .creatives : .unknown
        case 127: matches(localName, length, "Duration") ? .duration : .unknown
        case 128: matches(localName, length, "ClosedCaptionFiles") ? .closedCaptionFiles : .unknown
        case 136: matches(localName, length, "BlockedAdCategories") ? .blockedAdCategories : .unknown
        case 138: matches(localName, length, "NotViewable") ? .notViewable : .unknown
        case 140: matches(localName, length, "Icon") ? .icon : .unknown
        case 143: matches(localName, length, "Advertiser") ? .advertiser : .unknown
        case 145: matches(localName, length, "IFrameResource") ? .iFrameResource : .unknown
        case 148: matches(localName, length, "VideoAdServingTemplate") ? .videoAdServingTemplate : .unknown
        case 155: matches(localName, length, "ClickThrough") ? .clickThrough : .unknown
        case 165: matches(localName, length, "IconClickThrough") ? .iconClickThrough : .unknown
        case 167: matches(localName, length, "Category") ? .category : .unknown
        case 170: matches(localName, length, "Linear") ? .linear : .unknown
        case 174: matches(localName, length, "InLine") ? .inLine : .unknown
        case 176: matches(localName, length, "IconClickTracking") ? .iconClickTracking : .unknown
        case 177: matches(localName, length, "VASTAdTagURI") ? .vastAdTagURI : .unknown
        case 189: matches(localName, length, "Verification") ? .verification : .unknown
        case 192: matches(localName, length, "CreativeExtensions") ? .creativeExtensions : .unknown
        case 195: matches(localName, length, "MediaFiles") ? .mediaFiles : .unknown
        case 196: matches(localName, length, "AdParameters") ? .adParameters : .unknown
        case 197: matches(localName, length, "AdSystem") ? .adSystem : .unknown
        case 204: matches(localName, length, "Expires") ? .expires : .unknown
        case 206: matches(localName, length, "Extensions") ? .extensions : .unknown
        case 215: matches(localName, length, "AdVerifications") ? .adVerifications : .unknown
        case 217: matches(localName, length, "Tracking") ? .tracking : .unknown
        case 223: matches(localName, length, "TrackingEvents") ? .trackingEvents : .unknown
        case 232: matches(localName, length, "InteractiveCreativeFile") ? .interactiveCreativeFile : .unknown
        case 237: matches(localName, length, "Extension") ? .extensionElement : .unknown
        case 242: matches(localName, length, "VideoClicks") ? .videoClicks : .unknown
        case 244: matches(localName, length, "Description") ? .description : .unknown
        case 245: matches(localName, length, "IconClickFallbackImages") ? .iconClickFallbackImages : .unknown
        case 246: matches(localName, length, "CompanionClickThrough") ? .companionClickThrough : .unknown
        case 247: matches(localName, length, "Pricing") ? .pricing : .unknown
        case 248: matches(localName, length, "MediaFile") ? .mediaFile : .unknown
        case 250: matches(localName, length, "Creative") ? .creative : .unknown
        case 252: matches(localName, length, "ClosedCaptionFile") ? .closedCaptionFile : .unknown
        case 253: matches(localName, length, "VASTAdTagURL") ? .vastAdTagURL : .unknown
        default: .unknown
        }
    }

    private static func matches(_ localName: UnsafePointer<UInt8>, _ length: Int, _ name: StaticString) -> Bool {
        length == name.utf8CodeUnitCount && memcmp(localName, name.utf8Start, length) == 0
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
            .companionClickThrough, .companionClickTracking, .url:
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
            .nonLinearClickThrough, .nonLinearClickTracking, .companionClickThrough, .companionClickTracking, .url:
            true
        default:
            false
        }
    }
}
