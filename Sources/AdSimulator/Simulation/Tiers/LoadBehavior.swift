import AdCore

/// What a real provider did with one answer of the simulated ad server, learned once by ``LoadBehaviors`` and
/// replayed by ``FastTierProvider`` for every request that meets the same answer: the ad it loaded (or the error
/// it failed with), how long after the answer it finished, and where the loaded ad's price came from.
///
/// ```swift
/// let behavior = LoadBehavior(outcome: .fails(error), delay: .zero)
/// ```
///
/// A class, immutable: a fast-tier request replays several behaviors, and taking one retains it where a value would
/// copy its loaded ad's info (strings, creative IDs, extras) and release it again.
final class LoadBehavior: Sendable, Equatable {
    /// Where a loaded ad's price comes from.
    enum Price: Sendable, Equatable {
        /// The price the market drew for the request (the provider reads the response's `<Pricing>`), in the
        /// currency and precision the provider reported.
        case drawn(currency: String, precision: Revenue.Precision)
        /// The price the provider reported whatever the response said (none, or a configured one).
        case fixed(Revenue?)
    }

    /// What the load ended with.
    enum Outcome: Sendable, Equatable {
        /// An ad: its info as loaded (times are offsets from the answer, in ``loadedAfter`` and ``expiresAfter``),
        /// and where its price comes from.
        case loads(LoadedAdInfo, price: Price, loadedAfter: Duration, expiresAfter: Duration?)
        /// The provider's error.
        case fails(AdError)
    }

    /// The ad or the error.
    let outcome: Outcome
    /// From the server's answer to the end of the load.
    let delay: Duration

    /// A behavior: the load ends with `outcome`, `delay` after the server's answer.
    init(outcome: Outcome, delay: Duration) {
        self.outcome = outcome
        self.delay = delay
    }

    /// Two behaviors are equal when their outcomes and delays are.
    static func == (lhs: LoadBehavior, rhs: LoadBehavior) -> Bool {
        lhs.outcome == rhs.outcome && lhs.delay == rhs.delay
    }

    /// What the load ends with for an answer that arrived at `answeredAt` (a fill drawn at `priceMicros`): the
    /// loaded ad's info, or the provider's error.
    func outcome(priceMicros: Int64?, answeredAt: AdInstant) -> Result<LoadedAdInfo, AdError> {
        switch outcome {
        case .fails(let error):
            return .failure(error)
        case .loads(let info, let price, let loadedAfter, let expiresAfter):
            return .success(
                Self.info(
                    info, price: price, priceMicros: priceMicros, loadedAfter: loadedAfter, expiresAfter: expiresAfter,
                    answeredAt: answeredAt))
        }
    }

    /// The info of an ad loaded from an answer that arrived at `answeredAt`, for a fill drawn at `priceMicros`.
    static func info(
        _ info: LoadedAdInfo, price: Price, priceMicros: Int64?, loadedAfter: Duration, expiresAfter: Duration?,
        answeredAt: AdInstant
    ) -> LoadedAdInfo {
        var info = info
        info.loadedAt = answeredAt.advanced(by: loadedAfter)
        info.expiresAt = expiresAfter.map { answeredAt.advanced(by: $0) }
        switch price {
        case .drawn(let currency, let precision):
            info.revenue = priceMicros.map { Revenue(micros: $0, currency: currency, precision: precision) }
        case .fixed(let revenue):
            info.revenue = revenue
        }
        return info
    }
}
