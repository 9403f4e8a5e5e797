/// What a click on an IFLY native feed ad does (rules I5, I9).
///
/// Exposure-only and unknown ads take no click views; redirect and download ads take only the views that really
/// are clickable.
///
/// ```swift
/// let showsButton = ad.adData?.interactionType.isClickable ?? false
/// ```
public enum IFLYInteractionType: Sendable, Hashable, CustomStringConvertible {
    /// Only an exposure is counted; the ad is not clickable.
    case exposure
    /// A click opens a landing page or a deep link (the SDK jumps, never the host).
    case redirect
    /// A click opens the store or downloads an app (the SDK jumps, never the host).
    case download
    /// A value this adapter does not know: treated like ``exposure`` (no click views).
    case unknown(String)

    /// Decodes the dialect's `interactionType` text (`exposure`, `redirect`, `download`; case-insensitive).
    public init(dialectValue: String) {
        switch dialectValue.lowercased() {
        case "exposure", "none": self = .exposure
        case "redirect", "landing", "deeplink": self = .redirect
        case "download": self = .download
        default: self = .unknown(dialectValue)
        }
    }

    /// Whether the ad takes click views (redirect or download).
    public var isClickable: Bool {
        switch self {
        case .redirect, .download: true
        case .exposure, .unknown: false
        }
    }

    /// `exposure`, `redirect`, `download` or `unknown(<raw>)`.
    public var description: String {
        switch self {
        case .exposure: "exposure"
        case .redirect: "redirect"
        case .download: "download"
        case .unknown(let raw): "unknown(\(raw))"
        }
    }

    /// The dialect's text for the value (the raw text for an unknown one), read back by ``init(dialectValue:)``.
    public var dialectValue: String {
        switch self {
        case .exposure: "exposure"
        case .redirect: "redirect"
        case .download: "download"
        case .unknown(let raw): raw
        }
    }
}
