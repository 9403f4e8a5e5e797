public import AdCore
public import AdCreative

/// One IFLY native feed response, decoded from the VAST document the ad server returned (see
/// `Docs/Dialects.md`, section IFLY): the ad data, the time-to-live and every tracking URL.
///
/// ```swift
/// let document = try VASTParser().parse(xml)
/// let response = try IFLYFeedResponse(document: document, providerID: "ifly")
/// print(response.adData.materialType, response.timeToLive ?? .zero)
/// ```
public struct IFLYFeedResponse: Sendable, Hashable {
    /// The `type` of the `<Extension>` that carries the ad data.
    public static let extensionType = "ifly-native-feed"

    /// The ad data (rule I20).
    public var adData: NativeFeedAdData
    /// The creative's ID (the `<Creative id>`, else the `<Ad id>`).
    public var creativeID: String?
    /// How long the ad may wait before it is attached (rule I26); `nil` when the response sets no limit.
    public var timeToLive: Duration?
    /// Exposure (impression) URLs.
    public var impressionURLs: [String]
    /// Click-tracking URLs.
    public var clickURLs: [String]
    /// Error URLs (`[ERRORCODE]` expanded when fired).
    public var errorURLs: [String]
    /// Video tracking URLs by VAST event name (`start`, `pause`, `resume`, `closeLinear`, `complete`).
    public var videoTracking: [String: [String]]

    /// Decodes a parsed document.
    ///
    /// - Throws: `noFill` (VAST 303) for a document without ads or an ad whose feed extension says `<noFill>`;
    ///   `invalidResponse` for a wrapper, an ad without the `ifly-native-feed` extension, a missing
    ///   `materialType`, a bad `ttl`/`videoDuration`, or a field of the wrong type (rule R18: an `interactType` or
    ///   image size that is not a whole number, an `isMaterialComplete` that is not a boolean), naming the field.
    public init(document: VASTDocument, providerID: ProviderID) throws(AdError) {
        guard let ad = document.ads.first else {
            throw AdError(
                .noFill, "The IFLY response has no ad.", providerID: providerID, vastCode: 303,
                hint: "The ad unit had no fill; try again later or another provider.")
        }
        guard let inLine = ad.inLine else {
            throw Self.invalid(
                "the ad is a <Wrapper>; IFLY native feed responses are always <InLine>", providerID)
        }
        let extensions = inLine.extensions + ad.creatives.flatMap(\.creativeExtensions)
        guard let feed = extensions.first(type: Self.extensionType) else {
            throw Self.invalid("the ad has no <Extension type=\"\(Self.extensionType)\">", providerID)
        }
        if let noFill = feed.child("noFill") {
            throw AdError(
                .noFill, "The IFLY ad unit had no fill\(noFill.text.isEmpty ? "" : ": \(noFill.text)").",
                providerID: providerID, vastCode: 303, hint: "Try again later or another provider.")
        }
        guard let materialText = Self.text(feed, "materialType") else {
            throw Self.invalid("<materialType> is missing", providerID)
        }
        let linear = ad.creatives.lazy.compactMap(\.linear).first
        var data = NativeFeedAdData(
            materialType: IFLYMaterialType(dialectValue: materialText),
            interactionType: IFLYInteractionType(dialectValue: Self.text(feed, "interactionType") ?? ""))
        data.templateId = Self.text(feed, "templateId")
        data.title = Self.text(feed, "title") ?? inLine.adTitle
        data.desc = Self.text(feed, "desc")
        data.content = Self.text(feed, "content") ?? inLine.description
        data.ctaText = Self.text(feed, "ctaText")
        data.brand = Self.text(feed, "brand") ?? inLine.advertiser
        data.appName = Self.text(feed, "appName")
        data.icon = Self.text(feed, "icon")
        data.mainImage = try feed.child("mainImage").flatMap { element throws(AdError) in
            try Self.image(element, providerID)
        }
        var listed: [NativeImage?] = []
        for element in feed.child("imageList")?.children(named: "image") ?? [] {
            listed.append(try Self.image(element, providerID))
        }
        data.imageList = listed.compactMap(\.self)
        let urlEntries = feed.child("imageURLs")?.children(named: "url").map(\.text) ?? []
        data.imageURLs = Self.urls(feed.child("imageURLs"))
        // I3: the slots left empty in the list `images` comes from (imageList first, else imageURLs).
        let slots: [Bool] = !data.imageList.isEmpty ? listed.map { $0 != nil } : urlEntries.map { !$0.isEmpty }
        data.missingImageSlots = slots.indices.filter { !slots[$0] }.map { $0 + 1 }
        data.videoURL = Self.text(feed, "videoURL") ?? Self.bestMediaFile(linear)
        data.videoCoverURL = Self.text(feed, "videoCoverURL")
        if let seconds = Self.text(feed, "videoDuration") {
            guard let value = DecimalNumber.value(seconds) else {
                throw Self.invalid("<videoDuration> '\(seconds.prefix(40))' is not a number of seconds", providerID)
            }
            // R1: checked where read; a video longer than a day is not a feed ad.
            data.videoDuration = try Self.checked(providerID) { () throws(NumberOutOfRange) in
                try CheckedConversion.duration(
                    seconds: value, field: "<videoDuration>", in: .zero...Self.longestVideo)
            }
        } else {
            data.videoDuration = linear?.duration?.duration
        }
        data.targetURL = Self.text(feed, "targetURL") ?? linear?.videoClicks?.clickThrough?.url
        data.deeplinkURL = Self.text(feed, "deeplinkURL")
        data.marketURL = Self.text(feed, "marketURL")
        data.downloadURL = Self.text(feed, "downloadURL")
        data.packageName = Self.text(feed, "packageName")
        // R18: a field of the wrong type is refused naming it, never read as absent.
        if let text = Self.text(feed, "interactType") {
            do throws(NumberOutOfRange) {
                data.interactType = try CheckedConversion.integer(
                    text: text, field: "<interactType>", in: 0...Int(Int32.max))
            } catch {
                throw Self.invalid(
                    "\(error.field) '\(error.value)' is not a whole number in \(error.allowed)", providerID)
            }
        }
        if let text = Self.text(feed, "isMaterialComplete") {
            guard let value = feed.child("isMaterialComplete")?.boolValue else {
                throw Self.invalid(
                    "<isMaterialComplete> '\(text.prefix(40))' is not a boolean (true, false, 1 or 0)", providerID)
            }
            data.isMaterialComplete = value
        } else {
            data.isMaterialComplete = true
        }
        if let badge = feed.child("adSourceBadge") {
            data.adSourceBadge = NativeFeedAdSourceBadge(
                text: badge.text.isEmpty ? NativeFeedAdSourceBadge().text : badge.text,
                logoURL: badge.attribute("logo"))
        }
        adData = data

        if let ttl = Self.text(feed, "ttl") {
            guard let seconds = Int64(ttl) else {
                throw Self.invalid("<ttl> '\(ttl.prefix(40))' is not a whole number of seconds", providerID)
            }
            timeToLive = try Self.checked(providerID) { () throws(NumberOutOfRange) in
                try CheckedConversion.duration(seconds: seconds, field: "<ttl>")
            }
        } else if let expires = inLine.expires {
            timeToLive = try Self.checked(providerID) { () throws(NumberOutOfRange) in
                try CheckedConversion.duration(seconds: Int64(expires), field: "<Expires>")
            }
        } else {
            timeToLive = nil
        }
        creativeID = ad.creatives.first?.id ?? ad.id
        impressionURLs = inLine.impressions.map(\.url).filter { !$0.isEmpty }
        clickURLs =
            feed.children(named: "ClickTracking").map(\.text).filter { !$0.isEmpty }
            + (linear?.videoClicks?.clickTrackings.map(\.url) ?? [])
        errorURLs = inLine.errorURLs
        var tracking: [String: [String]] = [:]
        for event in linear?.trackingEvents ?? [] where !event.url.isEmpty {
            tracking[event.event, default: []].append(event.url)
        }
        videoTracking = tracking
    }

