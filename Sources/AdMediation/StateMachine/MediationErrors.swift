import AdCore

/// The errors the machine reports, in one place: an item's, a request's, and a take's (the texts are part of the
/// reports apps log and the simulator prints).
enum MediationErrors {
    /// A fill priced in another currency than the placement's.
    static func currencyMismatch(_ item: LineItemConfiguration, reported: String, expected: String) -> AdError {
        AdError(
            .invalidResponse, "'\(item.id)' priced its ad in \(reported); the placement uses \(expected).",
            providerID: item.providerID, hint: "Configure the provider's ad unit to report \(expected).")
    }

    /// A bidder's fill without a price.
    static func bidWithoutPrice(_ item: LineItemConfiguration) -> AdError {
        AdError(
            .invalidResponse, "Bidder '\(item.id)' answered without a price.", providerID: item.providerID,
            hint: "The provider must report its bid in LoadedAdInfo.revenue.")
    }

    /// An item that did not answer within its own timeout.
    static func itemTimedOut(_ item: LineItemConfiguration) -> AdError {
        AdError(
            .timeout, "'\(item.id)' (\(item.providerID)) did not answer within \(item.timeout.secondsValue) s.",
            providerID: item.providerID, hint: "Raise the line item's timeoutSeconds, or check the provider.")
    }

    /// A bidder that did not bid before the auction's deadline.
    static func bidTimedOut(_ item: LineItemConfiguration, deadline: Duration) -> AdError {
        AdError(
            .timeout, "Bidder '\(item.id)' did not bid within the auction deadline of \(deadline.secondsValue) s.",
            providerID: item.providerID, hint: "Raise auction.deadlineSeconds, or check the bidder.")
    }

    /// Caps (or, when taking, pacing) block the placement: `hint` says what to do.
    static func blocked(_ placement: PlacementConfiguration, by block: ControlBlock, hint: String) -> AdError {
        AdError(block.reason == .capped ? .capped : .paced, "Placement '\(placement.id)' is \(block).", hint: hint)
    }

    /// No line item of the request filled.
    static func noFill(_ placement: PlacementConfiguration) -> AdError {
        AdError(
            .noFill, "No line item of '\(placement.id)' filled (\(placement.lineItems.count) asked or skipped).",
            hint: "See the report's line items; add demand or lower the floor.")
    }

    /// A take with no ad ready.
    static func notReady(_ placement: PlacementConfiguration) -> AdError {
        AdError(
            .notReady, "Placement '\(placement.id)' has no ad ready.",
            hint: "Call load first and take the ad after a deliver action (Mediator.isReady).")
    }

    /// A take of a ready ad that outlived its expiry.
    static func expired(_ delivery: MediationDelivery, of placement: PlacementConfiguration, at now: AdInstant)
        -> AdError
    {
        AdError(
            .expired,
            "The ad of '\(delivery.lineItemID)' for '\(placement.id)' expired at \(delivery.expiresAt ?? now).",
            providerID: delivery.providerID, hint: "Show ads sooner after loading, or enable preload.")
    }
}
