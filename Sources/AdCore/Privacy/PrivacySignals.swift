/// The user's privacy choices: one value the host sets once (``AdHost/privacy``) and every ``AdRequest`` carries
/// to every provider. `nil` means unknown.
///
/// What AdBridge does with it, for every provider: a child-directed request skips providers that cannot honour it
/// (`excludedByPrivacy`); the TC and GPP strings are decoded (``TCString``, ``GPPString``) and each provider's
/// request is decided by ``consent(forVendor:)`` (Docs/Privacy.md): personalised, without personalisation (no
/// personalising parameter, ``personalisingParameters``, leaves the app), or excluded (`excludedByPrivacy`); the
/// VAST macros `[GDPRCONSENT]`, `[REGULATIONS]` and `[LIMITADTRACKING]` expand from it. A change applies to the next
/// request; an ad already loaded keeps the signals it was requested with.
///
/// ```swift
/// host.privacy = PrivacySignals(gdprApplies: true,
///                               tcfConsent: "CQdWToAQdWToAEsACBENBkEgAP_gAEPgAAYgH0QAYAAgfQB9EAGAAIH0AAA",
///                               isChildDirected: false, trackingAuthorization: .authorized)
/// ```
public struct PrivacySignals: Sendable, Hashable, Codable {
    /// Whether GDPR applies to this user.
    public var gdprApplies: Bool?
    /// The IAB TCF v2 consent string (TC string), decoded when set (``tcString``).
    public var tcfConsent: String? {
        didSet { decoded = DecodedConsentStrings(tcfConsent: tcfConsent, gpp: gpp) }
    }
    /// The IAB US privacy string (`1YNN`).
    public var usPrivacy: String?
    /// The IAB GPP string, decoded when set (``gppString``).
    public var gpp: String? {
        didSet { decoded = DecodedConsentStrings(tcfConsent: tcfConsent, gpp: gpp) }
    }
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
        decoded = DecodedConsentStrings(tcfConsent: tcfConsent, gpp: gpp)
    }

    /// Signals with everything unknown, built once: the initializer with no argument decodes its (absent) consent
    /// strings on every call, and a mediator makes a request per line item's load.
    package static let unknown = PrivacySignals()

    /// The consent strings, decoded once when set: derived from ``tcfConsent`` and ``gpp``, never encoded.
    private(set) var decoded: DecodedConsentStrings

    private enum CodingKeys: String, CodingKey {
        case gdprApplies, tcfConsent, usPrivacy, gpp, isChildDirected, isUnderAgeOfConsent, trackingAuthorization
    }

    /// Decodes the signals (every key optional), decoding their consent strings.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            gdprApplies: try container.decodeIfPresent(Bool.self, forKey: .gdprApplies),
            tcfConsent: try container.decodeIfPresent(String.self, forKey: .tcfConsent),
            usPrivacy: try container.decodeIfPresent(String.self, forKey: .usPrivacy),
            gpp: try container.decodeIfPresent(String.self, forKey: .gpp),
            isChildDirected: try container.decodeIfPresent(Bool.self, forKey: .isChildDirected),
            isUnderAgeOfConsent: try container.decodeIfPresent(Bool.self, forKey: .isUnderAgeOfConsent),
            trackingAuthorization: try container.decodeIfPresent(
                TrackingAuthorization.self, forKey: .trackingAuthorization))
    }

    /// The decoded TC string: ``tcfConsent`` when set, otherwise the GPP string's EU TCF v2 section; `nil` when
    /// neither carries one; a failure when the one that speaks cannot be decoded.
    public var tcString: Result<TCString, ConsentStringError>? { decoded.euTC }

    /// The decoded GPP string; `nil` when ``gpp`` is absent or blank.
    public var gppString: Result<GPPString, ConsentStringError>? { decoded.gpp }

    /// Whether personalised ads are allowed for some vendor: nothing that holds for every vendor forbids them
    /// (``generalConsent``: child-directed, under the age of consent, a US opt-out, tracking refused, GDPR without a
    /// readable TC string or without consent to purposes 1, 3 and 4). Whether a given vendor's request is
    /// personalised is ``consent(forVendor:)``. Unknown signals do not forbid anything (the host says what it knows).
    public var allowsPersonalisedAds: Bool { generalConsent.allowsPersonalisation }

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
    /// compared case-insensitively. None of them leaves the app unless the request's ``ConsentDecision`` is
    /// `personalised` (``consent(forVendor:)``).
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
        allowsPersonalisedAds ? request : Self.withoutPersonalisingParameters(request)
    }

    /// `request` without any personalising parameter, in its parameters and in its URL's query.
    public static func withoutPersonalisingParameters(_ request: TransportRequest) -> TransportRequest {
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
