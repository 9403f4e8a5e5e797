/// The attribute names the parser reads, found from libxml2's NUL-terminated local names without building a
/// `String`: a key made of the length and four bytes (unique over these names), multiplied by a constant that
/// gives every name its own top eight bits, selects one candidate in a single switch; then the whole name is
/// compared.
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
        return switch (key &* 0xE8E2_5D94_0ED9_0475) >> 56 {
        case 20: matches(localName, "mediaType") ? .mediaType : nil
        case 23: matches(localName, "fallbackOnNoAd") ? .fallbackOnNoAd : nil
        case 25: matches(localName, "height") ? .height : nil
        case 26: matches(localName, "conditionalAd") ? .conditionalAd : nil
        case 29: matches(localName, "adId") ? .adId : nil
        case 33: matches(localName, "offset") ? .offset : nil
        case 47: matches(localName, "assetHeight") ? .assetHeight : nil
        case 49: matches(localName, "width") ? .width : nil
        case 55: matches(localName, "bitrate") ? .bitrate : nil
        case 56: matches(localName, "codec") ? .codec : nil
        case 65: matches(localName, "assetWidth") ? .assetWidth : nil
        case 69: matches(localName, "version") ? .version : nil
        case 70: matches(localName, "variableDuration") ? .variableDuration : nil
        case 74: matches(localName, "maxBitrate") ? .maxBitrate : nil
        case 80: matches(localName, "apiFramework") ? .apiFramework : nil
        case 94: matches(localName, "followAdditionalWrappers") ? .followAdditionalWrappers : nil
        case 97: matches(localName, "scalable") ? .scalable : nil
        case 98: matches(localName, "adSlotId") ? .adSlotId : nil
        case 108: matches(localName, "renderingMode") ? .renderingMode : nil
        case 113: matches(localName, "delivery") ? .delivery : nil
        case 116: matches(localName, "vendor") ? .vendor : nil
        case 122: matches(localName, "creativeType") ? .creativeType : nil
        case 130: matches(localName, "language") ? .language : nil
        case 133: matches(localName, "expandedWidth") ? .expandedWidth : nil
        case 135: matches(localName, "adSlotID") ? .legacyAdSlotID : nil
        case 138: matches(localName, "sequence") ? .sequence : nil
        case 140: matches(localName, "expandedHeight") ? .expandedHeight : nil
        case 144: matches(localName, "allowMultipleAds") ? .allowMultipleAds : nil
        case 147: matches(localName, "authority") ? .authority : nil
        case 148: matches(localName, "minSuggestedDuration") ? .minSuggestedDuration : nil
        case 149: matches(localName, "model") ? .model : nil
        case 155: matches(localName, "idValue") ? .idValue : nil
        case 156: matches(localName, "pxratio") ? .pxratio : nil
        case 162: matches(localName, "minBitrate") ? .minBitrate : nil
        case 169: matches(localName, "idRegistry") ? .idRegistry : nil
        case 189: matches(localName, "xmlEncoded") ? .xmlEncoded : nil
        case 197: matches(localName, "adType") ? .adType : nil
        case 200: matches(localName, "type") ? .type : nil
        case 207: matches(localName, "fileSize") ? .fileSize : nil
        case 212: matches(localName, "browserOptional") ? .browserOptional : nil
        case 215: matches(localName, "duration") ? .duration : nil
        case 218: matches(localName, "id") ? .id : nil
        case 220: matches(localName, "yPosition") ? .yPosition : nil
        case 222: matches(localName, "program") ? .program : nil
        case 226: matches(localName, "skipoffset") ? .skipoffset : nil
        case 233: matches(localName, "required") ? .required : nil
        case 234: matches(localName, "event") ? .event : nil
        case 235: matches(localName, "currency") ? .currency : nil
        case 246: matches(localName, "AdID") ? .legacyAdID : nil
        case 250: matches(localName, "xPosition") ? .xPosition : nil
        case 255: matches(localName, "maintainAspectRatio") ? .maintainAspectRatio : nil
        default: nil
        }
    }

    private static func matches(_ localName: UnsafePointer<UInt8>, _ name: StaticString) -> Bool {
        let bytes = name.utf8Start
        for index in 0..<name.utf8CodeUnitCount where localName[index] != bytes[index] { return false }
        return localName[name.utf8CodeUnitCount] == 0
    }
}
