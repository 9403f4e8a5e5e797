/// The platform's answer to "may this app track the user" (App Tracking Transparency on Apple platforms, the
/// advertising-ID opt-out elsewhere), as the host read it.
///
/// ```swift
/// host.privacy.trackingAuthorization = .denied   // no personalising parameter leaves the app
/// ```
public enum TrackingAuthorization: String, Sendable, Hashable, Codable, CaseIterable {
    /// The user was not asked yet.
    case notDetermined
    /// Tracking is restricted on the device (parental controls, a managed device).
    case restricted
    /// The user refused.
    case denied
    /// The user allowed it.
    case authorized

    /// Whether the answer forbids tracking (`restricted` or `denied`).
    public var forbidsTracking: Bool { self == .restricted || self == .denied }
}
