import CLibXML2
public import Foundation

/// The one VAST parser: streams a VAST 2.0-4.3 document through libxml2's SAX2 interface into a typed
/// ``VASTDocument``. Safe to call from several threads at once; each call uses its own libxml2 context.
///
/// Failures are `VASTError`s carrying the VAST code: malformed XML or any DTD → 100, a non-VAST root → 101,
/// VAST 1.0 or an unknown version → 102, no ad (no `<Ad>`, or only inline ads without a `<Creative>`) → 303 (unless
/// `allowNoAd`; then ``VASTDocument/noAdFailure`` says so), a limit → `limitExceeded`.
///
/// ```swift
/// let document = try VASTParser().parse(data)
/// let linear = document.ads.first?.creatives.first?.linear
/// print(linear?.duration ?? VASTTime(milliseconds: 0), linear?.mediaFiles.count ?? 0)
/// ```
public struct VASTParser: Sendable {
    /// The bounds every parse enforces.
    public var limits: VASTParserLimits

    /// Creates a parser with the given limits (safe defaults).
    public init(limits: VASTParserLimits = VASTParserLimits()) {
        self.limits = limits
    }

    /// The element, attribute and namespace names of VAST that every parse recognises by pointer: libxml2 interns
    /// them once per process in a dictionary that each parse's dictionary is a child of (see the `Creative.md`
    /// document). A benchmark floor that wants the same libxml2 set-up interns the same names.
    public static var vocabulary: [String] { VASTVocabulary.names }

    /// The libxml2 options: no network, no error printing; never entity substitution or DTD loading.
    static let options = Int32(
        XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue
    )

    /// Parses a document held in `data`.
    ///
    /// - Parameters:
    ///   - data: the document's bytes, in any encoding its XML declaration or byte order mark names.
    ///   - allowNoAd: return a document without a playable ad (no `<Ad>`, or only inline ads without a
    ///     `<Creative>`; its ads and ``VASTDocument/errorURLs`` kept) instead of failing with VAST 303; wrapper
    ///     resolution and providers use this to read the response's error URLs and extensions, and learn from
    ///     ``VASTDocument/noAdFailure`` that it is no ad.
    public func parse(_ data: Data, allowNoAd: Bool = false) throws(VASTError) -> VASTDocument {
        let result = data.withUnsafeBytes { buffer in
            Result { () throws(VASTError) -> VASTDocument in try parse(bytes: buffer, allowNoAd: allowNoAd) }
        }
        return try result.get()
    }

    /// Parses a document held in a string (UTF-8).
    public func parse(_ string: String, allowNoAd: Bool = false) throws(VASTError) -> VASTDocument {
        try parse(Data(string.utf8), allowNoAd: allowNoAd)
    }

    /// Parses a document held in `bytes`.
    public func parse(bytes: UnsafeRawBufferPointer, allowNoAd: Bool = false) throws(VASTError) -> VASTDocument {
        if let refusal = limits.refusal { throw refusal }
        if bytes.count > limits.maxInputBytes {
            throw VASTLimit.inputBytes.error("A document of \(bytes.count) bytes", limit: limits.maxInputBytes)
        }
        guard bytes.count > 0 else {
            throw VASTError(
                .invalidResponse, "The document is empty (line 1, column 1).", vastCode: 100, line: 1, column: 1,
                hint: "The ad server sent no body.")
        }
        LibXML2Runtime.ensureInitialized()
        // R10: the attribute check reads the bytes libxml2 will parse; a document in an encoding where `<` and `=`
        // are not those bytes (UTF-16, UTF-7, ...) is converted to UTF-8 first and parsed as such.
        guard let converted = try VASTInputEncoding.utf8Document(bytes) else {
            return try parseUTF8(bytes, options: VASTParser.options, allowNoAd: allowNoAd)
        }
        let result = converted.withUnsafeBytes { utf8 in
            Result { () throws(VASTError) -> VASTDocument in
                try parseUTF8(utf8, options: VASTParser.convertedOptions, allowNoAd: allowNoAd)
            }
        }
        return try result.get()
    }

    /// The options for a document ``VASTInputEncoding`` converted to UTF-8: its declared encoding is ignored.
    static let convertedOptions = VASTParser.options | Int32(XML_PARSE_IGNORE_ENC.rawValue)

