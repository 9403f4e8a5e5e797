/// The consent strings of a ``PrivacySignals`` value, decoded once when they are set (not on every request, beacon
/// or macro that reads them): the TC string and the GPP string, each `nil` when absent or blank.
///
/// Decoded strings live behind one reference, made only when a string is present: signals travel in every request
/// and are copied many times a request, and the decoded values inline would make each copy hundreds of bytes.
///
/// ```swift
/// let decoded = DecodedConsentStrings(tcfConsent: signals.tcfConsent, gpp: signals.gpp)
/// if case .failure(let error)? = decoded.tc { print(error) }
/// ```
struct DecodedConsentStrings: Sendable, Hashable {
    /// The decoded strings, when either is present: immutable, so sharing it between copies is safe.
    private final class Storage: Sendable {
        let tc: Result<TCString, ConsentStringError>?
        let gpp: Result<GPPString, ConsentStringError>?

        init(tc: Result<TCString, ConsentStringError>?, gpp: Result<GPPString, ConsentStringError>?) {
            self.tc = tc
            self.gpp = gpp
        }
    }

    /// `nil` when neither string is present.
    private let storage: Storage?

    /// The TC string, decoded.
    var tc: Result<TCString, ConsentStringError>? { storage?.tc }
    /// The GPP string, decoded.
    var gpp: Result<GPPString, ConsentStringError>? { storage?.gpp }

    /// Decodes both strings; a blank one counts as absent.
    init(tcfConsent: String?, gpp: String?) {
        let tc = Self.present(tcfConsent).map { text in Result { () throws(ConsentStringError) in try TCString(text) } }
        let decodedGPP = Self.present(gpp).map { text in
            Result { () throws(ConsentStringError) in try GPPString(text) }
        }
        storage = tc == nil && decodedGPP == nil ? nil : Storage(tc: tc, gpp: decodedGPP)
    }

    /// The TC string that speaks for the EU: the TCF string when given, otherwise the GPP string's EU TCF v2
    /// section; `nil` when neither carries one (an undecodable GPP string carries none).
    var euTC: Result<TCString, ConsentStringError>? {
        if let tc { return tc }
        if case .success(let gpp)? = gpp, let section = gpp.tcfEU { return .success(section) }
        return nil
    }

    static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.storage === rhs.storage || (lhs.tc == rhs.tc && lhs.gpp == rhs.gpp)
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(tc)
        hasher.combine(gpp)
    }

    private static func present(_ text: String?) -> String? {
        guard let text, !text.allSatisfy(\.isWhitespace) else { return nil }
        return text
    }
}
