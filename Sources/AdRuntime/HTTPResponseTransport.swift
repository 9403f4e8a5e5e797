public import AdCore
import AdCreative
import AdVAST
public import Foundation

/// The live transport: fetches each provider's ad response over HTTP(S) through ``HTTPFetcher``
/// (the one URLSession client of AdBridge: scheme policy, body cap, redirects, timeouts).
///
/// Each provider has an endpoint template; `{adUnit}` is replaced by the percent-encoded ad unit ID, and the
/// request's parameters (rule Y21) are appended as query items in key order. A request with an explicit URL (a
/// wrapper hop, an image: a URL written in a response) fetches that URL after checking it against the fetcher's
/// ``HTTPFetcher/addresses`` (R9; refused with `refusedURL`, VAST 301, before anything is sent); the endpoint is the
/// app's own URL and is not checked, but a redirect from it is, as every redirect is. An empty body (HTTP 204) is no fill; a `Content-Type` the request's
/// payload cannot be (HTML or JSON for an ad response) is an invalid response (R15, `TransportPayload`).
///
/// ```swift
/// let transport = HTTPResponseTransport(endpoints: [
///     "yandex": "https://ads.example.com/yandex/{adUnit}.xml",
///     "ifly": "https://ads.example.com/ifly?unit={adUnit}",
/// ])
/// ```
public struct HTTPResponseTransport: ResponseTransport {
    /// Endpoint templates per provider, with `{adUnit}` where the ad unit ID goes.
    public var endpoints: [ProviderID: String]
    /// The HTTP client.
    public var fetcher: HTTPFetcher

    /// Creates a transport.
    public init(endpoints: [ProviderID: String], fetcher: HTTPFetcher = HTTPFetcher()) {
        self.endpoints = endpoints
        self.fetcher = fetcher
    }

    /// The URL a request is fetched from.
    ///
    /// - Throws: `invalidRequest` when the provider has no endpoint; `refusedURL` for a non-http(s) URL.
    public func url(for request: TransportRequest) throws(AdError) -> URL {
        if let explicit = request.url { return try validate(explicit, request) }
        guard let template = endpoints[request.providerID] else {
            let known = endpoints.keys.map(\.rawValue).sorted().joined(separator: ", ")
            throw AdError(
                .invalidRequest, "No endpoint is configured for provider '\(request.providerID)' (known: \(known)).",
                providerID: request.providerID, hint: "Add an endpoint template with {adUnit} for this provider.")
        }
        let unit = request.adUnitID.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed.subtracting(["/"]))
        // `{adUnit}` may arrive percent-encoded when the template was built with URL APIs.
        let filled = template.replacingOccurrences(of: "{adUnit}", with: unit ?? "")
            .replacingOccurrences(of: "%7BadUnit%7D", with: unit ?? "")
        let base = try validate(filled, request)
        guard !request.parameters.isEmpty else { return base }
        guard var components = URLComponents(url: base, resolvingAgainstBaseURL: false) else {
            throw AdError(
                .invalidRequest, "Endpoint '\(template)' is not a valid URL.", providerID: request.providerID,
                hint: "Write the endpoint as an absolute https URL.")
        }
        let extra = request.parameters.sorted { $0.key < $1.key }.map { URLQueryItem(name: $0.key, value: $0.value) }
        components.queryItems = (components.queryItems ?? []) + extra
        guard let url = components.url else {
            throw AdError(
                .invalidRequest, "The request parameters do not form a valid URL.", providerID: request.providerID,
                hint: "Check the parameter names and values.")
        }
        return url
    }

    private func validate(_ string: String, _ request: TransportRequest) throws(AdError) -> URL {
        do throws(VASTError) {
            return try VASTURLPolicy.validate(string)
        } catch {
            throw AdError(error, providerID: request.providerID)
        }
    }

    /// Fetches the response for a request; an explicit URL is checked against ``HTTPFetcher/addresses`` first.
    ///
    /// - Throws: ``url(for:)``'s errors; `refusedURL` (VAST 301) for an explicit URL or a redirect target the
    ///   fetcher's address policy refuses; the fetcher's errors; `invalidResponse` for a `Content-Type` the payload
    ///   cannot be; `noFill` for an empty body.
    public func fetch(_ request: TransportRequest) async throws(AdError) -> TransportResponse {
        let url = try url(for: request)
        let fetched: HTTPBody
        do {
            fetched = try await fetcher.fetch(url, timeout: request.timeout, fromResponse: request.url != nil)
        } catch {
            var attributed = error
            attributed.providerID = attributed.providerID ?? request.providerID
            throw attributed
        }
        if request.payload.refuses(mediaType: fetched.mediaType) {
            throw AdError(
                .invalidResponse,
                "\(url.absoluteString) answered with Content-Type \(fetched.mediaType ?? "-"), which cannot be "
                    + (request.payload == .document ? "an XML ad response." : "an image or a video."),
                providerID: request.providerID, vastCode: request.payload == .document ? 100 : nil,
                hint: "Check the endpoint: a web page or JSON in place of the ad server's answer is the wrong URL or "
                    + "a failing server.")
        }
        let body = fetched.bytes
        guard !body.isEmpty else {
            throw AdError(
                .noFill, "\(url.absoluteString) answered with an empty body.", providerID: request.providerID,
                hint: "No ad was available for this request; try again later or another provider.")
        }
        return TransportResponse(body: [UInt8](body), sourceURL: url.absoluteString)
    }
}
