import AdCore
import AdVAST

/// One file the simulated market serves, read once and shared by every user: its bytes, where a fill's
/// `<Pricing>` goes (just after the first `<InLine>`, found once), and, when loads are memoised, the
/// `VASTDocumentMemo` every response made from it names, so the file is parsed once and each fill's price is put
/// into that parse as data (Docs/Simulation.md, "The memo").
///
/// ```swift
/// let file = ServedFile(bytes: creative, memoised: true)
/// let response = file.response(priceMicros: 2_600, currency: "USD")   // "<Pricing ...>2.600</Pricing>" inside
/// ```
struct ServedFile: Sendable {
    /// The file's bytes.
    let bytes: [UInt8]
    /// Where `<Pricing>` is written: the index just after the first `<InLine>`, nil when there is none.
    let pricingOffset: Int?
    /// The memo responses name, nil when loads are not memoised (every response is parsed).
    let memo: VASTDocumentMemo?

    /// The tag `<Pricing>` goes after.
    private static let inLineMarker = Array("<InLine>".utf8)

    /// Reads `bytes` once: where the price goes and, with `memoised`, a memo of their parse.
    init(bytes: [UInt8], memoised: Bool) {
        self.bytes = bytes
        pricingOffset = Self.firstIndex(of: Self.inLineMarker, in: bytes).map { $0 + Self.inLineMarker.count }
        memo = memoised ? VASTDocumentMemo(bytes: bytes) : nil
    }

    /// The file as served unchanged (a no-fill answer).
    func response() -> TransportResponse {
        TransportResponse(body: bytes, template: memo.map { ResponseTemplate(source: $0) })
    }

    /// The file as a fill priced at `micros` per impression: `<Pricing model="CPM" currency="...">` (the price
    /// of 1,000 impressions) written after its first `<InLine>`; a file without one is served as is. `<Pricing>`
    /// is the VAST standard's price of an ad (VAST 3.0 and later), not any vendor's: a provider whose ads carry
    /// their price (`ProviderDescriptor.reportsPrice`) reads it, the others ignore it, and only they can bid.
    func response(priceMicros micros: Int64, currency: String) -> TransportResponse {
        guard let offset = pricingOffset else { return response() }
        let pricing = ResponsePricing(model: "CPM", currency: currency, text: Self.cpmText(micros: micros))
        let element =
            "<Pricing model=\"\(pricing.model)\" currency=\"\(pricing.currency)\">\(pricing.text)</Pricing>"
        // One buffer of the final size, filled once (inserting into a copy would copy the document twice).
        var body: [UInt8] = []
        body.reserveCapacity(bytes.count + element.utf8.count)
        body.append(contentsOf: bytes[..<offset])
        body.append(contentsOf: element.utf8)
        body.append(contentsOf: bytes[offset...])
        return TransportResponse(body: body, template: memo.map { ResponseTemplate(source: $0, pricing: pricing) })
    }

    /// A price in micros per impression as the price of 1,000 impressions with three decimals: 2600 is `2.600`.
    static func cpmText(micros: Int64) -> String {
        let fraction = String(micros % 1_000)
        return "\(micros / 1_000)." + String(repeating: "0", count: max(0, 3 - fraction.count)) + fraction
    }

    private static func firstIndex(of marker: [UInt8], in bytes: [UInt8]) -> Int? {
        guard bytes.count >= marker.count else { return nil }
        for index in 0...(bytes.count - marker.count) where bytes[index] == marker[0] {
            if bytes[index..<(index + marker.count)].elementsEqual(marker) { return index }
        }
        return nil
    }
}
