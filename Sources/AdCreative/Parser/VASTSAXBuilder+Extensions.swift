import CLibXML2

extension VASTSAXBuilder {
    // MARK: - Extension subtrees

    /// Opens an element of an extension subtree (one copy of this code for both places that open one).
    @inline(never)
    mutating func openExtensionElement(_ localName: UnsafePointer<xmlChar>, _ attributes: SAXAttributes) {
        generic.append(VASTElement(name: String(cString: localName), attributes: attributes.all()))
    }

    mutating func endGeneric(_ frame: Frame) {
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
