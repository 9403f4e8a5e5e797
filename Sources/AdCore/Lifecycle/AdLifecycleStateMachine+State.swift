extension AdLifecycleStateMachine {
    /// Where the machine is: one case per phase, each holding what is meaningful in it (the load's generation while
    /// loading, the loaded ad once loaded, the presentation while presented).
    ///
    /// ```swift
    /// switch machine.state {
    /// case .loading(let loads): print("load \(loads.generation)")
    /// case .presented(_, let presentation): print("over \(presentation.window)")
    /// default: break
    /// }
    /// ```
    public enum State: Sendable, Equatable {
        /// Nothing has been requested yet.
        case idle
        /// The load of `loads.generation` is running.
        case loading(Loads)
        /// The last load failed with this error; another may start if the retry policy allows it.
        case failed(AdError, Loads)
        /// Loaded and waiting to be bound or presented; its components may be bound on their own.
        case loaded(LoadedAd)
        /// The ad's own part is bound to a host container (its components may be too).
        case bound(LoadedAd)
        /// A full-screen ad on screen, over this presentation.
        case presented(LoadedAd, PresentationContext)
        /// A native ad the user closed with its close view.
        case closed(LoadedAd)
        /// A full-screen ad that was presented and dismissed.
        case dismissed(LoadedAd)
        /// The loaded ad outlived its time-to-live before it was shown.
        case expired(LoadedAd)
        /// Destroyed while in `state` (its bindings released, its presentation taken away): what it had (its
        /// info, its impressions) can still be read, and nothing is emitted again.
        indirect case destroyed(after: State)

        /// The phase a host sees.
        public var phase: AdPhase {
            switch self {
            case .idle: .idle
            case .loading: .loading
            case .failed(let error, _): .failed(error)
            case .loaded: .loaded
            case .bound: .bound
            case .presented: .presented
            case .closed, .dismissed: .closed
            case .expired: .expired
            case .destroyed: .destroyed
            }
        }

        /// The loaded ad, once loaded (also after it was destroyed).
        public var loadedAd: LoadedAd? {
            switch self {
            case .idle, .loading, .failed: nil
            case .loaded(let ad), .bound(let ad), .presented(let ad, _), .closed(let ad), .dismissed(let ad),
                .expired(let ad):
                ad
            case .destroyed(let state): state.loadedAd
            }
        }

        /// Reads the loaded ad where the state holds it, without copying it out (`nil` before load): a read of one
        /// of its fields costs that field, not the whole ad.
        @inline(__always)
        func readLoadedAd<Value>(_ read: (LoadedAd) -> Value) -> Value? {
            switch self {
            case .idle, .loading, .failed: nil
            case .loaded(let ad), .bound(let ad), .presented(let ad, _), .closed(let ad), .dismissed(let ad),
                .expired(let ad):
                read(ad)
            case .destroyed(let state): state.readLoadedAdOutOfLine(read)
            }
        }

        /// ``readLoadedAd(_:)`` of the state a destroyed one keeps, out of line (an always inlined function cannot call
        /// itself).
        @inline(never)
        func readLoadedAdOutOfLine<Value>(_ read: (LoadedAd) -> Value) -> Value? {
            readLoadedAd(read)
        }

        /// Destroys the state where it is: it becomes ``destroyed(after:)`` of itself, moved into that case's box
        /// rather than copied.
        mutating func markDestroyed() {
            let current = consume self
            self = .destroyed(after: current)
        }

        /// Changes the loaded ad in place, its case kept (before load: nothing, and `nil`). The ad is moved out of
        /// the state, changed and moved back, so its arrays are not shared while they change (no copy of them).
        @discardableResult
        mutating func updateLoadedAd<Value>(_ change: (inout LoadedAd) -> Value) -> Value? {
            let value: Value?
            switch consume self {
            case .loaded(var ad):
                value = change(&ad)
                self = .loaded(ad)
            case .bound(var ad):
                value = change(&ad)
                self = .bound(ad)
            case .presented(var ad, let presentation):
                value = change(&ad)
                self = .presented(ad, presentation)
            case .closed(var ad):
                value = change(&ad)
                self = .closed(ad)
            case .dismissed(var ad):
                value = change(&ad)
                self = .dismissed(ad)
            case .expired(var ad):
                value = change(&ad)
                self = .expired(ad)
            case .destroyed(var state):
                value = state.updateLoadedAd(change)
                self = .destroyed(after: state)
            case let other:
                value = nil
                self = other
            }
            return value
        }

        /// The load calls so far.
        public var loads: Loads {
            switch self {
            case .idle: Loads()
            case .loading(let loads), .failed(_, let loads): loads
            case .loaded(let ad), .bound(let ad), .presented(let ad, _), .closed(let ad), .dismissed(let ad),
                .expired(let ad):
                ad.loads
            case .destroyed(let state): state.loads
            }
        }

        /// The presentation, while presented.
        public var presentation: PresentationContext? {
            if case .presented(_, let presentation) = self { return presentation }
            return nil
        }

        /// Whether the ad was presented (and not failed back to loaded): a full-screen ad shows once (G9).
        public var wasPresented: Bool {
            switch self {
            case .presented, .dismissed: true
            case .destroyed(let state): state.wasPresented
            default: false
            }
        }
    }

    /// The load calls so far: the current load's generation, and how many loads failed.
    ///
    /// ```swift
    /// if case .loading(let loads) = machine.state { print(loads.generation, loads.failures) }
    /// ```
    public struct Loads: Sendable, Equatable {
        /// The current load's generation: a result of another generation is dropped.
        public var generation: UInt64 = 0
        /// How many loads failed so far (the retry policy's count: over the ad's life, or within the current call).
        public var failures = 0
    }

    /// What the machine holds of a loaded ad: its info, its parts (the ad's own, and its components' in
    /// ``componentIDs`` order; no dictionary: most ads have no component, and every byte of a live ad counts).
    ///
    /// ```swift
    /// if let ad = machine.state.loadedAd { print(ad.info.creativeIDs, ad.main.isBound) }
    /// ```
    public struct LoadedAd: Sendable, Equatable {
        /// The load calls that led to it (the last one delivered it).
        public var loads: Loads
        /// Its info (its expiry filled in).
        public var info: LoadedAdInfo
        /// The IDs of its components, in the provider's order.
        public var componentIDs: [String]
        /// What the machine knows of the ad's own part.
        public var main = PartState()
        /// What the machine knows of each component, in ``componentIDs`` order.
        public var components: [PartState]
        /// Whether its reward was granted (once per ad, even if a presentation failed after it, G11).
        public var rewardGranted = false

        /// A freshly loaded ad: nothing bound, no impression.
        init(loads: Loads, info: LoadedAdInfo, componentIDs: [String]) {
            self.loads = loads
            self.info = info
            self.componentIDs = componentIDs
            self.components = Array(repeating: PartState(), count: componentIDs.count)
        }

        /// What the machine knows of a part (`nil` for an unknown component).
        public func part(_ part: AdPart) -> PartState? {
            guard let id = part.componentID else { return main }
            return componentIDs.firstIndex(of: id).map { components[$0] }
        }

        /// The bound parts: the components in order, then the ad itself (the order teardown follows).
        public var boundParts: [AdPart] {
            var bound: [AdPart] = []
            for (index, id) in componentIDs.enumerated() where components[index].isBound {
                bound.append(.component(id))
            }
            if main.isBound { bound.append(.main) }
            return bound
        }

        /// Changes a part's state in place (an unknown part: nothing).
        mutating func update(_ part: AdPart, _ change: (inout PartState) -> Void) {
            guard let id = part.componentID else { return change(&main) }
            guard let index = componentIDs.firstIndex(of: id) else { return }
            change(&components[index])
        }
    }

    /// What the machine knows of one part.
    public struct PartState: Sendable, Hashable {
        /// The part's binding, while bound.
        public var binding: AdBinding?
        /// When the part's impression counted.
        public var impressionAt: AdInstant?
        /// Whether a click counted during the current impression (repeats count once, C4, Y23).
        public var clickCounted = false

        /// Whether the part is bound.
        public var isBound: Bool { binding != nil }
    }

    /// The properties a host observes (``UnifiedAd`` is `@Observable` through them), as a set.
    ///
    /// ```swift
    /// _ = machine.bind(binding, part: .main, at: now)
    /// machine.takeChanges()   // [.phase, .binding]: tell the observers of those two
    /// ```
    public struct ObservedProperties: OptionSet, Sendable {
        /// The set's bits.
        public let rawValue: UInt8
        /// Creates a set from its bits.
        public init(rawValue: UInt8) { self.rawValue = rawValue }
        /// ``AdLifecycleStateMachine/phase``.
        public static let phase = ObservedProperties(rawValue: 1 << 0)
        /// ``AdLifecycleStateMachine/info``.
        public static let info = ObservedProperties(rawValue: 1 << 1)
        /// ``AdLifecycleStateMachine/presentation``.
        public static let presentation = ObservedProperties(rawValue: 1 << 2)
        /// The ad's own part's binding.
        public static let binding = ObservedProperties(rawValue: 1 << 3)
        /// The ad's own part's impression time.
        public static let impressionAt = ObservedProperties(rawValue: 1 << 4)

        /// What differs between two states, of what a host observes: the reference a debug build checks each move's
        /// own note against (comparing the whole states costs copies of the loaded ad, so release builds do not).
        static func changed(from old: State, to new: State) -> ObservedProperties {
            var changes: ObservedProperties = []
            if old.phase != new.phase { changes.insert(.phase) }
            let (oldAd, newAd) = (old.loadedAd, new.loadedAd)
            if oldAd?.info != newAd?.info { changes.insert(.info) }
            if old.presentation != new.presentation { changes.insert(.presentation) }
            if oldAd?.main.binding != newAd?.main.binding { changes.insert(.binding) }
            if oldAd?.main.impressionAt != newAd?.main.impressionAt { changes.insert(.impressionAt) }
            return changes
        }
    }
}
