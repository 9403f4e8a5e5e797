import Foundation

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
        // libc's `strlen` reads the name a word at a time: cheaper than a byte loop for these 2-23 byte names.
        let length = strlen(UnsafeRawPointer(localName).assumingMemoryBound(to: CChar.self))
        guard length >= 2, length <= 32 else { return nil }
        let key =
            UInt64(length) | UInt64(localName[0]) << 8 | UInt64(localName[min(2, length - 1)]) << 16
            | UInt64(localName[length / 2]) << 24 | UInt64(localName[length - 1]) << 32
        return switch (key &* 0xE8E2_5D94_0ED9_0475) >> 56 {
        case 20: matches(localName, length, "mediaType") ? .mediaType : nil
        case 23: matches(localName, length, "fallbackOnNoAd") ? .fallbackOnNoAd : nil
        case 25: matches(localName, length, "height") ? .height : nil
        case 26: matches(localName, length, "conditionalAd") ? .conditionalAd : nil
        case 29: matches(localName, length, "adId") ? .adId : nil
        case 33: matches(localName, length, "offset") ? .offset : nil
        case 47: matches(localName, length, "assetHeight") ? .assetHeight : nil
        case 49: matches(localName, length, "width") ? .width : nil
        case 55: matches(localName, length, "bitrate") ? .bitrate : nil
        case 56: matches(localName, length, "codec") ? .codec : nil
        case 65: matches(localName, length, "assetWidth") ? .assetWidth : nil
        case 69: matches(localName, length, "version") ? .version : nil
        case 70: matches(localName, length, "variableDuration") ? .variableDuration : nil
        case 74: matches(localName, length, "maxBitrate") ? .maxBitrate : nil
        case 80: matches(localName, length, "apiFramework") ? .apiFramework : nil
        case 94: matches(localName, length, "followAdditionalWrappers") ? .followAdditionalWrappers : nil
        case 97: matches(localName, length, "scalable") ? .scalable : nil
        case 98: matches(localName, length, "adSlotId") ? .adSlotId : nil
        case 108: matches(localName, length, "renderingMode") ? .renderingMode : nil
        case 113: matches(localName, length, "delivery") ? .delivery : nil
        case 116: matches(localName, length, "vendor") ? .vendor : nil
        case 122: matches(localName, length, "creativeType") ? .creativeType : nil
        case 130: matches(localName, length, "language") ? .language : nil
        case 133: matches(localName, length, "expandedWidth") ? .expandedWidth : nil
        case 135: matches(localName, length, "adSlotID") ? .legacyAdSlotID : nil
        case 138: matches(localName, length, "sequence") ? .sequence : nil
        case 140: matches(localName, length, "expandedHeight") ? .expandedHeight : nil
        case 144: matches(localName, length, "allowMultipleAds") ? .allowMultipleAds : nil
        case 147: matches(localName, length, "authority") ? .authority : nil
        case 148: matches(localName, length, "minSuggestedDuration") ? .minSuggestedDuration : nil
        case 149: matches(localName, length, "model") ? .model : nil
        case 155: matches(localName, length, "idValue") ? .idValue : nil
        case 156: matches(localName, length, "pxratio") ? .pxratio : nil
        case 162: matches(localName, length, "minBitrate") ? .minBitrate : nil
        case 169: matches(localName, length, "idRegistry") ? .idRegistry : nil
        case 189: matches(localName, length, "xmlEncoded") ? .xmlEncoded : nil
        case 197: matches(localName, length, "adType") ? .adType : nil
        case 200: matches(localName, length, "type") ? .type : nil
        case 207: matches(localName, length, "fileSize") ? .fileSize : nil
        case 212: matches(localName, length, "browserOptional") ? .browserOptional : nil
        case 215: matches(localName, length, "duration") ? .duration : nil
        case 218: matches(localName, length, "id") ? .id : nil
        case 220: matches(localName, length, "yPosition") ? .yPosition : nil
        case 222: matches(localName, length, "program") ? .program : nil
        case 226: matches(localName, length, "skipoffset") ? .skipoffset : nil
        case 233: matches(localName, length, "required") ? .required : nil
        case 234: matches(localName, length, "event") ? .event : nil
        case 235: matches(localName, length, "currency") ? .currency : nil
        case 246: matches(localName, length, "AdID") ? .legacyAdID : nil
        case 250: matches(localName, length, "xPosition") ? .xPosition : nil
        case 255: matches(localName, length, "maintainAspectRatio") ? .maintainAspectRatio : nil
        default: nil
        }
    }

    private static func matches(_ localName: UnsafePointer<UInt8>, _ length: Int, _ name: StaticString) -> Bool {
        length == name.utf8CodeUnitCount && memcmp(localName, name.utf8Start, length) == 0
    }
}
