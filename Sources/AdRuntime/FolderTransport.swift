public import AdCore
import AdCreative
public import Foundation

/// A ``ResponseTransport`` that serves a folder as if it were a web server: a request for
/// `https://host/base/a/b.xml` is answered with `directory/a/b.xml`. Only http(s) URLs below `baseURL` are answered;
/// nothing outside the folder is ever read. `adsim parse --resolve` follows relative wrapper URIs through it.
///
/// ```swift
/// let transport = FolderTransport(
///     baseURL: URL(string: "https://ads.example.test/")!,
///     directory: URL(fileURLWithPath: "Fixtures/vast")
/// )
/// ```
public struct FolderTransport: ResponseTransport {
    /// The URL prefix the folder stands for.
    public var baseURL: URL
    /// The folder.
    public var directory: URL
    /// The largest file served.
    public var maxBytes: Int

    /// Creates a transport serving `directory` at `baseURL`.
    public init(baseURL: URL, directory: URL, maxBytes: Int = 1 << 20) {
        self.baseURL = baseURL
        self.directory = directory
        self.maxBytes = maxBytes
    }

    /// Whether `url` is below ``baseURL`` (a request this transport answers).
    public func serves(_ url: String) -> Bool { url.hasPrefix(base) }

    private var base: String {
        baseURL.absoluteString.hasSuffix("/") ? baseURL.absoluteString : baseURL.absoluteString + "/"
    }

    /// Reads the file the request's URL maps to.
    ///
    /// - Throws: `invalidRequest` for a request without a URL; `refusedURL` for a non-http(s) URL; `network` with
    ///   `providerCode` 404 when there is no such file below the folder; `limitExceeded` over ``maxBytes``.
    public func fetch(_ request: TransportRequest) async throws(AdError) -> TransportResponse {
        guard let target = request.url else {
            throw AdError(
                .invalidRequest, "A folder transport serves URLs; the request for '\(request.adUnitID)' has none.",
                providerID: request.providerID, hint: "Give the request a URL below \(base).")
        }
        do throws(VASTError) {
            _ = try VASTURLPolicy.validate(target)
        } catch {
            throw AdError(error, providerID: request.providerID)
        }
        guard target.hasPrefix(base) else {
            throw notFound(target, request, "it is outside \(base)")
        }
        let relative = String(target.dropFirst(base.count)).split(separator: "?").first.map(String.init) ?? ""
        let components = relative.split(separator: "/").map { $0.removingPercentEncoding ?? String($0) }
        guard !components.isEmpty, !components.contains(where: { $0 == ".." || $0 == "." || $0.isEmpty }) else {
            throw notFound(target, request, "the path is empty or climbs out of the folder")
        }
        let file = components.reduce(directory) { $0.appendingPathComponent($1) }
        guard let handle = try? FileHandle(forReadingFrom: file) else {
            throw notFound(target, request, "there is no such file")
        }
        defer { try? handle.close() }
        guard let data = try? handle.read(upToCount: maxBytes + 1) else {
            return TransportResponse(body: [], sourceURL: target)
        }
        if data.count > maxBytes {
            throw AdError(
                VASTLimit.bodyBytes.error("The body of \(target)", limit: maxBytes), providerID: request.providerID)
        }
        return TransportResponse(body: [UInt8](data), sourceURL: target)
    }

    private func notFound(_ target: String, _ request: TransportRequest, _ why: String) -> AdError {
        AdError(
            .network, "HTTP 404 for \(target): \(why).", providerID: request.providerID, providerCode: 404,
            hint: "Serve only files inside \(directory.path), addressed below \(base).")
    }
}
