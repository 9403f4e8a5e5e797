public import AdCore
public import Observation

/// The state object that loads and owns a Yandex slider (rules Y1-Y3): created from a request and options, held
/// by the host for longer than one render, observable, and main-actor only (rule Y11).
///
/// It is the host-facing face of one `UnifiedAd`: the load goes through the unified load path (the
/// timeout of rule C7, generations, cancellation, and the provider's retry bound of rule Y12), and the block and
/// its cards bind, count and click as the unified ad's parts. Loading starts only on ``loadAd()``; a failure is
/// never retried automatically. To load with other parameters, make a new state.
///
/// ```swift
/// let state = SliderAdState(request: AdRequest(adUnitID: "R-M-XXXXX-YY", format: .nativeSlider), host: host)
/// state.onAdLoad { info in print(info.creativeIDs) }
///     .onAdImpression { data in print("block impression", data.adUnitID) }
/// await state.loadAd().value
/// if let layout = state.layout { print(layout.ads.count, layout.has(.sponsored)) }
/// ```
@Observable
@MainActor
public final class SliderAdState {
    /// The request, fixed for the state's lifetime (rule Y3).
    public let request: AdRequest
    /// How images load (rule Y14).
    public let options: NativeAdOptions
    /// Where the load is (rule Y2).
    public private(set) var phase: SliderAdPhase = .idle
    /// How many requests were sent.
    public private(set) var requestCount = 0
    /// Whether every image of the block and its cards has loaded.
    public private(set) var imagesLoaded = false

    /// The unified ad underneath (`nil` only when the provider is not registered with the host).
    @ObservationIgnored public let ad: UnifiedAd?
    @ObservationIgnored private let host: any AdFactory
    @ObservationIgnored private let providerID: ProviderID
    @ObservationIgnored private let creationError: AdError?
    @ObservationIgnored private var isDestroyed = false
    @ObservationIgnored private var loadHandlers: [@MainActor (LoadedAdInfo) -> Void] = []
    @ObservationIgnored private var failureHandlers: [@MainActor (AdError) -> Void] = []
    @ObservationIgnored private var bindingFailureHandlers: [@MainActor (AdError) -> Void] = []
    @ObservationIgnored private var impressionHandlers: [@MainActor (ImpressionData) -> Void] = []
    @ObservationIgnored private var imageFailureHandlers: [@MainActor (String, AdError) -> Void] = []

    /// Creates a state; nothing loads until ``loadAd()`` (rule Y3).
    ///
    /// - Parameters:
    ///   - request: the ad unit, placement and targeting parameters (rule Y21).
    ///   - options: image loading (rule Y14).
    ///   - host: the headless host the slider is shown in; the provider must be registered with it.
    ///   - provider: the Yandex provider registered with the host (its ID is what the state loads from).
    public init(
        request: AdRequest,
        options: NativeAdOptions = NativeAdOptions(),
        host: any AdFactory,
        provider: YandexProvider = YandexProvider()
    ) {
        var request = request
        request.format = .nativeSlider
        self.request = request
        self.options = options
        self.host = host
        self.providerID = provider.descriptor.id
        do throws(AdError) {
            ad = try host.makeAd(request, provider: provider.descriptor.id)
            creationError = nil
        } catch {
            ad = nil
            creationError = error
        }
        ad?.onEvent { [weak self] event in self?.receive(event) }
    }

    /// A state released without ``destroy()`` cleans up as if destroyed (rules Y18, C5): its load and timeout stop,
    /// its slider raises no event, and the placement ledger forgets its cards, so the app's other placements may
    /// show them. Keep a reference while the slider is shown.
    isolated deinit {
        destroy()
    }

    /// The loaded slider's layout, once loaded (rule Y4).
    public var layout: SliderAdLayoutInfo? { phase.slider?.layout }

    // MARK: Events (rule Y10; no block click exists, rule Y8)

    /// Calls `handler` when the slider loads.
    @discardableResult
    public func onAdLoad(_ handler: @escaping @MainActor (LoadedAdInfo) -> Void) -> SliderAdState {
        loadHandlers.append(handler)
        return self
    }

    /// Calls `handler` when loading fails.
    @discardableResult
    public func onAdFailure(_ handler: @escaping @MainActor (AdError) -> Void) -> SliderAdState {
        failureHandlers.append(handler)
        return self
    }

    /// Calls `handler` when the loaded block cannot be bound to what the host rendered (rule Y9).
    @discardableResult
    public func onAdBindingFailure(_ handler: @escaping @MainActor (AdError) -> Void) -> SliderAdState {
        bindingFailureHandlers.append(handler)
        return self
    }

    /// Calls `handler` when the block's impression counts.
    @discardableResult
    public func onAdImpression(_ handler: @escaping @MainActor (ImpressionData) -> Void) -> SliderAdState {
        impressionHandlers.append(handler)
        return self
    }