    /// Parses `bytes`, in UTF-8 or an encoding that keeps `<` and `=` as those bytes, with libxml2 `options`.
    private func parseUTF8(
        _ bytes: UnsafeRawBufferPointer, options: Int32, allowNoAd: Bool
    ) throws(VASTError) -> VASTDocument {
        guard let base = bytes.baseAddress else {
            throw VASTError(
                .invalidResponse, "The document is empty (line 1, column 1).", vastCode: 100, line: 1, column: 1)
        }
        // R10: an element with more attributes than the limit is refused before libxml2 reads it.
        if let excess = VASTAttributeScan.firstExcess(in: bytes, limit: limits.maxAttributesPerElement) {
            throw VASTParser.tooManyAttributes(excess, limit: limits.maxAttributesPerElement)
        }
        // The builder's frame stack and first text buffer are on the stack too: no `malloc` for them.
        let result = withUnsafeTemporaryAllocation(byteCount: VASTSAXBuilder.frameScratchBytes, alignment: 16) {
            frameScratch in
            withUnsafeTemporaryAllocation(byteCount: VASTSAXBuilder.textScratchBytes, alignment: 16) { textScratch in
                Result { () throws(VASTError) -> VASTDocument in
                    guard let frameScratch = frameScratch.baseAddress, let textScratch = textScratch.baseAddress else {
                        throw VASTError(.internal, "No scratch memory for the parser.")
                    }
                    var builder = VASTSAXBuilder(
                        limits: limits, inputBytes: bytes.count, frameScratch: frameScratch, textScratch: textScratch)
                    defer { builder.freeMemory() }
                    return try parse(
                        base, count: bytes.count, options: options, builder: &builder, allowNoAd: allowNoAd)
                }
            }
        }
        return try result.get()
    }

    private func parse(
        _ base: UnsafeRawPointer,
        count: Int,
        options: Int32,
        builder: inout VASTSAXBuilder,
        allowNoAd: Bool
    ) throws(VASTError) -> VASTDocument {
        // The builder lives on the stack (it is a few kilobytes: a heap block that size misses malloc's fast
        // path) and libxml2 gets a pointer to it for the duration of the parse; nothing is copied or moved.
        var handler = VASTParser.makeHandler()
        let status = withUnsafeMutablePointer(to: &builder) { pointer -> Int32? in
            guard let context = xmlCreatePushParserCtxt(&handler, pointer, nil, 0, nil) else { return nil }
            defer { xmlFreeParserCtxt(context) }
            pointer.pointee.vocabulary.adopt(context)
            xmlCtxtUseOptions(context, options)
            pointer.pointee.context = context
            let status = VASTParser.feed(context, base.assumingMemoryBound(to: CChar.self), count: count)
            pointer.pointee.context = nil
            if pointer.pointee.failure == nil, status != 0 || context.pointee.wellFormed == 0 {
                pointer.pointee.malformed = VASTParser.malformed(context)
            }
            return status
        }
        guard status != nil else {
            throw VASTError(.internal, "libxml2 could not create a parser context.")
        }
        if let failure = builder.failure { throw failure }
        if let malformed = builder.malformed { throw malformed }
        return try VASTParser.finish(&builder, allowNoAd: allowNoAd)
    }

    /// The most bytes handed to libxml2 at once: below its 10,000,000-byte look-up limit, so that a document of any
    /// size the limits allow is read in pieces, and above any usual document, which goes in one call.
    static let chunkBytes = 4 << 20

    /// Feeds `count` bytes to the push parser `context`, in pieces of at most ``chunkBytes``; stops at the first
    /// piece libxml2 fails or the builder stops it on. Returns libxml2's status for the last piece fed.
    private static func feed(_ context: xmlParserCtxtPtr, _ base: UnsafePointer<CChar>, count: Int) -> Int32 {
        var offset = 0
        while count - offset > chunkBytes {
            let status = xmlParseChunk(context, base + offset, Int32(chunkBytes), 0)
            if status != 0 || context.pointee.disableSAX != 0 || context.pointee.instate == XML_PARSER_EOF {
                return status
            }
            offset += chunkBytes
        }
        // `count - offset` is at most `chunkBytes` here, which fits in an Int32.
        return xmlParseChunk(context, base + offset, Int32(truncatingIfNeeded: count - offset), 1)
    }

