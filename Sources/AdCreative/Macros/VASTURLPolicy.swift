public import Foundation

/// The one rule for every URL AdBridge fetches or pings: only `https` and `http`. Anything else (`file:`,
/// `javascript:`, `data:`, `ftp:`) is refused with `VASTError.Kind.refusedURL`, except a `data:` URI of a VAST 4.3
/// `<InteractiveCreativeFile>` when the caller allows it.
///
/// ```swift
/// let url = try VASTURLPolicy.validate("https://ads.example.com/vast.xml")
/// _ = try? VASTURLPolicy.validate("file:///etc/passwd")  // throws refusedURL
/// ```
public enum VASTURLPolicy {
    /// Returns `string` as a URL when it may be fetched or pinged, or throws `refusedURL`.
    ///
    /// - Parameters:
    ///   - string: the URL as the response wrote it (surrounding ASCII whitespace is ignored).
    ///   - allowDataURI: accept a `data:` URI (only for a VAST 4.3 `<InteractiveCreativeFile>`).
    public static func validate(_ string: String, allowDataURI: Bool = false) throws(VASTError) -> URL {
        let trimmed = string.trimmingASCIIWhitespace()
        guard let url = URL(string: trimmed), let scheme = url.scheme?.lowercased() else {
            throw VASTError(
                .refusedURL,
                "'\(trimmed.prefix(120))' is not an absolute URL.",
                hint: "Only absolute http(s) URLs are fetched or pinged."
            )
        }
        try check(url, scheme: scheme, allowDataURI: allowDataURI)
        return url
    }

    /// Throws `refusedURL` unless `url` is `http`/`https` with a host (or an allowed `data:` URI).
    public static func validate(_ url: URL, allowDataURI: Bool = false) throws(VASTError) {
        try check(url, scheme: url.scheme?.lowercased() ?? "", allowDataURI: allowDataURI)
    }

    private static func check(_ url: URL, scheme: String, allowDataURI: Bool) throws(VASTError) {
        switch scheme {
        case "http", "https":
            guard let host = url.host, !host.isEmpty else {
                throw VASTError(.refusedURL, "'\(url.absoluteString.prefix(120))' has no host.")
            }
        case "data" where allowDataURI:
            return
        default:
            throw VASTError(
                .refusedURL,
                "The '\(scheme)' scheme is refused: only http and https URLs are fetched or pinged.",
                hint: "A creative asked for a non-web URL (\(url.absoluteString.prefix(60))); it is never loaded."
            )
        }
    }
}
