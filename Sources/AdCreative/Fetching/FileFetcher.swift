public import Foundation

/// A ``VASTFetcher`` that serves a folder as if it were a web server: `https://host/base/a/b.xml` is read from
/// `directory/a/b.xml`. Only http(s) URLs below `baseURL` are answered; `..` never escapes the folder.
///
/// ```swift
/// let fetcher = FileFetcher(
///     baseURL: URL(string: "https://ads.example.test/")!,
///     directory: URL(fileURLWithPath: "Fixtures/vast")
/// )
/// ```
public struct FileFetcher: VASTFetcher {
    /// The URL prefix the folder stands for.
    public var baseURL: URL
    /// The folder.
    public var directory: URL
    /// The largest file served.
    public var maxBytes: Int

    /// Creates a fetcher serving `directory` at `baseURL`.
    public init(baseURL: URL, directory: URL, maxBytes: Int = 1 << 20) {
        self.baseURL = baseURL
        self.directory = directory
        self.maxBytes = maxBytes
    }

    /// Reads the file that `url` maps to; 404 (`.network`) when there is none.
    public func fetch(_ url: URL, timeout: Duration) async throws(VASTError) -> Data {
        try VASTURLPolicy.validate(url)
        let base = baseURL.absoluteString.hasSuffix("/") ? baseURL.absoluteString : baseURL.absoluteString + "/"
        let target = url.absoluteString
        guard target.hasPrefix(base) else {
            throw VASTError(.network, "HTTP 404 for \(target): outside \(base).", status: 404)
        }
        let relative = String(target.dropFirst(base.count)).split(separator: "?").first.map(String.init) ?? ""
        let components = relative.split(separator: "/").map { $0.removingPercentEncoding ?? String($0) }
        guard !components.isEmpty, !components.contains(where: { $0 == ".." || $0 == "." || $0.isEmpty }) else {
            throw VASTError(.network, "HTTP 404 for \(target).", status: 404)
        }
        let file = components.reduce(directory) { $0.appendingPathComponent($1) }
        guard let handle = try? FileHandle(forReadingFrom: file) else {
            throw VASTError(.network, "HTTP 404 for \(target).", status: 404)
        }
        defer { try? handle.close() }
        guard let data = try? handle.read(upToCount: maxBytes + 1) else { return Data() }
        if data.count > maxBytes {
            throw VASTLimit.bodyBytes.error("The body of \(target)", limit: maxBytes)
        }
        return data
    }
}
