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
        case 0x44_4949_4104: matches(localName, "AdID") ? .legacyAdID : nil
        case 0x44_6F53_6108: matches(localName, "adSlotID") ? .legacyAdSlotID : nil
        case 0x63_6464_6305: matches(localName, "codec") ? .codec : nil
        case 0x64_4949_6104: matches(localName, "adId") ? .adId : nil
        case 0x64_636C_780A: matches(localName, "xmlEncoded") ? .xmlEncoded : nil
        case 0x64_6464_6902: matches(localName, "id") ? .id : nil
        case 0x64_696E_630D: matches(localName, "conditionalAd") ? .conditionalAd : nil
        case 0x64_6971_7208: matches(localName, "required") ? .required : nil
        case 0x64_6B6C_660E: matches(localName, "fallbackOnNoAd") ? .fallbackOnNoAd : nil
        case 0x64_6F53_6108: matches(localName, "adSlotId") ? .adSlotId : nil
        case 0x65_536C_6608: matches(localName, "fileSize") ? .fileSize : nil
        case 0x65_6156_6907: matches(localName, "idValue") ? .idValue : nil
        case 0x65_6161_7308: matches(localName, "scalable") ? .scalable : nil
        case 0x65_6164_6D09: matches(localName, "mediaType") ? .mediaType : nil
        case 0x65_6571_7308: matches(localName, "sequence") ? .sequence : nil
        case 0x65_696E_720D: matches(localName, "renderingMode") ? .renderingMode : nil
        case 0x65_7070_7404: matches(localName, "type") ? .type : nil
        case 0x65_7274_6207: matches(localName, "bitrate") ? .bitrate : nil
        case 0x65_746E_6D0A: matches(localName, "minBitrate") ? .minBitrate : nil
        case 0x65_7478_6D0A: matches(localName, "maxBitrate") ? .maxBitrate : nil
        case 0x65_756E_6C08: matches(localName, "language") ? .language : nil
        case 0x65_7665_630C: matches(localName, "creativeType") ? .creativeType : nil
        case 0x65_7954_6106: matches(localName, "adType") ? .adType : nil
        case 0x68_5773_610A: matches(localName, "assetWidth") ? .assetWidth : nil
        case 0x68_6464_7705: matches(localName, "width") ? .width : nil
        case 0x68_6570_650D: matches(localName, "expandedWidth") ? .expandedWidth : nil
        case 0x6B_6D69_610C: matches(localName, "apiFramework") ? .apiFramework : nil
        case 0x6C_4F6F_620F: matches(localName, "browserOptional") ? .browserOptional : nil
        case 0x6C_6464_6D05: matches(localName, "model") ? .model : nil
        case 0x6D_676F_7007: matches(localName, "program") ? .program : nil
        case 0x6E_4472_7610: matches(localName, "variableDuration") ? .variableDuration : nil
        case 0x6E_656E_6D14: matches(localName, "minSuggestedDuration") ? .minSuggestedDuration : nil
        case 0x6E_696F_7809: matches(localName, "xPosition") ? .xPosition : nil
        case 0x6E_696F_7909: matches(localName, "yPosition") ? .yPosition : nil
        case 0x6E_7372_7607: matches(localName, "version") ? .version : nil
        case 0x6E_7472_6408: matches(localName, "duration") ? .duration : nil
        case 0x6F_6172_7007: matches(localName, "pxratio") ? .pxratio : nil
        case 0x6F_7369_6D13: matches(localName, "maintainAspectRatio") ? .maintainAspectRatio : nil
        case 0x72_646E_7606: matches(localName, "vendor") ? .vendor : nil
        case 0x73_6F6C_6618: matches(localName, "followAdditionalWrappers") ? .followAdditionalWrappers : nil
        case 0x73_746C_6110: matches(localName, "allowMultipleAds") ? .allowMultipleAds : nil
        case 0x74_4873_610B: matches(localName, "assetHeight") ? .assetHeight : nil
        case 0x74_6470_650E: matches(localName, "expandedHeight") ? .expandedHeight : nil
        case 0x74_6565_6505: matches(localName, "event") ? .event : nil
        case 0x74_6669_730A: matches(localName, "skipoffset") ? .skipoffset : nil
        case 0x74_6769_6806: matches(localName, "height") ? .height : nil
        case 0x74_7366_6F06: matches(localName, "offset") ? .offset : nil
        case 0x79_6572_6308: matches(localName, "currency") ? .currency : nil
        case 0x79_6952_690A: matches(localName, "idRegistry") ? .idRegistry : nil
        case 0x79_6F74_6109: matches(localName, "authority") ? .authority : nil
        case 0x79_766C_6408: matches(localName, "delivery") ? .delivery : nil
        default: nil
        }
    }

    private static func matches(_ localName: UnsafePointer<UInt8>, _ name: StaticString) -> Bool {
        let bytes = name.utf8Start
        for index in 0..<name.utf8CodeUnitCount where localName[index] != bytes[index] { return false }
        return localName[name.utf8CodeUnitCount] == 0
    }
}
