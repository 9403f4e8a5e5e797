extension AdLifecycleStateMachine {
    // MARK: Would this be refused (no side effects)

    /// Why loading now would be refused (loading already, loaded, destroyed, retries used up), or `nil`.
    ///
    /// - Parameter newCall: whether the load starts a new load call of the host (which, under a
    ///   ``LoadRetryPolicy/Scope/loadCall`` policy, counts its retries afresh) rather than retrying within one.
    public func loadRejection(newCall: Bool = true) -> AdError? {
        switch state {
        case .idle:
            return nil
        case .failed(let lastFailure, let loads):
            if newCall, retryPolicy.scope == .loadCall { return nil }
            guard !retryPolicy.allowsRetry(afterFailures: loads.failures, lastError: lastFailure) else { return nil }
            let allowed = "\(retryPolicy.maximumRetries) retr\(retryPolicy.maximumRetries == 1 ? "y" : "ies")"
            return error(
                .retryLimitReached,
                "The ad failed to load \(loads.failures) time(s); its provider allows \(allowed)"
                    + (retryPolicy.retryable == nil ? "" : " and only after transient failures")
                    + " (last: \(lastFailure.code)).",
                "Stop retrying this ad; the SDKs never retry by themselves and a host's retries must be capped "
                    + "(Y12, I23). Load a new ad later.")
        case .loading:
            return error(.notReady, "A load is already in progress.", "Wait for loadSucceeded or loadFailed.")
        case .destroyed:
            return notUsable("load")
        default:
            return error(
                .alreadyUsed, "The ad is already loaded (\(phase)).", "Create a new ad object to load another ad.")
        }
    }

    /// Why binding `part` now would be refused, or `nil` (no side effects).
    public func bindRejection(_ part: AdPart, at now: AdInstant) -> AdError? {
        switch (part, phase) {
        case (.main, .loaded), (.component, .loaded), (.component, .bound):
            break
        case (.main, .bound):
            return error(.notReady, "The ad is already bound.", "Call detach() before binding it elsewhere.")
        default:
            return notUsable("bind")
        }
        if let expiresAt, now >= expiresAt { return expiredError("bound") }
        guard let known = state(of: part) else {
            let listed = componentIDs.joined(separator: ", ")
            return error(
                .invalidRequest, "The ad has no component '\(part.componentID ?? "")' (it has: \(listed)).",
                "Bind the components the loaded ad lists.")
        }
        if let current = known.binding {
            return error(
                .invalidBinder,
                "The \(part) is already shown in \(current.container); one ad is shown in one view at a time.",
                "Detach it from its container before binding it to another (Y22).")
        }
        return nil
    }

    /// Why presenting now would be refused (not ready, already shown, expired, destroyed), or `nil`.
    public func presentRejection(at now: AdInstant) -> AdError? {
        switch state {
        case .loaded(let ad) where !ad.boundParts.isEmpty:
            return error(
                .notReady, "The ad has bound parts and cannot be presented full-screen over them.",
                "Detach every bound part first; a full-screen ad shows nothing bound.")
        case .loaded:
            if let expiresAt, now >= expiresAt { return expiredError("presented") }
            return nil
        case .presented, .closed, .dismissed:
            return error(.alreadyUsed, "A full-screen ad shows once; this one was already presented.", "Load a new ad.")
        default:
            return notUsable("present")
        }
    }

    /// Why a click on `part` would be refused by the lifecycle (not bound or presented), or `nil`.
    public func clickRejection(_ part: AdPart) -> AdError? {
        guard state(of: part) != nil, isShown(part) else {
            return error(
                .clickRejected, "Click on a \(part) that is not bound (\(phase)).",
                "Only bound ads take clicks; check the ad's phase.")
        }
        return nil
    }

    /// Whether `part` is on screen: bound, or (the ad's own part) presented.
    func isShown(_ part: AdPart) -> Bool {
        switch state {
        case .bound, .loaded: return state(of: part)?.isBound == true
        case .presented: return part == .main
        default: return false
        }
    }

    // MARK: Errors

    func expiredError(_ verb: String) -> AdError {
        error(
            .expired, "The ad expired at \(expiresAt.map { "\($0)" } ?? "its time-to-live") and cannot be \(verb).",
            "Load a fresh ad; show ads soon after they load (G10, I26).")
    }

    func notUsable(_ call: String) -> AdError {
        switch phase {
        case .idle, .loading:
            error(.notReady, "Cannot \(call) before the ad has loaded (\(phase)).", "Wait for loadSucceeded.")
        case .failed(let failure):
            error(.notReady, "Cannot \(call): loading failed (\(failure.code)).", "Load again or use another ad.")
        case .expired:
            expiredError(call == "bind" ? "bound" : call == "present" ? "presented" : "used")
        case .destroyed:
            error(.cancelled, "Cannot \(call): the ad was destroyed.", "Load a new ad; a destroyed ad is never reused.")
        case .closed:
            error(.alreadyUsed, "Cannot \(call): the ad was closed.", "Load a new ad.")
        case .presented:
            error(.notReady, "Cannot \(call) a full-screen ad that is on screen.", "Wait for didDismiss.")
        case .loaded, .bound:
            error(.notReady, "Cannot \(call) while \(phase).", "Check the ad's phase before calling \(call).")
        }
    }

    func error(_ code: AdError.Code, _ message: String, _ hint: String) -> AdError {
        AdError(code, message, providerID: providerID, providerCode: providerCodes[code], hint: hint)
    }
}

extension AdError.Code {
    /// A failed ad was loaded again more often than its provider's retry policy allows (rules Y12, I23).
    public static let retryLimitReached: AdError.Code = "retryLimitReached"
}
