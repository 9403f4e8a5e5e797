import CLibXML2

extension VASTSAXBuilder {
    // MARK: - The root

    mutating func startRoot(_ tag: VASTTag, localName: UnsafePointer<xmlChar>, _ attributes: SAXAttributes) {
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
}