    private static func text(_ element: VASTElement, _ name: String) -> String? {
        guard let text = element.child(name)?.text, !text.isEmpty else { return nil }
        return text
    }

    private static func image(_ element: VASTElement, _ providerID: ProviderID) throws(AdError) -> NativeImage? {
        if let nested = element.child("image") { return try image(nested, providerID) }
        let url = element.attribute("url") ?? element.text
        guard !url.isEmpty else { return nil }
        // R1: sizes are checked where they are read.
        func size(_ name: String) throws(AdError) -> Int? {
            guard let text = element.attribute(name) else { return nil }
            return try checked(providerID) { () throws(NumberOutOfRange) in
                try CheckedConversion.integer(text: text, field: "image \(name)", in: 0...maximumPixels)
            }
        }
        return NativeImage(url: url, width: try size("width"), height: try size("height"))
    }

    /// The largest image size in pixels the dialect accepts.
    static let maximumPixels = 100_000

    private static func urls(_ element: VASTElement?) -> [String] {
        guard let element else { return [] }
        let children = element.children(named: "url").map(\.text).filter { !$0.isEmpty }
        if !children.isEmpty { return children }
        return element.text.isEmpty ? [] : [element.text]
    }

    private static func bestMediaFile(_ linear: VASTLinear?) -> String? {
        let files = (linear?.mediaFiles ?? []).filter { !$0.url.isEmpty }
        return (files.first { $0.type == "video/mp4" } ?? files.first)?.url
    }

    /// The longest `<videoDuration>` accepted: one day.
    static let longestVideo: Duration = .seconds(86_400)

    /// Runs a checked conversion; out of range is an invalid response naming the field (rule R1).
    private static func checked<Value>(
        _ providerID: ProviderID, _ convert: () throws(NumberOutOfRange) -> Value
    ) throws(AdError) -> Value {
        do throws(NumberOutOfRange) {
            return try convert()
        } catch {
            throw invalid("\(error)", providerID)
        }
    }

    private static func invalid(_ what: String, _ providerID: ProviderID) -> AdError {
        AdError(
            .invalidResponse, "The IFLY response is invalid: \(what).", providerID: providerID,
            hint: "Serve a VAST <InLine> ad with an <Extension type=\"\(extensionType)\"> (see Docs/Dialects.md).")
    }
}