    /// Calls `handler` for each image of the block or its cards that could not load (rule Y14: image loading
    /// reports its failures as events; the impression counts without images, Y15).
    @discardableResult
    public func onImageLoadFailure(_ handler: @escaping @MainActor (String, AdError) -> Void) -> SliderAdState {
        imageFailureHandlers.append(handler)
        return self
    }

    // MARK: Loading (rules Y1-Y3, Y12, C7)

    /// Sends the request (rule Y3): from `idle`, or again after `failed` while the provider's retry bound allows it.
    ///
    /// Ignored (with a diagnostic) while loading, once loaded, after ``destroy()``, or when the retries are used
    /// up (rule Y12). The returned task ends when this load ends.
    @discardableResult
    public func loadAd() -> Task<Void, Never> {
        guard !isDestroyed else {
            refuse("loadAd() on a destroyed SliderAdState is ignored.", fix: "Create a new SliderAdState.")
            return Task {}
        }
        guard let ad else {
            let error = creationError ?? AdError(.invalidRequest, "The Yandex provider is not registered.")
            phase = .failed(error)
            for handler in failureHandlers { handler(error) }
            return Task {}
        }
        switch phase {
        case .loading:
            refuse("loadAd() ignored: a load is already in progress.", fix: "Wait for onAdLoad or onAdFailure.")
            return Task {}
        case .loaded:
            refuse(
                "loadAd() ignored: the slider is already loaded; a state is never re-targeted.",
                fix: "Create a new SliderAdState to load another slider (Y3).")
            return Task {}
        case .idle, .failed:
            break
        }
        guard ad.loadRejection() == nil else {
            return ad.load()  // refused: the unified ad records why (the retry bound of rule Y12)
        }
        requestCount += 1
        phase = .loading
        return ad.load()
    }

    private func receive(_ event: AdEvent) {
        guard !isDestroyed else { return }
        switch event {
        case .loadSucceeded(let info):
            guard let slider = ad?.loadedAd as? SliderAd else { return }
            slider.onBlockImpression = { [weak self] data in
                for handler in self?.impressionHandlers ?? [] { handler(data) }
            }
            phase = .loaded(slider)
            for handler in loadHandlers { handler(info) }
            if options.shouldLoadImagesAutomatically { loadImages(completion: nil) }
        case .loadFailed(let error):
            phase = .failed(error)
            for handler in failureHandlers { handler(error) }
        default:
            break
        }
    }

    private func refuse(_ message: String, fix: String) {
        host.diagnostics.record(.warning, message, providerID: providerID, recommendation: fix)
    }

    // MARK: Images (rules Y14, Y15)

    /// Loads the images of the block and of every card at once; `completion` runs once, when all have finished.
    /// The card states update their ``NativeAdState/loadedImageURLs`` as they load; an image that fails is
    /// reported through ``onImageLoadFailure(_:)`` (rule Y14), and the others still load.
    public func loadImages(completion: (@MainActor () -> Void)?) {
        guard let slider = phase.slider else {
            refuse("loadImages() before the slider loaded does nothing.", fix: "Call loadImages() after onAdLoad.")
            completion?()
            return
        }
        slider.loadImages { [weak self] failures in
            guard let self, !self.isDestroyed else { return }
            if failures.isEmpty { self.imagesLoaded = true }
            for failure in failures {
                self.refuse(
                    "The image \(failure.url) could not be loaded: \(failure.error.message)",
                    fix: failure.error.hint ?? "Check the image URL; the impression counts without it (Y15).")
                for handler in self.imageFailureHandlers { handler(failure.url, failure.error) }
            }
            completion?()
        }
    }

    /// Loads the images of the block and of every card at once and returns when all have finished (failures are
    /// reported through ``onImageLoadFailure(_:)``, as in the seed, where `loadImages()` does not throw).
    public func loadImages() async {
        await host.scheduler.suspend { (resumer: AdResumer<Void>) in
            loadImages { resumer.resume(returning: ()) }
        }
    }

    // MARK: Binding

    func bindBlock(_ binding: AdBinding) throws(AdError) {
        guard let slider = phase.slider else {
            throw AdError(
                .notReady, "The slider cannot be bound while \(phase).", providerID: providerID,
                hint: "Bind the SliderAdContainer after onAdLoad.")
        }
        do throws(AdError) {
            try slider.bindBlock(binding)
        } catch {
            if !isDestroyed { for handler in bindingFailureHandlers { handler(error) } }
            throw error
        }
    }

    /// Releases the slider: timers stop, the placement ledger forgets its cards, no event is raised again.
    public func destroy() {
        guard !isDestroyed else { return }
        isDestroyed = true
        ad?.destroy()
        loadHandlers.removeAll()
        failureHandlers.removeAll()
        bindingFailureHandlers.removeAll()
        impressionHandlers.removeAll()
        imageFailureHandlers.removeAll()
    }
}
