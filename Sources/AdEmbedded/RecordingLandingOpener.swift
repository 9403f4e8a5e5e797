public import AdCore

/// A `LandingOpener` that records every URL it is asked to open and opens those its rule accepts: the test
/// host's, and the simulator's.
///
/// ```swift
/// let opener = RecordingLandingOpener()            // accepts every URL
/// host.landingOpener = opener
/// _ = ad.click(on: cta)
/// #expect(opener.opened == ["https://shop.example/coffee"])
/// ```
@MainActor
public final class RecordingLandingOpener: LandingOpener {
    /// Every URL asked for, in order, opened or not.
    public private(set) var requested: [String] = []
    /// The URLs that opened, in order.
    public private(set) var opened: [String] = []
    private let accepts: @MainActor (String) -> Bool

    /// Creates an opener that opens the URLs `accepts` allows (every one by default).
    public init(accepts: @escaping @MainActor (String) -> Bool = { _ in true }) {
        self.accepts = accepts
    }

    /// Records the URL; opens it when the rule allows.
    public func open(_ url: String) -> Bool {
        requested.append(url)
        guard accepts(url) else { return false }
        opened.append(url)
        return true
    }
}
