/// One check of the conformance kit: its ID (`K1`...), the rules it enforces, what it checks in one line, and its
/// category. ``all`` is the catalogue `adsim conformance --list` prints and `Docs/Conformance.md` explains.
///
/// ```swift
/// for check in ConformanceCheck.all { print(check.id, check.rules.joined(separator: ","), check.title) }
/// ```
public struct ConformanceCheck: Sendable, Hashable, Identifiable, CustomStringConvertible {
    /// Which part of the contract a check judges.
    public enum Category: String, Sendable, Hashable, CaseIterable {
        /// The descriptor and registration.
        case declaration
        /// Loading, for every declared format.
        case load
        /// Binding, impressions and clicks of native formats.
        case native
        /// Presentation, rewards and dismissal of full-screen formats.
        case fullScreen
        /// Callbacks the lifecycle had to contain.
        case misbehaviour
        /// Hostile and broken responses.
        case hostile
        /// The beacons themselves: macros and timestamps.
        case tracking
    }

    /// `K1`, `K2`, ...
    public let id: String
    /// The rules it enforces (`C3`, `G11`, `N7`, `R5`...).
    public let rules: [String]
    /// What it checks, in one line.
    public let title: String
    /// Its category.
    public let category: Category

    /// Creates a check.
    public init(_ id: String, rules: [String], category: Category, _ title: String) {
        self.id = id
        self.rules = rules
        self.category = category
        self.title = title
    }

    /// `K3 [C1] a fill becomes a ready ad ...`.
    public var description: String { "\(id) [\(rules.joined(separator: ", "))] \(title)" }

    /// The check with an ID, if the catalogue has one.
    public static func named(_ id: String) -> ConformanceCheck? { all.first { $0.id == id } }

    /// Every check, in the order they run.
    public static let all: [ConformanceCheck] = [
        ConformanceCheck(
            "K1", rules: ["C6", "N7"], category: .declaration,
            "The descriptor is complete: ID, name, 4-part version, formats, a sane impression rule, this contract "
                + "version, positive lifetimes for served formats only."),
        ConformanceCheck(
            "K2", rules: ["C6"], category: .declaration,
            "The descriptor is stable, and the registry refuses the provider registered twice."),
        ConformanceCheck(
            "K3", rules: ["C1"], category: .load,
            "A fill becomes a ready ad of the requested format, from this provider, loaded now."),
        ConformanceCheck(
            "K4", rules: ["C6"], category: .load,
            "A no-fill is a typed noFill error carrying the provider's code and a hint."),
        ConformanceCheck(
            "K5", rules: ["C6"], category: .load,
            "A malformed response is a typed invalidResponse error carrying the provider's code and a hint."),
        ConformanceCheck(
            "K6", rules: ["C7"], category: .load,
            "A server that never answers ends in a timeout at the deadline, and nothing of that load happens later."),
        ConformanceCheck(
            "K7", rules: ["C7"], category: .load,
            "Every fetch the kit can see goes through the host's transport under the provider's ID (I/O outside the "
                + "transport, such as a URLSession or a file cache of the provider's own, is not observed)."),
        ConformanceCheck(
            "K8", rules: ["C3", "C4", "G7"], category: .load,
            "Loading shows nothing: no impression or click, no beacon of either, no presentation."),
        ConformanceCheck(
            "K9", rules: ["C1", "Y9", "I5", "N2"], category: .native,
            "Native content: every required kind has a value; a layout without one is refused with bindingFailed."),
        ConformanceCheck(
            "K10", rules: ["C3"], category: .native,
            "A bound ad in a hidden or zero-size container never counts an impression."),
        ConformanceCheck(
            "K11", rules: ["C3"], category: .native,
            "Scroll jitter across the visibility threshold ends in exactly one impression, and each declared "
                + "impression URL goes out exactly once, whatever its cache-buster."),
        ConformanceCheck(
            "K12", rules: ["C4"], category: .native,
            "Clicks before the impression, on hidden, covered or foreign views are refused with no click beacon; a "
                + "valid click counts once and sends each declared click URL once, whatever its cache-buster."),
        ConformanceCheck(
            "K13", rules: ["C1", "C3"], category: .native,
            "Detached and bound into another container (list reuse), the ad counts there; one container holds one "
                + "ad."),
        ConformanceCheck(
            "K14", rules: ["C5"], category: .native,
            "Destroy releases everything: the ad is deallocated, no timer is left, nothing is sent after."),
        ConformanceCheck(
            "K15", rules: ["G3", "G9", "C1"], category: .fullScreen,
            "A full-screen ad presents only from a context in a window, once, and counts its impression."),
        ConformanceCheck(
            "K16", rules: ["G10", "N7"], category: .load,
            "The ad expires by its declared time-to-live; bind and present are refused after it."),
        ConformanceCheck(
            "K17", rules: ["G11"], category: .fullScreen,
            "A rewarded ad played to the end grants its reward once, before it is dismissed."),
        ConformanceCheck(
            "K18", rules: ["G8", "C1"], category: .fullScreen,
            "Closed by the user, the ad is dismissed and what it covered is visible again."),
        ConformanceCheck(
            "K19", rules: ["C2", "C5"], category: .misbehaviour,
            "No callback of the provider had to be contained: none twice, none late, none the lifecycle owns."),
        ConformanceCheck(
            "K20", rules: ["R1", "R10", "C7"], category: .hostile,
            "Empty, truncated, 20 MiB, foreign and DTD-laden responses end promptly in typed errors, never a "
                + "timeout or a crash; no 20 MiB response is still referenced once its ad is destroyed."),
        ConformanceCheck(
            "K21", rules: ["C5", "C7"], category: .load,
            "A load destroyed mid-way ends at once: the provider's load returns and fetches nothing more."),
        ConformanceCheck(
            "K22", rules: ["G2", "G8"], category: .fullScreen,
            "One full-screen ad at a time: a second is refused while the first shows, and presents once it is "
                + "dismissed."),
        ConformanceCheck(
            "K23", rules: ["C1"], category: .load, "Every load gives a new ad object; none is handed out twice."),
        ConformanceCheck(
            "K24", rules: ["C1", "C3"], category: .native,
            "Once detached, the ad sends no beacon: no viewability, progress or quartile ping from the old container."),
        ConformanceCheck(
            "K25", rules: ["C3"], category: .native,
            "A hidden container sends no tracking ping of any kind (viewable, progress, quartiles, mute, pause)."),
        ConformanceCheck(
            "K26", rules: ["N5"], category: .tracking,
            "Every beacon of an ad's life has its macros expanded, and its [TIMESTAMP] is the host clock's time of "
                + "its send."),
        ConformanceCheck(
            "K27", rules: ["C5", "G8"], category: .fullScreen,
            "A presented ad's tracking stops at its dismissal, and no declared event goes out twice."),
        ConformanceCheck(
            "K28", rules: ["N6", "C4"], category: .native,
            "A counted click opens the ad's landing through the host's opener, once; a refused click opens none."),
        ConformanceCheck(
            "K29", rules: ["C5"], category: .fullScreen,
            "A presented ad destroyed by the host is released: deallocated, no timer left, nothing sent after."),
        ConformanceCheck(
            "K30", rules: ["C6", "N5"], category: .tracking,
            "A refused response (no fill, malformed) pings each error URL it declares once, with a VAST error code."),
    ]
}
