/// A request the host let through (``AdHost/admit(_:provider:)``): its provider, the provider's descriptor read
/// once, and the request as it goes out (the host's privacy signals in it, routed to a test unit when it is test
/// traffic). ``AdHost/makeAd(_:)`` makes its unified ad; the simulator's fast tier answers it without one.
///
/// ```swift
/// let admitted = try host.admit(AdRequest(adUnitID: "unit-1", format: .native), provider: "example")
/// let ad = host.makeAd(admitted)
/// ```
package struct AdmittedRequest {
    /// The provider serving it.
    package let provider: any AdProvider
    /// The provider's descriptor, read once.
    package let descriptor: ProviderDescriptor
    /// The request as it goes out.
    package let request: AdRequest

    /// How the request goes out under its privacy signals (H14), as its unified ad's `consent` says.
    package var consent: ConsentDecision { request.privacy.consent(forVendor: descriptor.globalVendorListID) }
}
