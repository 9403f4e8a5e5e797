public import AdCore
public import AdCreative
import AdVAST

/// A Yandex response decoded from its VAST 4.x dialect (see `Docs/Dialects.md`, section "Yandex"): the slider
/// block (its own assets and impression URLs) and its cards in the order the server ranked them (rule Y19).
///
/// The block is the `<Ad>` whose `<Extensions>` carry `<Extension type="yandex-slider">`; every `<Ad>` whose
/// creative carries `<CreativeExtension type="yandex-native">` is a card. An unknown asset kind is skipped with a
/// warning; a card whose required asset has no value is kept but fails its own binding, never the load.
///
/// ```swift
/// let response = try YandexResponse(bytes: Array(xml.utf8), providerID: "yandex")
/// print(response.blockAssets.map(\.kind), response.cards.map(\.id), response.warnings)
/// ```
public struct YandexResponse: Sendable, Hashable {
    /// The block's ID (the block `<Ad id>`), when the response has a block.
    public var blockID: String?
    /// The block's own assets (rule Y4, Y6).
    public var blockAssets: [YandexAsset]
    /// The block's impression tracking URLs.
    public var blockImpressionURLs: [String]
    /// The block's `<Error>` URLs.
    public var blockErrorURLs: [String]
    /// The cards, in document order: the server's ranking by relevance and revenue (rule Y19).
    public var cards: [YandexCard]
    /// What the decoder skipped and why (unknown asset kinds, ads of no known shape), for diagnostics.
    public var warnings: [String]

    /// The extension type of the block.
    public static let sliderExtensionType = "yandex-slider"
    /// The creative extension type of a card.
    public static let nativeExtensionType = "yandex-native"

    /// Creates a response.
    public init(
        blockID: String? = nil,
        blockAssets: [YandexAsset] = [],
        blockImpressionURLs: [String] = [],
        blockErrorURLs: [String] = [],
        cards: [YandexCard] = [],
        warnings: [String] = []
    ) {
        self.blockID = blockID
        self.blockAssets = blockAssets
        self.blockImpressionURLs = blockImpressionURLs
        self.blockErrorURLs = blockErrorURLs
        self.cards = cards
        self.warnings = warnings
    }

    /// Parses the bytes with the one VAST parser and decodes the dialect.
    ///
    /// - Throws: `noFill` (VAST 303) for a response without ads, `invalidResponse` (VAST 100/101/102) for XML
    ///   that is malformed or not VAST or a field of the wrong type (rule R18), `limitExceeded` for an oversized
    ///   document; each names the provider.
    public init(bytes: [UInt8], providerID: ProviderID, parser: VASTParser = VASTParser()) throws(AdError) {
        let result = bytes.withUnsafeBytes { buffer in
            Result { () throws(VASTError) -> VASTDocument in try parser.parse(bytes: buffer) }
        }
        switch result {
        case .success(let document):
            try self.init(document: document, providerID: providerID)
        case .failure(let error):
            throw Self.parseFailure(error, providerID: providerID)
        }
    }

    /// A parse failure of a Yandex response as the provider reports it: the parser's kind and VAST code, a message
    /// that names the response, and a hint.
    public static func parseFailure(_ error: VASTError, providerID: ProviderID) -> AdError {
        AdError(
            AdError.Code(rawValue: error.kind.rawValue), "Yandex response: \(error.message)",
            providerID: providerID, providerCode: error.status, vastCode: error.vastCode,
            hint: error.hint ?? "Serve the Yandex VAST dialect described in Docs/Dialects.md.", underlying: error)
    }

