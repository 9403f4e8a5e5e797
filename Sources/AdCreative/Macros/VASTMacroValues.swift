/// The values the caller knows when it expands a tracking or error URL. Anything left `nil` expands to `-1`,
/// as the IAB rules ask for a supported macro whose value is unknown.
///
/// Time is never read here: the caller passes ``timestamp`` (ISO 8601) and ``cacheBusting`` from its own clock
/// and seeded generator.
///
/// ```swift
/// var values = VASTMacroValues()
/// values.errorCode = 303
/// values.timestamp = "2026-11-30T15:00:00.000Z"
/// ```
public struct VASTMacroValues: Sendable, Equatable {
    /// `[ERRORCODE]`: a VAST error code; an invalid one expands to 900.
    public var errorCode: Int?
    /// `[TIMESTAMP]`: ISO 8601 time of the event.
    public var timestamp: String?
    /// `[CACHEBUSTING]`: a random 8-digit number from the caller's generator.
    public var cacheBusting: String?
    /// `[ASSETURI]`: the media file being played.
    public var assetURI: String?
    /// `[ADPLAYHEAD]`: playback time within the ad.
    public var adPlayhead: VASTTime?
    /// `[MEDIAPLAYHEAD]`: playback time within the media.
    public var mediaPlayhead: VASTTime?
    /// `[CONTENTPLAYHEAD]`: playback time within the content.
    public var contentPlayhead: VASTTime?
    /// `[REASON]`: why a verification was not executed, or similar.
    public var reason: Int?
    /// `[ADSERVINGID]`: the ad's `<AdServingId>`.
    public var adServingId: String?
    /// `[LIMITADTRACKING]`: whether the user limited ad tracking (`1` or `0`).
    public var limitAdTracking: Bool?
    /// `[GDPRCONSENT]`: the IAB TCF consent string.
    public var gdprConsent: String?
    /// `[REGULATIONS]`: the regulations that apply (`coppa`, `gdpr`), comma-separated; empty when none does.
    public var regulations: [String]?
    /// `[APPBUNDLE]`: the app's bundle ID.
    public var appBundle: String?
    /// `[DEVICEUA]`: the device's user agent.
    public var deviceUA: String?
    /// `[CLICKPOS]`: the click position `x,y`.
    public var clickPosition: (x: Int, y: Int)? {
        get { clickPositionStorage.map { ($0[0], $0[1]) } }
        set { clickPositionStorage = newValue.map { [$0.x, $0.y] } }
    }
    /// `[PODSEQUENCE]`: the ad's `sequence` in its pod.
    public var podSequence: Int?
    /// `[BREAKPOSITION]`: 1 preroll, 2 midroll, 3 postroll, 4 standalone.
    public var breakPosition: Int?

    private var clickPositionStorage: [Int]?

    /// Creates empty values (every supported macro expands to `-1`).
    public init() {}

    /// The raw (not yet encoded) value of a supported macro, `"-1"` when unknown; `nil` when `name` is not a
    /// supported macro (it is then left alone).
    func value(for name: Substring) -> String? {
        switch name {
        case "ERRORCODE": errorCode.map { String(VASTMacroExpander.validErrorCode($0)) } ?? "-1"
        case "TIMESTAMP": timestamp ?? "-1"
        case "CACHEBUSTING": cacheBusting ?? "-1"
        case "ASSETURI": assetURI ?? "-1"
        case "ADPLAYHEAD": adPlayhead?.description ?? "-1"
        case "MEDIAPLAYHEAD": mediaPlayhead?.description ?? "-1"
        case "CONTENTPLAYHEAD": contentPlayhead?.description ?? "-1"
        case "REASON": reason.map(String.init) ?? "-1"
        case "ADSERVINGID": adServingId ?? "-1"
        case "GDPRCONSENT": gdprConsent ?? "-1"
        case "REGULATIONS": regulations?.joined(separator: ",") ?? "-1"
        case "LIMITADTRACKING": limitAdTracking.map { $0 ? "1" : "0" } ?? "-1"
        case "APPBUNDLE": appBundle ?? "-1"
        case "DEVICEUA": deviceUA ?? "-1"
        case "CLICKPOS": clickPositionStorage.map { "\($0[0]),\($0[1])" } ?? "-1"
        case "PODSEQUENCE": podSequence.map(String.init) ?? "-1"
        case "BREAKPOSITION": breakPosition.map(String.init) ?? "-1"
        default: nil
        }
    }

    /// Equal when every value is.
    public static func == (lhs: VASTMacroValues, rhs: VASTMacroValues) -> Bool {
        lhs.errorCode == rhs.errorCode && lhs.timestamp == rhs.timestamp && lhs.cacheBusting == rhs.cacheBusting
            && lhs.assetURI == rhs.assetURI && lhs.adPlayhead == rhs.adPlayhead
            && lhs.mediaPlayhead == rhs.mediaPlayhead && lhs.contentPlayhead == rhs.contentPlayhead
            && lhs.reason == rhs.reason && lhs.adServingId == rhs.adServingId
            && lhs.limitAdTracking == rhs.limitAdTracking && lhs.appBundle == rhs.appBundle
            && lhs.gdprConsent == rhs.gdprConsent && lhs.regulations == rhs.regulations
            && lhs.deviceUA == rhs.deviceUA && lhs.clickPositionStorage == rhs.clickPositionStorage
            && lhs.podSequence == rhs.podSequence && lhs.breakPosition == rhs.breakPosition
    }
}
