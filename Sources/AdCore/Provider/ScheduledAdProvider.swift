import Synchronization

/// A provider that can load through a callback on the host's scheduler instead of an async function: its load is a
/// chain of timers and callbacks (a fetch through `ProviderEnvironment.fetch(_:completion:)`, a delay on
/// `environment.scheduler`), with no task of its own. ``UnifiedAd`` then calls the callback load directly, where it
/// spawns a task for any other provider's async load: a load costs no task, no continuation and no task switch. The
/// contract is the async load's (it must end, with an ad or a typed error; the unified ad adds the timeout, C7, and
/// drops a late answer), and the result goes the same way: the unified ad takes it once the timers due at that
/// instant have run, as it takes a spawned load's, so every event keeps its order.
///
/// It is the package's own option (package access, not a provider API) for loads that need no `await`: the
/// simulator's fast-tier stand-ins. It is not offered to vendors because its result is taken on a zero-delay timer
/// (to keep the async path's order at equal instants), so a test that awaits `UnifiedAd.load()` on a
/// `VirtualTimeDriver` it never runs would wait forever, where an async load over an in-memory transport ends by
/// itself. The async ``AdProvider/load(_:environment:)`` is the provider's path. The async load is derived from the callback one, so a
/// scheduled provider is a full ``AdProvider`` for every other caller (the conformance kit, tests). A provider whose
/// start step has not ended yet (H2) is waited for in a task, as any provider is, and then loaded through that async
/// load; one with no start step is ready at once.
///
/// ```swift
/// struct HouseProvider: ScheduledAdProvider {
///     let descriptor = ProviderDescriptor(id: "house", displayName: "House", version: .init(1, 0, 0, 0),
///                                         supportedFormats: [.native])
///     func load(_ request: AdRequest, environment: ProviderEnvironment,
///               completion: @escaping @MainActor (Result<any ProviderAd, AdError>) -> Void) {
///         environment.fetch(TransportRequest(providerID: descriptor.id, adUnitID: request.adUnitID,
///                                            timeout: request.timeout)) { response in
///             completion(response.map { HouseAd(body: $0.body, loadedAt: environment.scheduler.now) })
///         }
///     }
/// }
/// ```
package protocol ScheduledAdProvider: AdProvider {
    /// Loads one ad and calls `completion` once, on the main actor, with the ad or a typed error. It must end, as
    /// the async load must; the unified layer adds the timeout (rule C7) and drops (and destroys) an ad delivered
    /// after it, or after the unified ad was destroyed.
    @MainActor
    func load(
        _ request: AdRequest, environment: ProviderEnvironment,
        completion: @escaping @MainActor (Result<any ProviderAd, AdError>) -> Void)
}

extension ScheduledAdProvider {
    /// The async load, from the callback one: waits on `environment.scheduler` for the callback. A cancelled caller
    /// ends at once with `cancelled`, and an ad the callback delivers afterwards is destroyed.
    @MainActor
    package func load(_ request: AdRequest, environment: ProviderEnvironment) async throws(AdError) -> any ProviderAd {
        let waiting = Mutex<AdResumer<Result<ScheduledLoadResult, AdError>>?>(nil)
        let cancelled = AdError(.cancelled, "The load was cancelled.", providerID: descriptor.id)
        let result = await withTaskCancellationHandler {
            await environment.scheduler.suspend { (resumer: AdResumer<Result<ScheduledLoadResult, AdError>>) in
                guard !Task.isCancelled else {
                    resumer.resume(returning: .failure(cancelled))
                    return
                }
                waiting.withLock { $0 = resumer }
                load(request, environment: environment) { result in
                    let taken = resumer.resume(returning: result.map(ScheduledLoadResult.init))
                    if !taken, case .success(let ad) = result { ad.destroy() }
                }
            }
        } onCancel: {
            waiting.withLock { $0 }?.resume(returning: .failure(cancelled))
        }
        return try result.get().ad
    }
}

/// The ad a scheduled provider's callback delivered, carried to the task waiting for it (a provider ad lives on the
/// main actor; this holder is sendable).
@MainActor
private final class ScheduledLoadResult {
    let ad: any ProviderAd

    init(_ ad: any ProviderAd) { self.ad = ad }
}
