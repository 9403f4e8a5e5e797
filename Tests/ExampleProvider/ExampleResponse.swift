public import AdCore

/// The example provider's response: `key: value` lines.
///
/// ```swift
/// let response = try ExampleResponse(bytes: Array("creative: ex-1\n".utf8), providerID: "example")
/// ```
public struct ExampleResponse: Sendable, Hashable {
    /// The creative's ID.
    public var creativeID: String
    /// How long the ad may be kept.
    public var timeToLive: Duration?
    /// The assets the host must render.
    public var requiredAssets: Set<AssetKind>
    /// The estimated price, in micros.
    public var priceMicros: Int64?
    /// Impression tracking URLs.
    public var impressionURLs: [String]
    /// Click tracking URLs.
    public var clickURLs: [String]

    /// Parses a response.
    ///
    /// - Throws: `noFill` for an empty body, `invalidResponse` for an unknown key, a bad value or no creative.
    public init(bytes: [UInt8], providerID: ProviderID) throws(AdError) {
        let text = String(decoding: bytes, as: UTF8.self)
        var creative: String?
        timeToLive = nil
        requiredAssets = []
        priceMicros = nil
        impressionURLs = []
        clickURLs = []
        let lines = text.split(whereSeparator: \.isNewline).map { String($0).trimmingCharacters(in: " \t") }
        guard lines.contains(where: { !$0.isEmpty }) else {
            throw AdError(.noFill, "The example server had no ad.", providerID: providerID)
        }
        for (number, line) in lines.enumerated() where !line.isEmpty {
            guard let colon = line.firstIndex(of: ":") else {
                throw Self.invalid("line \(number + 1) has no ':'", providerID)
            }
            let key = String(line[..<colon])
            let value = String(line[line.index(after: colon)...]).trimmingCharacters(in: " \t")
            switch key {
            case "creative": creative = value
            case "ttl":
                guard let seconds = Int64(value) else { throw Self.invalid("ttl '\(value)'", providerID) }
                // Every number from a server is range-checked where it is read (rule R1).
                do throws(NumberOutOfRange) {
                    timeToLive = try CheckedConversion.duration(
                        seconds: seconds, field: "ttl", in: .seconds(1)...CheckedConversion.maximumDuration)
                } catch {
                    throw Self.invalid("\(error)", providerID)
                }
            case "required":
                for name in value.split(separator: ",") {
                    let trimmed = String(name).trimmingCharacters(in: " \t")
                    guard let kind = AssetKind(rawValue: trimmed) else {
                        throw Self.invalid("unknown asset '\(trimmed)'", providerID)
                    }
                    requiredAssets.insert(kind)
                }
            case "priceMicros":
                guard let micros = Int64(value) else { throw Self.invalid("priceMicros '\(value)'", providerID) }
                do throws(NumberOutOfRange) {
                    priceMicros = try CheckedConversion.integer(
                        micros, field: "priceMicros", in: 0...CheckedConversion.maximumMicros)
                } catch {
                    throw Self.invalid("\(error)", providerID)
                }
            case "impression": impressionURLs.append(value)
            case "click": clickURLs.append(value)
            default: throw Self.invalid("unknown key '\(key)' on line \(number + 1)", providerID)
            }
        }
        guard let creative, !creative.isEmpty else { throw Self.invalid("no creative", providerID) }
        creativeID = creative
    }

    private static func invalid(_ what: String, _ providerID: ProviderID) -> AdError {
        AdError(
            .invalidResponse, "Example response is invalid: \(what).", providerID: providerID,
            hint: "Serve `key: value` lines with at least `creative: <id>`.")
    }
}

extension String {
    fileprivate func trimmingCharacters(in set: String) -> String {
        var slice = Substring(self)
        while let first = slice.first, set.contains(first) { slice.removeFirst() }
        while let last = slice.last, set.contains(last) { slice.removeLast() }
        return String(slice)
    }
}
