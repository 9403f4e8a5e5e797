import CLibXML2

/// Builds a ``VASTDocument`` from libxml2 SAX2 events in one pass: no DOM, no second parse.
///
/// One builder serves one parse on one thread; ``VASTParser`` allocates it, hands a pointer to it to libxml2 as
/// the SAX user data (a value behind a pointer: no reference counting or exclusivity checks per event) and
/// reads the result. A limit violation or a fatal document problem is stored in ``failure`` and
/// stops the parser at once.
///
/// This file holds the builder's state and the SAX entry points; the handlers they dispatch to are extensions,
/// one file per seam: `+Frames` (the open-element stack), `+Failures` (failing and warning), `+Root` (`<VAST>`
/// and its version), `+Containers` (container and attribute-carrying elements, start and end), `+Attributes` (the
/// out-of-line readers of elements with many attributes), `+Text` (text elements) and `+Extensions` (extension
/// subtrees). The state is therefore internal, not private; nothing but the builder writes it, and ``VASTParser``
/// only reads the results.
struct VASTSAXBuilder {
    /// Frames that fit in the stack scratch memory.
    static let scratchFrames = 64

    let limits: VASTParserLimits
    /// Keeps the document's long texts (see ``VASTTextWriter``).
    var texts: VASTTextWriter
    /// The VAST names, recognised by their interned pointers (see ``VASTVocabulary``).
    let vocabulary = VASTVocabulary.shared
    var context: xmlParserCtxtPtr?
    var failure: VASTError?
    /// Set by ``VASTParser`` when libxml2 reports the document malformed.
    var malformed: VASTError?
    /// `failure != nil`, as a flag: checked on every event, it must not copy the error.
    var failed = false
    var document = VASTDocument()
    var sawRoot = false
    /// Where the root element ended (libxml2's line and column), for the failures found after the parse (no ad).
    private(set) var rootEnd: (line: Int, column: Int)?
    var droppedAds = 0
    /// The ads kept that can be played or followed: wrappers, and inline ads with a `<Creative>` (R17). A document
    /// whose ads are all without one has no playable ad (VAST 303).
    var playableAds = 0
    /// Whether the open `<Ad>` is one of ``playableAds``.
    var adIsPlayable = false

    private(set) var frames: FrameStack
    /// See ``updateCaptureStart()``.
    private var captureStart = -1
    var text: SAXTextBuffer

    // The objects being built.
    /// The open `<Ad>` (built in place while ``inAd``; empty otherwise).
    var ad = VASTAd()
    var inAd = false
    var body = AdBodyDraft()
    var wrapperFlags = (follow: true, allowMultiple: false, fallback: false)
    /// The open `<Creative>` (built in place while ``inCreative``; empty otherwise).
    var creative = VASTCreative()
    var inCreative = false
    var linear: VASTLinear?
    var nonLinearAds: VASTNonLinearAds?
    var nonLinear: VASTNonLinear?
    var companionAds: VASTCompanionAds?
    var companion: VASTCompanion?
    var icon: VASTIcon?
    var fallbackImage: VASTIconClickFallbackImage?
    var verification: VASTVerification?
    /// The open `<MediaFile>` or `<Mezzanine>`: filled from its attributes, moved out (or reset) at its end, so
    /// it is empty whenever one starts.
    var pendingMediaFile = VASTMediaFile()
    /// Counts for the per-creative limits (kept apart so checking them copies nothing).
    var mediaFilesInCreative = 0
    var trackingInCreative = 0
    var pending: (a: String?, b: String?, c: String?) = (nil, nil, nil)
    /// The open `<Tracking>`'s event (`rawEvent`, `event`) and offset, read from its attributes' bytes.
    var trackingEvent: (raw: String, modern: String)?
    var trackingOffset: (value: VASTOffset?, text: String?) = (nil, nil)
    var generic: [VASTElement] = []

    /// Frees whatever the text buffer and the frame stack allocated on the heap (only when they outgrew the
    /// scratch memory); the builder must not be used afterwards.
    func freeMemory() {
        text.free()
        frames.free()
    }

    /// Moves the finished document out of the builder (leaving an empty one): no copy.
    mutating func takeDocument() -> VASTDocument {
        var result = VASTDocument()
        swap(&result, &document)
        return result
    }

