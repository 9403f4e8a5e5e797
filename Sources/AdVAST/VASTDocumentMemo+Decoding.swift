import AdCore
import AdCreative

extension VASTDocumentMemo {
    /// A provider decoder's kept result for one parser configuration: what the decoder of `type` named `key` made
    /// of the kept parse, or that its result depends on the response's values (it is run on every response).
    struct Decode: Sendable {
        var type: ObjectIdentifier
        var key: String
        var limits: VASTParserLimits
        var allowNoAd: Bool
        var kept: Kept

        enum Kept: Sendable {
            /// The decoder's `Result<Decoded, AdError>` of the kept parse, and whether a response with values (a
            /// price) was seen to decode to the same (until then it serves only responses without values).
            case result(any Sendable, checkedWithValues: Bool)
            /// The decoder reads the response's values: decode every response.
            case unusable
        }

        func matches(_ type: ObjectIdentifier, _ key: String, _ limits: VASTParserLimits, _ allowNoAd: Bool) -> Bool {
            self.type == type && self.key == key && self.limits == limits && self.allowNoAd == allowNoAd
        }
    }

    /// `decode` of `document`, a response's document read from this memo's kept parse (of `limits`, `allowNoAd`)
    /// with `pricing` put in. The decoder's result is kept the first time, and served from then on, only when it
    /// reads nothing a response puts in: a response with values (a price) is decoded once and compared with the
    /// decode of the kept parse without them, as the parse itself is checked; when they differ, every response is
    /// decoded from then on.
    func decoded<Decoded: Sendable & Equatable>(
        _ document: VASTDocument, pricing: ResponsePricing?, limits: VASTParserLimits, allowNoAd: Bool, key: String,
        _ decode: (VASTDocument) throws(AdError) -> Decoded
    ) throws(AdError) -> Decoded {
        let type = ObjectIdentifier(Decoded.self)
        let kept = decodes.withLock { decodes in decodes.first { $0.matches(type, key, limits, allowNoAd) }?.kept }
        switch kept {
        case .result(let result as Result<Decoded, AdError>, let checked) where checked || pricing == nil:
            return try result.get()
        case .result(let result as Result<Decoded, AdError>, _):
            // Kept from responses without values: this one's values must decode to the same.
            let response = Result { () throws(AdError) -> Decoded in try decode(document) }
            let checked = response == result ? Decode.Kept.result(result, checkedWithValues: true) : .unusable
            keep(type, key, limits, allowNoAd, checked)
            return try response.get()
        case .result, .unusable:
            return try decode(document)
        case nil:
            let response = Result { () throws(AdError) -> Decoded in try decode(document) }
            guard let base = keptDocument(limits: limits, allowNoAd: allowNoAd) else { return try response.get() }
            let source = pricing == nil ? response : Result { () throws(AdError) -> Decoded in try decode(base) }
            keep(
                type, key, limits, allowNoAd,
                source == response ? .result(source, checkedWithValues: pricing != nil) : .unusable)
            return try response.get()
        }
    }

    /// Records what a decoder's check found (replacing what was kept before).
    private func keep(
        _ type: ObjectIdentifier, _ key: String, _ limits: VASTParserLimits, _ allowNoAd: Bool, _ kept: Decode.Kept
    ) {
        decodes.withLock { decodes in
            let learned = Decode(type: type, key: key, limits: limits, allowNoAd: allowNoAd, kept: kept)
            if let index = decodes.firstIndex(where: { $0.matches(type, key, limits, allowNoAd) }) {
                decodes[index] = learned
            } else {
                decodes.append(learned)
            }
        }
    }

    /// How many decoders have their result kept and in use (a test's look at the memo).
    public var decodersKept: Int {
        decodes.withLock { decodes in
            decodes.count { decode in
                if case .result = decode.kept { return true }
                return false
            }
        }
    }
}
