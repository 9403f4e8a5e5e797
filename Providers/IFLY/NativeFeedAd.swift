public import AdCore

/// The host-facing IFLY native feed ad (`IFLYNativeFeedAd`): load, read ``adData``, render, attach with a view
/// binder, detach per container, destroy. Everything runs on the main actor; attach and detach are synchronous.
///
/// It wraps a `UnifiedAd` of the ``IFLYProvider``, so the one lifecycle, the exposure tracker (I24) and the
/// click validator (I12, I13, I25, I28) are the unified layer's; IFLY's callbacks (I21) are ``NativeFeedAdEvent``.
///
/// ```swift
/// let ad = try NativeFeedAd(adUnitID: "feed-1", host: host)
/// ad.onEvent { print($0) }                       // didLoad, didRender, didExpose, didClick, didJump(true)
/// await ad.load()
/// guard let data = ad.adData, data.isMaterialComplete else { return }
/// try ad.attach(with: NativeFeedAdViewBinder(containerView: card, renderViews: [.badge: badge],
///                                            clickViews: [cta]))
/// ad.detach(from: card)                          // the cell left the screen (I16)
/// ```
@MainActor
public final class NativeFeedAd {
    /// The unified ad this one wraps.
    public let unified: UnifiedAd
    /// The container the ad is attached to, while attached.
    public private(set) var attachedContainer: HostNodeID?

    private let host: any AdFactory
    private weak var loader: NativeFeedAdLoader?
    private var handlers: [@MainActor (NativeFeedAdEvent) -> Void] = []

    /// Wraps a unified ad made for the IFLY provider (`host.makeAd(request, provider: "ifly")`).
    ///
    /// - Parameters:
    ///   - unified: the unified ad.
    ///   - host: the host it was made by.
    ///   - loader: the loader that tracks which ad is attached to which container, if any.
    public init(unified: UnifiedAd, host: any AdFactory, loader: NativeFeedAdLoader? = nil) {
        self.unified = unified
        self.host = host
        self.loader = loader
        unified.onEvent { [weak self] event in self?.receive(event) }
    }

    /// Makes an IFLY native feed ad for an ad unit.
    ///
    /// - Throws: `invalidRequest` for an empty ad unit or an unregistered provider.
    public convenience init(
        adUnitID: String, placementID: String? = nil, host: any AdFactory, providerID: ProviderID = IFLYProvider.id,
        timeout: Duration = .seconds(10)
    ) throws(AdError) {
        let unified = try host.makeAd(
            AdRequest(adUnitID: adUnitID, format: .native, placementID: placementID, timeout: timeout),
            provider: providerID)
        self.init(unified: unified, host: host)
    }

    /// The loaded provider ad.
    public var feedAd: IFLYFeedAd? { unified.loadedAd as? IFLYFeedAd }

    /// The ad data, once loaded (rule I20).
    public var adData: NativeFeedAdData? { feedAd?.adData }

    /// Adds a callback handler (rule I21); handlers run on the main actor, in order.
    public func onEvent(_ handler: @escaping @MainActor (NativeFeedAdEvent) -> Void) {
        handlers.append(handler)
    }

    // MARK: Load (I23)

    /// The most attempts ``load(maxAttempts:)`` makes, whatever the caller asks (bounded retries, I23): the first
    /// and the retries ``IFLYProvider/retryPolicy`` allows.
    public static let attemptLimit = IFLYProvider.retryPolicy.maximumRetries + 1

    /// Loads the ad; after a transient failure (no fill, network, timeout) it tries again, at most `maxAttempts`
    /// times in all (the unified ad caps them at ``attemptLimit``). A malformed response is never retried.
    public func load(maxAttempts: Int = 1) async {
        await unified.load(maxAttempts: maxAttempts)
    }

    // MARK: Attach / detach (I6-I11, I14-I17, I26-I28)

    /// Attaches the rendered ad to its container, synchronously (rule I7).
    ///
    /// Attaching to another container detaches it from the current one first (the exposure timer restarts,
    /// I24); an ad another ad's container held is detached from it first. Both happen only after the new
    /// binding passed every check, so a failed attach moves nothing: this ad stays where it was, and the ad
    /// attached to the target container stays attached.
    ///
    /// - Throws: `invalidBinder` without a container or for views outside it (I7, I8, I10); 71503 for click
    ///   views that break I9, I11, I14, I15 or I28; `notReady` for incomplete material (I6); 71506 when expired
    ///   (I26); 71501 with a diagnostic for material that fails validation (I27); `bindingFailed` without the
    ///   ad-source badge (I5). Every failure is also a ``NativeFeedAdEvent/didFailToRender(_:)``; the host's
    ///   container is left untouched.
    public func attach(with binder: NativeFeedAdViewBinder) throws(AdError) {
        do throws(AdError) {
            try preflight(binder)
        } catch {
            record(error)
            emit(.didFailToRender(error))
            throw error
        }
        guard let binding = binder.binding else { return }
        let current = currentContainer
        if current == binding.container, unified.binding == binding { return }
        let displaced = loader?.ad(attachedTo: binding.container).flatMap { $0 === self ? nil : $0 }
        do throws(AdError) {
            // Everything that can fail is checked before any binding moves (the failure is a didFailToRender).
            try unified.validate(binding, releasing: displaced.map { [$0.unified.id] } ?? [])
        } catch {
            record(error)
            throw error
        }
        if let current { detach(from: current) }
        displaced?.detach(from: binding.container)
        do throws(AdError) {
            try unified.bind(binding)
        } catch {
            record(error)
            throw error
        }
        attachedContainer = binding.container
        loader?.record(self, attachedTo: binding.container)
    }

