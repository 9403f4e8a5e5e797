/// The consent strings of a ``PrivacySignals`` value, decoded once when they are set (not on every request, beacon
/// or macro that reads them): the TC string and the GPP string, each `nil` when absent or blank.
///
/// ```swift
/// let decoded = DecodedConsentStrings(tcfConsent: signals.tcfConsent, gpp: signals.gpp)
/// if case .failure(let error)? = decoded.tc { print(error) }
/// ```
struct DecodedConsentStrings: Sendable, Hashable {
    /// The TC string, decoded.
    let tc: Result<TCString, ConsentStringError>?
    /// The GPP string, decoded.
    let gpp: Result<GPPString, ConsentStringError>?

    /// Decodes both strings; a blank one counts as absent.
    init(tcfConsent: String?, gpp: String?) {
        tc = Self.present(tcfConsent).map { text in Result { () throws(ConsentStringError) in try TCString(text) } }
        self.gpp = Self.present(gpp).map { text in Result { () throws(ConsentStringError) in try GPPString(text) } }
    }

    /// The TC string that speaks for the EU: the TCF string when given, otherwise the GPP string's EU TCF v2
    /// section; `nil` when neither carries one (an undecodable GPP string carries none).
    var euTC: Result<TCString, ConsentStringError>? {
        if let tc { return tc }
        if case .success(let gpp)? = gpp, let section = gpp.tcfEU { return .success(section) }
        return nil
    }

    private static func present(_ text: String?) -> String? {
        guard let text, !text.allSatisfy(\.isWhitespace) else { return nil }
        return text
    }
}
