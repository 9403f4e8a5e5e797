import CLibXML2

/// Builds a ``VASTDocument`` from libxml2 SAX2 events in one pass: no DOM, no second parse.
///
/// One builder serves one parse on one thread; ``VASTParser`` allocates it, hands a pointer to it to libxml2 as
/// the SAX user data (a value behind a pointer: no reference counting or exclusivity checks per event) and
/// reads the result. A limit violation or a fatal document problem is stored in ``failure`` and
/// stops the parser at once.
struct VASTSAXBuilder {
    /// One open element (16 bytes: the scratch memory holds ``scratchFrames`` of them).
    private struct Frame {
        var textStart: Int
        var tag: VASTTag
        var captures: Bool

        init(tag: VASTTag, textStart: Int, captures: Bool) {
            self.textStart = textStart
            self.tag = tag
            self.captures = captures
        }
    }

    /// The open elements: a stack in raw memory (the parser's stack scratch memory when ``VASTParserLimits/maxDepth``
    /// fits it, else one heap block), never deeper than its capacity; no reference counting or uniqueness checks.
    private struct FrameStack {
        private let base: UnsafeMutablePointer<Frame>
        private let capacity: Int
        private let owned: Bool
        private(set) var count = 0

        init(memory: UnsafeMutableRawPointer, room: Int, depth: Int) {
            if depth <= room {
                base = memory.bindMemory(to: Frame.self, capacity: room)
                capacity = room
                owned = false
            } else {
                base = UnsafeMutablePointer<Frame>.allocate(capacity: depth)
                capacity = depth
                owned = true
            }
        }

        var isEmpty: Bool { count == 0 }

        var last: Frame? { count > 0 ? base[count - 1] : nil }

        /// The frame `offset` below the top (0 is the top), if there is one.
        func below(_ offset: Int) -> Frame? { count > offset ? base[count - 1 - offset] : nil }

        mutating func append(_ frame: Frame) {
            guard count < capacity else { return }
            (base + count).initialize(to: frame)
            count += 1
        }

        mutating func popLast() -> Frame? {
            guard count > 0 else { return nil }
            count -= 1
            return base[count]
        }

        func contains(_ tag: VASTTag) -> Bool {
            for index in 0..<count where base[index].tag == tag { return true }
            return false
        }

        func free() {
            if owned { base.deallocate() }
        }
    }

    /// Frames that fit in the stack scratch memory.
    static let scratchFrames = 64

    let limits: VASTParserLimits
    /// Keeps the document's long texts (see ``VASTTextWriter``).
    private var texts: VASTTextWriter
    /// The VAST names, recognised by their interned pointers (see ``VASTVocabulary``).
    let vocabulary = VASTVocabulary.shared
    var context: xmlParserCtxtPtr?
    private(set) var failure: VASTError?
    /// Set by ``VASTParser`` when libxml2 reports the document malformed.
    var malformed: VASTError?
    /// `failure != nil`, as a flag: checked on every event, it must not copy the error.
    private var failed = false
    private(set) var document = VASTDocument()
    private(set) var sawRoot = false
    /// Where the root element ended (libxml2's line and column), for the failures found after the parse (no ad).
    private(set) var rootEnd: (line: Int, column: Int)?
    private(set) var droppedAds = 0
    /// The ads kept that can be played or followed: wrappers, and inline ads with a `<Creative>` (R17). A document
    /// whose ads are all without one has no playable ad (VAST 303).
    private(set) var playableAds = 0
    /// Whether the open `<Ad>` is one of ``playableAds``.
    private var adIsPlayable = false

    private var frames: FrameStack
    /// See ``updateCaptureStart()``.
    private var captureStart = -1
    private(set) var text: SAXTextBuffer

    // The objects being built.
    /// The open `<Ad>` (built in place while ``inAd``; empty otherwise).
    private var ad = VASTAd()
    private var inAd = false
    private var body = AdBodyDraft()
    private var wrapperFlags = (follow: true, allowMultiple: false, fallback: false)
    /// The open `<Creative>` (built in place while ``inCreative``; empty otherwise).
    private var creative = VASTCreative()
    private var inCreative = false
    private var linear: VASTLinear?
    private var nonLinearAds: VASTNonLinearAds?
    private var nonLinear: VASTNonLinear?
    private var companionAds: VASTCompanionAds?
    private var companion: VASTCompanion?
    private var icon: VASTIcon?
    private var fallbackImage: VASTIconClickFallbackImage?
    private var verification: VASTVerification?
    /// The open `<MediaFile>` or `<Mezzanine>`: filled from its attributes, moved out (or reset) at its end, so
    /// it is empty whenever one starts.
    private var pendingMediaFile = VASTMediaFile()
    /// Counts for the per-creative limits (kept apart so checking them copies nothing).
    private var mediaFilesInCreative = 0
    private var trackingInCreative = 0
    private var pending: (a: String?, b: String?, c: String?) = (nil, nil, nil)
    /// The open `<Tracking>`'s event (`rawEvent`, `event`) and offset, read from its attributes' bytes.
    private var trackingEvent: (raw: String, modern: String)?
    private var trackingOffset: (value: VASTOffset?, text: String?) = (nil, nil)
    private var generic: [VASTElement] = []

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