    private static func finish(_ builder: inout VASTSAXBuilder, allowNoAd: Bool) throws(VASTError) -> VASTDocument {
        let document = builder.takeDocument()
        guard builder.sawRoot else {
            throw VASTError(.invalidResponse, "The document has no root element.", vastCode: 100)
        }
        if document.ads.isEmpty {
            if builder.droppedAds > 0 { throw noUsableAd(document) }
            if !allowNoAd { throw noAd(document, rootEnd: builder.rootEnd) }
        } else if builder.playableAds == 0, !allowNoAd {
            // R17: ads, but none to play or follow (inline ads without a <Creative>): no ad, like an empty response.
            throw noAd(document, rootEnd: builder.rootEnd)
        }
        return document
    }

    // The failures found after the parse: out of line, so that the messages' code is not fetched with every
    // document (see Performance.md on the instruction cache).

    @inline(never)
    private static func tooManyAttributes(_ excess: VASTAttributeScan.Excess, limit: Int) -> VASTError {
        var error = VASTLimit.attributesPerElement.error(
            "<\(excess.name)> with more than \(limit) attributes (line \(excess.line), column \(excess.column))",
            limit: limit)
        error.line = excess.line
        error.column = excess.column
        return error
    }

    @inline(never)
    private static func noUsableAd(_ document: VASTDocument) -> VASTError {
        let reasons = document.warnings.map(\.description).joined(separator: "; ")
        return VASTError(
            .invalidResponse,
            "No usable ad: \(reasons)",
            vastCode: 101,
            hint: "Every <Ad> needs an <InLine> or a <Wrapper> with a <VASTAdTagURI>."
        )
    }

    @inline(never)
    private static func noAd(_ document: VASTDocument, rootEnd: (line: Int, column: Int)?) -> VASTError {
        var position = ""
        if let end = rootEnd {
            position = " at the end of <VAST> (line \(end.line), column \(end.column))"
        }
        var error = VASTDocument.noAdError(document, position: position)
        error.line = rootEnd?.line
        error.column = rootEnd?.column
        return error
    }

    @inline(never)
    private static func malformed(_ context: xmlParserCtxtPtr) -> VASTError {
        guard let error = xmlCtxtGetLastError(context) else {
            return VASTError(.invalidResponse, "The document is not well-formed XML.", vastCode: 100)
        }
        let raw = error.pointee.message.map { String(cString: $0) } ?? "unknown error"
        let message = raw.split(whereSeparator: \.isNewline).map { $0.trimmingASCIIWhitespace() }.joined(separator: " ")
        return VASTError(
            .invalidResponse,
            "Malformed XML at line \(error.pointee.line), column \(error.pointee.int2): \(message)",
            vastCode: 100,
            line: Int(error.pointee.line),
            column: Int(error.pointee.int2),
            hint: "The ad response is not well-formed XML (truncated, wrong encoding or not XML at all)."
        )
    }

    private static func builder(_ context: UnsafeMutableRawPointer?) -> UnsafeMutablePointer<VASTSAXBuilder>? {
        context?.assumingMemoryBound(to: VASTSAXBuilder.self)
    }

    private static func makeHandler() -> xmlSAXHandler {
        var handler = xmlSAXHandler()
        handler.initialized = UInt32(XML_SAX2_MAGIC)
        handler.startElementNs = { context, localName, _, _, namespaces, _, count, _, attributes in
            guard let localName, let builder = VASTParser.builder(context) else { return }
            builder.pointee.startElement(
                localName,
                SAXAttributes(base: attributes, count: Int(count), vocabulary: builder.pointee.vocabulary),
                namespaces: Int(namespaces)
            )
        }
        handler.endElementNs = { context, _, _, _ in
            VASTParser.builder(context)?.pointee.endElement()
        }
        handler.characters = { context, bytes, count in
            guard let bytes, count > 0, let builder = VASTParser.builder(context), builder.pointee.capturesText
            else { return }
            builder.pointee.characters(bytes, Int(count))
        }
        handler.cdataBlock = handler.characters
        handler.ignorableWhitespace = handler.characters
        handler.internalSubset = { context, _, _, _ in
            VASTParser.builder(context)?.pointee.rejectDTD("a <!DOCTYPE>")
        }
        handler.externalSubset = { context, _, _, _ in
            VASTParser.builder(context)?.pointee.rejectDTD("an external DTD")
        }
        handler.entityDecl = { context, _, _, _, _, _ in
            VASTParser.builder(context)?.pointee.rejectDTD("an entity declaration")
        }
        return handler
    }
}
