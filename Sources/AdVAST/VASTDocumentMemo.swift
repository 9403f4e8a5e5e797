public import AdCore
public import AdCreative
import Foundation
import Synchronization

/// The parse of a document a transport serves many times, kept once for every response made from it: a
/// `ResponseSource` that `ProviderEnvironment.loadVAST(_:parser:allowNoAd:wrappers:parseFailure:)` reads instead
/// of parsing a response whose `TransportResponse/template` names it. The response's own values (its
/// `<Pricing>`) are put into the kept parse as data.
///
/// Transparent by construction: for each parser configuration (limits, `allowNoAd`) the memo checks itself on its
/// first response, parsing that response's body and comparing the document with the kept parse and its values
/// (`VASTDocument` is `Equatable`: every field, warnings with their line and column). Only when they are equal is
/// the kept parse used from then on; otherwise (a `<Pricing>` already in the ad, the first `<InLine>` inside a
/// comment, a warning on the line the price is written into, a document the parser refuses with a price in it)
/// every response of that configuration is parsed as it comes. A source whose responses carry no values and that
/// the parser refuses keeps the refusal, the same error every time.
///
/// ```swift
/// let memo = VASTDocumentMemo(bytes: creative)   // once per served file
/// let response = TransportResponse(body: priced, template: ResponseTemplate(source: memo, pricing: price))
/// let load = try await environment.loadVAST(request)   // parses the file once, then reads the memo
/// ```
public final class VASTDocumentMemo: ResponseSource {
    /// The document's bytes, without any response's values.
    public let bytes: [UInt8]

    private enum Kept: Sendable {
        /// The parse of ``bytes``, checked against a response's parse.
        case document(VASTDocument)
        /// The parser refuses ``bytes`` themselves (valid for responses without values).
        case refusal(VASTError)
        /// The kept parse and a response's parse differ: parse every response.
        case unusable

        var isDocument: Bool {
            if case .document = self { return true }
            return false
        }
    }

    private struct Entry: Sendable {
        var limits: VASTParserLimits
        var allowNoAd: Bool
        var kept: Kept
    }

    private let entries = Mutex<[Entry]>([])
    /// What each provider decoder made of the kept parse (``VASTLoad/decoded(key:_:)``), in
    /// `VASTDocumentMemo+Decoding.swift`.
    let decodes = Mutex<[Decode]>([])

    /// Creates the memo of a document; nothing is parsed until a response made from it is read.
    public init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// How many parser configurations have their parse kept and in use (a test's look at the memo).
    public var documentsKept: Int {
        entries.withLock { entries in entries.count { $0.kept.isDocument } }
    }

    /// The document of `response` (made from this memo with `pricing`) as `parser` reads it with `allowNoAd`:
    /// the kept parse with the response's values, or, the first time and whenever the kept parse cannot be used,
    /// the parse of `response`'s body.
    ///
    /// - Throws: the parser's `VASTError`, exactly as parsing the body throws it.
    public func document(
        of body: [UInt8], pricing: ResponsePricing?, parser: VASTParser, allowNoAd: Bool
    ) throws(VASTError) -> VASTDocument {
        try read(body, pricing: pricing, parser: parser, allowNoAd: allowNoAd).document
    }

    /// ``document(of:pricing:parser:allowNoAd:)``, and whether that document is the kept parse with the response's
    /// values put in (so a decoder's result may be kept too: ``VASTLoad/decoded(key:_:)``).
    func read(
        _ body: [UInt8], pricing: ResponsePricing?, parser: VASTParser, allowNoAd: Bool
    ) throws(VASTError) -> (document: VASTDocument, isKept: Bool) {
        switch kept(limits: parser.limits, allowNoAd: allowNoAd) {
        case .document(let document):
            return (Self.applying(pricing, to: document), true)
        case .refusal(let error) where pricing == nil:
            throw error
        case .refusal, .unusable:
            return (try parser.parse(Data(body), allowNoAd: allowNoAd), false)
        case nil:
            let document = try learn(body, pricing: pricing, parser: parser, allowNoAd: allowNoAd)
            return (document, kept(limits: parser.limits, allowNoAd: allowNoAd)?.isDocument == true)
        }
    }

    /// The kept parse of the source for a parser configuration: nil when none was tried yet.
    private func kept(limits: VASTParserLimits, allowNoAd: Bool) -> Kept? {
        entries.withLock { entries in entries.first { $0.limits == limits && $0.allowNoAd == allowNoAd }?.kept }
    }

    /// The kept parse of the source (without any response's values) for a parser configuration, nil when the
    /// memo does not use one.
    func keptDocument(limits: VASTParserLimits, allowNoAd: Bool) -> VASTDocument? {
        guard case .document(let document)? = kept(limits: limits, allowNoAd: allowNoAd) else { return nil }
        return document
    }

    /// Parses the response and the source, keeps what the comparison allows, and returns the response's parse.
    private func learn(
        _ body: [UInt8], pricing: ResponsePricing?, parser: VASTParser, allowNoAd: Bool
    ) throws(VASTError) -> VASTDocument {
        let response = Result { () throws(VASTError) -> VASTDocument in
            try parser.parse(Data(body), allowNoAd: allowNoAd)
        }
        var source = response
        if pricing != nil || body != bytes {
            source = Result { () throws(VASTError) -> VASTDocument in
                try parser.parse(Data(bytes), allowNoAd: allowNoAd)
            }
        }
        let kept: Kept
        switch (response, source) {
        case (.success(let document), .success(let base)) where Self.applying(pricing, to: base) == document:
            kept = .document(base)
        case (.failure(let error), .failure(let refusal)) where pricing == nil && error == refusal:
            kept = .refusal(refusal)
        default:
            kept = .unusable
        }
        entries.withLock { entries in
            if !entries.contains(where: { $0.limits == parser.limits && $0.allowNoAd == allowNoAd }) {
                entries.append(Entry(limits: parser.limits, allowNoAd: allowNoAd, kept: kept))
            }
        }
        return try response.get()
    }

    /// `document` with `pricing` as its first inline ad's `<Pricing>`, as the parser reads the element the
    /// transport wrote (its text read by `DecimalNumber`, the one reader of a number in a creative).
    static func applying(_ pricing: ResponsePricing?, to document: VASTDocument) -> VASTDocument {
        guard let pricing, let index = document.ads.firstIndex(where: { $0.inLine != nil }) else { return document }
        var document = document
        document.ads[index].inLine?.pricing = VASTPricing(
            model: pricing.model, currency: pricing.currency, value: DecimalNumber.value(pricing.text))
        return document
    }
}
