/// The user's privacy choices: one value the host sets once (``AdHost/privacy``) and every ``AdRequest`` carries
/// to every provider. `nil` means unknown.
///
/// What AdBridge does with it, for every provider: a child-directed request skips providers that cannot honour it
/// (`excludedByPrivacy`); without ``allowsPersonalisedAds`` no personalising parameter (``personalisingParameters``)
/// leaves the app; the VAST macros `[GDPRCONSENT]`, `[REGULATIONS]` and `[LIMITADTRACKING]` expand from it. A change
/// applies to the next request; an ad already loaded keeps the signals it was requested with.
///
/// ```swift
/// host.privacy = PrivacySignals(gdprApplies: true, tcfConsent: "CPXxRfAPXxRfAAfKABENB-CgAAAAAAAAAAYgAAAAAAAA",
///                               isChildDirected: false, trackingAuthorization: .authorized)
/// ```
public struct PrivacySignals: Sendable, Hashable, Codable {
    /// Whether GDPR applies to this user.
    public var gdprApplies: Bool?
    /// The IAB TCF v2 consent string.
    public var tcfConsent: String?
    /// The IAB US privacy string (`1YNN`).
    public var usPrivacy: String?
    /// The IAB GPP string.
    public var gpp: String?
    /// Child-directed treatment (COPPA).
    public var isChildDirected: Bool?
    /// The user is under the age of consent.
    public var isUnderAgeOfConsent: Bool?
    /// The platform's tracking authorisation.
    public var trackingAuthorization: TrackingAuthorization?

    /// Creates signals; everything unknown by default.
    public init(
        gdprApplies: Bool? = nil,
        tcfConsent: String? = nil,
        usPrivacy: String? = nil,
        gpp: String? = nil,
        isChildDirected: Bool? = nil,
        isUnderAgeOfConsent: Bool? = nil,
        trackingAuthorization: TrackingAuthorization? = nil
    ) {
        self.gdprApplies = gdprApplies
        self.tcfConsent = tcfConsent
        self.usPrivacy = usPrivacy
        self.gpp = gpp
        self.isChildDirected = isChildDirected
        self.isUnderAgeOfConsent = isUnderAgeOfConsent
        self.trackingAuthorization = trackingAuthorization
    }

    /// Whether personalised ads are allowed. They are not when the user is child-directed or under the age of
    /// consent, when GDPR applies and there is no TCF consent string, when the US privacy string says the user
    /// opted out of sale (`1YY-`: its third character is `Y`), or when tracking is restricted or denied. Unknown
    /// signals do not forbid anything (the host says what it knows).
    public var allowsPersonalisedAds: Bool {
        if isChildDirected == true || isUnderAgeOfConsent == true { return false }
        if gdprApplies == true, (tcfConsent ?? "").allSatisfy(\.isWhitespace) { return false }
        if let usPrivacy, usPrivacy.count >= 3, usPrivacy.dropFirst(2).first.map({ $0 == "Y" || $0 == "y" }) == true {
            return false
        }
        if trackingAuthorization?.forbidsTracking == true { return false }
        return true
    }

    /// The regulations that apply, as the VAST `[REGULATIONS]` macro lists them: `coppa` for a child-directed
    /// user, `gdpr` when GDPR applies; `nil` when nothing is known.
    public var regulations: [String]? {
        var result: [String] = []
        if isChildDirected == true { result.append("coppa") }
        if gdprApplies == true { result.append("gdpr") }
        if result.isEmpty, isChildDirected == nil, gdprApplies == nil { return nil }
        return result
    }

    /// The VAST `[LIMITADTRACKING]` value: `true` when personalised ads are not allowed, `false` when tracking is
    /// authorised and they are, `nil` (expands to `-1`) when neither is known.
    public var limitsAdTracking: Bool? {
        if !allowsPersonalisedAds { return true }
        return trackingAuthorization == .authorized ? false : nil
    }

    /// The request parameters that personalise an ad (device and user identifiers, demographics, location),
    /// compared case-insensitively. None of them leaves the app unless ``allowsPersonalisedAds``.
    public static let personalisingParameters: Set<String> = [
        "idfa", "ifa", "idfv", "gaid", "adid", "aaid", "advertising_id", "advertisingid", "device_id", "deviceid",
        "user_id", "userid", "uid", "ppid", "age", "yob", "birthday", "birth_year", "gender", "lat", "lon",
        "latitude", "longitude", "location", "geo", "interests",
    ]

    /// Whether `name` is a personalising parameter.
    public static func isPersonalising(_ name: String) -> Bool { personalisingParameters.contains(name.lowercased()) }

    /// `request` as it may leave the app: unchanged when personalised ads are allowed; otherwise without any
    /// personalising parameter, in its parameters and in its URL's query.
    public func sanitize(_ request: TransportRequest) -> TransportRequest {
        guard !allowsPersonalisedAds else { return request }
        var request = request
        request.parameters = request.parameters.filter { !Self.isPersonalising($0.key) }
        if let url = request.url { request.url = Self.strippingPersonalisingQuery(url) }
        return request
    }

    /// `url` without the query items whose names are personalising (the rest kept in order).
    static func strippingPersonalisingQuery(_ url: String) -> String {
        guard let question = url.firstIndex(of: "?") else { return url }
        let end = url[question...].firstIndex(of: "#") ?? url.endIndex
        let items = url[url.index(after: question)..<end].split(separator: "&", omittingEmptySubsequences: false)
        let kept = items.filter { item in
            let name = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            return !isPersonalising(String(name).removingPercentEncodingForName)
        }
        let query = kept.isEmpty ? "" : "?" + kept.joined(separator: "&")
        return String(url[..<question]) + query + String(url[end...])
    }
}

extension String {
    /// The name of a query item with `%XX` escapes of ASCII letters, digits and `_` undone (enough to recognise a
    /// personalising name written with escapes).
    fileprivate var removingPercentEncodingForName: String {
        guard contains("%") else { return self }
        var bytes: [UInt8] = []
        var utf8 = Array(self.utf8)[...]
        while let byte = utf8.popFirst() {
            if byte == UInt8(ascii: "%"), utf8.count >= 2,
                let value = UInt8(String(decoding: utf8.prefix(2), as: UTF8.self), radix: 16)
            {
                bytes.append(value)
                utf8 = utf8.dropFirst(2)
            } else {
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