    // MARK: - Failures and warnings

    /// Where libxml2 is in the document. Static, so as not to copy the builder.
    private static func position(_ context: xmlParserCtxtPtr?) -> (line: Int, column: Int) {
        guard let input = context?.pointee.input else { return (0, 0) }
        return (Int(input.pointee.line), Int(input.pointee.col))
    }

    // Failing and warning are rare: out of line, and their messages are built in closures (`@autoclosure`), so
    // that none of that code sits between the hot paths of the functions that call them (measured: the
    // instruction cache, not the instruction count, is what the builder's speed depends on; see Performance.md).

    @inline(never)
    mutating func fail(_ error: VASTError) {
        guard !failed else { return }
        failed = true
        var error = error
        let (line, column) = VASTSAXBuilder.position(context)
        error.message += " (line \(line), column \(column))"
        error.line = line
        error.column = column
        failure = error
        if let context { xmlStopParser(context) }
    }

    @inline(never)
    private mutating func fail(_ limit: VASTLimit, _ detail: String, _ value: Int) {
        fail(limit.error(detail, limit: value))
    }

    @inline(never)
    private mutating func failTooDeep() {
        fail(.depth, "Element nesting deeper than \(limits.maxDepth)", limits.maxDepth)
    }

    @inline(never)
    private mutating func failTooManyAttributes(_ localName: UnsafePointer<xmlChar>) {
        let name = String(cString: localName)
        let limit = limits.maxAttributesPerElement
        fail(.attributesPerElement, "<\(name)> with more than \(limit) attributes", limit)
    }

    @inline(never)
    private mutating func failURLTooLong(_ bytes: Int) {
        fail(.urlLength, "A URL of \(bytes) bytes", limits.maxURLLength)
    }

    /// Fails with `limit`, whose message says there were more than `value` `things`.
    @inline(never)
    private mutating func failMoreThan(_ limit: VASTLimit, _ value: Int, _ things: String) {
        fail(limit.error("More than \(value) \(things)", limit: value))
    }

    @inline(never)
    private mutating func warn(_ message: @autoclosure () -> String) {
        let (line, column) = VASTSAXBuilder.position(context)
        document.warnings.append(VASTWarning(code: 101, message: message(), line: line, column: column))
    }

