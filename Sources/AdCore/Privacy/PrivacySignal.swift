/// One kind of privacy signal a provider can honour, listed in ``ProviderDescriptor/honouredPrivacySignals``.
///
/// A provider honours a signal when it passes it on to its network (a request parameter, an SDK call) so the
/// network acts on it. AdBridge itself enforces what it can for every provider whatever it declares: no
/// personalising parameter leaves the app without consent, and the beacon macros carry the signals.
///
/// ```swift
/// let honours = descriptor.honouredPrivacySignals.contains(.childDirected)
/// ```
public enum PrivacySignal: String, Sendable, Hashable, Codable, CaseIterable, Comparable {
    /// Whether GDPR applies, and the IAB TCF consent string.
    case gdpr
    /// The IAB US privacy string (CCPA) and the GPP string.
    case usPrivacy
    /// Child-directed treatment (COPPA).
    case childDirected
    /// The user is under the age of consent (GDPR article 8).
    case underAgeOfConsent
    /// The platform's tracking authorisation (App Tracking Transparency).
    case trackingAuthorization

    /// Orders signals by declaration order (for stable reports).
    public static func < (lhs: PrivacySignal, rhs: PrivacySignal) -> Bool {
        (allCases.firstIndex(of: lhs) ?? 0) < (allCases.firstIndex(of: rhs) ?? 0)
    }
}
