import AdCore

extension ConformanceWorld {
    /// Destroys `ad` and judges what it leaves (K14 for a bound native ad, K29 for a presented one): its provider
    /// ad deallocated, no timer of the driver left, no event or beacon in the 60 s after. `state` names what the ad
    /// was when destroyed, in the problems ("a presented ad"); `fix` says how to stop what it keeps running.
    func destroyAndJudgeRelease(
        _ ad: UnifiedAd, _ state: String, fix: String, into verdict: inout ConformanceVerdict
    ) async {
        let providerAd = WeakProviderAd(ad.loadedAd)
        ad.destroy()
        let events = events(of: ad).count
        let beacons = records.count
        await run(for: .seconds(60))
        verdict.observe(self, ad)
        verdict.require(
            providerAd.isReleased, "the provider's ad is still alive after \(state) was destroyed",
            fix: "Break every strong reference to the ad in destroy(): \(fix)")
        verdict.require(
            driver.pendingCount == 0, "\(driver.pendingCount) timer(s) left after \(state) was destroyed",
            fix: "Cancel every scheduled action in destroy(): \(fix)")
        verdict.require(
            self.events(of: ad).count == events && records.count == beacons,
            "events or beacons came after \(state) was destroyed", fix: "Send nothing once destroyed (C5).")
    }
}
