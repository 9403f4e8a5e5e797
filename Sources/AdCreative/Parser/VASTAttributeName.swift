/// The attribute names the parser reads, found from libxml2's NUL-terminated local names without building a
/// `String`: a switch on the length and four bytes (unique over these names) picks one candidate, then the whole
/// name is compared.
enum VASTAttributeName: UInt8, CaseIterable {
    case id
    case apiFramework
    case width
    case height
    case type
    case version
    case sequence
    case scalable
    case pxratio
    case offset
    case mediaType
    case maintainAspectRatio
    case fileSize
    case expandedWidth
    case expandedHeight
    case delivery
    case codec
    case yPosition
    case xmlEncoded
    case xPosition
    case vendor
    case variableDuration
    case skipoffset
    case required
    case renderingMode
    case program
    case model
    case minSuggestedDuration
    case minBitrate
    case maxBitrate
    case language
    case idValue
    case idRegistry
    case followAdditionalWrappers
    case fallbackOnNoAd
    case event
    case duration
    case currency
    case creativeType
    case conditionalAd
    case browserOptional
    case bitrate
    case authority
    case assetWidth
    case assetHeight
    case allowMultipleAds
    case adType
    case adSlotId
    case legacyAdSlotID
    case adId
    case legacyAdID

    /// The name as written in VAST.
    var name: String {
        switch self {
        case .legacyAdID: "AdID"
        case .legacyAdSlotID: "adSlotID"
        default: String(describing: self)
        }
    }

    /// The attribute whose local name is `localName`, or `nil` when the parser does not read it.
    static func lookup(_ localName: UnsafePointer<UInt8>) -> VASTAttributeName? {
        var length = 0
        while localName[length] != 0 {
            length += 1
            if length > 32 { return nil }
        }
        guard length >= 2 else { return nil }
        let key =
            UInt64(length) | UInt64(localName[0]) << 8 | UInt64(localName[min(2, length - 1)]) << 16
            | UInt64(localName[length / 2]) << 24 | UInt64(localName[length - 1]) << 32
        return switch key {
        case 0x4449494104: matches(localName, "AdID") ? .legacyAdID : nil
        case 0x446F536108: matches(localName, "adSlotID") ? .legacyAdSlotID : nil
        case 0x6364646305: matches(localName, "codec") ? .codec : nil
        case 0x6449496104: matches(localName, "adId") ? .adId : nil
        case 0x64636C780A: matches(localName, "xmlEncoded") ? .xmlEncoded : nil
        case 0x6464646902: matches(localName, "id") ? .id : nil
        case 0x64696E630D: matches(localName, "conditionalAd") ? .conditionalAd : nil
        case 0x6469717208: matches(localName, "required") ? .required : nil
        case 0x646B6C660E: matches(localName, "fallbackOnNoAd") ? .fallbackOnNoAd : nil
        case 0x646F536108: matches(localName, "adSlotId") ? .adSlotId : nil
        case 0x65536C6608: matches(localName, "fileSize") ? .fileSize : nil
        case 0x6561566907: matches(localName, "idValue") ? .idValue : nil
        case 0x6561617308: matches(localName, "scalable") ? .scalable : nil
        case 0x6561646D09: matches(localName, "mediaType") ? .mediaType : nil
        case 0x6565717308: matches(localName, "sequence") ? .sequence : nil
        case 0x65696E720D: matches(localName, "renderingMode") ? .renderingMode : nil
        case 0x6570707404: matches(localName, "type") ? .type : nil
        case 0x6572746207: matches(localName, "bitrate") ? .bitrate : nil
        case 0x65746E6D0A: matches(localName, "minBitrate") ? .minBitrate : nil
        case 0x6574786D0A: matches(localName, "maxBitrate") ? .maxBitrate : nil
        case 0x65756E6C08: matches(localName, "language") ? .language : nil
        case 0x657665630C: matches(localName, "creativeType") ? .creativeType : nil
        case 0x6579546106: matches(localName, "adType") ? .adType : nil
        case 0x685773610A: matches(localName, "assetWidth") ? .assetWidth : nil
        case 0x6864647705: matches(localName, "width") ? .width : nil
        case 0x686570650D: matches(localName, "expandedWidth") ? .expandedWidth : nil
        case 0x6B6D69610C: matches(localName, "apiFramework") ? .apiFramework : nil
        case 0x6C4F6F620F: matches(localName, "browserOptional") ? .browserOptional : nil
        case 0x6C64646D05: matches(localName, "model") ? .model : nil
        case 0x6D676F7007: matches(localName, "program") ? .program : nil
        case 0x6E44727610: matches(localName, "variableDuration") ? .variableDuration : nil
        case 0x6E656E6D14: matches(localName, "minSuggestedDuration") ? .minSuggestedDuration : nil
        case 0x6E696F7809: matches(localName, "xPosition") ? .xPosition : nil
        case 0x6E696F7909: matches(localName, "yPosition") ? .yPosition : nil
        case 0x6E73727607: matches(localName, "version") ? .version : nil
        case 0x6E74726408: matches(localName, "duration") ? .duration : nil
        case 0x6F61727007: matches(localName, "pxratio") ? .pxratio : nil
        case 0x6F73696D13: matches(localName, "maintainAspectRatio") ? .maintainAspectRatio : nil
        case 0x72646E7606: matches(localName, "vendor") ? .vendor : nil
        case 0x736F6C6618: matches(localName, "followAdditionalWrappers") ? .followAdditionalWrappers : nil
        case 0x73746C6110: matches(localName, "allowMultipleAds") ? .allowMultipleAds : nil
        case 0x744873610B: matches(localName, "assetHeight") ? .assetHeight : nil
        case 0x746470650E: matches(localName, "expandedHeight") ? .expandedHeight : nil
        case 0x7465656505: matches(localName, "event") ? .event : nil
        case 0x746669730A: matches(localName, "skipoffset") ? .skipoffset : nil
        case 0x7467696806: matches(localName, "height") ? .height : nil
        case 0x7473666F06: matches(localName, "offset") ? .offset : nil
        case 0x7965726308: matches(localName, "currency") ? .currency : nil
        case 0x796952690A: matches(localName, "idRegistry") ? .idRegistry : nil
        case 0x796F746109: matches(localName, "authority") ? .authority : nil
        case 0x79766C6408: matches(localName, "delivery") ? .delivery : nil
        default: nil
        }
    }

    private static func matches(_ localName: UnsafePointer<UInt8>, _ name: StaticString) -> Bool {
        let bytes = name.utf8Start
        for index in 0..<name.utf8CodeUnitCount where localName[index] != bytes[index] { return false }
        return localName[name.utf8CodeUnitCount] == 0
    }
}
