extension VASTSAXBuilder {
    // MARK: - Text elements

    /// Keeps `bytes` as a model text: a view of the document's text storage when long (see ``VASTText``).
    @inline(never)
    mutating func keep(_ bytes: UnsafeBufferPointer<UInt8>) -> VASTText {
        texts.text(bytes)
    }

    /// Ends a text element whose trimmed text is `bytes` (in the text buffer: valid until it is truncated). URLs
    /// and free text are kept as ``VASTText`` views, identifiers and numbers as `String`s or parsed values.
    /// Elements whose attributes were kept at their start (``pending``) end in ``endAttributedText(_:parent:_:)``.
    mutating func endText(_ tag: VASTTag, parent: VASTTag?, _ bytes: UnsafeBufferPointer<UInt8>) {
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
}
