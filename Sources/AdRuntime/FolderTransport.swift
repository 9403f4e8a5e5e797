public import AdCore
import AdCreative
import AdVAST
public import Foundation

/// A `ResponseTransport` that serves a folder as if it were a web server: a request for
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
    /// - Throws: `invalidRequest` for a request without a URL; `refusedURL` for a non-http(s) URL (a `file:` URL, a
    ///   relative path); `network` with `providerCode` 404 when there is no such file below the folder, 403 for a
    ///   path that would leave it, a symbolic link or a special file; `limitExceeded` over ``maxBytes``.
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
        var relative = Substring(target.dropFirst(base.count))
        if let end = relative.firstIndex(where: { $0 == "?" || $0 == "#" }) { relative = relative[..<end] }
        // R7: split first, then decode each component, and refuse a component that decodes to a separator, `.`,
        // `..` or NUL: `..%2Foutside%2Fsecret.xml` is one component that would climb out, so it is refused.
        let decoded = relative.split(separator: "/", omittingEmptySubsequences: false).map {
            $0.removingPercentEncoding
        }
        let components = decoded.compactMap { $0 }
        guard components.count == decoded.count, components.allSatisfy(SafeFileReader.isPlain) else {
            throw refused(target, request, "the path climbs out of the folder or is not a plain file name")
        }
        let bytes: [UInt8]
        do throws(SafeFileReader.Failure) {
            bytes = try SafeFileReader.read(components, in: directory, maxBytes: maxBytes)
        } catch {
            switch error {
            case .missing: throw notFound(target, request, "there is no such file")
            case .unsafeName: throw refused(target, request, "the path climbs out of the folder")
            case .symbolicLink(let name): throw refused(target, request, "\(name) is a symbolic link, never followed")
            case .notRegularFile(let name):
                throw refused(target, request, "\(name) is not a regular file (a FIFO, a device or a folder)")
            case .tooLarge:
                throw AdError(
                    VASTLimit.bodyBytes.error("The body of \(target)", limit: maxBytes), providerID: request.providerID)
            case .unreadable(let code):
                throw AdError(
                    .network, "Reading \(target) failed (errno \(code)).", providerID: request.providerID,
                    hint: "Check the permissions of the files in \(directory.path).")
            }
        }
        return TransportResponse(body: bytes, sourceURL: target)
    }

    private func refused(_ target: String, _ request: TransportRequest, _ why: String) -> AdError {
        AdError(
            .network, "HTTP 403 for \(target): \(why).", providerID: request.providerID, providerCode: 403,
            hint: "Serve only regular files inside \(directory.path), addressed below \(base); links and special "
                + "files are never read (R7).")
    }

    private func notFound(_ target: String, _ request: TransportRequest, _ why: String) -> AdError {
        AdError(
            .network, "HTTP 404 for \(target): \(why).", providerID: request.providerID, providerCode: 404,
            hint: "Serve only files inside \(directory.path), addressed below \(base).")
    }
}
