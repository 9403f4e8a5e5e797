/// One `<Verification>` of `<AdVerifications>`: a measurement vendor's script and its tracking.
///
/// ```swift
/// for verification in inLine.adVerifications { print(verification.vendor ?? "?", verification.javaScriptResources) }
/// ```
public struct VASTVerification: Sendable, Equatable, Encodable {
    /// The `vendor` attribute.
    public var vendor: String?
    /// `<JavaScriptResource>` entries.
    public var javaScriptResources: [VASTVerificationResource] = []
    /// `<ExecutableResource>` entries.
    public var executableResources: [VASTVerificationResource] = []
    /// `<TrackingEvents>` (for example `verificationNotExecuted`).
    public var trackingEvents: [VASTTrackingEvent] = []
    /// `<VerificationParameters>`.
    public var verificationParameters: String? {
        get { verificationParametersText.value }
        set { verificationParametersText.value = newValue }
    }
    var verificationParametersText: VASTText?

    /// Creates an empty verification.
    public init() {}

    private enum CodingKeys: String, CodingKey {
        case vendor
        case javaScriptResources
        case executableResources
        case trackingEvents
        case verificationParametersText = "verificationParameters"
    }
}
