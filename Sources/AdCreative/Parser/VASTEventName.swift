import Foundation

/// The tracking event names of VAST 2.0-4.3, recognised on an attribute's bytes and returned as string literals:
/// a `<Tracking event="...">` with a known name builds no `String` at all, and its 4.x name comes with it.
enum VASTEventName {
    /// `(rawEvent, event)` for a known event name; `nil` for any other (the caller builds the `String`).
    static func lookup(_ raw: UnsafeBufferPointer<UInt8>) -> (raw: String, modern: String)? {
        guard let base = raw.baseAddress, let first = raw.first else { return nil }
        func matches(_ name: StaticString) -> Bool {
            raw.count == name.utf8CodeUnitCount && memcmp(base, name.utf8Start, raw.count) == 0
        }
        switch first {
        case UInt8(ascii: "a"):
            if matches("acceptInvitation") { return ("acceptInvitation", "acceptInvitation") }
            if matches("acceptInvitationLinear") { return ("acceptInvitationLinear", "acceptInvitationLinear") }
            if matches("adExpand") { return ("adExpand", "adExpand") }
            if matches("adCollapse") { return ("adCollapse", "adCollapse") }
        case UInt8(ascii: "c"):
            if matches("complete") { return ("complete", "complete") }
            if matches("creativeView") { return ("creativeView", "creativeView") }
            if matches("close") { return ("close", "close") }
            if matches("closeLinear") { return ("closeLinear", "closeLinear") }
            if matches("collapse") { return ("collapse", "playerCollapse") }
        case UInt8(ascii: "e"):
            if matches("exitFullscreen") { return ("exitFullscreen", "playerCollapse") }
            if matches("expand") { return ("expand", "playerExpand") }
        case UInt8(ascii: "f"):
            if matches("firstQuartile") { return ("firstQuartile", "firstQuartile") }
            if matches("fullscreen") { return ("fullscreen", "playerExpand") }
        case UInt8(ascii: "i"):
            if matches("interactiveStart") { return ("interactiveStart", "interactiveStart") }
        case UInt8(ascii: "l"):
            if matches("loaded") { return ("loaded", "loaded") }
        case UInt8(ascii: "m"):
            if matches("midpoint") { return ("midpoint", "midpoint") }
            if matches("mute") { return ("mute", "mute") }
            if matches("minimize") { return ("minimize", "minimize") }
        case UInt8(ascii: "n"):
            if matches("notUsed") { return ("notUsed", "notUsed") }
        case UInt8(ascii: "o"):
            if matches("otherAdInteraction") { return ("otherAdInteraction", "otherAdInteraction") }
            if matches("overlayViewDuration") { return ("overlayViewDuration", "overlayViewDuration") }
        case UInt8(ascii: "p"):
            if matches("progress") { return ("progress", "progress") }
            if matches("pause") { return ("pause", "pause") }
            if matches("playerExpand") { return ("playerExpand", "playerExpand") }
            if matches("playerCollapse") { return ("playerCollapse", "playerCollapse") }
        case UInt8(ascii: "r"):
            if matches("resume") { return ("resume", "resume") }
            if matches("rewind") { return ("rewind", "rewind") }
        case UInt8(ascii: "s"):
            if matches("start") { return ("start", "start") }
            if matches("skip") { return ("skip", "skip") }
        case UInt8(ascii: "t"):
            if matches("thirdQuartile") { return ("thirdQuartile", "thirdQuartile") }
            if matches("timeSpentViewing") { return ("timeSpentViewing", "timeSpentViewing") }
        case UInt8(ascii: "u"):
            if matches("unmute") { return ("unmute", "unmute") }
        case UInt8(ascii: "v"):
            if matches("verificationNotExecuted") { return ("verificationNotExecuted", "verificationNotExecuted") }
        default:
            break
        }
        return nil
    }
}