    /// The bytes of stack scratch memory for the frame stack (``scratchFrames`` frames) and for the first text
    /// buffer: each at most 1 KiB, the most `withUnsafeTemporaryAllocation` keeps on the stack on every platform.
    static let frameScratchBytes = scratchFrames * MemoryLayout<Frame>.stride
    static let textScratchBytes = 512

    /// A builder using `frameScratch` (``frameScratchBytes``) for its frame stack (unless
    /// ``VASTParserLimits/maxDepth`` exceeds ``scratchFrames``) and `textScratch` (``textScratchBytes``) for its
    /// first text buffer; both 16-byte aligned and alive for the whole parse.
    init(
        limits: VASTParserLimits,
        inputBytes: Int,
        frameScratch: UnsafeMutableRawPointer,
        textScratch: UnsafeMutableRawPointer
    ) {
        self.limits = limits
        texts = VASTTextWriter(documentBytes: inputBytes)
        frames = FrameStack(memory: frameScratch, room: VASTSAXBuilder.scratchFrames, depth: max(limits.maxDepth, 1))
        text = SAXTextBuffer(
            initial: textScratch.bindMemory(to: UInt8.self, capacity: VASTSAXBuilder.textScratchBytes),
            capacity: VASTSAXBuilder.textScratchBytes
        )
    }

    // MARK: - SAX events

    /// Whether text is being kept (see ``updateCaptureStart()``). Most `characters` calls are the whitespace
    /// between container elements: the callback checks this first and returns without a call.
    var capturesText: Bool {
        @inline(__always) get { captureStart >= 0 }
    }

    /// Keeps `count` bytes of text; only called while ``capturesText``. Out of line, so that the callback's
    /// common path (dropping whitespace) stays a leaf with nothing to save or restore.
    @inline(never)
    mutating func characters(_ bytes: UnsafePointer<xmlChar>, _ count: Int) {
        text.append(bytes, count)
        if text.count - captureStart > limits.maxTextLength {
            fail(.textLength, "The text of an element", limits.maxTextLength)
        }
    }

    /// Where the innermost open element's text starts when that text is kept (a text element or anything inside
    /// an extension), else -1. Updated whenever an element opens or closes.
    private mutating func updateCaptureStart() {
        guard let frame = frames.last, !generic.isEmpty || frame.captures else {
            captureStart = -1
            return
        }
        captureStart = frame.textStart
    }

    /// An element starts, with `namespaces` namespace declarations besides its `attributes`.
    mutating func startElement(_ localName: UnsafePointer<xmlChar>, _ attributes: SAXAttributes, namespaces: Int) {
        guard !failed else { return }
        if frames.count >= limits.maxDepth {
            failTooDeep()
            return
        }
        // R10: the byte scan (VASTAttributeScan) refused any element over the limit before libxml2 read it; this is
        // the same count, exact wherever that scan stopped early.
        if attributes.count + namespaces > limits.maxAttributesPerElement {
            failTooManyAttributes(localName)
            return
        }
        if !generic.isEmpty {
            openExtensionElement(localName, attributes)
            frames.append(Frame(tag: .unknown, textStart: text.count, captures: true))
            captureStart = text.count
            return
        }
        let tag = attributes.vocabulary.tag(localName)
        let parent = frames.last?.tag
        if frames.isEmpty {
            startRoot(tag, localName: localName, attributes)
        } else {
            start(tag, parent: parent, localName: localName, attributes)
        }
        frames.append(Frame(tag: tag, textStart: text.count, captures: tag.capturesText))
        captureStart = !generic.isEmpty || tag.capturesText ? text.count : -1
    }

    mutating func endElement() {
        guard !failed, let frame = frames.popLast() else { return }
        defer { updateCaptureStart() }
        if !generic.isEmpty {
            endGeneric(frame)
            return
        }
        if frame.captures {
            let value = text.trimmed(from: frame.textStart)
            if frame.tag.isURL, value.count > limits.maxURLLength {
                failURLTooLong(value.count)
                return
            }
            endText(frame.tag, parent: frames.last?.tag, value)
            text.truncate(to: frame.textStart)
        } else {
            end(frame.tag, parent: frames.last?.tag)
        }
        if frames.isEmpty { rootEnd = VASTSAXBuilder.position(context) }
    }
}
