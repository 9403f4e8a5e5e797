/// The Google Mobile Ads SDK's own error codes (`GADErrorCode`, `GADPresentationErrorCode`), kept in
/// `AdError/providerCode` so a log shows the code Google's documentation explains (rule C6).
///
/// ```swift
/// if error.providerID == "google", error.providerCode == GoogleErrorCode.noFill { showFallback() }
/// ```
public enum GoogleErrorCode {
    /// `GADErrorInvalidRequest`: the request was invalid (an empty ad unit ID).
    public static let invalidRequest = 0
    /// `GADErrorNoFill`: the ad server had no ad for the request.
    public static let noFill = 1
    /// `GADErrorNetworkError`: the request failed on the network.
    public static let networkError = 2
    /// `GADErrorTimeout`: the request timed out.
    public static let timeout = 5
    /// `GADErrorReceivedInvalidResponse`: the response could not be used (malformed XML, missing fields).
    public static let receivedInvalidResponse = 13
    /// `GADPresentationErrorCodeAdNotReady`: the ad is not ready to be presented.
    public static let adNotReady = 15
    /// `GADPresentationErrorCodeAdAlreadyUsed`: the single-use ad was already presented (rule G9).
    public static let adAlreadyUsed = 18
}
