public import AdCore
public import AdCreative

/// The example network's response: a VAST document whose ad carries the house-ads shape in its own extension,
/// read with AdBridge's parser (AdCreative), as a real provider reads its dialect.
///
/// ```xml
/// <VAST version="4.2"><Ad id="house-1"><InLine>
///   <AdSystem>Example House Ads</AdSystem><AdTitle>Winter sale</AdTitle>
///   <Impression>https://t.example/imp?c=house-1&amp;cb=[CACHEBUSTING]</Impression>
///   <Creatives><Creative id="house-1-cr"/></Creatives>
///   <Extensions><Extension type="house-ads">
///     <Title>Winter sale</Title><Image width="1200" height="628">https://img.example/w.png</Image>
///     <CallToAction>Shop now</CallToAction><ClickThrough>https://shop.example/winter</ClickThrough>
///     <ClickTracking>https://t.example/click?c=house-1</ClickTracking>
///     <Required>title, callToAction</Required><TimeToLive>3600</TimeToLive><PriceMicros>1500</PriceMicros>
///   </Extension></Extensions>
/// </InLine></Ad></VAST>
/// ```
///
/// A VAST answer without an ad (`<VAST/>`, or only `<Error>`) is no fill.
public struct ExampleResponse: Sendable, Hashable {
    /// The extension type the house-ads fields live in.
    public static let extensionType = "house-ads"

    /// The creative's ID.
    public var creativeID: String
    /// The title.
    public var title: String
    /// The main image, if any.
    public var image: NativeImage?
    /// The call-to-action text.
    public var callToAction: String?
    /// Where a click leads.
    public var clickThrough: String?
    /// How long the ad may be kept, when the server says.
    public var timeToLive: Duration?
    /// The assets the host must render.
    public var requiredAssets: Set<AssetKind>
    /// The estimated price, in micros per impression.
    public var priceMicros: Int64?
    /// Impression tracking URLs.
    public var impressionURLs: [String]
    /// Click tracking URLs.
    public var clickURLs: [String]

    /// Reads a parsed response (``ExampleProvider`` gets it from `environment.loadVAST(_:)`: fetch and parse in one
    /// call).
    ///
    /// - Throws: `noFill` (VAST 303) for an answer without an ad; `invalidResponse` with the VAST code for an ad
    ///   without the house-ads extension or its title, or a bad number.
    public init(document: VASTDocument, providerID: ProviderID) throws(AdError) {
        guard let ad = document.ads.first, let inLine = ad.inLine else {
            throw AdError(
                .noFill, "The example server had no ad.", providerID: providerID, vastCode: 303,
                hint: "No fill is normal: try again later or another provider.")
        }
        guard let house = inLine.extensions.first(type: Self.extensionType) else {
            throw Self.invalid("the ad has no <Extension type=\"\(Self.extensionType)\">", providerID)
        }
        guard let title = Self.text(house, "Title") ?? inLine.adTitle else {
            throw Self.invalid("<Title> is missing", providerID)
        }
        self.title = title
        creativeID = ad.creatives.first?.id ?? ad.id ?? "unknown"
        callToAction = Self.text(house, "CallToAction")
        clickThrough = Self.text(house, "ClickThrough")
        impressionURLs = inLine.impressions.map(\.url)
        clickURLs = house.children(named: "ClickTracking").map(\.text).filter { !$0.isEmpty }
        if let element = house.child("Image"), !element.text.isEmpty {
            image = NativeImage(
                url: element.text, width: try Self.size(element, "width", providerID),
                height: try Self.size(element, "height", providerID))
        }
        requiredAssets = []
        for name in (Self.text(house, "Required") ?? "").split(separator: ",") {
            let trimmed = name.filter { !$0.isWhitespace }
            guard let kind = AssetKind(rawValue: trimmed) else {
                throw Self.invalid("<Required> names an unknown asset '\(trimmed)'", providerID)
            }
            requiredAssets.insert(kind)
        }
        // Every number from a server is range-checked where it is read (rule R1).
        do throws(NumberOutOfRange) {
            timeToLive = try Self.text(house, "TimeToLive").map { text throws(NumberOutOfRange) in
                try CheckedConversion.duration(
                    seconds: Int64(text) ?? -1, field: "TimeToLive", in: .seconds(1)...CheckedConversion.maximumDuration
                )
            }
            priceMicros = try Self.text(house, "PriceMicros").map { text throws(NumberOutOfRange) in
                try CheckedConversion.integer(
                    Int64(text) ?? -1, field: "PriceMicros", in: 0...CheckedConversion.maximumMicros)
            }
        } catch {
            throw Self.invalid("\(error)", providerID)
        }
    }

    /// The content a host renders: the title, the image and the call to action.
    public var content: NativeAdContent {
        var assets = [NativeAsset(.title, .text(title))]
        if let image { assets.append(NativeAsset(.media, .image(image))) }
        if let callToAction { assets.append(NativeAsset(.callToAction, .text(callToAction))) }
        return NativeAdContent(assets: assets, requiredAssets: requiredAssets)
    }

    private static func text(_ element: VASTElement, _ name: String) -> String? {
        guard let text = element.child(name)?.text, !text.isEmpty else { return nil }
        return text
    }

    private static func size(_ element: VASTElement, _ name: String, _ providerID: ProviderID) throws(AdError) -> Int? {
        guard let text = element.attribute(name) else { return nil }
        guard let value = Int(text), value >= 0, value <= 100_000 else {
            throw invalid("<Image \(name)=\"\(text)\"> is not a whole number from 0 to 100000", providerID)
        }
        return value
    }

    private static func invalid(_ what: String, _ providerID: ProviderID) -> AdError {
        AdError(
            .invalidResponse, "Example response is invalid: \(what).", providerID: providerID, vastCode: 101,
            hint: "Serve VAST with an <Extension type=\"house-ads\"> holding at least <Title>.")
    }
}
