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
    /// A switch on a key made of the length and four of the bytes (unique over the VAST vocabulary, checked by a
    /// test) picks the one candidate, then the whole name is compared: no `String` is built and nothing hashed.
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
        return switch key {
        case 0x49_5453_560C: matches(localName, "VASTAdTagURI") ? .vastAdTagURI : .unknown
        case 0x54_5353_5604: matches(localName, "VAST") ? .vast : .unknown
        case 0x64_6464_4102: matches(localName, "Ad") ? .ad : .unknown
        case 0x64_7369_550D: matches(localName, "UniversalAdId") ? .universalAdId : .unknown
        case 0x64_7465_5610: matches(localName, "ViewUndetermined") ? .viewUndetermined : .unknown
        case 0x64_7653_410B: matches(localName, "AdServingId") ? .adServingId : .unknown
        case 0x65_4374_4917: matches(localName, "InteractiveCreativeFile") ? .interactiveCreativeFile : .unknown
        case 0x65_6164_4D09: matches(localName, "MediaFile") ? .mediaFile : .unknown
        case 0x65_6165_5608: matches(localName, "Viewable") ? .viewable : .unknown
        case 0x65_617A_4D09: matches(localName, "Mezzanine") ? .mezzanine : .unknown
        case 0x65_6561_530E: matches(localName, "StaticResource") ? .staticResource : .unknown
        case 0x65_6565_4512: matches(localName, "ExecutableResource") ? .executableResource : .unknown
        case 0x65_6572_490E: matches(localName, "IFrameResource") ? .iFrameResource : .unknown
        case 0x65_6574_4E0B: matches(localName, "NotViewable") ? .notViewable : .unknown
        case 0x65_694C_4906: matches(localName, "InLine") ? .inLine : .unknown
        case 0x65_6954_4107: matches(localName, "AdTitle") ? .adTitle : .unknown
        case 0x65_6964_5616: matches(localName, "VideoAdServingTemplate") ? .videoAdServingTemplate : .unknown
        case 0x65_6C6F_4916: matches(localName, "IconClickFallbackImage") ? .iconClickFallbackImage : .unknown
        case 0x65_706F_4311: matches(localName, "ClosedCaptionFile") ? .closedCaptionFile : .unknown
        case 0x65_734D_480C: matches(localName, "HTMLResource") ? .htmlResource : .unknown
        case 0x65_7465_4308: matches(localName, "Creative") ? .creative : .unknown
        case 0x65_7476_4A12: matches(localName, "JavaScriptResource") ? .javaScriptResource : .unknown
        case 0x67_546F_4910: matches(localName, "IconViewTracking") ? .iconViewTracking : .unknown
        case 0x67_6369_5007: matches(localName, "Pricing") ? .pricing : .unknown
        case 0x67_696D_4316: matches(localName, "CompanionClickTracking") ? .companionClickTracking : .unknown
        case 0x67_696E_4E16: matches(localName, "NonLinearClickTracking") ? .nonLinearClickTracking : .unknown
        case 0x67_6B61_5408: matches(localName, "Tracking") ? .tracking : .unknown
        case 0x67_6B6F_4911: matches(localName, "IconClickTracking") ? .iconClickTracking : .unknown
        case 0x67_7269_430D: matches(localName, "ClickTracking") ? .clickTracking : .unknown
        case 0x68_6869_430C: matches(localName, "ClickThrough") ? .clickThrough : .unknown
        case 0x68_6B6F_4910: matches(localName, "IconClickThrough") ? .iconClickThrough : .unknown
        case 0x68_6C6D_4315: matches(localName, "CompanionClickThrough") ? .companionClickThrough : .unknown
        case 0x68_6C6E_4E15: matches(localName, "NonLinearClickThrough") ? .nonLinearClickThrough : .unknown
        case 0x6B_6D73_430B: matches(localName, "CustomClick") ? .customClick : .unknown
        case 0x6D_7353_4108: matches(localName, "AdSystem") ? .adSystem : .unknown
        case 0x6E_4565_4311: matches(localName, "CreativeExtension") ? .creativeExtension : .unknown
        case 0x6E_616D_4309: matches(localName, "Companion") ? .companion : .unknown
        case 0x6E_6372_560C: matches(localName, "Verification") ? .verification : .unknown
        case 0x6E_6973_440B: matches(localName, "Description") ? .description : .unknown
        case 0x6E_6D65_5612: matches(localName, "ViewableImpression") ? .viewableImpression : .unknown
        case 0x6E_6E74_4509: matches(localName, "Extension") ? .extensionElement : .unknown
        case 0x6E_6F6F_4904: matches(localName, "Icon") ? .icon : .unknown
        case 0x6E_7370_490A: matches(localName, "Impression") ? .impression : .unknown
        case 0x6E_7472_4408: matches(localName, "Duration") ? .duration : .unknown
        case 0x72_656E_4C06: matches(localName, "Linear") ? .linear : .unknown
        case 0x72_696E_4E09: matches(localName, "NonLinear") ? .nonLinear : .unknown
        case 0x72_7061_5707: matches(localName, "Wrapper") ? .wrapper : .unknown
        case 0x72_7272_4505: matches(localName, "Error") ? .error : .unknown
        case 0x72_7476_410A: matches(localName, "Advertiser") ? .advertiser : .unknown
        case 0x73_4364_560B: matches(localName, "VideoClicks") ? .videoClicks : .unknown
        case 0x73_436F_4213: matches(localName, "BlockedAdCategories") ? .blockedAdCategories : .unknown
        case 0x73_4664_4D0A: matches(localName, "MediaFiles") ? .mediaFiles : .unknown
        case 0x73_656E_4E0C: matches(localName, "NonLinearAds") ? .nonLinearAds : .unknown
        case 0x73_6761_540E: matches(localName, "TrackingEvents") ? .trackingEvents : .unknown
        case 0x73_6956_410F: matches(localName, "AdVerifications") ? .adVerifications : .unknown
        case 0x73_696D_430C: matches(localName, "CompanionAds") ? .companionAds : .unknown
        case 0x73_6970_4507: matches(localName, "Expires") ? .expires : .unknown
        case 0x73_6C6F_490A: matches(localName, "IconClicks") ? .iconClicks : .unknown
        case 0x73_6C6F_4917: matches(localName, "IconClickFallbackImages") ? .iconClickFallbackImages : .unknown
        case 0x73_6D50_410C: matches(localName, "AdParameters") ? .adParameters : .unknown
        case 0x73_6E72_5616: matches(localName, "VerificationParameters") ? .verificationParameters : .unknown
        case 0x73_6F6F_4905: matches(localName, "Icons") ? .icons : .unknown
        case 0x73_7374_450A: matches(localName, "Extensions") ? .extensions : .unknown
        case 0x73_7465_4309: matches(localName, "Creatives") ? .creatives : .unknown
        case 0x73_746F_4312: matches(localName, "ClosedCaptionFiles") ? .closedCaptionFiles : .unknown
        case 0x73_7865_4312: matches(localName, "CreativeExtensions") ? .creativeExtensions : .unknown
        case 0x74_5474_4107: matches(localName, "AltText") ? .altText : .unknown
        case 0x79_6774_4308: matches(localName, "Category") ? .category : .unknown
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
