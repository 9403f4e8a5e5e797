extension VASTSAXBuilder {
    // Elements with many attributes that most documents do not have: read out of line, so that the common
    // elements' code in `start` stays together.

    /// A `<Icon>` from its attributes.
    @inline(never)
    static func icon(_ attributes: SAXAttributes) -> VASTIcon {
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
    static func nonLinear(_ attributes: SAXAttributes) -> VASTNonLinear {
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
    static func companion(_ attributes: SAXAttributes) -> VASTCompanion {
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
    mutating func readTrackingAttributes(_ attributes: SAXAttributes) {
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
    mutating func readMediaFileAttributes(_ attributes: SAXAttributes) {
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
}