    /// The container the unified ad is bound to, or the one this ad last attached to.
    private var currentContainer: HostNodeID? { unified.binding?.container ?? attachedContainer }

    private func record(_ error: AdError) {
        host.diagnostics.record(
            .warning, "IFLY attach failed: \(error.message)", providerID: unified.providerID,
            recommendation: error.hint)
    }

    private func preflight(_ binder: NativeFeedAdViewBinder) throws(AdError) {
        let providerID = unified.providerID
        guard binder.binding != nil else {
            throw AdError(
                .invalidBinder, "The view binder has no container view.", providerID: providerID,
                hint: "Set containerView: it is required (I7).")
        }
    }

    /// Detaches the ad from `container` if, and only if, it is attached to that container (rule I16); returns
    /// whether it did. Synchronous: click views are released and the exposure timer stops before it returns.
    @discardableResult
    public func detach(from container: HostNodeID) -> Bool {
        guard currentContainer == container else { return false }
        attachedContainer = nil
        loader?.forget(self, container: container)
        guard unified.phase == .bound else { return true }
        do throws(AdError) {
            try unified.detach()
        } catch {
            host.diagnostics.record(.warning, "detach failed: \(error)", providerID: unified.providerID)
        }
        return true
    }

    /// Detaches the ad from whatever container it is attached to, synchronously (rule I17: for a fixed, non-reused
    /// single container; a reusable list detaches per container with ``detach(from:)``).
    public func detachFromCurrentContainer() {
        if let currentContainer { detach(from: currentContainer) }
    }

    // MARK: Clicks, video, shake

    /// Forwards a tap on `node` (at `point` in window coordinates, when known) to the unified click validator.
    @discardableResult
    public func click(on node: HostNodeID, at point: Point? = nil) -> ClickOutcome {
        unified.click(on: node, at: point)
    }

    /// Starts the SDK's player (rule I19: only after attach and exposure).
    public func startPlay() throws(AdError) { try control(.start) }
    /// Pauses the SDK's player (rule I19).
    public func pausePlay() throws(AdError) { try control(.pause) }
    /// Resumes the SDK's player (rule I19).
    public func resumePlay() throws(AdError) { try control(.resume) }
    /// Stops the SDK's player (rule I19).
    public func stopPlay() throws(AdError) { try control(.stop) }

    private func control(_ command: NativeFeedVideoCommand) throws(AdError) {
        guard let feedAd, unified.phase == .bound else {
            throw AdError(
                .notReady, "Cannot \(command.rawValue) the video while the ad is \(unified.phase).",
                providerID: unified.providerID, hint: "Attach the ad and wait for its exposure first (I19).")
        }
        try feedAd.control(command)
    }

    /// Reports a media shake. The generic IFLYADLib build has none: always fails with 71512 (rule I22).
    public func reportMediaShakeTriggered() throws(AdError) {
        throw AdError(
            .featureUnavailable, "Media-shake reporting is not available in the generic IFLYADLib build.",
            providerID: unified.providerID, providerCode: IFLYErrorCode.mediaShakeUnavailable.rawValue,
            hint: "Do not call reportMediaShakeTriggered with the generic SDK; it exists only in custom channels.")
    }

    // MARK: Release (I18)

    /// Releases the ad for good (permanent removal or page exit, I18): detaches it, drops every handler and
    /// destroys it; it never calls back again.
    public func destroy() {
        detachFromCurrentContainer()
        handlers.removeAll()
        unified.destroy()
    }

    // MARK: Events

    private func receive(_ event: AdEvent) {
        if case .closed = event, let attachedContainer {
            self.attachedContainer = nil
            loader?.forget(self, container: attachedContainer)
        }
        if let mapped = NativeFeedAdEvent(event) { emit(mapped) }
    }

    private func emit(_ event: NativeFeedAdEvent) {
        guard unified.phase != .destroyed else { return }
        for handler in handlers { handler(event) }
    }
}
