public import AdCore
public import Observation

/// The state object that loads and owns a Yandex slider (rules Y1-Y3): created from a request and options, held
/// by the host for longer than one render, observable, and main-actor only (rule Y11).
///
/// Loading starts only on ``loadAd()``; a failure is never retried automatically, and the host's own retries are
/// capped by a ``YandexRetryPolicy`` (rule Y12). To load with other parameters, make a new state.
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
    /// How many times the host may retry after a failure (rule Y12).
    public let retryPolicy: YandexRetryPolicy
    /// Where the load is (rule Y2).
    public private(set) var phase: SliderAdPhase = .idle
    /// How many requests were sent.
    public private(set) var requestCount = 0
    /// Whether every image of the block and its cards has loaded.
    public private(set) var imagesLoaded = false

    @ObservationIgnored private let host: AdHost
    @ObservationIgnored private let provider: YandexProvider
    @ObservationIgnored private var failures = 0
    @ObservationIgnored private var loadTask: Task<Void, Never>?
    @ObservationIgnored private var timeout: ScheduledActionID?
    @ObservationIgnored private var generation = 0
    @ObservationIgnored private var isDestroyed = false
    @ObservationIgnored private var loadHandlers: [@MainActor (LoadedAdInfo) -> Void] = []
    @ObservationIgnored private var failureHandlers: [@MainActor (AdError) -> Void] = []
    @ObservationIgnored private var bindingFailureHandlers: [@MainActor (AdError) -> Void] = []
    @ObservationIgnored private var impressionHandlers: [@MainActor (ImpressionData) -> Void] = []

    /// Creates a state; nothing loads until ``loadAd()`` (rule Y3).
    ///
    /// - Parameters:
    ///   - request: the ad unit, placement and targeting parameters (rule Y21).
    ///   - options: image loading (rule Y14).
    ///   - host: the headless host the slider is shown in.
    ///   - provider: the Yandex provider (its viewability rule, image loader, build configuration).
    ///   - retryPolicy: the cap on the host's retries after a failure (rule Y12).
    public init(
        request: AdRequest,
        options: NativeAdOptions = NativeAdOptions(),
        host: AdHost,
        provider: YandexProvider = YandexProvider(),
        retryPolicy: YandexRetryPolicy = YandexRetryPolicy()
    ) {
        self.request = request
        self.options = options
        self.host = host
        self.provider = provider
        self.retryPolicy = retryPolicy
    }

    /// A state released without ``destroy()`` cleans up as if destroyed (rules Y18, C5): its load and timeout stop,
    /// its slider stops every timer and raises no event, and the placement ledger forgets its cards, so the app's
    /// other placements may show them. Keep a reference while the slider is shown.
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

    // MARK: Loading (rules Y1-Y3, Y12, C7)

    /// Sends the request (rule Y3): from `idle`, or again after `failed` while the retry policy allows it.
    ///
    /// Ignored (with a diagnostic) while loading, once loaded, after ``destroy()``, or when the retries are used
    /// up. The returned task ends when this load ends.
    @discardableResult
    public func loadAd() -> Task<Void, Never> {
        guard !isDestroyed else {
            refuse("loadAd() on a destroyed SliderAdState is ignored.", fix: "Create a new SliderAdState.")
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
        case .failed:
            guard failures <= retryPolicy.maximumRetries else {
                refuse(
                    "loadAd() refused: \(retryPolicy.maximumRetries) retries after failures are used up.",
                    fix: "Stop retrying; the SDK never retries by itself and retries must be capped (Y12).")
                return Task {}
            }
        case .idle:
            break
        }
        generation += 1
        let generation = self.generation
        requestCount += 1
        phase = .loading
        let provider = self.provider
        let request = self.request
        let environment = host.environment
        let task = Task { @MainActor [weak self] in
            let result: Result<SliderAd, AdError>
            do throws(AdError) {
                result = .success(try await provider.loadSlider(request, environment: environment))
            } catch {
                result = .failure(error)
            }
            self?.finish(result, generation: generation)
        }
        loadTask = task
        timeout = host.scheduler.schedule(after: request.timeout) { [weak self] in
            guard let self, self.generation == generation else { return }
            self.finish(
                .failure(
                    AdError(
                        .timeout, "Yandex did not answer within \(request.timeout).",
                        providerID: provider.descriptor.id,
                        hint: "Check the network, or raise AdRequest.timeout.")),
                generation: generation)
        }
        return task
    }

    private func finish(_ result: Result<SliderAd, AdError>, generation: Int) {
        guard generation == self.generation, case .loading = phase, !isDestroyed else {
            if case .success(let late) = result { late.destroy() }
            return
        }
        if let timeout { host.scheduler.cancel(timeout) }
        timeout = nil
        loadTask?.cancel()
        loadTask = nil
        switch result {
        case .success(let slider):
            slider.onBlockImpression = { [weak self] data in
                for handler in self?.impressionHandlers ?? [] { handler(data) }
            }
            slider.onBlockBindingFailure = { [weak self] error in
                for handler in self?.bindingFailureHandlers ?? [] { handler(error) }
            }
            phase = .loaded(slider)
            for handler in loadHandlers { handler(slider.info) }
            if options.shouldLoadImagesAutomatically { loadImages(completion: nil) }
        case .failure(let error):
            failures += 1
            phase = .failed(error)
            for handler in failureHandlers { handler(error) }
        }
    }

    private func refuse(_ message: String, fix: String) {
        host.diagnostics.record(.warning, message, providerID: provider.descriptor.id, recommendation: fix)
    }

    // MARK: Images (rules Y14, Y15)

    /// Loads the images of the block and of every card at once; `completion` runs once, when all are loaded
    /// (or with the first failure). The card states update their ``NativeAdState/loadedImageURLs`` as they load.
    public func loadImages(completion: (@MainActor (Result<Void, AdError>) -> Void)?) {
        guard let slider = phase.slider else {
            completion?(
                .failure(
                    AdError(
                        .notReady, "loadImages() before the slider loaded.", providerID: provider.descriptor.id,
                        hint: "Call loadImages() after onAdLoad.")))
            return
        }
        slider.loadImages { [weak self] result in
            if case .success = result { self?.imagesLoaded = true }
            completion?(result)
        }
    }

    /// Loads the images of the block and of every card at once and returns when all are loaded.
    ///
    /// - Throws: `notReady` before the slider loaded; the image loader's first error.
    public func loadImages() async throws(AdError) {
        let result = await withCheckedContinuation {
            (continuation: CheckedContinuation<Result<Void, AdError>, Never>) in
            loadImages { result in continuation.resume(returning: result) }
        }
        try result.get()
    }

    // MARK: Binding

    func bindBlock(_ binding: AdBinding) throws(AdError) {
        guard let slider = phase.slider else {
            throw AdError(
                .notReady, "The slider cannot be bound while \(phase).", providerID: provider.descriptor.id,
                hint: "Bind the SliderAdContainer after onAdLoad.")
        }
        try slider.bindBlock(binding, reportFailure: true)
    }

    /// Releases the slider: timers stop, the placement ledger forgets its cards, no event is raised again.
    public func destroy() {
        guard !isDestroyed else { return }
        isDestroyed = true
        if let timeout { host.scheduler.cancel(timeout) }
        loadTask?.cancel()
        phase.slider?.destroy()
        loadHandlers.removeAll()
        failureHandlers.removeAll()
        bindingFailureHandlers.removeAll()
        impressionHandlers.removeAll()
    }
}
