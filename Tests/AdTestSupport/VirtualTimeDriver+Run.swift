public import AdCore

extension VirtualTimeDriver {
    /// Runs virtual time `duration` from now, letting async provider loads progress between timers: a provider
    /// answer is queued by the mediator and handled on the next turn, which may start the next load, so three
    /// settles let such a chain finish before time moves to the next deadline (the driver's or its clock's).
    ///
    /// ```swift
    /// try mediator.load("rewarded")
    /// await driver.run(for: .seconds(1))
    /// ```
    public func run(for duration: Duration) async {
        let end = now.advanced(by: duration)
        while true {
            for _ in 0..<3 { await settle() }
            let next = [nextDeadline, clock.nextDeadline].compactMap(\.self).min()
            guard let next, next <= end else { break }
            advance(to: next)
        }
        advance(to: end)
        await settle()
    }
}
