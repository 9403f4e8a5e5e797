import CLibXML2

extension VASTSAXBuilder {
    // MARK: - Containers and attribute-carrying elements

    mutating func start(
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

    /// Ends a container. Finished objects are moved (`take()`, `consume`) into their parents, never copied:
    /// copying these large values costs a retain and a release for every reference they hold.
    mutating func end(_ tag: VASTTag, parent: VASTTag?) {
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
}
