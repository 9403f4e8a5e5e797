public import AdCore
public import AdCreative

extension BeaconStamp {
    /// Macro values with ``timestamp``, ``cacheBusting`` and the privacy macros (`[GDPRCONSENT]`,
    /// `[REGULATIONS]`, `[LIMITADTRACKING]`, from ``privacy``) filled, for a provider to add its own to.
    public var macroValues: VASTMacroValues {
        var values = VASTMacroValues()
        values.timestamp = timestamp
        values.cacheBusting = cacheBusting
        values.gdprConsent = privacy.tcfConsent
        values.regulations = privacy.regulations
        values.limitAdTracking = privacy.limitsAdTracking
        return values
    }
}
