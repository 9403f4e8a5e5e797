import Foundation

extension WrapperResolutionStateMachine {
    /// One run of a resolution under way (the payload of ``State/resolving(_:hop:)``): what is left to resolve, what was
    /// resolved so far and what the resolution has used of its caps (R8).
    struct Run: Sendable {
        /// The slots still to resolve, the next one first.
        var slots: [Slot] = []
        /// The stand-alone ads of the root response that were not planned as slots (VAST's "ad buffet"): when a
        /// chain whose wrappers say `fallbackOnNoAd` ends with no ad, the first of them is tried in its place.
        var fallbackAds: [VASTAd] = []
        /// The ads resolved and the slots failed so far.
        var resolution = VASTResolution()
        /// The fetches made, the root's included.
        var fetches = 0
        /// The bytes of the bodies received.
        var bytes = 0
    }

    /// The fetch in flight while ``State/resolving(_:hop:)``: the slot it extends and the URL asked for.
    struct Hop: Sendable {
        /// The slot whose wrapper pointed at ``url``, with that wrapper and URL already added to its chain.
        var slot: Slot
        /// The URL asked for.
        var url: URL
        /// The timeout it was asked for with.
        var timeout: Duration
    }

    /// One ad being resolved: the ad at the end of its chain so far, and the wrappers and URLs that led to it.
    struct Slot: Sendable {
        var ad: VASTAd
        var wrappers: [VASTWrapper] = []
        /// The URLs fetched for this ad so far, the root's first, as written.
        private(set) var chain: [String] = []
        /// The chain's URLs under ``WrapperResolutionStateMachine/loopKey(_:)``, each computed once when its hop
        /// joins the chain (a loop check is one look-up, not a re-parse of every earlier hop).
        private(set) var loopKeys: Set<String> = []
        var baseURL: URL?

        /// A slot whose chain begins at `root` (the document the ad came from), if it was fetched.
        init(ad: VASTAd, root: URL?) {
            self.ad = ad
            baseURL = root
            if let root { extend(root) }
        }

        /// A slot for an ad found at the end of `parent`'s chain, in the document fetched from `url`.
        init(ad: VASTAd, following parent: Slot, at url: URL) {
            self.ad = ad
            wrappers = parent.wrappers
            chain = parent.chain
            loopKeys = parent.loopKeys
            baseURL = url
        }

        /// Adds a fetched URL to the chain.
        mutating func extend(_ url: URL) {
            chain.append(url.absoluteString)
            loopKeys.insert(WrapperResolutionStateMachine.loopKey(url))
        }
    }
}
