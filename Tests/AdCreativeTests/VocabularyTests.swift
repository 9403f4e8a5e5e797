import CLibXML2
import Testing

@testable import AdCreative

@Suite("The interned VAST vocabulary: names recognised by pointer, bytes as the fallback")
struct VocabularyTests {
    static func bytes(_ name: String) -> [UInt8] { Array(name.utf8) + [0] }

    @Test("A parse context adopts the shared dictionary: VAST names come back as its pointers and hit the table")
    func contextInternsThroughTheSharedDictionary() throws {
        let vocabulary = VASTVocabulary.shared
        let context = try #require(xmlCreatePushParserCtxt(nil, nil, nil, 0, nil))
        defer { xmlFreeParserCtxt(context) }
        #expect(vocabulary.adopt(context))
        for (name, tag) in VASTTag.byName {
            let interned = try #require(xmlDictLookup(context.pointee.dict, name, -1))
            #expect(vocabulary.isInterned(interned), "\(name)")
            #expect(vocabulary.tag(interned) == tag, "\(name)")
        }
        for attribute in VASTAttributeName.allCases {
            let interned = try #require(xmlDictLookup(context.pointee.dict, attribute.name, -1))
            #expect(vocabulary.isInterned(interned), "\(attribute.name)")
            #expect(vocabulary.attribute(interned) == attribute, "\(attribute.name)")
        }
        // A name outside the vocabulary goes into the context's own dictionary, never into the shared one.
        let custom = try #require(xmlDictLookup(context.pointee.dict, "X-Custom", -1))
        #expect(!vocabulary.isInterned(custom))
        #expect(vocabulary.tag(custom) == .unknown)
    }

    @Test("Names that are not the interned pointers still resolve, through their bytes")
    func fallbackOnBytes() {
        let vocabulary = VASTVocabulary.shared
        for (name, tag) in VASTTag.byName {
            let bytes = Self.bytes(name)
            bytes.withUnsafeBufferPointer { buffer in
                guard let base = buffer.baseAddress else { return }
                #expect(!vocabulary.isInterned(base))
                #expect(vocabulary.tag(base) == tag, "\(name)")
            }
        }
        for attribute in VASTAttributeName.allCases {
            Self.bytes(attribute.name).withUnsafeBufferPointer { buffer in
                guard let base = buffer.baseAddress else { return }
                #expect(vocabulary.attribute(base) == attribute, "\(attribute.name)")
            }
        }
        Self.bytes("Tracking-X").withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            #expect(vocabulary.tag(base) == .unknown)
            #expect(vocabulary.attribute(base) == nil)
        }
    }

    @Test("Every name the parser interns is public through VASTParser.vocabulary, each once")
    func vocabularyIsPublished() {
        let names = VASTParser.vocabulary
        #expect(Set(names).count == names.count)
        #expect(Set(VASTTag.byName.keys).isSubset(of: names))
        #expect(Set(VASTAttributeName.allCases.map(\.name)).isSubset(of: names))
        #expect(names.contains("http://www.iab.com/VAST"))
    }

    @Test("Known tracking event names are literals with their 4.x names; anything else is left to the caller")
    func eventNames() {
        let known = [
            "mute", "unmute", "pause", "resume", "rewind", "skip", "playerExpand", "playerCollapse", "notUsed",
            "loaded", "start", "firstQuartile", "midpoint", "thirdQuartile", "complete", "otherAdInteraction",
            "progress", "closeLinear", "creativeView", "acceptInvitation", "adExpand", "adCollapse", "minimize",
            "close", "overlayViewDuration", "interactiveStart", "timeSpentViewing", "acceptInvitationLinear",
            "verificationNotExecuted", "fullscreen", "exitFullscreen", "expand", "collapse",
        ]
        for name in known {
            let found = Array(name.utf8).withUnsafeBufferPointer { VASTEventName.lookup($0) }
            #expect(found?.raw == name, "\(name)")
            #expect(found?.modern == VASTTrackingEvent.modernName(for: name), "\(name)")
        }
        for name in ["", "Start", "start ", " start", "starts", "star", "fullScreen", "x", "complete\u{0}"] {
            let found = Array(name.utf8).withUnsafeBufferPointer { VASTEventName.lookup($0) }
            #expect(found == nil, "\(name)")
        }
    }

    @Test("A tracking event keeps an unusual name and offset as written; an invalid offset is a warning")
    func unusualTrackingAttributes() throws {
        let xml = """
            <VAST version="4.0"><Ad><InLine><AdSystem>s</AdSystem><AdTitle>t</AdTitle>
            <Impression>https://i.example/</Impression><Creatives><Creative><Linear><Duration>00:00:10</Duration>
            <TrackingEvents>
            <Tracking event=" start ">https://t.example/a</Tracking>
            <Tracking event="customEvent" offset="25%">https://t.example/b</Tracking>
            <Tracking event="progress" offset=" 00:00:05.500 ">https://t.example/c</Tracking>
            <Tracking event="progress" offset="soon">https://t.example/d</Tracking>
            <Tracking event="fullscreen">https://t.example/e</Tracking>
            </TrackingEvents>
            <MediaFiles><MediaFile delivery="progressive" type="video/mp4">https://m.example/v.mp4</MediaFile></MediaFiles>
            </Linear></Creative></Creatives></InLine></Ad></VAST>
            """
        let document = try VASTParser().parse(xml)
        let events = try #require(document.ads.first?.creatives.first?.linear?.trackingEvents)
        #expect(events.map(\.rawEvent) == [" start ", "customEvent", "progress", "progress", "fullscreen"])
        #expect(events.map(\.event) == [" start ", "customEvent", "progress", "progress", "playerExpand"])
        #expect(events.map(\.offset) == [nil, .percent(25), .time(VASTTime(milliseconds: 5500)), nil, nil])
        #expect(document.warnings.map(\.message) == ["<Tracking event=\"progress\"> has an invalid offset 'soon'"])
    }
}
