public import AdCore
import AdCreative
import Foundation

/// The tracking URLs a fill response declares, by the kind of event they report, as templates with their
/// `[MACRO]`s unexpanded: how the kit tells which declared event a sent beacon reports, whatever its cache-buster or
/// timestamp (K11, K12, K26).
///
/// The kit reads the VAST elements of every fill itself (``declared(inVAST:)``: `<Impression>`, `<Error>`,
/// `<ViewableImpression>`, `<Tracking>`, `<ClickTracking>`, also inside `<Extensions>` and `<CreativeExtensions>`);
/// a dialect that names its tracking otherwise, or a response that is not VAST, adds those URLs in
/// ``ConformanceResponses/tracking``.
///
/// ```swift
/// let extra = ConformanceTracking([.click: ["https://t.acme.test/click?ad=1&cb=[CACHEBUSTING]"]])
/// let native = ConformanceResponses(fill: fill, noFill: noFill, tracking: extra)
/// ```
public struct ConformanceTracking: Sendable, Hashable {
    /// The declared URL templates, by the kind of beacon that reports them.
    public var urls: [Beacon.Kind: [String]]

    /// Creates the declared tracking from URL templates by kind.
    public init(_ urls: [Beacon.Kind: [String]] = [:]) {
        self.urls = urls
    }

    /// Whether nothing is declared.
    public var isEmpty: Bool { urls.values.allSatisfy(\.isEmpty) }

    /// The tracking a VAST-like response declares in VAST's own elements: impressions, error URLs, viewable
    /// impressions, every creative's tracking events and click tracking; empty when `fill` is not VAST.
    public static func declared(inVAST fill: [UInt8]) -> ConformanceTracking {
        let parsed = fill.withUnsafeBytes { bytes in try? VASTParser().parse(bytes: bytes, allowNoAd: true) }
        guard let document = parsed else {
            return ConformanceTracking()
        }
        var tracking = ConformanceTracking()
        tracking.add(.error, document.errorURLs)
        for ad in document.ads {
            tracking.add(.impression, ad.impressions.map(\.url))
            tracking.add(.error, ad.errorURLs)
            if let viewable = ad.inLine?.viewableImpression { tracking.add(.viewable, viewable.viewable) }
            for creative in ad.creatives {
                if let linear = creative.linear {
                    for event in linear.trackingEvents { tracking.add(.tracking(event.event), [event.url]) }
                    tracking.add(.click, linear.videoClicks?.clickTrackings.map(\.url) ?? [])
                }
                for event in creative.nonLinearAds?.trackingEvents ?? [] {
                    tracking.add(.tracking(event.event), [event.url])
                }
            }
            let extensions = (ad.inLine?.extensions ?? []) + ad.creatives.flatMap(\.creativeExtensions)
            for element in extensions { tracking.addVASTNamed(in: element) }
        }
        return tracking
    }

    /// Adds the tracking a dialect's extension declares under VAST's own element names (`Impression`,
    /// `ClickTracking`, `Tracking event="..."`, `Error`), as the built-in dialects and most vendors' do.
    private mutating func addVASTNamed(in element: VASTElement) {
        func urls(_ name: String) -> [String] {
            element.descendants(named: name).map { $0.text.trimmingCharacters(in: .whitespacesAndNewlines) }
        }
        add(.impression, urls("Impression"))
        add(.click, urls("ClickTracking"))
        add(.error, urls("Error"))
        for event in element.descendants(named: "Tracking") {
            guard let name = event.attribute("event") else { continue }
            add(.tracking(name), [event.text.trimmingCharacters(in: .whitespacesAndNewlines)])
        }
    }

    /// This tracking and `other`'s, each URL once per kind.
    public func merging(_ other: ConformanceTracking) -> ConformanceTracking {
        var merged = self
        for (kind, urls) in other.urls { merged.add(kind, urls) }
        return merged
    }

    /// Adds URLs of a kind, skipping empty ones and those already declared.
    private mutating func add(_ kind: Beacon.Kind, _ new: [String]) {
        var known = urls[kind] ?? []
        for url in new where !url.isEmpty && !known.contains(url) { known.append(url) }
        if !known.isEmpty { urls[kind] = known }
    }

    /// Every declared URL as a template, in a stable order (by kind, then as declared).
    var templates: [BeaconTemplate] {
        urls.keys.sorted { $0.rawValue < $1.rawValue }.flatMap { kind in
            (urls[kind] ?? []).map { BeaconTemplate(kind: kind, url: $0) }
        }
    }
}