    mutating func rejectDTD(_ what: String) {
        fail(
            VASTError(
                .invalidResponse,
                "VAST documents must not contain \(what); it was rejected, not expanded.",
                vastCode: 100,
                hint: "Remove the DOCTYPE and entity declarations from the ad response."
            )
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

    // MARK: - The root

    private mutating func startRoot(_ tag: VASTTag, localName: UnsafePointer<xmlChar>, _ attributes: SAXAttributes) {
        sawRoot = true
        switch tag {
        case .vast:
            // The usual versions ("2.0", "3.0", "4.0" to "4.3") straight from the bytes; anything else below.
            if let raw = attributes.bytes(.version), VASTSAXBuilder.isCommonVersion(raw) {
                document.version = String(parsedUTF8: raw)
                return
            }
            let version = attributes.value(.version)?.trimmingASCIIWhitespace() ?? ""
            document.version = version
            guard VASTSAXBuilder.isSupported(version: version) else {
                let shown = version.isEmpty ? "no version" : "version '\(version)'"
                fail(
                    VASTError(
                        .invalidResponse,
                        "VAST \(shown) is not supported (2.0 to 4.3 are).",
                        vastCode: 102,
                        hint: "Ask the ad server for VAST 2.0 to 4.3."
                    )
                )
                return
            }
        case .videoAdServingTemplate:
            document.version = "1.0"
            fail(
                VASTError(
                    .invalidResponse,
                    "VAST 1.0 (<VideoAdServingTemplate>) is not supported (2.0 to 4.3 are).",
                    vastCode: 102,
                    hint: "Ask the ad server for VAST 2.0 or later."
                )
            )
        default:
            fail(
                VASTError(
                    .invalidResponse,
                    "The root element is <\(String(cString: localName))>, not <VAST>.",
                    vastCode: 101,
                    hint: "The URL does not return a VAST document."
                )
            )
        }
    }

    /// Whether `raw` is exactly one of `2.0`, `3.0`, `4.0`, `4.1`, `4.2`, `4.3`.
    static func isCommonVersion(_ raw: UnsafeBufferPointer<UInt8>) -> Bool {
        guard raw.count == 3, raw[1] == UInt8(ascii: ".") else { return false }
        switch raw[0] {
        case UInt8(ascii: "2"), UInt8(ascii: "3"): return raw[2] == UInt8(ascii: "0")
        case UInt8(ascii: "4"): return raw[2] >= UInt8(ascii: "0") && raw[2] <= UInt8(ascii: "3")
        default: return false
        }
    }

    static func isSupported(version: String) -> Bool {
        switch version {
        case "2.0", "3.0", "4.0", "4.1", "4.2", "4.3": return true
        default: break
        }
        let parts = version.split(separator: ".", omittingEmptySubsequences: false)
        guard let first = parts.first, let major = Int(first), parts.count <= 3 else { return false }
        let minor = parts.count > 1 ? Int(parts[1]) : 0
        guard let minor, parts.dropFirst().allSatisfy({ Int($0) != nil }) else { return false }
        switch major {
        case 2, 3: return minor == 0
        case 4: return minor <= 3
        default: return false
        }
    }

    // MARK: - Containers and attribute-carrying elements

    private mutating func start(
        _ tag: VASTTag,
        parent: VASTTag?,
        localName: UnsafePointer<xmlChar>,
        _ attributes: SAXAttributes
    ) {
        switch tag {
        case .ad:
            guard parent == .vast else { return }
            if document.ads.count + droppedAds >= limits.maxAds {
                failMoreThan(.ads, limits.maxAds, "<Ad> elements")
                return
            }
            if inAd { ad = VASTAd() }
            inAd = true
            adIsPlayable = false
            ad.id = attributes.value(.id)
            ad.sequence = attributes.int(.sequence)
            ad.adType = attributes.value(.adType)
            ad.conditionalAd = attributes.bool(.conditionalAd)
        case .inLine:
            body = AdBodyDraft()
        case .wrapper:
            body = AdBodyDraft()
            wrapperFlags = (
                attributes.bool(.followAdditionalWrappers) ?? true,
                attributes.bool(.allowMultipleAds) ?? false,
                attributes.bool(.fallbackOnNoAd) ?? false
            )
        case .adSystem:
            pending.a = attributes.value(.version)
        case .pricing:
            pending = (attributes.value(.model), attributes.value(.currency), nil)
        case .category, .blockedAdCategories:
            pending.a = attributes.value(.authority)
        case .impression, .clickThrough, .clickTracking, .customClick, .iconClickTracking, .nonLinearClickTracking,
            .companionClickTracking:
            pending.a = attributes.value(.id)
        case .viewableImpression:
            var viewable = VASTViewableImpression()
            viewable.id = attributes.value(.id)
            body.viewableImpression = viewable
        case .verification:
            var newVerification = VASTVerification()
            newVerification.vendor = attributes.value(.vendor)
            verification = newVerification
        case .javaScriptResource, .executableResource:
            pending = (attributes.value(.apiFramework), attributes.value(.browserOptional), attributes.value(.type))
        case .creative:
            if body.creatives.count >= limits.maxCreativesPerAd {
                failMoreThan(.creativesPerAd, limits.maxCreativesPerAd, "creatives in one ad")
                return
            }
            mediaFilesInCreative = 0
            trackingInCreative = 0
            if inCreative { creative = VASTCreative() }
            inCreative = true
            attributes.scan { name, value in
                switch name {
                case .id: creative.id = value.string
                case .adId: creative.adId = value.string
                case .legacyAdID: if case .none = creative.adId { creative.adId = value.string }
                case .sequence: creative.sequence = value.int
                case .apiFramework: creative.apiFramework = value.string
                default: break
                }
            }
        case .universalAdId:
            pending = (attributes.value(.idRegistry), attributes.value(.idValue), nil)
        case .linear:
            var newLinear = VASTLinear()
            if let skip = attributes.value(.skipoffset) {
                newLinear.skipOffset = VASTOffset(parsing: skip)
                if newLinear.skipOffset == nil { warn("<Linear> has an invalid skipoffset '\(skip)'") }
            }
            linear = newLinear
        case .adParameters:
            pending.a = attributes.value(.xmlEncoded)
        case .mediaFile:
            mediaFilesInCreative += 1
            if mediaFilesInCreative > limits.maxMediaFilesPerCreative {
                failMoreThan(.mediaFilesPerCreative, limits.maxMediaFilesPerCreative, "media files in one creative")
                return
            }
            readMediaFileAttributes(attributes)
        case .mezzanine:
            readMediaFileAttributes(attributes)
        case .interactiveCreativeFile:
            pending = (attributes.value(.type), attributes.value(.apiFramework), attributes.value(.variableDuration))
        case .closedCaptionFile:
            pending = (attributes.value(.type), attributes.value(.language), nil)
        case .tracking:
            trackingInCreative += 1
            if trackingInCreative > limits.maxTrackingEventsPerCreative {
                failMoreThan(
                    .trackingEventsPerCreative, limits.maxTrackingEventsPerCreative, "tracking events in one creative")
                return
            }
            readTrackingAttributes(attributes)
        case .trackingEvents where parent == .linear:
            // Arrays grow 1, 2, 4, 8: reserving the usual size up front saves three reallocations per creative.
            if linear?.trackingEvents.isEmpty == true { linear?.trackingEvents.reserveCapacity(8) }
        case .mediaFiles:
            if linear?.mediaFiles.isEmpty == true { linear?.mediaFiles.reserveCapacity(4) }
        case .videoClicks:
            if case .some = linear, case .none = linear?.videoClicks { linear?.videoClicks = VASTVideoClicks() }
        case .icon:
            icon = VASTSAXBuilder.icon(attributes)
        case .iconClickFallbackImage:
            var image = VASTIconClickFallbackImage()
            image.width = attributes.int(.width)
            image.height = attributes.int(.height)
            fallbackImage = image
        case .staticResource:
            pending.a = attributes.value(.creativeType)
        case .nonLinearAds:
            nonLinearAds = VASTNonLinearAds()
        case .nonLinear:
            nonLinear = VASTSAXBuilder.nonLinear(attributes)
        case .companionAds:
            var ads = VASTCompanionAds()
            ads.required = attributes.value(.required)
            companionAds = ads
        case .companion:
            companion = VASTSAXBuilder.companion(attributes)
        case .extensionElement where parent == .extensions, .creativeExtension where parent == .creativeExtensions:
            openExtensionElement(localName, attributes)
        default:
            break
        }
    }

    // Elements with many attributes that most documents do not have: read out of line, so that the common
    // elements' code in `start` stays together.

    /// A `<Icon>` from its attributes.
    @inline(never)
    private static func icon(_ attributes: SAXAttributes) -> VASTIcon {
        var newIcon = VASTIcon()
        attributes.scan { name, value in
            switch name {
            case .program: newIcon.program = value.string
            case .width: newIcon.width = value.int
            case .height: newIcon.height = value.int
            case .xPosition: newIcon.xPosition = value.string
            case .yPosition: newIcon.yPosition = value.string
            case .duration: newIcon.duration = value.time
            case .offset: newIcon.offset = value.time
            case .apiFramework: newIcon.apiFramework = value.string
            case .pxratio: newIcon.pxratio = value.double
            default: break
            }
        }
        return newIcon
    }

    /// A `<NonLinear>` from its attributes.
    @inline(never)
    private static func nonLinear(_ attributes: SAXAttributes) -> VASTNonLinear {
        var item = VASTNonLinear()
        attributes.scan { name, value in
            switch name {
            case .id: item.id = value.string
            case .width: item.width = value.int
            case .height: item.height = value.int
            case .expandedWidth: item.expandedWidth = value.int
            case .expandedHeight: item.expandedHeight = value.int
            case .scalable: item.scalable = value.bool
            case .maintainAspectRatio: item.maintainAspectRatio = value.bool
            case .minSuggestedDuration: item.minSuggestedDuration = value.time
            case .apiFramework: item.apiFramework = value.string
            default: break
            }
        }
        return item
    }

    /// A `<Companion>` from its attributes.
    @inline(never)
    private static func companion(_ attributes: SAXAttributes) -> VASTCompanion {
        var item = VASTCompanion()
        attributes.scan { name, value in
            switch name {
            case .id: item.id = value.string
            case .width: item.width = value.int
            case .height: item.height = value.int
            case .assetWidth: item.assetWidth = value.int
            case .assetHeight: item.assetHeight = value.int
            case .expandedWidth: item.expandedWidth = value.int
            case .expandedHeight: item.expandedHeight = value.int
            case .apiFramework: item.apiFramework = value.string
            case .adSlotId: item.adSlotId = value.string
            case .legacyAdSlotID: item.adSlotId = item.adSlotId ?? value.string
            case .pxratio: item.pxratio = value.double
            case .renderingMode: item.renderingMode = value.string
            default: break
            }
        }
        return item
    }

    /// `<Tracking>`'s `event` and `offset`, in one pass over their bytes: a known event name is a string literal
    /// (no `String` built) with its 4.x name, a time offset is parsed where it lies.
    private mutating func readTrackingAttributes(_ attributes: SAXAttributes) {
        var event: (raw: String, modern: String)?
        var offset: (value: VASTOffset?, text: String?) = (nil, nil)
        attributes.scan { name, value in
            switch name {
            case .event:
                if let known = VASTEventName.lookup(value.bytes) {
                    event = known
                } else {
                    let raw = value.string
                    event = (raw, VASTTrackingEvent.modernName(for: raw))
                }
            case .offset:
                if let milliseconds = VASTTime.parse(value.trimmedBytes) {
                    offset = (.time(VASTTime(milliseconds: milliseconds)), nil)
                } else if let percent = VASTOffset.simplePercent(value.bytes), percent <= 100 {
                    offset = (.percent(percent), nil)
                } else {
                    let text = value.string
                    offset = (VASTOffset(parsing: text), text)
                }
            default: break
            }
        }
        trackingEvent = event
        trackingOffset = offset
    }

    /// `<MediaFile>` and `<Mezzanine>` attributes, in one pass.
    private mutating func readMediaFileAttributes(_ attributes: SAXAttributes) {
        // The pending file is empty here (reset when the previous one was appended): filled in place.
        attributes.scan { name, value in
            switch name {
            case .id: pendingMediaFile.id = value.string
            case .delivery: pendingMediaFile.delivery = value.string
            case .type: pendingMediaFile.type = value.string
            case .width: pendingMediaFile.width = value.int
            case .height: pendingMediaFile.height = value.int
            case .codec: pendingMediaFile.codec = value.string
            case .bitrate: pendingMediaFile.bitrate = value.int
            case .minBitrate: pendingMediaFile.minBitrate = value.int
            case .maxBitrate: pendingMediaFile.maxBitrate = value.int
            case .scalable: pendingMediaFile.scalable = value.bool
            case .maintainAspectRatio: pendingMediaFile.maintainAspectRatio = value.bool
            case .apiFramework: pendingMediaFile.apiFramework = value.string
            case .fileSize: pendingMediaFile.fileSize = value.int
            case .mediaType: pendingMediaFile.mediaType = value.string
            default: break
            }
        }
    }

    /// Ends a container. Finished objects are moved (`take()`, `consume`) into their parents, never copied:
    /// copying these large values costs a retain and a release for every reference they hold.
    private mutating func end(_ tag: VASTTag, parent: VASTTag?) {
        switch tag {
        case .ad:
            guard parent == .vast, inAd else { return }
            inAd = false
            if case .none = ad.inLine, case .none = ad.wrapper {
                droppedAds += 1
                let id = ad.id
                warn("<Ad\(id.map { " id=\"\($0)\"" } ?? "")> has neither <InLine> nor <Wrapper>; dropped")
                ad = VASTAd()
            } else {
                if adIsPlayable { playableAds += 1 }
                document.ads.append(moving: &ad, leaving: VASTAd())
            }
        case .inLine:
            guard parent == .ad else { return }
            if case .none = body.adSystem { warn("<InLine> has no <AdSystem>") }
            if case .none = body.adTitle { warn("<InLine> has no <AdTitle>") }
            if body.impressions.isEmpty { warn("<InLine> has no <Impression>") }
            if body.creatives.isEmpty { warn("<InLine> has no <Creative>") }
            if inAd {
                adIsPlayable = adIsPlayable || !body.creatives.isEmpty
                ad.inLine = body.makeInLine()
            }
        case .wrapper:
            guard parent == .ad else { return }
            if case .none = body.adSystem { warn("<Wrapper> has no <AdSystem>") }
            guard body.vastAdTagURI?.isEmpty == false else {
                warn("<Wrapper> has no <VASTAdTagURI>; the ad is unusable")
                return
            }
            guard inAd else { return }
            adIsPlayable = true
            ad.wrapper = body.makeWrapper(
                follow: wrapperFlags.follow,
                allowMultiple: wrapperFlags.allowMultiple,
                fallback: wrapperFlags.fallback
            )
        case .verification:
            if let finished = verification.take() { body.adVerifications.append(consume finished) }
        case .creative:
            if inCreative {
                inCreative = false
                creative.linear = linear.take()
                creative.nonLinearAds = nonLinearAds.take()
                creative.companionAds = companionAds.take()
                body.creatives.append(moving: &creative, leaving: VASTCreative())
            } else {
                linear = nil
                nonLinearAds = nil
                companionAds = nil
            }
        case .linear:
            guard inCreative, frames.contains(.inLine) else { return }
            if case .none = linear?.duration { warn("<Linear> has no valid <Duration>") }
            if linear?.mediaFiles.isEmpty == true, linear?.interactiveCreativeFiles.isEmpty == true {
                warn("<Linear> has no <MediaFile>")
            }
        case .icon:
            if let finished = icon.take() { linear?.icons.append(consume finished) }
        case .iconClickFallbackImage:
            if let finished = fallbackImage.take() { icon?.clickFallbackImages.append(consume finished) }
        case .nonLinear:
            if let finished = nonLinear.take() { nonLinearAds?.nonLinears.append(consume finished) }
        case .companion:
            if let finished = companion.take() { companionAds?.companions.append(consume finished) }
        default:
            break
        }
    }

    // MARK: - Text elements

    /// Keeps `bytes` as a model text: a view of the document's text storage when long (see ``VASTText``).
    @inline(never)
    private mutating func keep(_ bytes: UnsafeBufferPointer<UInt8>) -> VASTText {
        texts.text(bytes)
    }

    /// Ends a text element whose trimmed text is `bytes` (in the text buffer: valid until it is truncated). URLs
    /// and free text are kept as ``VASTText`` views, identifiers and numbers as `String`s or parsed values.
    /// Elements whose attributes were kept at their start (``pending``) end in ``endAttributedText(_:parent:_:)``.
    private mutating func endText(_ tag: VASTTag, parent: VASTTag?, _ bytes: UnsafeBufferPointer<UInt8>) {
        switch tag {
        case .error:
            guard !bytes.isEmpty else { return }
            if parent == .vast {
                document.errorURLTexts.append(keep(bytes))
            } else {
                body.errorURLs.append(keep(bytes))
            }
        case .adTitle:
            body.adTitle = keep(bytes)
        case .adServingId:
            body.adServingId = keep(bytes)
        case .description:
            body.description = keep(bytes)
        case .advertiser:
            body.advertiser = keep(bytes)
        case .vastAdTagURI:
            body.vastAdTagURI = keep(bytes)
        case .duration:
            if parent == .linear {
                let value = String(parsedUTF8: bytes)
                linear?.duration = VASTTime(parsing: value)
                if linear?.duration == nil { warn("<Duration> '\(value)' is not a valid time") }
            }
        case .mediaFile:
            pendingMediaFile.urlText = keep(bytes)
            if case .some = linear {
                linear?.mediaFiles.append(moving: &pendingMediaFile, leaving: VASTMediaFile())
            } else {
                pendingMediaFile = VASTMediaFile()
            }
        case .tracking:
            endTracking(bytes)
        case .companionClickThrough:
            let value = keep(bytes)
            companion?.clickThroughText = value
        case .expires, .viewable, .notViewable, .viewUndetermined, .verificationParameters, .mezzanine,
            .iconClickThrough, .iconViewTracking, .altText, .nonLinearClickThrough, .url:
            endRareText(tag, parent: parent, bytes)
        default:
            endAttributedText(tag, parent: parent, bytes)
        }
    }

    /// The text elements without kept attributes that few documents have, out of line.
    @inline(never)
    private mutating func endRareText(_ tag: VASTTag, parent: VASTTag?, _ bytes: UnsafeBufferPointer<UInt8>) {
        switch tag {
        case .expires:
            body.expires = Int(String(parsedUTF8: bytes))
        case .viewable:
            let value = keep(bytes)
            body.viewableImpression?.viewableTexts.append(value)
        case .notViewable:
            let value = keep(bytes)
            body.viewableImpression?.notViewableTexts.append(value)
        case .viewUndetermined:
            let value = keep(bytes)
            body.viewableImpression?.viewUndeterminedTexts.append(value)
        case .verificationParameters:
            let value = keep(bytes)
            verification?.verificationParametersText = value
        case .mezzanine:
            var mezzanine = VASTMezzanine()
            mezzanine.id = pendingMediaFile.id
            mezzanine.delivery = pendingMediaFile.delivery
            mezzanine.type = pendingMediaFile.type
            mezzanine.width = pendingMediaFile.width
            mezzanine.height = pendingMediaFile.height
            mezzanine.codec = pendingMediaFile.codec
            mezzanine.fileSize = pendingMediaFile.fileSize
            mezzanine.mediaType = pendingMediaFile.mediaType
            mezzanine.urlText = keep(bytes)
            pendingMediaFile = VASTMediaFile()
            linear?.mezzanines.append(mezzanine)
        case .iconClickThrough:
            let value = keep(bytes)
            icon?.clickThroughText = value
        case .iconViewTracking:
            let value = keep(bytes)
            icon?.viewTrackingTexts.append(value)
        case .altText:
            if parent == .iconClickFallbackImage {
                let value = keep(bytes)
                fallbackImage?.altTextValue = value
            } else {
                let value = keep(bytes)
                companion?.altTextValue = value
            }
        case .nonLinearClickThrough:
            let value = keep(bytes)
            nonLinear?.clickThroughText = value
        case .url:
            // The VAST 2.0 form `<VASTAdTagURL><URL>...</URL></VASTAdTagURL>` (R17): read like `<VASTAdTagURI>`, which
            // wins when a wrapper has both.
            if parent == .vastAdTagURL, body.vastAdTagURI?.isEmpty ?? true { body.vastAdTagURI = keep(bytes) }
        default:
            break
        }
    }

    /// Ends a text element that uses the attributes its start kept in ``pending``.
    private mutating func endAttributedText(_ tag: VASTTag, parent: VASTTag?, _ bytes: UnsafeBufferPointer<UInt8>) {
        // Moved out of the builder (a swap), not copied and then cleared: no retain and release per value.
        var taken: (a: String?, b: String?, c: String?) = (nil, nil, nil)
        swap(&taken, &pending)
        let (attributeA, pendingB, _) = taken
        switch tag {
        case .impression:
            guard !bytes.isEmpty else { return }
            body.impressions.append(VASTTrackingURL(id: attributeA, text: keep(bytes)))
        case .adSystem:
            body.adSystem = VASTAdSystem(name: String(parsedUTF8: bytes), version: attributeA)
        case .category:
            body.categories.append(VASTCategory(authority: attributeA, text: keep(bytes)))
        case .universalAdId:
            let value = String(parsedUTF8: bytes)
            let text = value.isEmpty || value == "unknown" ? (pendingB ?? value) : value
            if inCreative {
                creative.universalAdIds.append(
                    VASTUniversalAdId(idRegistry: attributeA, idValue: pendingB, value: text))
            }
        case .adParameters:
            let parameters = VASTAdParameters(
                xmlEncoded: attributeA.flatMap(VASTElement.parseBool), text: keep(bytes))
            switch parent {
            case .linear: linear?.adParameters = parameters
            case .nonLinear: nonLinear?.adParameters = parameters
            case .companion: companion?.adParameters = parameters
            default: break
            }
        case .clickThrough:
            if parent == .videoClicks {
                let value = keep(bytes)
                linear?.videoClicks?.clickThrough = VASTTrackingURL(id: attributeA, text: value)
            }
        case .clickTracking:
            if parent == .videoClicks, !bytes.isEmpty {
                let value = keep(bytes)
                linear?.videoClicks?.clickTrackings.append(VASTTrackingURL(id: attributeA, text: value))
            }
        case .customClick:
            if parent == .videoClicks, !bytes.isEmpty {
                let value = keep(bytes)
                linear?.videoClicks?.customClicks.append(VASTTrackingURL(id: attributeA, text: value))
            }
        case .staticResource, .iFrameResource, .htmlResource:
            let kind: VASTResource.Kind = tag == .staticResource ? .static : tag == .iFrameResource ? .iFrame : .html
            let resource = VASTResource(kind: kind, creativeType: attributeA, text: keep(bytes))
            switch parent {
            case .icon: icon?.resources.append(resource)
            case .nonLinear: nonLinear?.resources.append(resource)
            case .companion: companion?.resources.append(resource)
            case .iconClickFallbackImage: fallbackImage?.staticResourceText = resource.valueText
            default: break
            }
        case .nonLinearClickTracking:
            let value = keep(bytes)
            nonLinear?.clickTrackings.append(VASTTrackingURL(id: attributeA, text: value))
        case .companionClickTracking:
            let value = keep(bytes)
            companion?.clickTrackings.append(VASTTrackingURL(id: attributeA, text: value))
        case .pricing, .blockedAdCategories, .javaScriptResource, .executableResource, .interactiveCreativeFile,
            .closedCaptionFile, .iconClickTracking:
            endRareAttributedText(tag, bytes, taken)
        default:
            break
        }
    }

    /// The text elements with kept attributes that few documents have, out of line, like the rare elements in
    /// ``start(_:parent:localName:_:)``.
    @inline(never)
    private mutating func endRareAttributedText(
        _ tag: VASTTag, _ bytes: UnsafeBufferPointer<UInt8>, _ taken: (a: String?, b: String?, c: String?)
    ) {
        let (attributeA, pendingB, pendingC) = taken
        switch tag {
        case .pricing:
            body.pricing = VASTPricing(
                model: attributeA, currency: pendingB, value: DecimalNumber.value(String(parsedUTF8: bytes)))
        case .blockedAdCategories:
            for code in String(parsedUTF8: bytes).split(separator: ",") {
                body.blockedAdCategories.append(
                    VASTCategory(authority: attributeA, code: code.trimmingASCIIWhitespace()))
            }
        case .javaScriptResource, .executableResource:
            var resource = VASTVerificationResource()
            resource.apiFramework = attributeA
            resource.browserOptional = pendingB.flatMap(VASTElement.parseBool)
            resource.type = pendingC
            resource.urlText = keep(bytes)
            if tag == .javaScriptResource {
                verification?.javaScriptResources.append(resource)
            } else {
                verification?.executableResources.append(resource)
            }
        case .interactiveCreativeFile:
            var file = VASTInteractiveCreativeFile()
            file.type = attributeA
            file.apiFramework = pendingB
            file.variableDuration = pendingC.flatMap(VASTElement.parseBool)
            file.urlText = keep(bytes)
            linear?.interactiveCreativeFiles.append(file)
        case .closedCaptionFile:
            var file = VASTClosedCaptionFile()
            file.type = attributeA
            file.language = pendingB
            file.urlText = keep(bytes)
            linear?.closedCaptionFiles.append(file)
        case .iconClickTracking:
            let value = keep(bytes)
            icon?.clickTrackings.append(VASTTrackingURL(id: attributeA, text: value))
        default:
            break
        }
    }

    private mutating func endTracking(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let event = trackingEvent.take(), !bytes.isEmpty else { return }
        let (offset, offsetText) = trackingOffset
        trackingOffset = (nil, nil)
        if offset == nil, let offsetText {
            warn("<Tracking event=\"\(event.raw)\"> has an invalid offset '\(offsetText)'")
        }
        let tracking = VASTTrackingEvent(event: event.modern, rawEvent: event.raw, text: keep(bytes), offset: offset)
        // <Tracking> sits in <TrackingEvents>, whose parent says which creative it belongs to. The event is moved
        // (`consume`) into its list: a copy would retain the text's storage and release it again.
        switch frames.below(1)?.tag ?? .unknown {
        case .verification: verification?.trackingEvents.append(consume tracking)
        case .linear: linear?.trackingEvents.append(consume tracking)
        case .nonLinearAds: nonLinearAds?.trackingEvents.append(consume tracking)
        case .companion: companion?.trackingEvents.append(consume tracking)
        default: break
        }
    }

    // MARK: - Extension subtrees

    /// Opens an element of an extension subtree (one copy of this code for both places that open one).
    @inline(never)
    private mutating func openExtensionElement(_ localName: UnsafePointer<xmlChar>, _ attributes: SAXAttributes) {
        generic.append(VASTElement(name: String(cString: localName), attributes: attributes.all()))
    }

    private mutating func endGeneric(_ frame: Frame) {
        guard var element = generic.popLast() else { return }
        // The element's frame says where its text starts.
        let textStart = frame.textStart
        element.content = keep(text.trimmed(from: textStart))
        text.truncate(to: textStart)
        if !generic.isEmpty {
            generic[generic.count - 1].children.append(moving: &element, leaving: VASTElement(name: ""))
            return
        }
        if frame.tag == .creativeExtension {
            if inCreative { creative.creativeExtensions.append(moving: &element, leaving: VASTElement(name: "")) }
        } else {
            // Checked in place (no copy of the attribute), before the element is moved into the body.
            if element.attributes.contains(where: { $0.name == "type" && $0.value == "AdVerifications" }) {
                body.adVerifications += element.descendants(named: "Verification").map(
                    VASTSAXBuilder.verification(from:))
            }
            body.extensions.append(moving: &element, leaving: VASTElement(name: ""))
        }
    }

    /// The VAST 2/3 form: `<Extension type="AdVerifications"><AdVerifications><Verification ...>`.
    static func verification(from element: VASTElement) -> VASTVerification {
        var result = VASTVerification()
        result.vendor = element.attribute("vendor")
        for child in element.children {
            var resource = VASTVerificationResource()
            resource.apiFramework = child.attribute("apiFramework")
            resource.browserOptional = child.attribute("browserOptional").flatMap(VASTElement.parseBool)
            resource.type = child.attribute("type")
            resource.urlText = child.content
            switch child.name {
            case "JavaScriptResource": result.javaScriptResources.append(resource)
            case "ExecutableResource": result.executableResources.append(resource)
            case "VerificationParameters": result.verificationParametersText = child.content
            case "TrackingEvents":
                for tracking in child.children where tracking.name == "Tracking" {
                    guard let event = tracking.attribute("event") else { continue }
                    result.trackingEvents.append(
                        VASTTrackingEvent(
                            event: VASTTrackingEvent.modernName(for: event), rawEvent: event, text: tracking.content,
                            offset: nil))
                }
            default: break
            }
        }
        return result
    }
}

extension Array {
    /// Appends `value`, moved out of its place, and puts `empty` there: no retain or release of the references
    /// `value` holds (appending a copy would retain each of them, and resetting the original release them), and
    /// two copies of its bytes where a `swap` makes four.
    @inline(__always)
    mutating func append(moving value: inout Element, leaving empty: Element) {
        withUnsafeMutablePointer(to: &value) { place in
            append(place.move())
            place.initialize(to: empty)
        }
    }
}
