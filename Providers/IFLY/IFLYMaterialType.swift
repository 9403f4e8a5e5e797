/// The layout an IFLY native feed ad asks for (rule I2): the host picks single image, multi-image or video after
/// load by ``NativeFeedAdData/materialType``.
///
/// ```swift
/// switch ad.adData?.materialType {
/// case .singleImage?: showSingleImageLayout()
/// case .multiImage?: showGrid()        // at least two images, a third may be missing (I3)
/// case .video?: showVideoHost()        // a plain host view for the SDK's player (I4, I8)
/// default: break
/// }
/// ```
public enum IFLYMaterialType: Sendable, Hashable, CustomStringConvertible {
    /// One main image.
    case singleImage
    /// Two or three images side by side.
    case multiImage
    /// A video the SDK plays in a plain host view.
    case video
    /// A value this adapter does not know; the ad fails validation at attach (I27).
    case unknown(String)

    /// Decodes the dialect's `materialType` text (`singleImage`, `multiImage`, `video`; case-insensitive).
    public init(dialectValue: String) {
        switch dialectValue.lowercased() {
        case "singleimage", "single_image", "single": self = .singleImage
        case "multiimage", "multi_image", "multi": self = .multiImage
        case "video": self = .video
        default: self = .unknown(dialectValue)
        }
    }

    /// `singleImage`, `multiImage`, `video` or `unknown(<raw>)`.
    public var description: String {
        switch self {
        case .singleImage: "singleImage"
        case .multiImage: "multiImage"
        case .video: "video"
        case .unknown(let raw): "unknown(\(raw))"
        }
    }

    /// The dialect's text for the value (the raw text for an unknown one), read back by ``init(dialectValue:)``.
    public var dialectValue: String {
        switch self {
        case .singleImage: "singleImage"
        case .multiImage: "multiImage"
        case .video: "video"
        case .unknown(let raw): raw
        }
    }
}
