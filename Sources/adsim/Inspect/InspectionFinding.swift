import AdSimulator

/// One thing a review of an integration would raise: where (a JSON path of the configuration), what, how to fix it,
/// and how serious it is.
///
/// ```swift
/// let finding = InspectionFinding(
///     .bidderWithoutPrice, .warning, at: "$.placements[2].lineItems[0]",
///     "Bidder 'yandex-bid' is served by yandex, whose ads carry no price: it loses every auction.",
///     hint: "Make it a waterfall item with its expected price.")
/// ```
struct InspectionFinding: Sendable, Equatable {
    /// What a finding is about.
    enum Code: String, Sendable, Equatable {
        /// The configuration does not validate against the registered providers (mediation would refuse it).
        case invalidConfiguration
        /// A bidder whose provider's ads carry no price: it answers "without a price" and never wins.
        case bidderWithoutPrice
        /// The placement's floor is above every price its line items can bring.
        case floorAboveEveryPrice
        /// A bidder's timeout is longer than the auction's deadline, which ends the auction first.
        case timeoutBeyondAuction
        /// The host's layout for the placement cannot render an asset the provider requires.
        case layoutLacksRequiredAsset
        /// A line item names its provider's test (demo) unit: it serves test ads and must not ship (Y16).
        case testUnitConfigured
    }

    /// How serious a finding is.
    enum Severity: String, Sendable, Equatable {
        /// Mediation would refuse the configuration.
        case error
        /// It runs, but not as intended.
        case warning
    }

    /// What it is about.
    var code: Code
    /// How serious it is.
    var severity: Severity
    /// Where: a JSON path in the configuration (`$.placements[1].floorMicros`).
    var path: String
    /// What is wrong.
    var message: String
    /// How to fix it.
    var hint: String

    /// Creates a finding.
    init(_ code: Code, _ severity: Severity, at path: String, _ message: String, hint: String) {
        self.code = code
        self.severity = severity
        self.path = path
        self.message = message
        self.hint = hint
    }
}