    /// Decodes the dialect from a parsed document.
    ///
    /// - Throws: `invalidResponse` (VAST 101) naming the field when a field holds a value of the wrong type
    ///   (rule R18): an asset's `required` that is not a boolean, a `<Video duration>` that is not a VAST time, a
    ///   `width` or `height` that is not a number. (A number out of range is not refused: the size is unknown,
    ///   with a warning, rule R1.)
    public init(document: VASTDocument, providerID: ProviderID) throws(AdError) {
        self.init()
        for (index, ad) in document.ads.enumerated() {
            guard let inLine = ad.inLine else {
                warnings.append(
                    "Ad \(ad.id ?? "#\(index + 1)") is a wrapper; the Yandex dialect serves inline ads only.")
                continue
            }
            let adID = ad.id ?? "ad-\(index + 1)"
            if let block = inLine.extensions.first(type: Self.sliderExtensionType) {
                guard blockID == nil else {
                    warnings.append("Ad \(adID) is a second slider block; only the first is used.")
                    continue
                }
                blockID = adID
                blockAssets = try decodeAssets(of: block, owner: "block \(adID)", providerID: providerID)
                blockImpressionURLs = inLine.impressions.map(\.url).filter { !$0.isEmpty }
                blockErrorURLs = inLine.errorURLs
                continue
            }
            guard
                let creative = inLine.creatives.first(where: {
                    $0.creativeExtensions.first(type: Self.nativeExtensionType) != nil
                }),
                let native = creative.creativeExtensions.first(type: Self.nativeExtensionType)
            else {
                warnings.append("Ad \(adID) has no yandex-native creative extension; skipped.")
                continue
            }
            var card = YandexCard(
                id: adID, creativeID: creative.id ?? creative.adId ?? adID,
                assets: try decodeAssets(of: native, owner: "card \(adID)", providerID: providerID),
                clickThrough: native.child("ClickThrough").map(\.text).flatMap { $0.isEmpty ? nil : $0 },
                impressionURLs: inLine.impressions.map(\.url).filter { !$0.isEmpty },
                clickTrackingURLs: native.children(named: "ClickTracking").map(\.text).filter { !$0.isEmpty })
            let missing = card.assets.filter { $0.isRequired && $0.content == .empty }.map(\.kind.rawValue)
            if !missing.isEmpty {
                card.invalidReason = "required asset(s) without a value: \(missing.joined(separator: ", "))"
            }
            cards.append(card)
        }
    }

    /// Whether the block itself carries an asset of a kind (rule Y4).
    public func blockHas(_ kind: AssetKind) -> Bool { blockAssets.contains { $0.kind == kind } }

    /// The block's required asset kinds (rule Y9).
    public var blockRequiredAssets: Set<AssetKind> { YandexAsset.requiredKinds(of: blockAssets) }

    // The field names below (`owner`) are autoclosures: they go into warnings and errors only, and building them
    // for every asset of every response cost several string allocations per asset.

    private mutating func decodeAssets(
        of element: VASTElement, owner: @autoclosure () -> String, providerID: ProviderID
    ) throws(AdError) -> [YandexAsset] {
        var assets: [YandexAsset] = []
        for child in element.children(named: "Asset") {
            let name = child.attribute("kind") ?? ""
            guard let kind = YandexAsset.kindsByName[name] else {
                warnings.append("\(owner()): unknown asset kind '\(name)' ignored.")
                continue
            }
            var required = false
            if let text = child.attribute("required") {
                guard let value = Self.bool(text) else {
                    throw Self.wrongType(
                        "\(Self.assetField(owner(), name)) required", text, "is not a boolean (true or false)",
                        "Write required=\"true\" or required=\"false\", or leave it out (false).", providerID)
                }
                required = value
            }
            let content = try self.content(of: child, owner: Self.assetField(owner(), name), providerID: providerID)
            assets.append(YandexAsset(kind: kind, content: content, isRequired: required))
        }
        return assets
    }

    private mutating func content(
        of asset: VASTElement, owner: @autoclosure () -> String, providerID: ProviderID
    ) throws(AdError) -> YandexAsset.Content {
        if let video = asset.child("Video"), let url = video.attribute("url") ?? Self.nonEmpty(video.text) {
            var duration: Duration?
            if let text = video.attribute("duration") {
                guard let time = VASTTime(parsing: text) else {
                    throw Self.wrongType(
                        "\(owner()) <Video> duration", text, "is not a time (HH:MM:SS or HH:MM:SS.mmm)",
                        "Write the video's duration as duration=\"00:00:15\", or leave it out.", providerID)
                }
                duration = time.duration
            }
            return .video(
                url: url, width: try size(video, "width", "\(owner()) <Video>", providerID),
                height: try size(video, "height", "\(owner()) <Video>", providerID), duration: duration)
        }
        if let image = asset.child("Image"), let url = image.attribute("url") ?? Self.nonEmpty(image.text) {
            return .image(
                url: url, width: try size(image, "width", "\(owner()) <Image>", providerID),
                height: try size(image, "height", "\(owner()) <Image>", providerID))
        }
        if let text = asset.child("Text").map(\.text) ?? Self.nonEmpty(asset.text), !text.isEmpty {
            return .text(text)
        }
        return .empty
    }

    /// A pixel size, checked where it is read. Text that is not a number is refused naming the field (rule R18);
    /// a number that is not a whole number in `0...maximumPixels` counts as unknown (0) with a warning, as an
    /// image without a size (rule R1).
    private mutating func size(
        _ element: VASTElement, _ name: String, _ owner: @autoclosure () -> String, _ providerID: ProviderID
    ) throws(AdError) -> Int {
        guard let text = element.attribute(name) else { return 0 }
        guard DecimalNumber.value(String(text.filter { !$0.isWhitespace })) != nil else {
            throw Self.wrongType(
                "\(owner()) \(name)", text, "is not a number",
                "Write the size in pixels as a whole number (\(name)=\"320\"), or leave it out.", providerID)
        }
        do throws(NumberOutOfRange) {
            return try CheckedConversion.integer(text: text, field: "\(name)", in: 0...Self.maximumPixels)
        } catch {
            warnings.append("\(owner()): \(error); the size is treated as unknown.")
            return 0
        }
    }

    /// A field of the wrong type (rule R18): `invalidResponse`, VAST 101, naming the field and its value.
    private static func wrongType(
        _ field: String, _ value: String, _ problem: String, _ hint: String, _ providerID: ProviderID
    ) -> AdError {
        AdError(
            .invalidResponse, "The Yandex response is invalid: \(field) '\(value.prefix(40))' \(problem).",
            providerID: providerID, vastCode: 101,
            hint: "\(hint) (The Yandex dialect is described in Docs/Dialects.md.)")
    }

    /// How warnings and errors name an asset of `owner` (a block or a card).
    private static func assetField(_ owner: String, _ kind: String) -> String { "\(owner) <Asset kind=\"\(kind)\">" }

    /// The largest image or video size in pixels the dialect accepts.
    static let maximumPixels = 100_000

    private static func nonEmpty(_ text: String) -> String? { text.isEmpty ? nil : text }

    private static func bool(_ text: String) -> Bool? {
        switch text.lowercased() {
        case "true", "1", "yes": true
        case "false", "0", "no": false
        default: nil
        }
    }
}
